//! `for` loops whose trip count the source fixes (`for (int i = 1; i <= 4; i++)`): how many
//! times they run, read from the syntax. Such a loop's iterations are not the user's input, so k
//! does not bound a short one with a straight body (as it does not bound a loop over an enum's
//! constants, `foreach.rs`); a longer one, or one whose body branches or calls methods of the
//! sources (whose paths would multiply per iteration), stays bounded by k with its trip count
//! in `ir::Loop`: a path cut there is reported, with the `--k` that would keep it.

use super::{MethodLowering, assigned_names};
use crate::ir::{BlockId, Inst, LoopId, Terminator};
use crate::java::syntax::{children, field_children, operator, skip_parens, text};
use tree_sitter::Node;

/// The most iterations of a loop with a fixed trip count that k does not bound.
pub(super) const UNBOUNDED_TRIPS: u32 = 64;

impl<'t> MethodLowering<'_, 't> {
    /// How many times the `for` statement `node` runs its body when the source fixes it: one
    /// `int` or `long` counter declared with a constant, compared with a constant, stepped by a
    /// constant, and not assigned in the body. `None` otherwise, or when it would not end
    /// within the counter's type.
    pub(super) fn trip_count(&self, node: Node<'t>) -> Option<u32> {
        let source = self.class.file.source;
        let (inits, updates) = (field_children(node, "init"), field_children(node, "update"));
        let ([init], [update], Some(condition), Some(body)) =
            (inits.as_slice(), updates.as_slice(), node.child_by_field_name("condition"), node.child_by_field_name("body"))
        else {
            return None;
        };
        if init.kind() != "local_variable_declaration" {
            return None;
        }
        let max = match init.child_by_field_name("type").map(|t| text(t, source)) {
            Some("int") => i128::from(i32::MAX),
            Some("long") => i128::from(i64::MAX),
            _ => return None,
        };
        let declarators: Vec<Node> = children(*init).into_iter().filter(|c| c.kind() == "variable_declarator").collect();
        let [declarator] = declarators.as_slice() else { return None };
        let counter = text(declarator.child_by_field_name("name")?, source);
        let start = i128::from(self.constant(declarator.child_by_field_name("value")?)?.value);
        let is_counter = |n: Node| {
            let n = skip_parens(n);
            n.kind() == "identifier" && text(n, source) == counter
        };
        // The step: ++, --, += c or -= c on the counter.
        let step = match update.kind() {
            "update_expression" => {
                let [operand] = children(*update)[..] else { return None };
                if !is_counter(operand) {
                    return None;
                }
                match operator(*update, source) {
                    "++" => 1,
                    "--" => -1,
                    _ => return None,
                }
            }
            "assignment_expression" => {
                let (left, right) = (update.child_by_field_name("left")?, update.child_by_field_name("right")?);
                let by = i128::from(self.constant(right)?.value);
                match (is_counter(left), operator(*update, source)) {
                    (true, "+=") => by,
                    (true, "-=") => -by,
                    _ => return None,
                }
            }
            _ => return None,
        };
        if step == 0 || assigned_names(body, source).contains(counter) {
            return None;
        }
        let condition = skip_parens(condition);
        if condition.kind() != "binary_expression" {
            return None;
        }
        let (left, right) = (condition.child_by_field_name("left")?, condition.child_by_field_name("right")?);
        let op = operator(condition, source);
        // `counter OP bound`, with `bound OP counter` turned around.
        let (op, bound) = match (is_counter(left), is_counter(right)) {
            (true, false) => (op, right),
            (false, true) => match op {
                "<" => (">", left),
                "<=" => (">=", left),
                ">" => ("<", left),
                ">=" => ("<=", left),
                "!=" => ("!=", left),
                _ => return None,
            },
            _ => return None,
        };
        let bound = i128::from(self.constant(bound)?.value);
        // Counting down is counting up on the negated counter.
        let (start, bound, step, op) = match step > 0 {
            true => (start, bound, step, op),
            false => (
                -start,
                -bound,
                -step,
                match op {
                    ">" => "<",
                    ">=" => "<=",
                    "<" => ">",
                    "<=" => ">=",
                    other => other,
                },
            ),
        };
        let trips = match op {
            "<" if start < bound => (bound - start + step - 1) / step,
            "<=" if start <= bound => (bound - start) / step + 1,
            "<" | "<=" => 0,
            "!=" if start <= bound && (bound - start) % step == 0 => (bound - start) / step,
            // Holds at once and for ever (until the counter wraps), or never.
            ">" | ">=" if (op == ">" && start > bound) || (op == ">=" && start >= bound) => return None,
            ">" | ">=" => 0,
            _ => return None,
        };
        // The counter's last value must not wrap (`i <= Integer.MAX_VALUE` never ends).
        if start.abs().max(bound.abs()) + step > max {
            return None;
        }
        u32::try_from(trips).ok()
    }

    /// Whether the blocks of a loop body (`first`, and those from `from` to the last made) go
    /// straight through: no branch, no call of a method of the sources and no JDBC call, so
    /// that each iteration adds no path but those of its exceptions. A JDBC call is left to k:
    /// `for (i = 1; i <= 4; i++) ps.setString(i, like)` run to the end makes the query's search
    /// far larger (four LIKEs on unknown text), which a user should choose with --k.
    pub(super) fn straight_body(&self, first: BlockId, from: usize) -> bool {
        let body = std::iter::once(first.0 as usize).chain(from..self.blocks.len());
        body.filter_map(|b| self.blocks.get(b)).all(|block| {
            !matches!(block.term, Some(Terminator::Branch { .. }))
                && !block.insts.iter().any(|i| matches!(i, Inst::Call { .. } | Inst::Dispatch { .. } | Inst::Jdbc { .. }))
        })
    }

    /// Runs loop `id` without a bound: no `LoopEnter` and `LoopIter` of it remain, and it is
    /// not one of the method's loops.
    pub(super) fn unbound(&mut self, id: LoopId) {
        for block in &mut self.blocks {
            block.insts.retain(|i| !matches!(i, Inst::LoopEnter(l) | Inst::LoopIter(l) if *l == id));
        }
    }
}
