//! Every method declared in the top-level classes and enums of the sources, analysed or not, with its
//! JVM descriptor: the report lists the ones hornet skipped, so that users (and coverage tools,
//! which see every method) know what got no tests and why.

use super::syntax::{children, span_of, text};
use crate::ir::DeclaredMethod;
use std::collections::{HashMap, HashSet};
use tree_sitter::Node;

/// The methods of the class declarations in `root` (a file of `package`, with `imports`);
/// `classes` are the fully qualified names of every class in the sources.
pub(crate) fn declared_methods(
    path: &std::path::Path,
    source: &str,
    root: Node,
    package: &str,
    imports: &HashMap<String, String>,
    classes: &HashSet<String>,
) -> Vec<DeclaredMethod> {
    let qualify = |simple: &str| {
        if package.is_empty() { simple.to_string() } else { format!("{package}.{simple}") }
    };
    let mut found = Vec::new();
    for class in children(root).into_iter().filter(|n| matches!(n.kind(), "class_declaration" | "enum_declaration")) {
        let Some(class_name) = class.child_by_field_name("name") else { continue };
        let fq_class = qualify(text(class_name, source));
        let Some(body) = class.child_by_field_name("body") else { continue };
        let is_enum = class.kind() == "enum_declaration";
        // An enum's methods follow its constants; its constructor takes the constant's name and
        // ordinal first in the bytecode, and coverage tools do not list it.
        let members = match is_enum {
            true => children(body).into_iter().filter(|n| n.kind() == "enum_body_declarations").flat_map(children).collect(),
            false => children(body),
        };
        let wanted = |n: &Node| n.kind() == "method_declaration" || (!is_enum && n.kind() == "constructor_declaration");
        for method in members.into_iter().filter(wanted) {
            let Some(name) = method.child_by_field_name("name") else { continue };
            let is_constructor = method.kind() == "constructor_declaration";
            let resolve = |t: &str| type_descriptor(t, package, imports, classes);
            let params: String = method
                .child_by_field_name("parameters")
                .map(|ps| {
                    children(ps)
                        .into_iter()
                        .filter(|p| matches!(p.kind(), "formal_parameter" | "spread_parameter"))
                        .map(|p| {
                            let ty = p
                                .child_by_field_name("type")
                                .or_else(|| children(p).into_iter().find(|c| c.kind().ends_with("type")))
                                .map(|t| text(t, source))
                                .unwrap_or("java.lang.Object");
                            let dims = p.child_by_field_name("dimensions").map(|d| text(d, source).matches('[').count());
                            let spread = usize::from(p.kind() == "spread_parameter");
                            "[".repeat(dims.unwrap_or(0) + spread) + &resolve(ty)
                        })
                        .collect()
                })
                .unwrap_or_default();
            let ret = method.child_by_field_name("type").map(|t| text(t, source)).unwrap_or("void");
            let name = if is_constructor { crate::ir::CONSTRUCTOR } else { text(name, source) };
            let modifiers = children(method).into_iter().find(|c| c.kind() == "modifiers");
            let is_private = modifiers.is_some_and(|m| text(m, source).split_whitespace().any(|w| w == "private"));
            found.push(DeclaredMethod {
                class: fq_class.clone(),
                name: name.to_string(),
                descriptor: format!("({params}){}", resolve(ret)),
                is_private,
                span: span_of(path, method.child_by_field_name("name").unwrap_or(method)),
            });
        }
    }
    found
}

/// The fully qualified names of the top-level classes, interfaces and enums declared in `root`
/// (a file of `package`).
pub(crate) fn declared_types(source: &str, root: Node, package: &str) -> Vec<String> {
    children(root)
        .into_iter()
        .filter(|n| matches!(n.kind(), "class_declaration" | "interface_declaration" | "enum_declaration"))
        .filter_map(|n| n.child_by_field_name("name"))
        .map(|name| match package {
            "" => text(name, source).to_string(),
            _ => format!("{package}.{}", text(name, source)),
        })
        .collect()
}

/// The descriptor of a Java type as written: primitives, arrays, generic classes (erased).
fn type_descriptor(written: &str, package: &str, imports: &HashMap<String, String>, classes: &HashSet<String>) -> String {
    let written = written.trim();
    if let Some(element) = written.strip_suffix("[]") {
        return format!("[{}", type_descriptor(element, package, imports, classes));
    }
    let erased = written.split('<').next().unwrap_or(written).trim();
    match erased {
        "int" => "I".into(),
        "long" => "J".into(),
        "boolean" => "Z".into(),
        "byte" => "B".into(),
        "char" => "C".into(),
        "short" => "S".into(),
        "float" => "F".into(),
        "double" => "D".into(),
        "void" => "V".into(),
        name => {
            let in_package = if package.is_empty() { name.to_string() } else { format!("{package}.{name}") };
            let fq = if name.contains('.') {
                name.to_string()
            } else if let Some(imported) = imports.get(name) {
                imported.clone()
            } else if classes.contains(&in_package) {
                in_package
            } else {
                format!("java.lang.{name}")
            };
            format!("L{};", fq.replace('.', "/"))
        }
    }
}
