//! Set-up a class does once when it is loaded, read from its syntax: loading a JDBC driver
//! (`Class.forName`) and loading a `static final Properties` field from a resource of the
//! class path (`X.class.getClassLoader().getResourceAsStream("app.properties")`), directly in
//! a static initialiser or in static methods without parameters that it calls. Such an
//! initialiser changes nothing a test can see but that field, whose values are configuration
//! the test cannot choose: they are supported only where they name the database
//! (`DriverManager.getConnection(props.getProperty("db.url"), ...)`, `lower/jdbc.rs`).

use super::index::ClassInfo;
use super::lower::string_literal_value;
use super::syntax::{children, skip_parens, text};
use crate::ir::{MethodKind, package_of};
use tree_sitter::Node;

/// How deep set-up methods may call set-up methods.
const MAX_SET_UP_DEPTH: u32 = 3;

/// Whether every statement of a static initialiser is set-up (a driver loaded, a Properties
/// field loaded from the class path), which runs once and changes no state a test sees except
/// the configuration a test cannot choose.
pub(crate) fn is_set_up_initialiser(class: &ClassInfo, initialiser: Node) -> bool {
    let Some(block) = children(initialiser).into_iter().find(|c| c.kind() == "block") else { return false };
    let statements = children(block);
    !statements.is_empty() && statements.iter().all(|s| set_up(class, *s, 0, &mut Vec::new()))
}

/// The class-path resource a `static final Properties` field of `class` is loaded from by the
/// class's static initialiser, if that initialiser is set-up.
pub(crate) fn loaded_properties(class: &ClassInfo, field: &str) -> Option<String> {
    if !is_properties_field(class, field) {
        return None;
    }
    loaded_configuration(class).into_iter().find(|(f, _)| f == field).map(|(_, resource)| resource)
}

/// The `static final Properties` fields of `class` its set-up static initialisers load from
/// the class path, with their resources.
pub(crate) fn loaded_configuration(class: &ClassInfo) -> Vec<(String, String)> {
    let Some(body) = class.node.child_by_field_name("body") else { return Vec::new() };
    let mut configuration = Vec::new();
    for initialiser in children(body).into_iter().filter(|m| m.kind() == "static_initializer") {
        let Some(block) = children(initialiser).into_iter().find(|c| c.kind() == "block") else { continue };
        let mut loaded = Vec::new();
        if children(block).iter().all(|s| set_up(class, *s, 0, &mut loaded)) {
            configuration.extend(loaded);
        }
    }
    configuration
}

/// Whether `field` is a `static final Properties` of `class` made by `new Properties()`.
fn is_properties_field(class: &ClassInfo, field: &str) -> bool {
    let source = class.file.source;
    class.fields.get(field).is_some_and(|f| {
        f.is_static_final
            && f.type_node.is_some_and(|t| matches!(text(t, source), "Properties" | "java.util.Properties"))
            && f.initialiser.is_some_and(|i| {
                i.kind() == "object_creation_expression"
                    && i.child_by_field_name("arguments").is_some_and(|a| children(a).is_empty())
            })
    })
}

/// Whether a statement is set-up; the Properties fields it loads are added to `loaded` with
/// their resources.
fn set_up(class: &ClassInfo, statement: Node, depth: u32, loaded: &mut Vec<(String, String)>) -> bool {
    let source = class.file.source;
    match statement.kind() {
        "expression_statement" => {
            let Some(call) = children(statement).first().copied().filter(|c| c.kind() == "method_invocation") else {
                return false;
            };
            let name = call.child_by_field_name("name").map_or("", |n| text(n, source));
            let arguments = call.child_by_field_name("arguments").map(children).unwrap_or_default();
            let object = call.child_by_field_name("object").map(|o| text(o, source));
            match (object, name, arguments.as_slice()) {
                (Some("Class" | "java.lang.Class"), "forName", [class_name]) => is_constant_text(class, *class_name),
                (Some(field), "load", [stream]) if is_properties_field(class, field) => match resource_stream(class, *stream) {
                    Some(resource) => {
                        loaded.push((field.to_string(), resource));
                        true
                    }
                    None => false,
                },
                (None, _, []) => set_up_method(class, name, depth, loaded),
                (Some(owner), _, []) if owner == crate::ir::simple_name(&class.fq_name) => set_up_method(class, name, depth, loaded),
                _ => false,
            }
        }
        "try_statement" => {
            let Some(body) = statement.child_by_field_name("body") else { return false };
            only_rethrowing_catches(statement) && children(body).iter().all(|s| set_up(class, *s, depth, loaded))
        }
        // `try (var in = X.class.getClassLoader().getResourceAsStream("a")) { P.load(in); }`
        "try_with_resources_statement" => {
            let (Some(body), Some(specification)) = (statement.child_by_field_name("body"), statement.child_by_field_name("resources")) else {
                return false;
            };
            let [resource] = children(specification)[..] else { return false };
            let (Some(name), Some(value)) = (resource.child_by_field_name("name"), resource.child_by_field_name("value")) else {
                return false;
            };
            let Some(resource_name) = resource_stream(class, value) else { return false };
            let [load] = children(body)[..] else { return false };
            let call = children(load).first().copied().filter(|c| load.kind() == "expression_statement" && c.kind() == "method_invocation");
            let Some(call) = call else { return false };
            let field = call.child_by_field_name("object").map(|o| text(o, source)).unwrap_or("");
            let loads_stream = call.child_by_field_name("name").is_some_and(|n| text(n, source) == "load")
                && call.child_by_field_name("arguments").map(children).is_some_and(|a| {
                    matches!(a[..], [argument] if text(argument, source) == text(name, source))
                });
            if !(loads_stream && is_properties_field(class, field) && only_rethrowing_catches(statement)) {
                return false;
            }
            loaded.push((field.to_string(), resource_name));
            true
        }
        _ => false,
    }
}

/// A static method of the class without parameters whose statements are all set-up.
fn set_up_method(class: &ClassInfo, name: &str, depth: u32, loaded: &mut Vec<(String, String)>) -> bool {
    if depth >= MAX_SET_UP_DEPTH {
        return false;
    }
    let method = class.methods.iter().find(|m| m.name == name && m.kind == MethodKind::Static && m.params.is_empty());
    let Some(body) = method.and_then(|m| m.body) else { return false };
    let statements = children(body);
    !statements.is_empty() && statements.iter().all(|s| set_up(class, *s, depth + 1, loaded))
}

/// Whether every catch clause of a try statement only throws (`throw new RuntimeException(e)`),
/// so a failure stops the class from loading rather than leaving a state half set up; a
/// `finally` block is not set-up.
fn only_rethrowing_catches(statement: Node) -> bool {
    children(statement).into_iter().all(|child| match child.kind() {
        "catch_clause" => child.child_by_field_name("body").is_some_and(|body| {
            let statements = children(body);
            !statements.is_empty() && statements.iter().all(|s| s.kind() == "throw_statement")
        }),
        "finally_clause" => false,
        _ => true,
    })
}

/// The class-path resource a stream expression opens: `X.class.getClassLoader()
/// .getResourceAsStream("a.properties")`, `Thread.currentThread().getContextClassLoader()
/// .getResourceAsStream(...)`, `ClassLoader.getSystemResourceAsStream(...)`, or
/// `X.class.getResourceAsStream("/a.properties")` (a name without `/` is relative to the
/// class's package).
fn resource_stream(class: &ClassInfo, stream: Node) -> Option<String> {
    let source = class.file.source;
    let stream = skip_parens(stream);
    if stream.kind() != "method_invocation" {
        return None;
    }
    let name = text(stream.child_by_field_name("name")?, source);
    let [argument] = children(stream.child_by_field_name("arguments")?)[..] else { return None };
    let resource = (argument.kind() == "string_literal").then(|| string_literal_value(text(argument, source))).flatten()?;
    let object = stream.child_by_field_name("object").map(|o| text(o, source).split_whitespace().collect::<String>());
    let own_class = crate::ir::simple_name(&class.fq_name);
    match (object.as_deref(), name) {
        (Some("ClassLoader"), "getSystemResourceAsStream") => Some(resource),
        (Some("Thread.currentThread().getContextClassLoader()"), "getResourceAsStream") => Some(resource),
        (Some(object), "getResourceAsStream") if object == format!("{own_class}.class.getClassLoader()") => Some(resource),
        (Some(object), "getResourceAsStream") if object == format!("{own_class}.class") => match resource.strip_prefix('/') {
            Some(absolute) => Some(absolute.to_string()),
            None => {
                let package = package_of(&class.fq_name).replace('.', "/");
                Some(if package.is_empty() { resource } else { format!("{package}/{resource}") })
            }
        },
        _ => None,
    }
}

/// A string literal, or a `static final` String field of the class initialised by one.
fn is_constant_text(class: &ClassInfo, node: Node) -> bool {
    let node = skip_parens(node);
    match node.kind() {
        "string_literal" => true,
        "identifier" => class.fields.get(text(node, class.file.source)).is_some_and(|f| {
            f.is_static_final && f.initialiser.is_some_and(|i| i.kind() == "string_literal")
        }),
        _ => false,
    }
}
