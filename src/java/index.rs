//! What is declared where: the classes of the analysed sources, their methods' and
//! constructors' signatures, their fields, and how a name in a file resolves to a class.
//! Constant expressions (JLS 15.29) are evaluated here too, since field initialisers need it.

use super::library;
use super::syntax::{
    children, field_children, has_modifier, integer_literal, operator, primitive_type, skip_parens, span_of,
    text, wrap,
};
use crate::diag::Diagnostic;
use crate::ir::{BinOp, ClassLayout, ClassName, CmpOp, CONSTRUCTOR, Elem, EnumField, EnumFieldValue, EnumType, LocalDecl, MethodKey, MethodKind, Ty};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;
use tree_sitter::Node;

/// One parsed source file, with what its imports make visible.
pub(crate) struct FileScope<'t> {
    pub path: &'t Path,
    pub source: &'t str,
    pub package: String,
    /// `import a.b.X;` maps `X` to `a.b.X`.
    pub imports: HashMap<String, String>,
    /// Methods that contain a syntax error, by node id: they are not lowered.
    pub broken_methods: HashSet<usize>,
}

pub(crate) struct ClassInfo<'t> {
    pub fq_name: String,
    pub file: &'t FileScope<'t>,
    /// Its declaration.
    pub node: Node<'t>,
    pub fields: HashMap<String, FieldInfo<'t>>,
    /// The instance fields of a supported type, in declaration order (the class's layout).
    pub instance_fields: Vec<(String, Ty, Option<Node<'t>>)>,
    /// The static fields that are not final, of a supported type, in declaration order (the
    /// layout of the class's statics object).
    pub static_fields: Vec<(String, Ty)>,
    /// The methods and constructors whose signature is supported (an implicit default
    /// constructor and abstract methods included).
    pub methods: Vec<MethodInfo<'t>>,
    /// Whether objects of the class are analysed: not an exception class, and every
    /// superclass but Object analysed too.
    pub is_object_class: bool,
    /// The analysed class this one extends, if any.
    pub superclass: Option<String>,
    /// The analysed interfaces it implements (an interface: those it extends).
    pub interfaces: Vec<String>,
    /// An abstract class or an interface: no object has it as its class.
    pub is_abstract: bool,
    pub is_interface: bool,
    /// Where its static initialiser is, if hornet does not analyse it: the tests of a method
    /// would run it (`java::drop_loaders_of_unanalysed_initialisers`).
    pub unanalysed_initialiser: Option<crate::diag::Span>,
}

impl<'t> ClassInfo<'t> {
    /// A class declared at `node` whose members are still to be indexed: no fields or methods
    /// yet, objects not analysed, no supertypes, concrete.
    fn declared(fq_name: String, file: &'t FileScope<'t>, node: Node<'t>) -> Self {
        ClassInfo {
            fq_name,
            file,
            node,
            fields: HashMap::new(),
            instance_fields: Vec::new(),
            static_fields: Vec::new(),
            methods: Vec::new(),
            is_object_class: false,
            superclass: None,
            interfaces: Vec::new(),
            is_abstract: false,
            is_interface: false,
            unanalysed_initialiser: None,
        }
    }
}

pub(crate) struct FieldInfo<'t> {
    pub ty: Option<Ty>,
    pub is_static: bool,
    pub is_static_final: bool,
    pub initialiser: Option<Node<'t>>,
    /// The declared type, for diagnostics.
    pub type_node: Option<Node<'t>>,
}

pub(crate) struct MethodInfo<'t> {
    /// `<init>` for a constructor.
    pub name: String,
    pub kind: MethodKind,
    pub params: Vec<Ty>,
    pub param_names: Vec<String>,
    pub ret: Ty,
    pub is_private: bool,
    /// The method contains a syntax error: it is known to callers but not lowered.
    pub has_syntax_error: bool,
    pub node: Node<'t>,
    /// `None` for an implicit default constructor and an abstract method.
    pub body: Option<Node<'t>>,
    /// Declared without a body in an abstract class or interface: resolved by calls, never
    /// lowered.
    pub is_abstract: bool,
    /// The list parameters and result spelled `ArrayList` (for the JVM descriptor).
    pub array_lists: crate::ir::ArrayListSlots,
}

/// A compile-time constant: a value of an integral type or a boolean (0/1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Const {
    pub value: i64,
    pub ty: Ty,
}

/// What a simple name means among the locals of the method being lowered.
pub(crate) enum LocalName {
    NotLocal,
    Variable,
    Constant(Const),
}

/// A class name as seen from some file.
pub(crate) enum ClassRef<'i, 't> {
    Analysed(&'i ClassInfo<'t>),
    Library(&'t str),
    Unknown,
}

pub(crate) struct Index<'t> {
    pub library: &'t library::Library,
    /// By fully qualified name; sorted so that methods come out in a stable order.
    pub classes: BTreeMap<String, ClassInfo<'t>>,
    /// Values of constant fields already evaluated, by (class, field); `None` while being
    /// evaluated (so that a cyclic definition is no constant) or when not a constant.
    field_constants: RefCell<HashMap<(String, String), Option<Const>>>,
    /// (class, direct superclass) of the exception classes whose superclass is known.
    pub exception_superclasses: Vec<(String, String)>,
    /// The classes whose objects are analysed and the enums of the sources, by fully
    /// qualified name: the types of the sources a declaration may name.
    pub types: SourceTypes,
    /// The classes declared inside a class (`p.Outer.Inner`): not analysed, but a thrown one
    /// is named as Java names it.
    nested_classes: BTreeSet<String>,
}

/// The types of the sources that declarations may name besides the library's.
pub(crate) struct SourceTypes {
    /// The classes whose objects are analysed (`ClassInfo::is_object_class`).
    pub objects: HashSet<String>,
    /// The enums whose bodies list constants only.
    pub enums: HashMap<String, EnumType>,
    /// The exception classes of the sources (a method may return one it makes).
    pub exceptions: HashSet<String>,
}

/// Simple names of the superclasses that make a class an exception class.
fn is_exception_superclass(simple: &str) -> bool {
    simple.ends_with("Exception") || simple.ends_with("Error") || simple == "Throwable"
}

impl<'t> Index<'t> {
    /// Index the top-level classes of the files, reporting members that are not analysed.
    pub fn build(
        files: &'t [FileScope<'t>],
        roots: &[Node<'t>],
        library: &'t library::Library,
        diags: &mut Vec<Diagnostic>,
    ) -> Self {
        let mut class_nodes = Vec::new();
        let mut enums = HashMap::new();
        let mut enum_nodes = Vec::new();
        for (file, root) in files.iter().zip(roots) {
            for declaration in children(*root) {
                let span = span_of(file.path, declaration);
                let name = declaration.child_by_field_name("name").map(|n| text(n, file.source));
                let name = name.unwrap_or("?");
                let what = match declaration.kind() {
                    "class_declaration" | "interface_declaration" => {
                        class_nodes.push((file, declaration, qualify(&file.package, name)));
                        continue;
                    }
                    "package_declaration" | "import_declaration" => continue,
                    "enum_declaration" => match enum_declaration(file, declaration, diags) {
                        Ok((constants, fields)) => {
                            let fq_name = qualify(&file.package, name);
                            enums.insert(fq_name.clone(), EnumType::with_fields(&fq_name, constants, fields));
                            enum_nodes.push((file, declaration, fq_name));
                            continue;
                        }
                        Err(diag) => {
                            diags.push(diag);
                            continue;
                        }
                    },
                    "record_declaration" => "record",
                    "annotation_type_declaration" => "annotation type",
                    _ => "declaration",
                };
                diags.push(Diagnostic::unsupported(span, format!("{what} '{name}'")));
            }
        }

        let exception_classes = exception_classes(&class_nodes);
        let nested_classes = class_nodes
            .iter()
            .flat_map(|(file, node, fq)| {
                let members = node.child_by_field_name("body").map(children).unwrap_or_default();
                members
                    .into_iter()
                    .filter(|m| m.kind() == "class_declaration")
                    .filter_map(|m| m.child_by_field_name("name"))
                    .map(move |n| format!("{fq}.{}", text(n, file.source)))
            })
            .collect();
        let declared_exceptions: Vec<(&FileScope, String, String)> = class_nodes
            .iter()
            .filter(|(_, _, fq_name)| exception_classes.contains(fq_name))
            .filter_map(|(file, node, fq_name)| Some((*file, fq_name.clone(), superclass_name(file, *node)?)))
            .collect();
        let all_classes: HashSet<String> = class_nodes.iter().map(|(_, _, fq)| fq.clone()).collect();
        // A fixpoint, as a class may extend one declared after it; a cycle never gets in.
        let mut object_classes: HashSet<String> = HashSet::new();
        loop {
            let before = object_classes.len();
            for (file, node, fq) in &class_nodes {
                let analysed_superclass = match superclass_name(file, *node) {
                    None => true,
                    Some(s) => object_classes.contains(&resolve_among(&s, file, &all_classes)),
                };
                if !exception_classes.contains(fq) && analysed_superclass {
                    object_classes.insert(fq.clone());
                }
            }
            if object_classes.len() == before {
                break;
            }
        }
        let types = SourceTypes { objects: object_classes, enums, exceptions: exception_classes.iter().cloned().collect() };
        let mut classes = BTreeMap::new();
        for (file, node, fq_name) in class_nodes {
            if classes.contains_key(&fq_name) {
                let span = span_of(file.path, node);
                diags.push(Diagnostic::error(span, format!("duplicate class '{fq_name}'")));
                continue;
            }
            let is_exception = exception_classes.contains(&fq_name);
            let class = index_class(file, node, fq_name.clone(), is_exception, &all_classes, &types, diags);
            classes.insert(fq_name, class);
        }
        for (file, node, fq_name) in enum_nodes {
            if let Some(class) = enum_class(file, node, fq_name.clone(), &types, diags) {
                classes.entry(fq_name).or_insert(class);
            }
        }
        report_hidden_fields(&mut classes, diags);
        let mut index = Index {
            library,
            classes,
            field_constants: RefCell::new(HashMap::new()),
            exception_superclasses: Vec::new(),
            types,
            nested_classes,
        };
        let declared = declared_exceptions
            .into_iter()
            .map(|(file, class, superclass)| (class, index.exception_class(&superclass, file)))
            .collect();
        index.exception_superclasses = super::exceptions::known_superclasses(declared);
        index
    }

    /// What a (possibly qualified) class name means in `file`.
    pub fn resolve_class(&self, name: &str, file: &FileScope) -> ClassRef<'_, 't> {
        let name: String = name.chars().filter(|c| !c.is_whitespace()).collect();
        let qualified = if name.contains('.') {
            name
        } else if let Some(class) = self.classes.get(&qualify(&file.package, &name)) {
            return ClassRef::Analysed(class);
        } else if let Some(imported) = file.imports.get(&name) {
            imported.clone()
        } else {
            name
        };
        if let Some(class) = self.classes.get(&qualified) {
            ClassRef::Analysed(class)
        } else if let Some(fq) = self.library.class(&qualified) {
            ClassRef::Library(fq)
        } else {
            ClassRef::Unknown
        }
    }

    /// `class` and its analysed supertypes, nearest first: its superclasses, then the
    /// interfaces of each (breadth first), each once.
    pub fn supertypes<'s>(&'s self, class: &str) -> Vec<&'s ClassInfo<'t>> {
        let mut found: Vec<&ClassInfo> = Vec::new();
        let mut next = self.classes.get(class);
        while let Some(c) = next {
            if found.iter().any(|f| f.fq_name == c.fq_name) {
                break;
            }
            found.push(c);
            next = c.superclass.as_deref().and_then(|s| self.classes.get(s));
        }
        let mut i = 0;
        while i < found.len() {
            let interfaces: Vec<&ClassInfo> = found[i].interfaces.iter().filter_map(|n| self.classes.get(n)).collect();
            for interface in interfaces {
                if !found.iter().any(|f| f.fq_name == interface.fq_name) {
                    found.push(interface);
                }
            }
            i += 1;
        }
        found
    }

    /// Whether a value of class `sub` is a `sup` (a class is a subtype of itself).
    pub fn is_subtype(&self, sub: &str, sup: &str) -> bool {
        self.supertypes(sub).iter().any(|c| c.fq_name == sup)
    }

    /// The classes an object whose static type is `class` may have: the analysed classes
    /// that are not abstract and are `class` or a subtype of it, sorted.
    pub fn concrete_classes(&self, class: &str) -> Vec<ClassName> {
        self.classes
            .values()
            .filter(|c| c.is_object_class && !c.is_abstract && self.is_subtype(&c.fq_name, class))
            .map(|c| ClassName::new(&c.fq_name))
            .collect()
    }

    /// The method a call of `name(params)` on an object of class `class` runs: the nearest
    /// declaration with a body among its supertypes (a class's own before its interfaces'
    /// default methods); `None` when only abstract ones exist.
    pub fn implementation(&self, class: &str, name: &str, params: &[Ty]) -> Option<MethodKey> {
        self.supertypes(class).into_iter().find_map(|c| {
            c.methods
                .iter()
                .find(|m| m.name == name && m.params == params && m.kind == MethodKind::Instance && !m.is_abstract)
                .map(|_| MethodKey { class: c.fq_name.clone(), name: name.to_string(), params: params.to_vec() })
        })
    }

    /// The layout of objects of `class`: the instance fields of its superclasses, the farthest
    /// first, then its own (as the JVM lays them out), and the classes its objects may have.
    pub fn layout(&self, class: &ClassInfo) -> ClassLayout {
        let mut chain: Vec<&ClassInfo> =
            self.supertypes(&class.fq_name).into_iter().filter(|c| !c.is_interface).collect();
        chain.reverse();
        let fields = chain
            .iter()
            .flat_map(|c| c.instance_fields.iter())
            .map(|(name, ty, _)| LocalDecl { name: name.clone(), ty: *ty })
            .collect();
        ClassLayout { class: ClassName::new(&class.fq_name), fields, concrete: self.concrete_classes(&class.fq_name) }
    }

    /// The layout of the object holding the class's static fields that are not final.
    pub fn statics_layout(&self, class: &ClassInfo) -> ClassLayout {
        let fields = class.static_fields.iter().map(|(name, ty)| LocalDecl { name: name.clone(), ty: *ty }).collect();
        let statics = ClassName::statics_of(&class.fq_name);
        ClassLayout { class: statics, fields, concrete: vec![statics] }
    }

    /// The fully qualified name of an exception class named in `throw new X(...)`.
    pub fn exception_class(&self, name: &str, file: &FileScope) -> String {
        if name.contains('.') {
            return name.to_string();
        }
        let same_package = qualify(&file.package, name);
        let nested = self.nested_classes.iter().find(|n| {
            n.rsplit_once('.').is_some_and(|(outer, simple)| simple == name && crate::ir::package_of(outer) == file.package)
        });
        if self.classes.contains_key(&same_package) {
            same_package
        } else if let Some(imported) = file.imports.get(name) {
            imported.clone()
        } else if let Some(nested) = nested {
            nested.clone()
        } else {
            format!("java.lang.{name}")
        }
    }

    /// The value of the static final field `class.field`, if it is a constant.
    pub fn field_constant(&self, class: &ClassInfo<'t>, field: &str) -> Option<Const> {
        let key = (class.fq_name.clone(), field.to_string());
        if let Some(known) = self.field_constants.borrow().get(&key) {
            return *known;
        }
        self.field_constants.borrow_mut().insert(key.clone(), None);
        let info = class.fields.get(field)?;
        let value = match (info.is_static_final, info.ty, info.initialiser) {
            (true, Some(ty), Some(init)) => self
                .constant(init, class, &|_| LocalName::NotLocal)
                .and_then(|c| assignment_conversion(c, ty)),
            _ => None,
        };
        self.field_constants.borrow_mut().insert(key, value);
        value
    }

    /// The text of a String constant expression (JLS 15.29): a literal, a `static final`
    /// String field whose initialiser is one, or `+` of such text and constants of other
    /// types; `None` if `node` is not one. Locals are never constants here (`locals` says
    /// whether a name is one).
    pub fn string_constant(&self, node: Node, class: &ClassInfo<'t>, locals: &dyn Fn(&str) -> bool) -> Option<String> {
        self.string_constant_within(node, class, locals, 0)
    }

    fn string_constant_within(
        &self,
        node: Node,
        class: &ClassInfo<'t>,
        locals: &dyn Fn(&str) -> bool,
        depth: u32,
    ) -> Option<String> {
        // Initialisers referring to each other in a cycle are not constants (javac rejects them).
        if depth > 16 {
            return None;
        }
        let source = class.file.source;
        let node = skip_parens(node);
        let field_text = |owner: &ClassInfo<'t>, field: &str| {
            let info = owner.fields.get(field)?;
            if !info.is_static_final || info.ty != Some(Ty::String) {
                return None;
            }
            self.string_constant_within(info.initialiser?, owner, &|_| false, depth + 1)
        };
        match node.kind() {
            "string_literal" => super::lower::string_literal_value(text(node, source)),
            "identifier" if !locals(text(node, source)) => field_text(class, text(node, source)),
            "field_access" => {
                let object = text(node.child_by_field_name("object")?, source);
                if locals(object) {
                    return None;
                }
                match self.resolve_class(object, class.file) {
                    ClassRef::Analysed(owner) => field_text(owner, text(node.child_by_field_name("field")?, source)),
                    _ => None,
                }
            }
            "binary_expression" if operator(node, source) == "+" => {
                let (left, right) = (node.child_by_field_name("left")?, node.child_by_field_name("right")?);
                let as_text = |side: Node, other_is_text: bool| {
                    self.string_constant_within(side, class, locals, depth + 1).or_else(|| {
                        let value = if other_is_text { self.constant(side, class, &|name| {
                            if locals(name) { LocalName::Variable } else { LocalName::NotLocal }
                        }) } else { None }?;
                        Some(match value.ty {
                            Ty::Boolean => (if value.value != 0 { "true" } else { "false" }).to_string(),
                            _ => value.value.to_string(),
                        })
                    })
                };
                let left_text = self.string_constant_within(left, class, locals, depth + 1);
                let right_text = as_text(right, left_text.is_some());
                let left_text = match left_text {
                    Some(text) => text,
                    None => as_text(left, right_text.is_some())?,
                };
                Some(left_text + &right_text?)
            }
            _ => None,
        }
    }

    /// The value of a constant expression, `None` if `node` is not one. Names are looked up
    /// among the locals first, then among the fields of `class`.
    pub fn constant(
        &self,
        node: Node,
        class: &ClassInfo<'t>,
        locals: &dyn Fn(&str) -> LocalName,
    ) -> Option<Const> {
        let source = class.file.source;
        let node = skip_parens(node);
        let int = |value: i64, ty: Ty| Some(Const { value, ty });
        match node.kind() {
            "true" => int(1, Ty::Boolean),
            "false" => int(0, Ty::Boolean),
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal" => {
                let (value, ty) = integer_literal(text(node, source), false)?;
                int(value, ty)
            }
            "identifier" => match locals(text(node, source)) {
                LocalName::Constant(c) => Some(c),
                LocalName::Variable => None,
                LocalName::NotLocal => self.field_constant(class, text(node, source)),
            },
            "field_access" => {
                let object = node.child_by_field_name("object")?;
                let field = text(node.child_by_field_name("field")?, source);
                let object_name = text(object, source);
                if !matches!(locals(object_name), LocalName::NotLocal) {
                    return None;
                }
                match self.resolve_class(object_name, class.file) {
                    ClassRef::Analysed(owner) => self.field_constant(owner, field),
                    ClassRef::Library(fq) => {
                        let (value, ty) = library::library_constant(fq, field)?;
                        int(value, ty)
                    }
                    ClassRef::Unknown => None,
                }
            }
            "unary_expression" => {
                let operand = node.child_by_field_name("operand")?;
                let op = operator(node, source);
                if op == "-" && is_integer_literal(operand) {
                    let (value, ty) = integer_literal(text(operand, source), true)?;
                    return int(value, ty);
                }
                let c = self.constant(operand, class, locals)?;
                match (op, c.ty) {
                    ("-", Ty::Int | Ty::Long) => int(wrap(c.value.wrapping_neg(), c.ty), c.ty),
                    ("+", Ty::Int | Ty::Long) => Some(c),
                    ("!", Ty::Boolean) => int(1 - c.value, Ty::Boolean),
                    _ => None,
                }
            }
            "binary_expression" => {
                let lhs = self.constant(node.child_by_field_name("left")?, class, locals)?;
                let rhs = self.constant(node.child_by_field_name("right")?, class, locals)?;
                binary_constant(operator(node, source), lhs, rhs)
            }
            "ternary_expression" => {
                let cond = self.constant(node.child_by_field_name("condition")?, class, locals)?;
                let yes = self.constant(node.child_by_field_name("consequence")?, class, locals)?;
                let no = self.constant(node.child_by_field_name("alternative")?, class, locals)?;
                let ty = match (yes.ty, no.ty) {
                    (Ty::Boolean, Ty::Boolean) => Ty::Boolean,
                    (Ty::Int | Ty::Long, Ty::Int | Ty::Long) => promote(yes.ty, no.ty),
                    _ => return None,
                };
                if cond.ty != Ty::Boolean {
                    return None;
                }
                let chosen = if cond.value != 0 { yes } else { no };
                int(chosen.value, ty)
            }
            "cast_expression" => {
                let target = node.child_by_field_name("type")?;
                let to = primitive_type(target, class.file.path, source).ok()?;
                let c = self.constant(node.child_by_field_name("value")?, class, locals)?;
                cast_constant(c, to)
            }
            _ => None,
        }
    }
}

fn is_integer_literal(node: Node) -> bool {
    matches!(
        node.kind(),
        "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal"
    )
}

/// The fully qualified name a class name spelled in `file` stands for, among `known` classes
/// (as spelled when it is none of them).
fn resolve_among(name: &str, file: &FileScope, known: &HashSet<String>) -> String {
    let name: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    if name.contains('.') {
        return name;
    }
    let same_package = qualify(&file.package, &name);
    if known.contains(&same_package) {
        same_package
    } else if let Some(imported) = file.imports.get(&name) {
        imported.clone()
    } else {
        name
    }
}

/// A type as declared in `file`: a primitive type, String and the modelled library types,
/// or a class of the sources whose objects are analysed.
pub(crate) fn declared_type(node: Node, file: &FileScope, types: &SourceTypes) -> Result<Ty, Diagnostic> {
    if node.kind() == "array_type" {
        let unsupported = |what: String| Err(Diagnostic::unsupported(span_of(file.path, node), what));
        let (Some(element), Some(dims)) = (node.child_by_field_name("element"), node.child_by_field_name("dimensions"))
        else {
            return unsupported("array type".to_string());
        };
        if text(dims, file.source).matches('[').count() != 1 {
            return unsupported(format!("multi-dimensional array type '{}'", text(node, file.source)));
        }
        let elem = declared_type(element, file, types)?;
        return match crate::ir::Elem::of(elem) {
            Some(elem) => Ok(Ty::Array(elem)),
            None => unsupported(format!("array type '{}'", text(node, file.source))),
        };
    }
    if node.kind() == "generic_type" {
        if let Some(optional) = optional_type(node, file, types) {
            return optional;
        }
        if let Some(map) = map_type(node, file) {
            return map;
        }
        return list_type(node, file, types);
    }
    if matches!(text(node, file.source), "StringBuilder" | "StringBuffer" | "java.lang.StringBuilder" | "java.lang.StringBuffer") {
        return Err(Diagnostic::unsupported(
            span_of(file.path, node),
            format!("type '{}' here (a builder is modelled only as a local that does not escape the method)", text(node, file.source)),
        ));
    }
    if let Some(class) = date_class(text(node, file.source), file) {
        return Ok(Ty::Date(class));
    }
    if is_big_decimal(text(node, file.source), file) {
        return Ok(Ty::Decimal);
    }
    primitive_type(node, file.path, file.source).or_else(|unsupported| {
        if !matches!(node.kind(), "type_identifier" | "scoped_type_identifier") {
            return Err(unsupported);
        }
        let fq = resolve_among(text(node, file.source), file, &types.objects);
        if types.objects.contains(&fq) {
            return Ok(Ty::Object(ClassName::new(&fq)));
        }
        match types.enum_named(text(node, file.source), file) {
            Some(e) => Ok(Ty::Enum(e)),
            None => Err(unsupported),
        }
    })
}

impl SourceTypes {
    /// The enum of the sources a (possibly qualified) name spells in `file`.
    pub fn enum_named(&self, name: &str, file: &FileScope) -> Option<EnumType> {
        let name: String = name.chars().filter(|c| !c.is_whitespace()).collect();
        let fq = if name.contains('.') {
            name
        } else if self.enums.contains_key(&qualify(&file.package, &name)) {
            qualify(&file.package, &name)
        } else {
            file.imports.get(&name).cloned().unwrap_or(name)
        };
        self.enums.get(&fq).copied()
    }
}

/// The constants of an enum declaration and its fields: an enum whose body lists constants
/// only, or whose constants pass literals to its one constructor, which only stores its
/// parameters (or literals) in fields of type int, long, boolean or String, read by getters
/// (`T getX() { return x; }`); or why it is not analysed. Other methods are reported (and not
/// modelled), but the type still is.
fn enum_declaration(file: &FileScope, node: Node, diags: &mut Vec<Diagnostic>) -> Result<(Vec<String>, Vec<EnumField>), Diagnostic> {
    let source = file.source;
    let name = node.child_by_field_name("name").map_or("?", |n| text(n, source));
    let unsupported = |at: Node, what: &str| {
        Err(Diagnostic::unsupported(
            span_of(file.path, at),
            format!("{what} in enum '{name}' (enums whose constants give literals to a constructor that sets fields read by getters are modelled)"),
        ))
    };
    let Some(body) = node.child_by_field_name("body") else { return unsupported(node, "a missing body") };
    let mut constants = Vec::new();
    let mut arguments_of = Vec::new();
    let mut declarations = Vec::new();
    for member in children(body) {
        match member.kind() {
            "enum_constant" => {
                if let Some(class_body) = member.child_by_field_name("body") {
                    return unsupported(class_body, "a constant with a body");
                }
                if let Some(annotations) = children(member).into_iter().find(|c| c.kind() == "modifiers") {
                    return unsupported(annotations, "an annotated constant");
                }
                let Some(constant) = member.child_by_field_name("name") else { continue };
                constants.push(text(constant, source).to_string());
                let arguments = member.child_by_field_name("arguments").map(children).unwrap_or_default();
                let mut values = Vec::new();
                for argument in arguments {
                    match enum_literal(argument, source) {
                        Some(value) => values.push(value),
                        None => return unsupported(argument, "a constructor argument that is not a literal"),
                    }
                }
                arguments_of.push((member, values));
            }
            "enum_body_declarations" => declarations.extend(children(member).into_iter().filter(|c| c.kind() != ";")),
            _ => {}
        }
    }
    // The instance fields, then what the constructor stores in each: a parameter's position
    // or a literal.
    let mut fields: Vec<EnumField> = Vec::new();
    let mut constructor = None;
    let mut methods = Vec::new();
    for declaration in declarations {
        match declaration.kind() {
            "field_declaration" if !has_modifier(declaration, source, "static") => {
                let ty = declaration.child_by_field_name("type").and_then(|t| primitive_type(t, file.path, source).ok());
                let Some(ty) = ty.filter(|ty| matches!(ty, Ty::Int | Ty::Long | Ty::Boolean | Ty::String)) else {
                    return unsupported(declaration, "a field of a type other than int, long, boolean and String");
                };
                for declarator in field_children(declaration, "declarator") {
                    if declarator.child_by_field_name("value").is_some() || declarator.child_by_field_name("dimensions").is_some() {
                        return unsupported(declarator, "a field with an initialiser");
                    }
                    let Some(field) = declarator.child_by_field_name("name") else { continue };
                    fields.push(EnumField { name: text(field, source).to_string(), ty, values: Vec::new(), getters: Vec::new() });
                }
            }
            "constructor_declaration" if constructor.is_none() => constructor = Some(declaration),
            "method_declaration" => methods.push(declaration),
            _ => {
                let what = declaration.kind().strip_suffix("_declaration").unwrap_or(declaration.kind()).replace('_', " ");
                return unsupported(declaration, &format!("a {what}"));
            }
        }
    }
    let parameters: Vec<String> = constructor
        .and_then(|c| c.child_by_field_name("parameters"))
        .map(children)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|p| p.child_by_field_name("name"))
        .map(|n| text(n, source).to_string())
        .collect();
    let mut stored: Vec<Option<StoredValue>> = vec![None; fields.len()];
    let statements = constructor.and_then(|c| c.child_by_field_name("body")).map(children).unwrap_or_default();
    for statement in statements.into_iter().filter(|s| !matches!(s.kind(), "{" | "}")) {
        let assignment = (statement.kind() == "expression_statement")
            .then(|| children(statement).into_iter().next())
            .flatten()
            .filter(|e| e.kind() == "assignment_expression" && operator(*e, source) == "=");
        let target = assignment.and_then(|a| a.child_by_field_name("left")).map(|l| text(l, source).trim_start_matches("this.").to_string());
        let position = target.and_then(|t| fields.iter().position(|f| f.name == t));
        let right = assignment.and_then(|a| a.child_by_field_name("right"));
        let value = right.and_then(|r| match parameters.iter().position(|p| p == text(r, source)) {
            Some(i) => Some(StoredValue::Parameter(i)),
            None => enum_literal(r, source).map(StoredValue::Literal),
        });
        match (position, value) {
            (Some(position), Some(value)) => stored[position] = Some(value),
            _ => return unsupported(statement, "a constructor statement other than storing a parameter or a literal in a field"),
        }
    }
    for (constant, values) in &arguments_of {
        if values.len() != parameters.len() {
            return unsupported(*constant, "constructor arguments that do not match its constructor");
        }
    }
    for (field, stored) in fields.iter_mut().zip(&stored) {
        for (constant, values) in &arguments_of {
            let value = match stored {
                Some(StoredValue::Parameter(i)) => values[*i].clone(),
                Some(StoredValue::Literal(value)) => value.clone(),
                // Never set: the field's default value.
                None if field.ty == Ty::String => EnumLiteral::Null,
                None => EnumLiteral::Number(0),
            };
            let value = match (field.ty, value) {
                (Ty::String, EnumLiteral::Text(text)) => EnumFieldValue::Text(text),
                (Ty::Int | Ty::Long | Ty::Boolean, EnumLiteral::Number(n)) => EnumFieldValue::Number(n),
                (Ty::String, EnumLiteral::Null) => {
                    return unsupported(*constant, &format!("a null value of the field '{}'", field.name));
                }
                _ => return unsupported(*constant, &format!("a value of another type than the field '{}'", field.name)),
            };
            field.values.push(value);
        }
    }
    // The getters first, as a computed method may call them.
    let mut computed = Vec::new();
    for method in methods {
        let method_name = method.child_by_field_name("name").map_or("?", |n| text(n, source));
        // Located at the name, as the report attributes a diagnostic to the method named last.
        let at = method.child_by_field_name("name").unwrap_or(method);
        let no_tests = |what: &str| {
            Diagnostic::warning(
                span_of(file.path, at),
                format!("no tests of its own for '{name}.{method_name}': {what} is modelled where it is called (its callers' tests run it)"),
            )
        };
        // Static methods are analysed as the enum's class's (`enum_class`).
        if has_modifier(method, source, "static") {
            continue;
        }
        let returned = getter_field(method, source);
        match returned.and_then(|f| fields.iter_mut().find(|field| field.name == f)) {
            Some(field) if method_name != "toString" => {
                field.getters.push(method_name.to_string());
                diags.push(no_tests("the getter of a field of an enum"));
            }
            _ => computed.push((method, method_name, at)),
        }
    }
    let mut computed_fields = Vec::new();
    for (method, method_name, at) in computed {
        let ret = method.child_by_field_name("type").and_then(|t| primitive_type(t, file.path, source).ok());
        let values = ret.and_then(|ret| super::enum_values::computed_values(method, source, ret, &constants, &fields).map(|v| (ret, v)));
        match values {
            Some((ty, values)) => {
                diags.push(Diagnostic::warning(
                    span_of(file.path, at),
                    format!("no tests of its own for '{name}.{method_name}': a method of an enum computing a value from its fields is modelled where it is called (its callers' tests run it)"),
                ));
                // Named so that no field of the source can have its name.
                computed_fields.push(EnumField { name: format!("{method_name}()"), ty, values, getters: vec![method_name.to_string()] });
            }
            // String conversion calls it: the enum cannot be modelled without it.
            None if method_name == "toString" => {
                return unsupported(at, "a toString() of its own that does not return one expression of its fields and literals");
            }
            None => diags.push(Diagnostic::unsupported(
                span_of(file.path, at),
                format!("method '{method_name}' of enum '{name}' (of the methods of an enum, static methods, the getters of its fields and methods without parameters that return one expression of its fields and literals are modelled)"),
            )),
        }
    }
    fields.extend(computed_fields);
    Ok((constants, fields))
}

/// The static side of an enum that declares static methods: a class whose objects are not
/// analysed (its values are `ir::Ty::Enum`), holding those methods and its static final
/// fields, so that calls of them are static calls like any class's. `None` when it declares
/// no static method.
fn enum_class<'t>(
    file: &'t FileScope<'t>,
    node: Node<'t>,
    fq_name: String,
    types: &SourceTypes,
    diags: &mut Vec<Diagnostic>,
) -> Option<ClassInfo<'t>> {
    let source = file.source;
    let members: Vec<Node> = node
        .child_by_field_name("body")
        .map(children)
        .unwrap_or_default()
        .into_iter()
        .filter(|m| m.kind() == "enum_body_declarations")
        .flat_map(children)
        .filter(|m| has_modifier(*m, source, "static"))
        .collect();
    if !members.iter().any(|m| m.kind() == "method_declaration") {
        return None;
    }
    let mut class = ClassInfo::declared(fq_name, file, node);
    for member in members {
        match member.kind() {
            "method_declaration" => {
                let name = member.child_by_field_name("name").map_or("?", |n| text(n, source));
                match method_signature(file, member, name, MethodKind::Static, types) {
                    Ok(method) => class.methods.push(method),
                    Err(_) if file.broken_methods.contains(&member.id()) => {}
                    Err(diag) => diags.push(diag),
                }
            }
            "field_declaration" if has_modifier(member, source, "final") => {
                let type_node = member.child_by_field_name("type");
                let ty = type_node.and_then(|t| declared_type(t, file, types).ok());
                for declarator in field_children(member, "declarator") {
                    let Some(name) = declarator.child_by_field_name("name") else { continue };
                    let initialiser = declarator.child_by_field_name("value");
                    let field = FieldInfo { ty, is_static: true, is_static_final: true, initialiser, type_node };
                    class.fields.insert(text(name, source).to_string(), field);
                }
            }
            _ => {}
        }
    }
    Some(class)
}

/// What an enum's constructor stores in a field.
#[derive(Clone)]
enum StoredValue {
    Parameter(usize),
    Literal(EnumLiteral),
}

/// A literal an enum constant passes its constructor.
#[derive(Clone)]
enum EnumLiteral {
    Number(i64),
    Text(String),
    Null,
}

fn enum_literal(node: Node, source: &str) -> Option<EnumLiteral> {
    let node = skip_parens(node);
    let spelled = text(node, source);
    match node.kind() {
        "decimal_integer_literal" | "hex_integer_literal" | "octal_integer_literal" | "binary_integer_literal" => {
            integer_literal(spelled, false).map(|(n, _)| EnumLiteral::Number(n))
        }
        "unary_expression" if operator(node, source) == "-" => {
            let operand = node.child_by_field_name("operand")?;
            integer_literal(text(operand, source), true).map(|(n, _)| EnumLiteral::Number(n))
        }
        "true" => Some(EnumLiteral::Number(1)),
        "false" => Some(EnumLiteral::Number(0)),
        "null_literal" => Some(EnumLiteral::Null),
        "string_literal" if !spelled.starts_with("\"\"\"") => {
            super::lower::unescaped(spelled.strip_prefix('"')?.strip_suffix('"')?).map(EnumLiteral::Text)
        }
        _ => None,
    }
}

/// The field a getter returns: its body is `return f;` or `return this.f;`, without parameters.
fn getter_field<'s>(method: Node, source: &'s str) -> Option<&'s str> {
    let parameters = method.child_by_field_name("parameters").map(children).unwrap_or_default();
    if !parameters.is_empty() {
        return None;
    }
    let statements: Vec<Node> =
        method.child_by_field_name("body").map(children)?.into_iter().filter(|s| !matches!(s.kind(), "{" | "}")).collect();
    let [statement] = statements.as_slice() else { return None };
    if statement.kind() != "return_statement" {
        return None;
    }
    let value = children(*statement).into_iter().next()?;
    let spelled = text(value, source);
    let field = spelled.strip_prefix("this.").unwrap_or(spelled);
    field.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$').then_some(field)
}

/// The date class a type name spelled in `file` stands for: a qualified name, a simple name
/// its single-type import gives, or `Timestamp` (no other class of the JDK has that name).
pub(crate) fn date_class(spelled: &str, file: &FileScope) -> Option<crate::ir::DateClass> {
    use crate::ir::DateClass;
    let spelled: String = spelled.chars().filter(|c| !c.is_whitespace()).collect();
    match file.imports.get(&spelled) {
        Some(imported) => DateClass::from_class_name(imported),
        None if spelled == "Timestamp" => Some(DateClass::Timestamp),
        None => DateClass::from_class_name(&spelled),
    }
}

/// Whether a type name spelled in `file` is `java.math.BigDecimal`: qualified, or the simple
/// name an import gives.
pub(crate) fn is_big_decimal(spelled: &str, file: &FileScope) -> bool {
    let spelled: String = spelled.chars().filter(|c| !c.is_whitespace()).collect();
    let big_decimal = crate::java::library::BIG_DECIMAL;
    file.imports.get(&spelled).map_or(spelled == big_decimal, |imported| imported == big_decimal)
}

/// `List<E>` or `ArrayList<E>` (simple or `java.util.` names) of `Integer`s, `Long`s, `String`s or
/// of objects of a class of the sources. Other generic types, lists of other elements included, are not
/// modelled.
fn list_type(node: Node, file: &FileScope, types: &SourceTypes) -> Result<Ty, Diagnostic> {
    let spelled: String = text(node, file.source).chars().filter(|c| !c.is_whitespace()).collect();
    let unsupported = |what: String| Err(Diagnostic::unsupported(span_of(file.path, node), what));
    let parts = children(node);
    let (Some(base), Some(arguments)) = (parts.first(), parts.iter().find(|c| c.kind() == "type_arguments")) else {
        return unsupported(format!("type '{spelled}'"));
    };
    if !is_list_class(text(*base, file.source)) {
        return unsupported(format!("generic type '{spelled}' (of the generic library types only List, ArrayList, Map, HashMap, LinkedHashMap and Optional are modelled)"));
    }
    let only = "only lists of Integer, of Long, of String and of objects of classes of the sources are modelled";
    match children(*arguments).as_slice() {
        [element] if matches!(text(*element, file.source), "Integer" | "java.lang.Integer") => Ok(Ty::List(Elem::Int)),
        [element] if matches!(text(*element, file.source), "Long" | "java.lang.Long") => Ok(Ty::List(Elem::Long)),
        [element] if matches!(text(*element, file.source), "String" | "java.lang.String") => Ok(Ty::List(Elem::String)),
        [element] => match declared_type(*element, file, types) {
            Ok(Ty::Object(class)) => Ok(Ty::List(Elem::Object(class))),
            _ => unsupported(format!("type '{spelled}' ({only})")),
        },
        _ => unsupported(format!("type '{spelled}' ({only})")),
    }
}

/// `Map<K, V>`, `HashMap<K, V>` or `LinkedHashMap<K, V>` (simple or `java.util.` names) of
/// `String`, `Integer` or `Long` keys and `String`, `Integer`, `Long` or `Boolean` values;
/// `None` when the generic type is not a map.
fn map_type(node: Node, file: &FileScope) -> Option<Result<Ty, Diagnostic>> {
    use crate::ir::{Held, Primitive};
    let parts = children(node);
    if !is_map_class(text(*parts.first()?, file.source)) {
        return None;
    }
    let spelled: String = text(node, file.source).chars().filter(|c| !c.is_whitespace()).collect();
    let held = |argument: &Node| match text(*argument, file.source) {
        "String" | "java.lang.String" => Some(Held::String),
        "Integer" | "java.lang.Integer" => Some(Held::Boxed(Primitive::Int)),
        "Long" | "java.lang.Long" => Some(Held::Boxed(Primitive::Long)),
        "Boolean" | "java.lang.Boolean" => Some(Held::Boxed(Primitive::Boolean)),
        _ => None,
    };
    let arguments = parts.iter().find(|c| c.kind() == "type_arguments").map(|a| children(*a));
    let ty = match arguments.as_deref() {
        Some([key, value]) => match (held(key), held(value)) {
            (Some(key @ (Held::String | Held::Boxed(Primitive::Int | Primitive::Long))), Some(value)) => Some(Ty::Map(key, value)),
            _ => None,
        },
        _ => None,
    };
    Some(ty.ok_or_else(|| {
        Diagnostic::unsupported(
            span_of(file.path, node),
            format!("type '{spelled}' (only maps of String, Integer or Long keys to String, Integer, Long or Boolean values are modelled)"),
        )
    }))
}

/// Whether a class name spells `java.util.Map`, `HashMap` or `LinkedHashMap`.
pub(crate) fn is_map_class(name: &str) -> bool {
    matches!(name, "Map" | "HashMap" | "LinkedHashMap" | "java.util.Map" | "java.util.HashMap" | "java.util.LinkedHashMap")
}

/// `Optional<T>` (simple or `java.util.` name) of a type an Optional is modelled with
/// (`ir::Held`); `None` when the generic type is not an Optional.
fn optional_type(node: Node, file: &FileScope, types: &SourceTypes) -> Option<Result<Ty, Diagnostic>> {
    let parts = children(node);
    let base = text(*parts.first()?, file.source);
    if !is_optional_class(base, file) {
        return None;
    }
    let spelled: String = text(node, file.source).chars().filter(|c| !c.is_whitespace()).collect();
    let held = match parts.iter().find(|c| c.kind() == "type_arguments").map(|a| children(*a)).as_deref() {
        Some([argument]) => declared_type(*argument, file, types).ok().and_then(crate::ir::Held::of),
        _ => None,
    };
    Some(held.map(Ty::Optional).ok_or_else(|| {
        Diagnostic::unsupported(
            span_of(file.path, node),
            format!("type '{spelled}' (an Optional of a String, a box, an enum, a date, a BigDecimal or an object of a class of the sources is modelled)"),
        )
    }))
}

/// Whether a class name spelled in `file` is `java.util.Optional`.
pub(crate) fn is_optional_class(spelled: &str, file: &FileScope) -> bool {
    use crate::java::library::OPTIONAL;
    spelled == OPTIONAL || (spelled == "Optional" && file.imports.get("Optional").is_none_or(|fq| fq == OPTIONAL))
}

/// Whether a class name spells `java.util.List` or `java.util.ArrayList`.
pub(crate) fn is_list_class(name: &str) -> bool {
    matches!(name, "List" | "ArrayList" | "java.util.List" | "java.util.ArrayList")
}

/// `pkg.Name`, or `Name` in the default package.
fn qualify(package: &str, name: &str) -> String {
    if package.is_empty() { name.to_string() } else { format!("{package}.{name}") }
}

/// The classes that extend an exception class, directly or through analysed classes.
fn exception_classes(class_nodes: &[(&FileScope, Node, String)]) -> HashSet<String> {
    let superclass_of = superclass_name;
    let mut found = HashSet::new();
    // A fixpoint, as a class may extend an exception class declared after it.
    loop {
        let before = found.len();
        for (file, node, fq_name) in class_nodes {
            let Some(superclass) = superclass_of(file, *node) else { continue };
            let simple = crate::ir::simple_name(&superclass);
            let extends_analysed = found.contains(&qualify(&file.package, simple))
                || file.imports.get(simple).is_some_and(|fq| found.contains(fq))
                || found.contains(&superclass);
            if is_exception_superclass(simple) || extends_analysed {
                found.insert(fq_name.clone());
            }
        }
        if found.len() == before {
            return found;
        }
    }
}

/// Whether a member of an exception class is what a thrown exception of it carries: a
/// constructor that only passes parameters and literals on to `super`/`this` and stores them
/// in fields (`exceptions.rs` follows it where the code throws), or a getter returning an
/// int, long, boolean or String field of the class.
fn carried_member(class: &ClassInfo, member: Node, types: &SourceTypes) -> bool {
    let source = class.file.source;
    match member.kind() {
        "constructor_declaration" => {
            let resolved = |call: Node| crate::java::exceptions::enum_constant_call(call, class.node, class.file, types);
            crate::java::exceptions::followed_constructor(member, source, &resolved)
        }
        "method_declaration" => crate::java::exceptions::plain_getter(member, source).is_some_and(|(_, field)| {
            class.fields.get(&field).is_some_and(|f| {
                !f.is_static && matches!(f.ty, Some(Ty::Int | Ty::Long | Ty::Boolean | Ty::String))
            })
        }),
        _ => false,
    }
}

/// A static initialiser that only assigns the class's blank static final fields
/// (`static { URL = "jdbc:h2:mem:shop"; }`) is what their declarations with those
/// initialisers would be: they become the fields' initialisers (a constant is then folded as
/// any). False, with the class unchanged, for any other static initialiser.
fn assigns_blank_finals<'t>(class: &mut ClassInfo<'t>, initialiser: Node<'t>) -> bool {
    let source = class.file.source;
    let Some(block) = children(initialiser).into_iter().find(|c| c.kind() == "block") else { return false };
    let statements: Vec<Node> = children(block).into_iter().filter(|s| !matches!(s.kind(), "{" | "}")).collect();
    let mut assigned: Vec<(String, Node<'t>)> = Vec::new();
    for statement in statements {
        let assignment = (statement.kind() == "expression_statement")
            .then(|| children(statement).into_iter().next())
            .flatten()
            .filter(|e| e.kind() == "assignment_expression" && operator(*e, source) == "=");
        let Some(assignment) = assignment else { return false };
        let (Some(left), Some(right)) = (assignment.child_by_field_name("left"), assignment.child_by_field_name("right")) else {
            return false;
        };
        // javac accepts a blank final's assignment by its simple name only.
        if left.kind() != "identifier" {
            return false;
        }
        let field = text(left, source);
        let blank_final = class.fields.get(field).is_some_and(|f| f.is_static_final && f.initialiser.is_none());
        if !blank_final || assigned.iter().any(|(name, _)| name == field) {
            return false;
        }
        assigned.push((field.to_string(), right));
    }
    for (name, value) in assigned {
        if let Some(field) = class.fields.get_mut(&name) {
            field.initialiser = Some(value);
        }
    }
    true
}

/// The superclass a class declaration names after `extends`, as spelled.
fn superclass_name(file: &FileScope, node: Node) -> Option<String> {
    let superclass = node.child_by_field_name("superclass")?;
    let ty = children(superclass).into_iter().next()?;
    Some(text(ty, file.source).to_string())
}

/// Record a class's fields and supported methods and constructors; report the members not
/// analysed.
#[allow(clippy::too_many_arguments)]
fn index_class<'t>(
    file: &'t FileScope<'t>,
    node: Node<'t>,
    fq_name: String,
    is_exception: bool,
    all_classes: &HashSet<String>,
    types: &SourceTypes,
    diags: &mut Vec<Diagnostic>,
) -> ClassInfo<'t> {
    let source = file.source;
    let object_classes = &types.objects;
    let is_object_class = object_classes.contains(&fq_name);
    let is_interface = node.kind() == "interface_declaration";
    let analysed = |name: &str| Some(resolve_among(name, file, all_classes)).filter(|c| object_classes.contains(c));
    let superclass = superclass_name(file, node).and_then(|s| analysed(&s)).filter(|_| is_object_class);
    // `implements I, J` of a class, `extends I, J` of an interface.
    let interface_list = node
        .child_by_field_name("interfaces")
        .or_else(|| children(node).into_iter().find(|c| c.kind() == "extends_interfaces"));
    let interfaces = interface_list
        .and_then(|list| children(list).into_iter().find(|c| c.kind() == "type_list"))
        .map(children)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|t| analysed(text(t, source)))
        .filter(|_| is_object_class)
        .collect();
    let mut class = ClassInfo {
        is_object_class,
        superclass,
        interfaces,
        is_abstract: is_interface || has_modifier(node, source, "abstract"),
        is_interface,
        ..ClassInfo::declared(fq_name, file, node)
    };
    let Some(body) = node.child_by_field_name("body") else { return class };
    let class_name = crate::ir::simple_name(&class.fq_name).to_string();
    // Why the instance side of a class is not analysed, if it is not.
    let not_analysed = match superclass_name(file, node) {
        _ if is_object_class || is_exception => None,
        Some(superclass) => Some(format!("it extends '{superclass}', which is not analysed")),
        None => None,
    };
    let mut has_constructor = false;
    let mut static_initialisers = Vec::new();
    for member in children(body) {
        let span = span_of(file.path, member);
        let name = member.child_by_field_name("name").map(|n| text(n, source)).unwrap_or("?");
        let is_static = has_modifier(member, source, "static");
        match member.kind() {
            "field_declaration" => {
                let is_static_final = is_static && has_modifier(member, source, "final");
                let type_node = member.child_by_field_name("type");
                let ty = type_node.and_then(|t| declared_type(t, file, types).ok());
                // A test cannot build an input Optional or map: fields of those types are not
                // modelled.
                let ty = ty.filter(|ty| !matches!(ty, Ty::Optional(_) | Ty::Map(..)));
                for declarator in field_children(member, "declarator") {
                    let Some(name) = declarator.child_by_field_name("name") else { continue };
                    let ty = ty.filter(|_| declarator.child_by_field_name("dimensions").is_none());
                    let initialiser = declarator.child_by_field_name("value");
                    let field = FieldInfo { ty, is_static, is_static_final, initialiser, type_node };
                    let name = text(name, source).to_string();
                    match (is_static, ty) {
                        (false, Some(ty)) => class.instance_fields.push((name.clone(), ty, initialiser)),
                        (true, Some(ty)) if !is_static_final => class.static_fields.push((name.clone(), ty)),
                        _ => {}
                    }
                    class.fields.insert(name, field);
                }
            }
            "method_declaration" if is_static && !is_interface => match method_signature(file, member, name, MethodKind::Static, types) {
                Ok(method) => class.methods.push(method),
                // A syntax error was reported already.
                Err(_) if file.broken_methods.contains(&member.id()) => {}
                Err(diag) => diags.push(diag),
            },
            // Exception classes are only thrown: their instance side is not analysed.
            // What a thrown exception carries: modelled where it is thrown and caught.
            // A constructor a test can call with chosen arguments: tested as it is, its result
            // the exception it makes.
            "constructor_declaration" if is_exception && carried_member(&class, member, types) && let Some(method) =
                exception_constructor(file, &class, member, types) => class.methods.push(method),
            _ if is_exception && carried_member(&class, member, types) => {
                let at = member.child_by_field_name("name").filter(|_| member.kind() == "method_declaration").unwrap_or(member);
                let what = match member.kind() {
                    "method_declaration" => format!("'{class_name}.{name}': the getter of a field of an exception class is called by the tests of its class's constructors, and modelled where a caught exception's getter is called or a thrown one is checked"),
                    _ => format!("this constructor of '{class_name}': the constructor of an exception class is modelled where it is thrown"),
                };
                diags.push(Diagnostic::warning(span_of(file.path, at), format!("no tests of its own for {what} (its callers' tests run it)")));
            }
            _ if is_exception
                && matches!(member.kind(), "method_declaration" | "constructor_declaration" | "block") =>
            {
                let what = match member.kind() {
                    "method_declaration" => format!("instance method '{name}' of"),
                    "constructor_declaration" => "constructor of".to_string(),
                    _ => "instance initialiser of".to_string(),
                };
                diags.push(Diagnostic::unsupported(
                    span,
                    format!("{what} exception class '{class_name}' (exception objects are only thrown and caught)"),
                ));
            }
            "method_declaration" | "constructor_declaration" if not_analysed.is_some() => {
                let what = if member.kind() == "method_declaration" { format!("instance method '{name}'") } else { format!("constructor of '{class_name}'") };
                let why = not_analysed.as_deref().unwrap_or_default();
                diags.push(Diagnostic::unsupported(span, format!("{what}: {why}")));
            }
            "method_declaration" if is_interface && (is_static || has_modifier(member, source, "private")) => {
                diags.push(Diagnostic::unsupported(span, format!("{} method '{name}' of an interface", if is_static { "static" } else { "private" })));
            }
            // Interface fields are constants.
            "constant_declaration" => {
                let type_node = member.child_by_field_name("type");
                let ty = type_node.and_then(|t| declared_type(t, file, types).ok());
                for declarator in field_children(member, "declarator") {
                    let Some(name) = declarator.child_by_field_name("name") else { continue };
                    let initialiser = declarator.child_by_field_name("value");
                    let field = FieldInfo { ty, is_static: true, is_static_final: true, initialiser, type_node };
                    class.fields.insert(text(name, source).to_string(), field);
                }
            }
            "method_declaration" | "constructor_declaration" => {
                let (kind, method_name) = if member.kind() == "method_declaration" {
                    (MethodKind::Instance, name)
                } else {
                    has_constructor = true;
                    (MethodKind::Constructor, CONSTRUCTOR)
                };
                match method_signature(file, member, method_name, kind, types) {
                    Ok(method) => class.methods.push(method),
                    Err(_) if file.broken_methods.contains(&member.id()) => {}
                    Err(diag) => diags.push(diag),
                }
            }
            // Read after the fields, which it may follow or precede.
            "static_initializer" => static_initialisers.push(member),
            "block" => diags.push(Diagnostic::unsupported(span, "instance initialiser")),
            ";" => {}
            kind => {
                let what = kind.strip_suffix("_declaration").unwrap_or(kind).replace('_', " ");
                diags.push(Diagnostic::unsupported(span, format!("nested {what} '{name}'")));
            }
        }
    }
    // Fields holding configuration are no state a test sets or checks.
    let configured = super::configuration::configuration(&class).values;
    class.static_fields.retain(|(name, _)| !configured.iter().any(|v| &v.field == name));
    for initialiser in static_initialisers {
        if !assigns_blank_finals(&mut class, initialiser) && !super::configuration::is_set_up_initialiser(&class, initialiser) {
            class.unanalysed_initialiser.get_or_insert(span_of(file.path, initialiser));
            diags.push(Diagnostic::unsupported(
                span_of(file.path, initialiser),
                "static initialiser (code run once when the class is loaded, which a test can neither choose nor \
                 reset; one that only assigns static final fields is read as their declarations, and one that only \
                 loads a JDBC driver or a static final Properties from the class path is set-up: give the fields \
                 constant values there, and do other set-up where it is needed)",
            ));
        }
    }
    // Fields of types that are not modelled count: a subclass's constructor still calls this
    // class's default one.
    let has_instance_side = class.fields.values().any(|f| !f.is_static)
        || class.methods.iter().any(|m| m.kind != MethodKind::Static)
        || class.superclass.is_some();
    if is_object_class && !is_interface && !has_constructor && has_instance_side {
        // The default constructor: the field initialisers only. It is not declared, so it gets
        // no tests and no report entry of its own (`Method::is_implicit`).
        class.methods.push(MethodInfo {
            name: CONSTRUCTOR.to_string(),
            kind: MethodKind::Constructor,
            params: Vec::new(),
            param_names: Vec::new(),
            ret: Ty::Void,
            is_private: true,
            has_syntax_error: false,
            node: node.child_by_field_name("name").unwrap_or(node),
            body: None,
            is_abstract: false,
            array_lists: crate::ir::ArrayListSlots::default(),
        });
    }
    class
}

/// Whether `type_node` is the `Object` parameter of an instance method `boolean
/// equals(Object)`, the one place `java.lang.Object` is a type (`ir::OBJECT_CLASS`).
fn is_equals_parameter(name: &str, kind: MethodKind, method: Node, type_node: Node, source: &str) -> bool {
    let one_parameter = method.child_by_field_name("parameters").is_some_and(|p| p.named_child_count() == 1);
    let returns_boolean = method.child_by_field_name("type").is_some_and(|t| text(t, source) == "boolean");
    name == "equals"
        && kind == MethodKind::Instance
        && one_parameter
        && returns_boolean
        && matches!(text(type_node, source), "Object" | "java.lang.Object")
}

/// The signature of a method or constructor, or the first unsupported part of it.
fn method_signature<'t>(
    file: &FileScope<'t>,
    node: Node<'t>,
    name: &str,
    kind: MethodKind,
    types: &SourceTypes,
) -> Result<MethodInfo<'t>, Diagnostic> {
    let source = file.source;
    let unsupported = |at: Node, what: String| Err(Diagnostic::unsupported(span_of(file.path, at), what));
    if let Some(type_params) = node.child_by_field_name("type_parameters") {
        return unsupported(type_params, format!("generic method '{name}'"));
    }
    let body = node.child_by_field_name("body");
    let is_abstract = has_modifier(node, source, "abstract") || (body.is_none() && is_interface_member(node));
    if body.is_none() && !is_abstract {
        return unsupported(node, format!("method '{name}' without a body"));
    }
    if let Some(dims) = node.child_by_field_name("dimensions") {
        return unsupported(dims, "arrays".to_string());
    }
    // A list may be declared ArrayList: the IR has one list type, the descriptor keeps which.
    let is_array_list = |ty: &Ty, node: Node| {
        let spelled = text(node, source);
        matches!(ty, Ty::List(_)) && (spelled.starts_with("ArrayList") || spelled.starts_with("java.util.ArrayList"))
    };
    let mut array_lists = crate::ir::ArrayListSlots::default();
    let signature_type = |node: Node| declared_type(node, file, types);
    let ret = match node.child_by_field_name("type") {
        // An exception class as the result (`RuntimeException failure(String m)`): a value a
        // `return new X(...)` makes (`lower::return_statement`); other results are reported there.
        Some(ret)
            if signature_type(ret).is_err()
                && (is_exception_superclass(crate::ir::simple_name(text(ret, source)))
                    || types.exceptions.contains(&resolve_among(text(ret, source), file, &types.exceptions))) =>
        {
            let spelled = text(ret, source);
            let of_sources = resolve_among(spelled, file, &types.exceptions);
            array_lists.result_exception = Some(if types.exceptions.contains(&of_sources) || spelled.contains('.') {
                of_sources
            } else {
                file.imports.get(spelled).cloned().unwrap_or_else(|| format!("java.lang.{spelled}"))
            });
            Ty::Throwable
        }
        Some(ret) => {
            let ty = signature_type(ret)?;
            array_lists.result = is_array_list(&ty, ret);
            if matches!(ty, Ty::Map(..)) {
                let spelled = text(ret, source);
                let class = spelled.split('<').next().unwrap_or(spelled).trim();
                if class != "Map" && class != "java.util.Map" {
                    array_lists.result_map = Some(format!("java.util.{}", crate::ir::simple_name(class)));
                }
            }
            ty
        }
        None if kind == MethodKind::Constructor => Ty::Void,
        // The exception it makes (`lower.rs`).
        None if kind == MethodKind::ExceptionConstructor => Ty::Throwable,
        None => return unsupported(node, format!("method '{name}' without a return type")),
    };
    let mut params = Vec::new();
    let mut param_names = Vec::new();
    let parameters = node.child_by_field_name("parameters").map(children).unwrap_or_default();
    for param in parameters {
        if param.kind() != "formal_parameter" {
            let what =
                if param.kind() == "spread_parameter" { "varargs parameter" } else { "receiver parameter" };
            return unsupported(param, what.to_string());
        }
        if let Some(dims) = param.child_by_field_name("dimensions") {
            return unsupported(dims, "arrays".to_string());
        }
        let (Some(ty), Some(param_name)) =
            (param.child_by_field_name("type"), param.child_by_field_name("name"))
        else {
            return unsupported(param, "parameter".to_string());
        };
        let type_node = ty;
        let cause = (kind == MethodKind::ExceptionConstructor).then(|| cause_class(text(type_node, source), file)).flatten();
        let ty = match cause {
            // The cause an exception's constructor is given: a test passes one of that class.
            Some(class) => {
                array_lists.param_exceptions.push((params.len(), class));
                Ty::Throwable
            }
            None if is_equals_parameter(name, kind, node, type_node, source) => Ty::Object(ClassName::new(crate::ir::OBJECT_CLASS)),
            None => signature_type(ty)?,
        };
        if ty == Ty::Void {
            return unsupported(param, "parameter of type 'void'".to_string());
        }
        if matches!(ty, Ty::Optional(_)) {
            let spelled = text(type_node, source);
            return unsupported(type_node, format!("parameter of type '{spelled}' (an Optional is modelled as a local and a result)"));
        }
        if matches!(ty, Ty::Map(..)) {
            let spelled: String = text(type_node, source).chars().filter(|c| !c.is_whitespace()).collect();
            return unsupported(
                type_node,
                format!("parameter of type '{spelled}' (a map is modelled as a local and a result a method builds: no input is a map)"),
            );
        }
        if is_array_list(&ty, type_node) {
            array_lists.params.push(params.len());
        }
        params.push(ty);
        param_names.push(text(param_name, source).to_string());
    }
    Ok(MethodInfo {
        name: name.to_string(),
        kind,
        params,
        param_names,
        ret,
        is_private: has_modifier(node, source, "private"),
        has_syntax_error: file.broken_methods.contains(&node.id()),
        node,
        body,
        is_abstract,
        array_lists,
    })
}

/// A constructor of an exception class whose tests call it: of a concrete class, not private,
/// its parameters int, long, boolean, String or a cause (`cause_class`), the types whose
/// values a thrown exception carries.
fn exception_constructor<'t>(file: &FileScope<'t>, class: &ClassInfo, member: Node<'t>, types: &SourceTypes) -> Option<MethodInfo<'t>> {
    if has_modifier(class.node, file.source, "abstract") || has_modifier(member, file.source, "private") {
        return None;
    }
    let method = method_signature(file, member, CONSTRUCTOR, MethodKind::ExceptionConstructor, types).ok()?;
    let carried = |ty: &Ty| matches!(ty, Ty::Int | Ty::Long | Ty::Boolean | Ty::String | Ty::Throwable);
    method.params.iter().all(carried).then_some(method)
}

/// The JDK exception class a parameter of an exception's constructor is declared as, when a
/// test can make one with its `(String)` constructor to pass as the cause.
fn cause_class(spelled: &str, file: &FileScope) -> Option<String> {
    const CAUSES: &[&str] = &[
        crate::ir::THROWABLE,
        "java.lang.Exception",
        "java.lang.RuntimeException",
        "java.lang.Error",
        "java.lang.IllegalStateException",
        "java.lang.IllegalArgumentException",
        "java.sql.SQLException",
        "java.io.IOException",
    ];
    let class = match file.imports.get(spelled) {
        Some(imported) => imported.clone(),
        None if spelled.contains('.') => spelled.to_string(),
        None if spelled == "SQLException" => "java.sql.SQLException".to_string(),
        None if spelled == "IOException" => "java.io.IOException".to_string(),
        None => format!("java.lang.{spelled}"),
    };
    CAUSES.contains(&class.as_str()).then_some(class)
}

/// Whether a member is declared in an interface's body.
fn is_interface_member(node: Node) -> bool {
    node.parent().is_some_and(|body| body.kind() == "interface_body")
}

/// A subclass's instance field with the name of an inherited one hides it; tests set and read
/// fields by name, so such a field is not analysed (its type is left unknown: code using it
/// is reported where it does).
fn report_hidden_fields(classes: &mut BTreeMap<String, ClassInfo>, diags: &mut Vec<Diagnostic>) {
    let names: Vec<String> = classes.keys().cloned().collect();
    for name in names {
        let mut inherited: Vec<(String, String)> = Vec::new();
        let mut superclass = classes[&name].superclass.clone();
        while let Some(s) = superclass.filter(|s| *s != name && !inherited.iter().any(|(c, _)| c == s)) {
            let info = &classes[&s];
            inherited.extend(info.instance_fields.iter().map(|(f, ..)| (s.clone(), f.clone())));
            superclass = info.superclass.clone();
        }
        let class = classes.get_mut(&name).expect("indexed");
        let hidden: Vec<(String, String)> = class
            .instance_fields
            .iter()
            .filter_map(|(field, ..)| inherited.iter().find(|(_, f)| f == field).map(|(owner, _)| (field.clone(), owner.clone())))
            .collect();
        for (field, owner) in hidden {
            class.instance_fields.retain(|(f, ..)| *f != field);
            let info = class.fields.get_mut(&field).expect("an instance field is a field");
            info.ty = None;
            if let Some(at) = info.type_node.and_then(|t| t.parent()) {
                let message = format!("field '{field}', which hides the field of '{owner}'");
                diags.push(Diagnostic::unsupported(span_of(class.file.path, at), message));
            }
        }
    }
}

/// Binary numeric promotion of two numeric types.
pub(crate) fn promote(a: Ty, b: Ty) -> Ty {
    if a == Ty::Double || b == Ty::Double {
        Ty::Double
    } else if a == Ty::Float || b == Ty::Float {
        Ty::Float
    } else if a == Ty::Long || b == Ty::Long {
        Ty::Long
    } else {
        Ty::Int
    }
}

/// Whether `ty` is a primitive number type the model computes with.
pub(crate) fn is_number(ty: Ty) -> bool {
    matches!(ty, Ty::Int | Ty::Long | Ty::Double | Ty::Float | Ty::Byte | Ty::Short | Ty::Char)
}

/// The arithmetic operator of a token, if it is one.
pub(crate) fn arithmetic_op(token: &str) -> Option<BinOp> {
    Some(match token {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "%" => BinOp::Rem,
        _ => return None,
    })
}

/// The comparison operator of a token, if it is one.
pub(crate) fn comparison_op(token: &str) -> Option<CmpOp> {
    Some(match token {
        "==" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        "<" => CmpOp::Lt,
        "<=" => CmpOp::Le,
        ">" => CmpOp::Gt,
        ">=" => CmpOp::Ge,
        _ => return None,
    })
}

/// Java arithmetic on values of type `ty`; `None` for a zero divisor (which is no constant).
pub(crate) fn arithmetic(op: BinOp, a: i64, b: i64, ty: Ty) -> Option<i64> {
    let result = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div if b == 0 => return None,
        BinOp::Rem if b == 0 => return None,
        BinOp::Div => a.wrapping_div(b),
        BinOp::Rem => a.wrapping_rem(b),
    };
    Some(wrap(result, ty))
}

pub(crate) fn compare(op: CmpOp, a: i64, b: i64) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

fn is_numeric(ty: Ty) -> bool {
    matches!(ty, Ty::Int | Ty::Long)
}

pub(crate) fn binary_constant(token: &str, lhs: Const, rhs: Const) -> Option<Const> {
    let boolean = |b: bool| Some(Const { value: b as i64, ty: Ty::Boolean });
    let both_numeric = is_numeric(lhs.ty) && is_numeric(rhs.ty);
    let both_boolean = lhs.ty == Ty::Boolean && rhs.ty == Ty::Boolean;
    if let Some(op) = arithmetic_op(token) {
        if !both_numeric {
            return None;
        }
        let ty = promote(lhs.ty, rhs.ty);
        return Some(Const { value: arithmetic(op, lhs.value, rhs.value, ty)?, ty });
    }
    if let Some(op) = comparison_op(token) {
        let equality = matches!(op, CmpOp::Eq | CmpOp::Ne);
        if both_numeric || (both_boolean && equality) {
            return boolean(compare(op, lhs.value, rhs.value));
        }
        return None;
    }
    match token {
        "&&" if both_boolean => boolean(lhs.value != 0 && rhs.value != 0),
        "||" if both_boolean => boolean(lhs.value != 0 || rhs.value != 0),
        _ => None,
    }
}

/// An explicit cast of a constant.
fn cast_constant(c: Const, to: Ty) -> Option<Const> {
    match (c.ty, to) {
        (from, to) if from == to => Some(c),
        (Ty::Int | Ty::Long, Ty::Int | Ty::Long) => Some(Const { value: wrap(c.value, to), ty: to }),
        _ => None,
    }
}

/// The implicit conversion of a constant assigned to a variable of type `to`.
pub(crate) fn assignment_conversion(c: Const, to: Ty) -> Option<Const> {
    match (c.ty, to) {
        (from, to) if from == to => Some(c),
        (Ty::Int, Ty::Long) => Some(Const { value: c.value, ty: Ty::Long }),
        _ => None,
    }
}
