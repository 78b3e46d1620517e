//! The ways out of a try-with-resources that leave branches in the bytecode a coverage tool
//! counts. javac closes the resources again at each `return`, `break` or `continue` that leaves
//! the body, each close behind its own `if (r != null)` on the line of the body's closing brace.
//! JaCoCo (0.8, javac 11 and later) filters the close that comes last in the code (the one of
//! the normal completion if the body can complete normally, else that of the last exit in the
//! source) and the exception handler's; the other exits' null checks stay branches, whose null
//! outcome no test can take. Measured on javac 17 and JaCoCo 0.8.6 (the e2e test checks it).

use crate::java::syntax::children;
use tree_sitter::Node;

/// The start byte of the exit statement of `body` whose close a coverage tool filters, or `None`
/// when that is the normal completion (or there is no exit).
pub(super) fn filtered_exit(body: Node) -> Option<usize> {
    if completes_normally(body) {
        return None;
    }
    let mut exits = Vec::new();
    collect_exits(body, false, false, &mut exits);
    exits.into_iter().max()
}

/// The branch outcomes a coverage tool counts in try-with-resources `statement`'s null checks
/// of its resources: one check per resource at each way out of its body but the filtered one
/// (`filtered_exit`), for a method the front end did not lower (`declared.rs`).
pub(in crate::java) fn null_check_outcomes(statement: Node) -> usize {
    let Some(body) = statement.child_by_field_name("body") else { return 0 };
    let resources = statement
        .child_by_field_name("resources")
        .map_or(0, |r| children(r).into_iter().filter(|c| c.kind() == "resource").count());
    let mut exits = Vec::new();
    collect_exits(body, false, false, &mut exits);
    let ways_out = exits.len() + usize::from(completes_normally(body));
    2 * resources * ways_out.saturating_sub(1)
}

/// The `return`, `break` and `continue` statements under `node` that leave it (a `break` inside
/// a loop or switch of its own, or a `continue` inside a loop of its own, does not), except
/// those of lambdas and classes declared there.
fn collect_exits(node: Node, in_loop: bool, in_switch: bool, exits: &mut Vec<usize>) {
    for child in children(node) {
        match child.kind() {
            "lambda_expression" | "class_body" => {}
            "return_statement" => exits.push(child.start_byte()),
            "break_statement" if !in_loop && !in_switch => exits.push(child.start_byte()),
            "continue_statement" if !in_loop => exits.push(child.start_byte()),
            "for_statement" | "enhanced_for_statement" | "while_statement" | "do_statement" => {
                collect_exits(child, true, in_switch, exits)
            }
            "switch_expression" => collect_exits(child, in_loop, true, exits),
            _ => collect_exits(child, in_loop, in_switch, exits),
        }
    }
}

/// Whether a statement can complete normally (JLS 14.22, for the statements that decide it in
/// practice; the others are taken to complete).
fn completes_normally(statement: Node) -> bool {
    match statement.kind() {
        "return_statement" | "throw_statement" | "break_statement" | "continue_statement" | "yield_statement" => false,
        "block" => children(statement).into_iter().all(completes_normally),
        "if_statement" => match (statement.child_by_field_name("consequence"), statement.child_by_field_name("alternative")) {
            (Some(yes), Some(no)) => completes_normally(yes) || completes_normally(no),
            _ => true,
        },
        "while_statement" | "do_statement" | "for_statement" => {
            let forever = match statement.child_by_field_name("condition") {
                None => statement.kind() == "for_statement",
                Some(condition) => is_true_literal(condition),
            };
            !forever || breaks_out(statement)
        }
        "try_statement" | "try_with_resources_statement" => {
            let finally = children(statement).into_iter().find(|c| c.kind() == "finally_clause");
            if finally.and_then(|f| children(f).into_iter().next()).is_some_and(|block| !completes_normally(block)) {
                return false;
            }
            let body = statement.child_by_field_name("body").is_none_or(completes_normally);
            let catches = children(statement)
                .into_iter()
                .filter(|c| c.kind() == "catch_clause")
                .any(|c| c.child_by_field_name("body").is_none_or(completes_normally));
            body || catches
        }
        "labeled_statement" | "synchronized_statement" => {
            children(statement).into_iter().last().is_none_or(completes_normally)
        }
        _ => true,
    }
}

fn is_true_literal(condition: Node) -> bool {
    match condition.kind() {
        "true" => true,
        "parenthesized_expression" => children(condition).first().is_some_and(|c| is_true_literal(*c)),
        _ => false,
    }
}

/// Whether a `break` under the loop leaves it (one not inside a loop or switch of its own).
fn breaks_out(loop_statement: Node) -> bool {
    let Some(body) = loop_statement.child_by_field_name("body") else { return false };
    let mut exits = Vec::new();
    collect_breaks(body, &mut exits);
    !exits.is_empty()
}

fn collect_breaks(node: Node, breaks: &mut Vec<usize>) {
    if node.kind() == "break_statement" {
        breaks.push(node.start_byte());
    }
    for child in children(node) {
        match child.kind() {
            "lambda_expression" | "class_body" | "for_statement" | "enhanced_for_statement" | "while_statement"
            | "do_statement" | "switch_expression" => {}
            _ => collect_breaks(child, breaks),
        }
    }
}
