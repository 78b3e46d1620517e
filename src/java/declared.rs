//! Every method declared in the top-level classes and enums of the sources, analysed or not, with its
//! JVM descriptor: the report lists the ones hornet skipped, so that users (and coverage tools,
//! which see every method) know what got no tests and why.

use super::syntax::{children, operator, skip_parens, span_of, text};
use crate::ir::DeclaredMethod;
use std::collections::{BTreeMap, HashMap, HashSet};
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
            let mut branches = LineOutcomes::new();
            if let Some(body) = method.child_by_field_name("body") {
                branch_outcomes(body, source, &mut branches);
            }
            if is_constructor && !calls_this(method, source) {
                // javac copies the instance initialisers into each constructor that does not
                // start with `this(...)`.
                instance_initialisers(body, source).for_each(|n| branch_outcomes(n, source, &mut branches));
            }
            found.push(DeclaredMethod {
                class: fq_class.clone(),
                name: name.to_string(),
                descriptor: format!("({params}){}", resolve(ret)),
                is_private,
                branch_lines: branches.into_iter().collect(),
                span: span_of(path, method.child_by_field_name("name").unwrap_or(method)),
            });
        }
    }
    found
}

/// Whether constructor `method` starts by calling another constructor of its class.
fn calls_this(method: Node, source: &str) -> bool {
    let first = method.child_by_field_name("body").and_then(|b| children(b).first().copied());
    first.is_some_and(|s| {
        s.kind() == "explicit_constructor_invocation"
            && s.child_by_field_name("constructor").is_some_and(|c| text(c, source) == "this")
    })
}

/// The initialisers of a class body's instance fields and its instance initialiser blocks.
fn instance_initialisers<'t>(class_body: Node<'t>, source: &str) -> impl Iterator<Item = Node<'t>> {
    let is_static = |n: Node| children(n).iter().any(|c| c.kind() == "modifiers" && text(*c, source).split_whitespace().any(|w| w == "static"));
    children(class_body)
        .into_iter()
        .filter(move |n| match n.kind() {
            "field_declaration" => !is_static(*n),
            "block" => true,
            _ => false,
        })
        .collect::<Vec<_>>()
        .into_iter()
}

/// Branch outcomes per source line, as a coverage tool counts them.
type LineOutcomes = BTreeMap<u32, usize>;

/// The 1-based line `node` starts on.
fn line_of(node: Node) -> u32 {
    node.start_position().row as u32 + 1
}

/// Adds the branch outcomes of the bytecode javac makes of `node`, as a coverage tool counts
/// them (two per conditional jump, a switch's distinct targets), read from the syntax: what the
/// report counts for a method hornet did not lower. The lowering counts them exactly
/// (`ir::Method::branch_outcomes`); this follows the same rules: each operand of `&&`, `||`
/// and each comparison or boolean value tested is one jump, `!` none, a comparison used as a
/// value one; constant `true`/`false` conditions none. Lambdas and classes declared inside
/// are methods of their own.
fn branch_outcomes(node: Node, source: &str, lines: &mut LineOutcomes) {
    let condition = node.child_by_field_name("condition");
    let mut add = |line: u32, n: usize| {
        if n > 0 {
            *lines.entry(line).or_default() += n;
        }
    };
    match node.kind() {
        "lambda_expression" | "class_body" | "class_declaration" | "interface_declaration" | "enum_declaration"
        | "record_declaration" => {}
        "if_statement" | "while_statement" | "do_statement" | "for_statement" | "ternary_expression" => {
            if let Some(c) = condition {
                tested(c, source, lines);
            }
            for child in children(node).into_iter().filter(|c| Some(*c) != condition) {
                branch_outcomes(child, source, lines);
            }
        }
        // `i < length` or `hasNext()`.
        "enhanced_for_statement" => {
            add(line_of(node), 2);
            children(node).into_iter().for_each(|c| branch_outcomes(c, source, lines));
        }
        "binary_expression" if is_condition(node, source) => tested(node, source, lines),
        "unary_expression" if operator(node, source) == "!" => tested(node, source, lines),
        "switch_expression" | "switch_statement" => {
            add(line_of(node), switch_targets(node));
            children(node).into_iter().for_each(|c| branch_outcomes(c, source, lines));
        }
        "try_with_resources_statement" => {
            add(line_of(node), super::lower::resources::null_check_outcomes(node));
            children(node).into_iter().for_each(|c| branch_outcomes(c, source, lines));
        }
        _ => children(node).into_iter().for_each(|c| branch_outcomes(c, source, lines)),
    }
}

/// `&&`, `||` or a comparison: compiled to jumps even where its value is used.
fn is_condition(node: Node, source: &str) -> bool {
    matches!(operator(node, source), "&&" | "||" | "<" | "<=" | ">" | ">=" | "==" | "!=")
}

/// Adds the branch outcomes of `node` where javac tests it (a condition).
fn tested(node: Node, source: &str, lines: &mut LineOutcomes) {
    let node = skip_parens(node);
    let field = |name| node.child_by_field_name(name);
    match node.kind() {
        "true" | "false" => {}
        "binary_expression" if matches!(operator(node, source), "&&" | "||") => {
            ["left", "right"].into_iter().filter_map(field).for_each(|n| tested(n, source, lines))
        }
        "unary_expression" if operator(node, source) == "!" => {
            field("operand").into_iter().for_each(|n| tested(n, source, lines))
        }
        "ternary_expression" => {
            ["condition", "consequence", "alternative"].into_iter().filter_map(field).for_each(|n| tested(n, source, lines))
        }
        "binary_expression" => {
            *lines.entry(line_of(node)).or_default() += 2;
            ["left", "right"].into_iter().filter_map(field).for_each(|n| branch_outcomes(n, source, lines))
        }
        _ => {
            *lines.entry(line_of(node)).or_default() += 2;
            children(node).into_iter().for_each(|n| branch_outcomes(n, source, lines))
        }
    }
}

/// The distinct targets of a switch's `tableswitch` or `lookupswitch` (none when it has one):
/// each group or rule with statements, a group without them going where the next one goes,
/// and the default (the switch's end when there is none).
fn switch_targets(node: Node) -> usize {
    let Some(block) = node.child_by_field_name("body") else { return 0 };
    let arms = children(block);
    let rules = arms.iter().any(|a| a.kind() == "switch_rule");
    let own = |arm: &Node| rules || children(*arm).iter().any(|c| c.kind() != "switch_label");
    let is_default = |arm: &Node| children(*arm).iter().any(|c| c.kind() == "switch_label" && children(*c).is_empty());
    // Each arm's target, `arms.len()` standing for the switch's end.
    let end = arms.len();
    let mut target: Vec<usize> = (0..end).collect();
    for i in (0..end).rev() {
        if !own(&arms[i]) {
            target[i] = target.get(i + 1).copied().unwrap_or(end);
        }
    }
    let default = arms.iter().position(is_default).map_or(end, |i| target[i]);
    let distinct: HashSet<usize> = target.into_iter().chain([default]).collect();
    if distinct.len() <= 1 { 0 } else { distinct.len() }
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
