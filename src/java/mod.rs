//! The Java front end: parses sources with tree-sitter and lowers the static methods it
//! supports to the IR. Whatever it does not support is reported as one diagnostic at the
//! construct, and the enclosing method is skipped; everything else goes on.

mod configuration;
mod declared;
mod enum_values;
mod exceptions;
mod index;
pub(crate) mod library;
mod lower;
mod syntax;

pub use library::{Library, LibraryMethod};

use crate::diag::{Diagnostic, Span};
use crate::ir::{Method, MethodKey, Program, Ty};
use crate::sql::Schema;
use index::{FileScope, Index};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use syntax::{children, span_of, text};
use tree_sitter::{Node, Parser, Tree};

/// Lower the methods and constructors of Java source files (path, contents) to the IR.
/// SQL texts are checked against `schema` (`sql::check_method`); a method whose SQL does not
/// check is skipped like one with unsupported Java.
pub fn lower_sources(files: &[(PathBuf, String)], library: &Library, schema: Option<&Schema>) -> (Program, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut trees: Vec<(&Path, &str, Tree)> = Vec::new();
    for (path, source) in files {
        match parse(source) {
            Some(tree) => trees.push((path, source, tree)),
            None => diags.push(Diagnostic::error(Span::file_start(path), "could not parse the file")),
        }
    }

    let mut scopes = Vec::new();
    let mut roots = Vec::new();
    for (path, source, tree) in &trees {
        let root = tree.root_node();
        // A syntax error outside any method leaves the whole file out.
        let Some(broken_methods) = syntax_errors(path, source, root, &mut diags) else { continue };
        let (package, imports) = package_and_imports(root, source);
        scopes.push(FileScope { path, source, package, imports, broken_methods });
        roots.push(root);
    }

    let index = Index::build(&scopes, &roots, library, &mut diags);
    let mut program = Program::default();
    for class in index.classes.values() {
        program.class_files.push((class.fq_name.clone(), class.file.path.to_path_buf()));
        if class.is_object_class {
            program.classes.push(index.layout(class));
        }
        if !class.static_fields.is_empty() {
            program.classes.push(index.statics_layout(class));
        }
        for method in class.methods.iter().filter(|m| !m.has_syntax_error && !m.is_abstract) {
            let lowered = lower::lower_method(&index, class, method)
                .and_then(|mut lowered| crate::sql::check_method(&mut lowered, schema).map(|()| lowered));
            match lowered {
                Ok(lowered) => {
                    diags.extend(crate::sql::check::decimal_read_as_floating(&lowered));
                    program.methods.push(lowered)
                }
                Err(diag) if method.ret == Ty::String && diag.message.contains(lower::LONG_STRING) => {
                    // A helper that builds SQL text: its callers evaluate it statically.
                    diags.push(Diagnostic::warning(
                        diag.span,
                        format!(
                            "'{}' builds text longer than the strings hornet models as Java values: it gets \
                             no tests of its own, and its text is used where callers give it to JDBC",
                            method.name
                        ),
                    ));
                }
                Err(diag) => diags.push(diag),
            }
        }
    }
    // The parameter of `equals(Object)` may be an object of no class of the sources, which a
    // test makes as a plain `java.lang.Object`, without fields.
    let object = crate::ir::ClassName::new(crate::ir::OBJECT_CLASS);
    if program.methods.iter().any(|m| m.classes.iter().any(|l| l.class == object)) {
        program.classes.push(crate::ir::ClassLayout { class: object, fields: Vec::new(), concrete: vec![object] });
    }
    drop_loaders_of_unanalysed_initialisers(&index, &mut program.methods, &mut diags);
    // A method dropped may be the one that read a URL from a configuration file the tests
    // would otherwise supply.
    loop {
        let before = program.methods.len();
        Configuration::new(&index, &program.methods, schema.is_some()).drop_unsupplied(&mut program.methods, &mut diags);
        drop_callers_of_skipped_methods(&mut program.methods, library, &mut diags);
        if program.methods.len() == before {
            break;
        }
    }
    spread_statics(&index, &mut program.methods);
    spread_zoned(&mut program.methods);
    Configuration::new(&index, &program.methods, schema.is_some()).spread(&mut program.methods);
    let lowered: HashSet<(&str, &str, &Span)> =
        program.methods.iter().map(|m| (m.key.class.as_str(), m.key.name.as_str(), &m.span)).collect();
    // Every type the sources declare, analysed or not: a skipped method's parameter may be an
    // enum or a class that hornet left out.
    let classes: HashSet<String> = scopes
        .iter()
        .zip(&roots)
        .flat_map(|(scope, root)| declared::declared_types(scope.source, *root, &scope.package))
        .collect();
    let mut skipped = Vec::new();
    for (scope, root) in scopes.iter().zip(&roots) {
        for m in declared::declared_methods(scope.path, scope.source, *root, &scope.package, &scope.imports, &classes) {
            if !lowered.contains(&(m.class.as_str(), m.name.as_str(), &m.span)) {
                skipped.push(m);
            }
        }
    }
    program.skipped = skipped;
    diags.sort_by(|a, b| a.span.cmp(&b.span));
    (program, diags)
}

fn parse(source: &str) -> Option<Tree> {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_java::LANGUAGE.into()).ok()?;
    parser.parse(source, None)
}

/// Report the syntax errors of a file. Returns the ids of the methods containing one, or
/// `None` if an error lies outside any method.
fn syntax_errors(
    path: &Path,
    source: &str,
    root: Node,
    diags: &mut Vec<Diagnostic>,
) -> Option<HashSet<usize>> {
    let mut broken_methods = HashSet::new();
    if !root.has_error() {
        return Some(broken_methods);
    }
    let mut errors = Vec::new();
    collect_errors(root, &mut errors);
    for error in errors {
        let message = if error.is_missing() {
            format!("syntax error: missing '{}'", error.kind())
        } else {
            let spelled = text(error, source).lines().next().unwrap_or("");
            let shown: String = spelled.chars().take(30).collect();
            format!("syntax error: unexpected '{shown}'")
        };
        let diag = Diagnostic::error(span_of(path, error), message);
        match enclosing_method(error) {
            Some(method) => {
                if broken_methods.insert(method.id()) {
                    diags.push(diag);
                }
            }
            None => {
                diags.push(diag);
                return None;
            }
        }
    }
    Some(broken_methods)
}

/// The ERROR and MISSING nodes under `node`, outermost only.
fn collect_errors<'t>(node: Node<'t>, errors: &mut Vec<Node<'t>>) {
    if node.is_error() || node.is_missing() {
        errors.push(node);
        return;
    }
    if node.has_error() {
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            collect_errors(child, errors);
        }
    }
}

fn enclosing_method(node: Node) -> Option<Node> {
    let mut ancestor = node.parent();
    while let Some(a) = ancestor {
        if matches!(a.kind(), "method_declaration" | "constructor_declaration") {
            return Some(a);
        }
        ancestor = a.parent();
    }
    None
}

/// The package of a file and its imports (simple name to qualified name): the single-type
/// imports, and the classes hornet knows of the packages imported on demand (`java.sql.*`
/// brings `SQLException`); a single-type import wins over an on-demand one, as in Java.
/// Static imports bring nothing the analysis can use.
fn package_and_imports(root: Node, source: &str) -> (String, HashMap<String, String>) {
    let mut package = String::new();
    let mut imports = HashMap::new();
    let mut on_demand_packages = Vec::new();
    for declaration in children(root) {
        let name = children(declaration)
            .into_iter()
            .find(|c| matches!(c.kind(), "identifier" | "scoped_identifier"));
        let Some(name) = name.map(|n| text(n, source).to_string()) else { continue };
        match declaration.kind() {
            "package_declaration" => package = name,
            "import_declaration" => {
                let mut cursor = declaration.walk();
                let is_static = declaration.children(&mut cursor).any(|c| c.kind() == "static");
                let on_demand = children(declaration).iter().any(|c| c.kind() == "asterisk");
                if !is_static && !on_demand {
                    imports.insert(crate::ir::simple_name(&name).to_string(), name);
                } else if !is_static {
                    on_demand_packages.push(name);
                }
            }
            _ => {}
        }
    }
    for imported_package in on_demand_packages {
        for class in known_library_classes().filter(|fq| crate::ir::package_of(fq) == imported_package) {
            imports.entry(crate::ir::simple_name(class).to_string()).or_insert_with(|| class.to_string());
        }
    }
    (package, imports)
}

/// The library classes hornet knows by name: the JDK exceptions it knows the hierarchy of,
/// the JDBC interfaces and the library classes it models.
fn known_library_classes() -> impl Iterator<Item = &'static str> {
    exceptions::JDK_EXCEPTIONS
        .iter()
        .map(|(class, _)| *class)
        .chain(crate::ir::JdbcType::ALL.iter().map(|t| t.qualified_name()))
        .chain(library::MODELLED_CLASSES.iter().copied())
        .chain(["java.sql.Date", "java.sql.Timestamp", "java.sql.Time", "java.time.LocalDate", "java.time.LocalDateTime", "java.time.Instant"])
}

/// A method uses the static fields its callees use (they are inputs of its tests too): each
/// method's `statics` becomes those of its callees, transitively, and its `classes` the layouts
/// of their objects.
fn spread_statics(index: &Index, methods: &mut [Method]) {
    loop {
        let statics: HashMap<MethodKey, Vec<crate::ir::ClassName>> =
            methods.iter().map(|m| (m.key.clone(), m.statics.clone())).collect();
        let mut changed = false;
        for method in methods.iter_mut() {
            let mut used = method.statics.clone();
            used.extend(method.callees().filter_map(|c| statics.get(c)).flatten().copied());
            used.sort();
            used.dedup();
            if used != method.statics {
                method.statics = used;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for method in methods.iter_mut().filter(|m| !m.statics.is_empty()) {
        let mut seeds = method.locals.clone();
        seeds.extend(method.statics.iter().map(|c| crate::ir::LocalDecl { name: String::new(), ty: Ty::Object(*c) }));
        method.classes = lower::layouts(index, &seeds);
    }
}

/// A method is zoned when it or a callee, transitively, reads the default time zone.
fn spread_zoned(methods: &mut [Method]) {
    for method in methods.iter_mut() {
        method.zoned = method.reads_time_zone();
    }
    mark_callers(methods, |m| &mut m.zoned);
}

/// Set the flag `flag` gives of every method that calls, transitively, a method whose flag is set.
fn mark_callers(methods: &mut [Method], flag: fn(&mut Method) -> &mut bool) {
    loop {
        let marked: HashSet<MethodKey> = methods.iter_mut().filter_map(|m| flag(m).then(|| m.key.clone())).collect();
        let mut changed = false;
        for method in methods.iter_mut() {
            if !*flag(method) && method.callees().any(|c| marked.contains(c)) {
                *flag(method) = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// The classes whose code a method's tests would load: the method's own class, the classes of
/// its objects and static fields, and those it makes.
fn loaded_classes(method: &Method) -> impl Iterator<Item = &str> {
    let used = method.blocks.iter().flat_map(|b| &b.insts).filter_map(|inst| match inst {
        crate::ir::Inst::New { class, .. } => Some(class.as_str()),
        crate::ir::Inst::Statics { class, .. } => class.statics_owner(),
        _ => None,
    });
    let objects = method.classes.iter().map(|layout| layout.class.statics_owner().unwrap_or(layout.class.as_str()));
    std::iter::once(method.key.class.as_str()).chain(objects).chain(used)
}

/// Drop the methods whose tests would load a class whose static initialiser is not analysed
/// (the method's own class, a class whose static fields or objects it uses, one it makes):
/// loading the class runs that code, which may fail or set state the tests know nothing of.
/// Their callers are dropped in turn (`drop_callers_of_skipped_methods`).
fn drop_loaders_of_unanalysed_initialisers(index: &Index, methods: &mut Vec<Method>, diags: &mut Vec<Diagnostic>) {
    let unanalysed = |class: &str| index.classes.get(class).and_then(|c| c.unanalysed_initialiser.as_ref());
    methods.retain(|method| {
        let Some((class, initialiser)) = loaded_classes(method).find_map(|c| unanalysed(c).map(|span| (c, span))) else {
            return true;
        };
        // An implicit default constructor is not reported on its own.
        if method.is_implicit {
            return false;
        }
        let whose = if class == method.key.class { "its class".to_string() } else { format!("'{}'", crate::ir::simple_name(class)) };
        diags.push(Diagnostic::unsupported(
            method.span.clone(),
            format!(
                "'{}': its tests would load {whose}, whose static initialiser ({initialiser}) is not analysed \
                 (loading the class runs it, which may fail or set state the tests cannot know)",
                method.key.short()
            ),
        ));
        false
    });
}

/// The configuration files classes of the sources read from the class path when they are
/// loaded (`configuration.rs`), and those the database helper of the tests supplies where the
/// class path lacks them: the resources a method analysed reads a database URL from
/// (`ConnectionSource::Configured`), when there is a schema to give the tests a database.
struct Configuration {
    /// Each class that loads configuration, with its resources.
    loading: HashMap<String, Vec<String>>,
    supplied: HashSet<String>,
}

impl Configuration {
    fn new(index: &Index, methods: &[Method], database: bool) -> Configuration {
        let loading = index
            .classes
            .iter()
            .map(|(name, class)| (name.clone(), configuration::configuration(class).resources().map(str::to_string).collect::<Vec<_>>()))
            .filter(|(_, resources)| !resources.is_empty())
            .collect();
        let supplied = methods
            .iter()
            .flat_map(|m| m.blocks.iter().flat_map(|b| &b.insts))
            .filter_map(|inst| match inst {
                crate::ir::Inst::Jdbc {
                    call: crate::ir::JdbcCall::OpenConnection(crate::ir::ConnectionSource::Configured { resource, .. }),
                    ..
                } if database => Some(resource.clone()),
                _ => None,
            })
            .collect();
        Configuration { loading, supplied }
    }

    /// A resource of `class` the tests do not supply.
    fn unsupplied(&self, class: &str) -> Option<&str> {
        self.loading.get(class)?.iter().find(|r| !self.supplied.contains(*r)).map(String::as_str)
    }

    /// Drop the methods of a class loading a configuration file the tests do not supply that do
    /// not use the database themselves: their tests would load the class, which then fails to
    /// read its file where the class path has none. (A method using the database opens the
    /// helper's database first, as the tests of its callers do.)
    fn drop_unsupplied(&self, methods: &mut Vec<Method>, diags: &mut Vec<Diagnostic>) {
        methods.retain(|method| {
            let uses_database = method.blocks.iter().flat_map(|b| &b.insts).any(|i| matches!(i, crate::ir::Inst::Jdbc { .. }));
            let Some(resource) = self.unsupplied(method.key.class.as_str()).filter(|_| !method.is_private && !uses_database)
            else {
                return true;
            };
            if !method.is_implicit {
                diags.push(Diagnostic::unsupported(
                    method.span.clone(),
                    format!(
                        "a method of '{}', which loads the configuration '{resource}' from the class path when it is \
                         loaded, a file the tests supply only when the code reads a database URL from it (only its \
                         methods that use the database are analysed)",
                        crate::ir::simple_name(method.key.class.as_str())
                    ),
                ));
            }
            false
        });
    }

    /// Mark the methods whose tests load, themselves or through the code they run, a class
    /// reading a configuration file the tests supply (`Method::configured`).
    fn spread(&self, methods: &mut [Method]) {
        for method in methods.iter_mut() {
            let configured = loaded_classes(method).any(|c| self.loading.contains_key(c) && self.unsupplied(c).is_none());
            method.configured = configured;
        }
        mark_callers(methods, |m| &mut m.configured);
    }
}

/// Methods that call a method which was skipped cannot be analysed either.
fn drop_callers_of_skipped_methods(methods: &mut Vec<Method>, library: &Library, diags: &mut Vec<Diagnostic>) {
    loop {
        let lowered: HashSet<MethodKey> = methods.iter().map(|m| m.key.clone()).collect();
        let before = methods.len();
        methods.retain(|method| {
            let skipped = |callee: &MethodKey| !lowered.contains(callee) && library.return_type(callee).is_none();
            let skipped_call = method.blocks.iter().flat_map(|b| &b.insts).find_map(|inst| match inst {
                crate::ir::Inst::Call { callee, span, .. } if skipped(callee) => Some((callee, span)),
                crate::ir::Inst::Dispatch { targets, span, .. } => {
                    targets.iter().find(|(_, callee)| skipped(callee)).map(|(_, callee)| (callee, span))
                }
                _ => None,
            });
            match skipped_call {
                Some((callee, span)) => {
                    let what = format!("call to '{}', which is not analysed", callee.short());
                    diags.push(Diagnostic::unsupported(span.clone(), what));
                    false
                }
                None => true,
            }
        });
        if methods.len() == before {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(files: &[(&str, &str)]) -> (Program, Vec<String>) {
        let files: Vec<(PathBuf, String)> =
            files.iter().map(|(p, s)| (PathBuf::from(p), s.to_string())).collect();
        let (program, diags) = lower_sources(&files, &Library::default(), None);
        (program, diags.iter().map(|d| d.to_string()).collect())
    }

    #[test]
    fn classes_of_other_files_resolve_by_package_and_import() {
        let (program, diags) = lower(&[
            (
                "a/Limits.java",
                "package a; public class Limits { static final int MAX = 7; static int cap(int x) { return x; } }",
            ),
            ("a/Same.java", "package a; class Same { static int f() { return Limits.cap(Limits.MAX); } }"),
            (
                "b/User.java",
                "package b; import a.Limits; class User { static int g() { return Limits.MAX + a.Limits.cap(1); } }",
            ),
            (
                "b/Err.java",
                "package b; class Err { static void h() { throw new Oops(); } } class Oops extends RuntimeException {}",
            ),
        ]);
        assert!(diags.is_empty(), "{diags:?}");
        let keys: Vec<String> = program.methods.iter().map(|m| m.key.to_string()).collect();
        assert_eq!(keys, ["a.Limits.cap(int)", "a.Same.f()", "b.Err.h()", "b.User.g()"]);
        let callees: Vec<String> =
            program.methods.iter().flat_map(|m| m.callees()).map(|k| k.to_string()).collect();
        assert_eq!(callees, ["a.Limits.cap(int)", "a.Limits.cap(int)"]);
        let thrown = &program.methods[2].blocks[0].term;
        assert!(matches!(thrown, crate::ir::Terminator::Throw { class, .. } if class == "b.Oops"));
        let classes: Vec<&str> = program.class_files.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(classes, ["a.Limits", "a.Same", "b.Err", "b.Oops", "b.User"]);
    }

    #[test]
    fn cyclic_constants_are_not_constants() {
        let (program, diags) = lower(&[(
            "C.java",
            "class C { static final int A = B + 1; static final int B = A + 1; static int f() { return A; } }",
        )]);
        assert!(program.methods.is_empty());
        assert_eq!(
            diags,
            ["C.java:1:91: error: unsupported: static final field 'A', whose value is not a constant (a test cannot set it)"]
        );
    }

    #[test]
    fn empty_and_binary_inputs_do_not_crash() {
        for source in ["", "\0\u{1}garbage{{{", "class", "class A { static int f( { } }"] {
            let _ = lower(&[("X.java", source)]);
        }
    }
}
