//! The exception classes whose superclasses hornet knows: the JDK's that the supported code can
//! meet, and those the analysed sources declare. Catching needs them: a catch clause gets an
//! exception of its class or of any subclass. A thrown exception also carries the message and
//! cause its constructor gives `Throwable`: `ExceptionArgs` follows a constructor of the
//! sources through its `super(...)`/`this(...)` calls down to the JDK's.

use super::index::{FileScope, Index, SourceTypes};
use super::lower::string_literal_value;
use super::syntax::{children, field_children, has_modifier, text};
use crate::ir::{EnumFieldValue, THROWABLE, Ty};
use tree_sitter::Node;

/// (class, direct superclass) of the JDK exception classes hornet knows.
pub(crate) const JDK_EXCEPTIONS: &[(&str, &str)] = &[
    ("java.lang.Exception", THROWABLE),
    ("java.lang.Error", THROWABLE),
    ("java.lang.RuntimeException", "java.lang.Exception"),
    ("java.lang.ArithmeticException", "java.lang.RuntimeException"),
    ("java.lang.NullPointerException", "java.lang.RuntimeException"),
    ("java.lang.IllegalArgumentException", "java.lang.RuntimeException"),
    ("java.lang.NumberFormatException", "java.lang.IllegalArgumentException"),
    ("java.lang.IllegalStateException", "java.lang.RuntimeException"),
    ("java.lang.IndexOutOfBoundsException", "java.lang.RuntimeException"),
    ("java.lang.ArrayIndexOutOfBoundsException", "java.lang.IndexOutOfBoundsException"),
    ("java.lang.StringIndexOutOfBoundsException", "java.lang.IndexOutOfBoundsException"),
    ("java.lang.NegativeArraySizeException", "java.lang.RuntimeException"),
    ("java.lang.ClassCastException", "java.lang.RuntimeException"),
    ("java.lang.UnsupportedOperationException", "java.lang.RuntimeException"),
    ("java.util.NoSuchElementException", "java.lang.RuntimeException"),
    ("java.sql.SQLException", "java.lang.Exception"),
    // What java.time's parse methods throw for text that is no date.
    ("java.time.DateTimeException", "java.lang.RuntimeException"),
    ("java.time.format.DateTimeParseException", "java.time.DateTimeException"),
    ("java.lang.ReflectiveOperationException", "java.lang.Exception"),
    ("java.lang.ClassNotFoundException", "java.lang.ReflectiveOperationException"),
    // The checked exceptions of java.lang and java.io that real code catches around what it
    // calls: nothing modelled throws them, so a catch of one is a clause no path reaches.
    ("java.lang.InstantiationException", "java.lang.ReflectiveOperationException"),
    ("java.lang.IllegalAccessException", "java.lang.ReflectiveOperationException"),
    ("java.lang.NoSuchMethodException", "java.lang.ReflectiveOperationException"),
    ("java.lang.NoSuchFieldException", "java.lang.ReflectiveOperationException"),
    ("java.lang.InterruptedException", "java.lang.Exception"),
    ("java.lang.CloneNotSupportedException", "java.lang.Exception"),
    ("java.lang.SecurityException", "java.lang.RuntimeException"),
    ("java.lang.ArrayStoreException", "java.lang.RuntimeException"),
    ("java.io.IOException", "java.lang.Exception"),
    ("java.io.FileNotFoundException", "java.io.IOException"),
    ("java.io.EOFException", "java.io.IOException"),
    ("java.io.UnsupportedEncodingException", "java.io.IOException"),
];

/// (class, direct superclass) of every known exception class: the JDK's, then `declared` (the
/// analysed sources' exception classes with their resolved superclass), which the JDK's do not
/// override.
pub(crate) fn known_superclasses(declared: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut known: Vec<(String, String)> =
        JDK_EXCEPTIONS.iter().map(|(c, s)| (c.to_string(), s.to_string())).collect();
    for (class, superclass) in declared {
        if !known.iter().any(|(c, _)| *c == class) {
            known.push((class, superclass));
        }
    }
    known
}

/// Whether `class` is `java.lang.Throwable` or its superclasses are known up to it.
pub(crate) fn is_known(superclasses: &[(String, String)], class: &str) -> bool {
    is_subclass(superclasses, class, THROWABLE)
}

/// What an argument of an exception's constructor is, as far as choosing the constructor and
/// telling a cause from a message needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArgKind {
    /// An exception (a caught one, or a parameter of an exception type).
    Exception,
    /// The `null` literal.
    Null,
    /// A `String`.
    Text,
    /// A number or a boolean, primitive or boxed.
    Number,
    /// Any other value, or one whose type the caller does not tell.
    Value,
}

impl ArgKind {
    /// Whether an argument of this kind can be passed to a parameter of kind `parameter`
    /// (`constructor_params`: Exception, Text, Number, or Value for any other type).
    fn fits(self, parameter: ArgKind) -> bool {
        match self {
            ArgKind::Null => true,
            ArgKind::Exception => parameter == ArgKind::Exception,
            ArgKind::Text | ArgKind::Number => parameter == self || parameter == ArgKind::Value,
            ArgKind::Value => parameter != ArgKind::Exception,
        }
    }
}

/// Where a thrown exception's message or cause comes from: an argument of the `new` (by
/// position), a literal, `null`, or something hornet does not follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Arg(usize),
    Text(String),
    /// An integer or boolean (0/1) literal stored in a field.
    Int(i64),
    /// String concatenation of the parts (`"Account " + id + " not found"`).
    Concat(Vec<Part>),
    Null,
    Unknown,
}

/// The message and cause an exception's constructor gives `Throwable`, in terms of its
/// arguments. The cause is never `Part::Unknown` or `Part::Text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ExceptionArgs {
    pub message: Part,
    pub cause: Part,
    /// What the constructors store in the class's own fields (`this.accountId = accountId`),
    /// the last store of a field winning.
    pub fields: Vec<(String, Part)>,
}

/// An instance field of an exception class of the sources, of a type a thrown exception
/// carries (`int`, `long`, `boolean`, `String`), with the getter that returns it as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ExceptionField {
    pub name: String,
    pub ty: Ty,
    pub getter: Option<String>,
}

/// How deep `super(...)`/`this(...)` chains are followed (a cycle is a compile error).
const CONSTRUCTOR_DEPTH: usize = 8;

impl Index<'_> {
    /// The message and cause of `new class(args)`, for a JDK exception class hornet knows or
    /// an exception class of the sources whose chosen constructor only passes values on (to
    /// `super`/`this`, or into fields). None when the constructor is not one of those.
    pub(crate) fn exception_args(&self, class: &str, args: &[ArgKind]) -> Option<ExceptionArgs> {
        let mut found = self.constructor_args(class, args, 0)?;
        if self.overrides_get_message(class) {
            // A `getMessage()` that returns a field gives what the constructor stored there.
            let fields = self.exception_fields(class);
            let returned = self.exception_getter(class, "getMessage").and_then(|(i, _)| fields.get(i));
            found.message = match returned {
                Some(field) if field.ty == Ty::String => stored_part(&found.fields, &field.name),
                _ => Part::Unknown,
            };
        }
        Some(found)
    }

    /// The classes of the sources from `class` up its superclasses, `class` first.
    fn exception_chain(&self, class: &str) -> Vec<&super::index::ClassInfo<'_>> {
        let mut chain = Vec::new();
        let mut current = class.to_string();
        for _ in 0..CONSTRUCTOR_DEPTH {
            let Some(info) = self.classes.get(&current) else { break };
            chain.push(info);
            let Some(name) = info.node.child_by_field_name("superclass").and_then(|s| children(s).into_iter().next())
            else {
                break;
            };
            current = self.exception_class(text(name, info.file.source), info.file);
        }
        chain
    }

    /// The fields a thrown exception of `class` carries: the instance fields of `class` and
    /// of its superclasses of the sources of type int, long, boolean or String, the
    /// superclass's first (a subclass's fields extend its superclass's, at the same
    /// positions), each with its getter.
    pub(crate) fn exception_fields(&self, class: &str) -> Vec<ExceptionField> {
        let chain = self.exception_chain(class);
        let mut fields: Vec<ExceptionField> = chain
            .iter()
            .rev()
            .flat_map(|info| &info.instance_fields)
            .filter(|(_, ty, _)| matches!(ty, Ty::Int | Ty::Long | Ty::Boolean | Ty::String))
            .map(|(name, ty, _)| ExceptionField { name: name.clone(), ty: *ty, getter: None })
            .collect();
        // The nearest declaration of a getter is the one a call runs.
        for info in chain.iter().rev() {
            let source = info.file.source;
            let members = info.node.child_by_field_name("body").map(children).unwrap_or_default();
            for member in members {
                if let Some((getter, field)) = plain_getter(member, source)
                    && let Some(f) = fields.iter_mut().rev().find(|f| f.name == field)
                {
                    f.getter = Some(getter.clone());
                    // An override in a subclass hides its superclass's getter.
                    let hidden = fields.iter_mut().filter(|o| o.name != field && o.getter.as_deref() == Some(&getter));
                    hidden.for_each(|o| o.getter = None);
                }
            }
        }
        fields
    }

    /// The position among `exception_fields(class)` and the type of the field that
    /// `class`'s method `name()` returns, when it is a plain getter that no exception class
    /// of the sources extending `class` overrides.
    pub(crate) fn exception_getter(&self, class: &str, name: &str) -> Option<(usize, Ty)> {
        let fields = self.exception_fields(class);
        let position = fields.iter().position(|f| f.getter.as_deref() == Some(name))?;
        let overridden = self.exception_superclasses.iter().any(|(sub, _)| {
            sub != class
                && super::exceptions::is_subclass(&self.exception_superclasses, sub, class)
                && self.classes.get(sub).is_some_and(|info| declares_method(info, name))
        });
        (!overridden).then(|| (position, fields[position].ty))
    }

    fn constructor_args(&self, class: &str, args: &[ArgKind], depth: usize) -> Option<ExceptionArgs> {
        if depth > CONSTRUCTOR_DEPTH {
            return None;
        }
        if JDK_EXCEPTIONS.iter().any(|(c, _)| *c == class) {
            return jdk_constructor_args(args);
        }
        let info = self.classes.get(class)?;
        let source = info.file.source;
        let body = info.node.child_by_field_name("body")?;
        let constructors: Vec<Node> =
            children(body).into_iter().filter(|m| m.kind() == "constructor_declaration").collect();
        if constructors.is_empty() {
            // The default constructor calls `super()`.
            return if args.is_empty() { self.superclass_args(info, &[], depth) } else { None };
        }
        let mut matching: Vec<(Node, Vec<(String, ArgKind)>)> = constructors
            .into_iter()
            .filter_map(|c| Some((c, constructor_params(c, source)?)))
            .filter(|(_, params)| params.len() == args.len() && params.iter().zip(args).all(|((_, p), a)| a.fits(*p)))
            .collect();
        if matching.len() > 1 {
            // The most specific: the one whose parameters are of the arguments' kinds (javac
            // rejects a call that several fit equally).
            matching.retain(|(_, params)| params.iter().zip(args).all(|((_, p), a)| *a == ArgKind::Null || p == a));
        }
        let [(constructor, params)] = matching.as_slice() else { return None };
        let body = constructor.child_by_field_name("body")?;
        let statements = children(body);
        let (invocation, rest) = match statements.split_first() {
            Some((first, rest)) if first.kind() == "explicit_constructor_invocation" => (Some(*first), rest),
            _ => (None, statements.as_slice()),
        };
        // The other statements may only store values in fields: a thrown exception carries them.
        let stores: Vec<(String, Part)> =
            rest.iter().map(|s| stored_value(*s, params, source)).collect::<Option<_>>()?;
        let with_stores = |mut found: ExceptionArgs| {
            found.fields.extend(stores.iter().cloned());
            found
        };
        let Some(invocation) = invocation else { return self.superclass_args(info, &[], depth).map(with_stores) };
        let passed: Vec<Part> = invocation
            .child_by_field_name("arguments")
            .map(children)
            .unwrap_or_default()
            .into_iter()
            .map(|a| passed_part(a, params, source, &|call| enum_constant_call(call, info.node, info.file, &self.types)))
            .collect();
        let kinds: Vec<ArgKind> = passed
            .iter()
            .map(|p| match p {
                Part::Arg(i) => params[*i].1,
                Part::Null => ArgKind::Null,
                Part::Text(_) | Part::Concat(_) => ArgKind::Text,
                Part::Int(_) => ArgKind::Number,
                Part::Unknown => ArgKind::Value,
            })
            .collect();
        let callee = invocation.child_by_field_name("constructor").map(|c| text(c, source));
        let inner = match callee {
            Some("this") => self.constructor_args(class, &kinds, depth + 1)?,
            Some("super") => self.superclass_args(info, &kinds, depth)?,
            _ => return None,
        };
        let substitute = |part: Part| substituted(part, &passed);
        let fields = inner.fields.into_iter().map(|(name, part)| (name, substitute(part))).collect();
        let found = ExceptionArgs { message: substitute(inner.message), cause: substitute(inner.cause), fields };
        matches!(found.cause, Part::Arg(_) | Part::Null).then(|| with_stores(found))
    }

    /// What the superclass's constructor taking `args` gives `Throwable`.
    fn superclass_args(&self, class: &super::index::ClassInfo, args: &[ArgKind], depth: usize) -> Option<ExceptionArgs> {
        let superclass = class.node.child_by_field_name("superclass")?;
        let name = children(superclass).into_iter().next()?;
        let superclass = self.exception_class(text(name, class.file.source), class.file);
        self.constructor_args(&superclass, args, depth + 1)
    }

    /// Whether `class` or one of its superclasses of the sources declares `getMessage()`: then
    /// the message is what that method computes, which hornet does not follow.
    fn overrides_get_message(&self, class: &str) -> bool {
        let mut current = class.to_string();
        for _ in 0..CONSTRUCTOR_DEPTH {
            let Some(info) = self.classes.get(&current) else { return false };
            let source = info.file.source;
            let members = info.node.child_by_field_name("body").map(children).unwrap_or_default();
            let declares = members.iter().any(|m| {
                m.kind() == "method_declaration"
                    && m.child_by_field_name("name").is_some_and(|n| text(n, source) == "getMessage")
                    && m.child_by_field_name("parameters").is_some_and(|p| children(p).is_empty())
            });
            if declares {
                return true;
            }
            let Some(name) = info.node.child_by_field_name("superclass").and_then(|s| children(s).into_iter().next())
            else {
                return false;
            };
            current = self.exception_class(text(name, source), info.file);
        }
        false
    }
}

/// `Throwable`'s constructors, which every JDK exception class hornet knows has (javac rejects
/// those a class lacks): `()`, `(String)`, `(Throwable)` (whose message is the cause's
/// `toString()`, not followed), `(String, Throwable)`.
fn jdk_constructor_args(args: &[ArgKind]) -> Option<ExceptionArgs> {
    let (message, cause) = match args {
        [] => (Part::Null, Part::Null),
        [ArgKind::Exception] => (Part::Unknown, Part::Arg(0)),
        [ArgKind::Text | ArgKind::Value] => (Part::Arg(0), Part::Null),
        [_, ArgKind::Exception | ArgKind::Null] => (Part::Arg(0), Part::Arg(1)),
        _ => return None,
    };
    Some(ExceptionArgs { message, cause, fields: Vec::new() })
}

/// The parameters of a constructor, named, with what they hold; None for a varargs one.
fn constructor_params(constructor: Node, source: &str) -> Option<Vec<(String, ArgKind)>> {
    let parameters = constructor.child_by_field_name("parameters")?;
    children(parameters)
        .into_iter()
        .filter(|p| !p.kind().ends_with("comment"))
        .map(|p| {
            if p.kind() != "formal_parameter" {
                return None;
            }
            let name = text(p.child_by_field_name("name")?, source).to_string();
            let ty = text(p.child_by_field_name("type")?, source);
            let simple = ty.rsplit('.').next().unwrap_or(ty);
            let is_exception = simple == "Throwable" || simple.ends_with("Exception") || simple.ends_with("Error");
            let kind = match simple {
                _ if is_exception => ArgKind::Exception,
                "String" => ArgKind::Text,
                "int" | "long" | "short" | "byte" | "char" | "boolean" | "double" | "float" | "Integer" | "Long"
                | "Short" | "Byte" | "Character" | "Boolean" | "Double" | "Float" => ArgKind::Number,
                _ => ArgKind::Value,
            };
            Some((name, kind))
        })
        .collect()
}

/// What an argument of `super(...)`/`this(...)` passes on, in terms of the constructor's own
/// parameters.
/// `resolved` gives what other arguments are (a call on an enum constant), or `Part::Unknown`.
fn passed_part(argument: Node, params: &[(String, ArgKind)], source: &str, resolved: &dyn Fn(Node) -> Part) -> Part {
    match argument.kind() {
        "identifier" => {
            let name = text(argument, source);
            params.iter().position(|(p, _)| p == name).map_or(Part::Unknown, Part::Arg)
        }
        "null_literal" => Part::Null,
        "string_literal" => string_literal_value(text(argument, source)).map_or(Part::Unknown, Part::Text),
        "decimal_integer_literal" => text(argument, source).parse().map_or(Part::Unknown, Part::Int),
        "true" => Part::Int(1),
        "false" => Part::Int(0),
        // A negative literal (`this.code = -1`).
        "unary_expression" if super::syntax::operator(argument, source) == "-" => {
            match children(argument).first().filter(|n| n.kind() == "decimal_integer_literal").map(|n| text(*n, source).parse::<i64>()) {
                Some(Ok(v)) => Part::Int(-v),
                _ => Part::Unknown,
            }
        }
        "parenthesized_expression" => {
            children(argument).first().map_or(Part::Unknown, |inner| passed_part(*inner, params, source, resolved))
        }
        // `+` is a concatenation when an operand is text (Java's left-to-right reading: the
        // left operand a concatenation already, or either one a literal).
        "binary_expression" if super::syntax::operator(argument, source) == "+" => {
            let (Some(left), Some(right)) = (argument.child_by_field_name("left"), argument.child_by_field_name("right")) else {
                return Part::Unknown;
            };
            // A boolean literal is its text here, not 0/1.
            let operand = |node: Node| match node.kind() {
                "true" | "false" => Part::Text(node.kind().to_string()),
                _ => passed_part(node, params, source, resolved),
            };
            let (left, right) = (operand(left), operand(right));
            let is_text = |p: &Part| matches!(p, Part::Text(_) | Part::Concat(_));
            if is_text(&left) || is_text(&right) { concatenation(vec![left, right]) } else { Part::Unknown }
        }
        "method_invocation" => resolved(argument),
        _ => Part::Unknown,
    }
}

/// What a call without arguments on a constant of an enum of the sources gives, known per
/// constant (`ir::EnumField`): `E.C.getX()`, or `f.getX()` for a static final field `f` of
/// the class declared `= E.C` (`super(STATUS.getCode(), STATUS.getDescription())`); also
/// `name()` and `ordinal()`. `Part::Unknown` for any other expression.
pub(crate) fn enum_constant_call(call: Node, class: Node, file: &FileScope, types: &SourceTypes) -> Part {
    let source = file.source;
    let (Some(object), Some(name)) = (call.child_by_field_name("object"), call.child_by_field_name("name")) else {
        return Part::Unknown;
    };
    if call.child_by_field_name("arguments").is_some_and(|a| !children(a).is_empty()) {
        return Part::Unknown;
    }
    let constant = match object.kind() {
        "field_access" => Some(object),
        // A static final field of the class initialised with a constant.
        "identifier" => class
            .child_by_field_name("body")
            .map(children)
            .unwrap_or_default()
            .into_iter()
            .filter(|m| m.kind() == "field_declaration" && has_modifier(*m, source, "static") && has_modifier(*m, source, "final"))
            .flat_map(|m| field_children(m, "declarator"))
            .find(|d| d.child_by_field_name("name").is_some_and(|n| text(n, source) == text(object, source)))
            .and_then(|d| d.child_by_field_name("value"))
            .filter(|v| v.kind() == "field_access"),
        _ => None,
    };
    let Some(constant) = constant else { return Part::Unknown };
    let (Some(enum_name), Some(constant_name)) = (constant.child_by_field_name("object"), constant.child_by_field_name("field")) else {
        return Part::Unknown;
    };
    let Some(e) = types.enum_named(text(enum_name, source), file) else { return Part::Unknown };
    let Some(position) = e.index_of(text(constant_name, source)) else { return Part::Unknown };
    match text(name, source) {
        "name" => Part::Text(e.constants()[position].clone()),
        "ordinal" => Part::Int(position as i64),
        getter => match e.fields().iter().find(|f| f.getters.iter().any(|g| g == getter)).map(|f| &f.values[position]) {
            Some(EnumFieldValue::Number(n)) => Part::Int(*n),
            Some(EnumFieldValue::Text(t)) => Part::Text(t.clone()),
            None => Part::Unknown,
        },
    }
}

/// Whether a constructor has the shape `Index::exception_args` follows: an optional
/// `super(...)`/`this(...)` of parameters and literals, then stores of those into fields.
/// `resolved` as for `passed_part`.
pub(crate) fn followed_constructor(constructor: Node, source: &str, resolved: &dyn Fn(Node) -> Part) -> bool {
    let Some(params) = constructor_params(constructor, source) else { return false };
    let Some(body) = constructor.child_by_field_name("body") else { return false };
    let statements = children(body);
    let rest = match statements.split_first() {
        Some((first, rest)) if first.kind() == "explicit_constructor_invocation" => {
            let arguments = first.child_by_field_name("arguments").map(children).unwrap_or_default();
            if arguments.into_iter().any(|a| passed_part(a, &params, source, resolved) == Part::Unknown) {
                return false;
            }
            rest
        }
        _ => statements.as_slice(),
    };
    rest.iter().all(|s| stored_value(*s, &params, source).is_some())
}

/// `part`, in terms of the constructor's arguments `passed` gives the one it calls.
fn substituted(part: Part, passed: &[Part]) -> Part {
    match part {
        Part::Arg(i) => passed.get(i).cloned().unwrap_or(Part::Unknown),
        Part::Concat(parts) => concatenation(parts.into_iter().map(|p| substituted(p, passed)).collect()),
        other => other,
    }
}

/// The concatenation of `parts`, nested ones flattened; unknown when one part is.
fn concatenation(parts: Vec<Part>) -> Part {
    let mut flat = Vec::new();
    for part in parts {
        match part {
            Part::Unknown => return Part::Unknown,
            Part::Concat(inner) => flat.extend(inner),
            other => flat.push(other),
        }
    }
    Part::Concat(flat)
}

/// What a field of the constructed exception last had stored, `Part::Unknown` when nothing
/// was (then it holds the default value, which `thrown.rs` gives).
pub(crate) fn stored_part(fields: &[(String, Part)], name: &str) -> Part {
    fields.iter().rev().find(|(f, _)| f == name).map_or(Part::Unknown, |(_, part)| part.clone())
}

/// Whether `class` is `ancestor` or extends it, as `superclasses` says.
pub(crate) fn is_subclass(superclasses: &[(String, String)], class: &str, ancestor: &str) -> bool {
    let mut current = class;
    for _ in 0..=superclasses.len() {
        if current == ancestor {
            return true;
        }
        match superclasses.iter().find(|(c, _)| c == current) {
            Some((_, superclass)) => current = superclass,
            None => return false,
        }
    }
    false
}

/// Whether the class declares a method `name()` without parameters.
fn declares_method(info: &super::index::ClassInfo, name: &str) -> bool {
    let source = info.file.source;
    let members = info.node.child_by_field_name("body").map(children).unwrap_or_default();
    members.iter().any(|m| {
        m.kind() == "method_declaration"
            && m.child_by_field_name("name").is_some_and(|n| text(n, source) == name)
            && m.child_by_field_name("parameters").is_some_and(|p| children(p).is_empty())
    })
}

/// `(getter, field)` of an instance method `T name() { return field; }` (or `this.field`).
pub(crate) fn plain_getter(member: Node, source: &str) -> Option<(String, String)> {
    if member.kind() != "method_declaration"
        || !member.child_by_field_name("parameters").is_some_and(|p| children(p).is_empty())
        || children(member).iter().any(|c| c.kind() == "modifiers" && text(*c, source).split_whitespace().any(|m| m == "static"))
    {
        return None;
    }
    let name = text(member.child_by_field_name("name")?, source).to_string();
    let statements = children(member.child_by_field_name("body")?);
    let [statement] = statements.as_slice() else { return None };
    if statement.kind() != "return_statement" {
        return None;
    }
    let returned = children(*statement).into_iter().next()?;
    let field = match returned.kind() {
        "identifier" => text(returned, source),
        "field_access" if returned.child_by_field_name("object").is_some_and(|o| o.kind() == "this") => {
            text(returned.child_by_field_name("field")?, source)
        }
        _ => return None,
    };
    Some((name, field.to_string()))
}

/// The field and the value of a constructor's statement that only stores a name or a
/// literal into a field (`this.status = status;`); None for any other statement.
fn stored_value(statement: Node, params: &[(String, ArgKind)], source: &str) -> Option<(String, Part)> {
    let expression = match children(statement).first() {
        Some(e) if statement.kind() == "expression_statement" => *e,
        _ => return None,
    };
    let field = |name| expression.child_by_field_name(name);
    let (left, right) = (field("left")?, field("right")?);
    if expression.kind() != "assignment_expression" || text(field("operator")?, source) != "=" {
        return None;
    }
    if !matches!(right.kind(), "identifier" | "string_literal" | "decimal_integer_literal" | "null_literal" | "true" | "false" | "unary_expression") {
        return None;
    }
    let name = match left.kind() {
        "identifier" => text(left, source),
        "field_access" if left.child_by_field_name("object").is_some_and(|o| o.kind() == "this") => {
            text(left.child_by_field_name("field")?, source)
        }
        _ => return None,
    };
    let part = passed_part(right, params, source, &|_| Part::Unknown);
    if right.kind() == "unary_expression" && part == Part::Unknown {
        return None;
    }
    Some((name.to_string(), part))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_classes_extend_the_jdk_hierarchy() {
        let known = known_superclasses(vec![
            ("shop.LimitExceeded".into(), "java.lang.Exception".into()),
            ("shop.Odd".into(), "lib.Unknown".into()),
            ("shop.Loop".into(), "shop.Loop".into()),
        ]);
        assert!(is_known(&known, "java.lang.StringIndexOutOfBoundsException"));
        assert!(is_known(&known, "shop.LimitExceeded"));
        assert!(is_known(&known, THROWABLE));
        assert!(!is_known(&known, "shop.Odd"));
        assert!(!is_known(&known, "shop.Loop"));
        assert!(!is_known(&known, "java.util.ConcurrentModificationException"));
    }
}
