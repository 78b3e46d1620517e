//! `switch` statements and expressions, in both forms (`case A, B:` groups with fall-through,
//! and `case A, B ->` rules), on an `int` (labels: int constants and char literals) or a
//! `String` (labels: string literals; a null selector throws NullPointerException, as javac's
//! call of `hashCode()` does).
//!
//! A switch is lowered to a chain of tests, one per case label in source order (`==` on ints,
//! `String.equals` on Strings), the last one's false outcome going to the default target. The
//! bytecode has one `tableswitch` or `lookupswitch` instead (for a String, JaCoCo ignores javac's
//! switch on `hashCode()` and counts the second one), whose outcomes are its distinct targets:
//! the tests carry an `ir::SwitchArm` saying which target each outcome reaches, so that the
//! report counts what JaCoCo counts. Labels that go where the default goes need no test.

use super::{Lowered, LoopTargets, MethodLowering, Typed, string_literal_value};
use crate::ir::{BlockId, BranchPoint, CmpOp, Cond, Inst, LocalId, MethodKey, Operand, SwitchArm, Ty};
use crate::java::library::STRING;
use crate::java::syntax::children;
use std::collections::HashMap;
use tree_sitter::Node;

/// One `case ...:` group or `case ... ->` rule.
struct Arm<'t> {
    /// The expressions of its case labels.
    labels: Vec<Node<'t>>,
    is_default: bool,
    /// A group's statements, or a rule's one body (an expression statement, a block or a throw).
    body: Vec<Node<'t>>,
}

/// Where the `yield`s of a switch expression go.
pub(super) struct YieldTarget {
    /// The local holding the value, created by the first `yield` lowered (whose type it has).
    result: Option<(LocalId, Ty)>,
    exit: BlockId,
    /// How many finalizers were active outside the switch expression.
    finalizers: usize,
}

impl<'t> MethodLowering<'_, 't> {
    pub(super) fn switch_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        self.switch(node, false).map(|_| ())
    }

    /// A switch expression: its value is what the `yield` (or the rule's expression) that ends
    /// the chosen arm gives.
    pub(super) fn switch_value(&mut self, node: Node<'t>) -> Lowered<Typed> {
        self.control_depth += 1;
        let value = self.switch(node, true);
        self.control_depth -= 1;
        match value? {
            Some(value) => Ok(value),
            None => self.unsupported(node, "switch expression all of whose arms throw"),
        }
    }

    pub(super) fn yield_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let Some(expression) = children(node).first().copied() else {
            return self.error(node, "syntax error: yield without a value");
        };
        self.yield_value(expression)
    }

    fn yield_value(&mut self, expression: Node<'t>) -> Lowered<()> {
        let Some((exit, finalizers)) = self.yield_targets.last().map(|t| (t.exit, t.finalizers)) else {
            return self.error(expression, "'yield' outside of a switch expression");
        };
        let value = self.value(expression)?;
        // Lowering the value pushed and popped the targets of any switch expression inside it.
        let result = self.yield_targets.last().and_then(|t| t.result);
        let (result, ty) = match result {
            Some(result) => result,
            None => {
                if matches!(value.ty, Ty::Boolean | Ty::Null) {
                    return self.unsupported(
                        expression,
                        format!("switch expression of type {} (hornet models int, long, String and object results)", value.ty),
                    );
                }
                let result = self.new_local(format!("switch${}", self.locals.len()), value.ty);
                if let Some(target) = self.yield_targets.last_mut() {
                    target.result = Some((result, value.ty));
                }
                (result, value.ty)
            }
        };
        if value.ty != ty && !(value.ty == Ty::Null && ty.is_reference()) {
            return self.unsupported(
                expression,
                format!("switch expression whose arms give values of types {ty} and {} (give them one type)", value.ty),
            );
        }
        let operand = self.coerce(value, ty, expression)?;
        self.assign(result, crate::ir::Rvalue::Use(operand));
        self.run_finalizers(finalizers)?;
        self.goto(exit);
        Ok(())
    }

    /// Lowers a switch; for a switch expression, returns its value.
    fn switch(&mut self, node: Node<'t>, is_expression: bool) -> Lowered<Option<Typed>> {
        let (Some(condition), Some(block)) = (node.child_by_field_name("condition"), node.child_by_field_name("body"))
        else {
            return self.error(node, "syntax error: incomplete switch");
        };
        let (arms, rules) = self.switch_arms(block)?;
        let mut selector = self.value(condition)?;
        if !matches!(selector.ty, Ty::Int | Ty::String | Ty::Enum(_)) {
            return self.unsupported(
                condition,
                format!("switch on a {} (hornet models switches on int, String and enums of the sources)", selector.ty),
            );
        }
        // The value of each label, checked before anything is emitted.
        let mut labels = Vec::new();
        for (i, arm) in arms.iter().enumerate() {
            for label in &arm.labels {
                labels.push((i, *label, self.label_value(*label, selector.ty)?));
            }
        }
        let exit = self.new_block();
        // A group with no statements starts where the next one does, or where the switch ends.
        let mut blocks = vec![exit; arms.len()];
        for i in 0..arms.len() {
            if rules || !arms[i].body.is_empty() {
                blocks[i] = self.new_block();
            }
        }
        for i in (0..arms.len()).rev() {
            if !rules && arms[i].body.is_empty() {
                blocks[i] = blocks.get(i + 1).copied().unwrap_or(exit);
            }
        }
        let default = match arms.iter().position(|a| a.is_default) {
            Some(i) => blocks[i],
            None if is_expression && matches!(selector.ty, Ty::Enum(_)) => {
                return self.unsupported(node, "switch expression on an enum without 'default'");
            }
            None if is_expression => {
                return self.error(node, "the switch expression does not cover all possible input values");
            }
            None => exit,
        };
        let mut targets: HashMap<BlockId, u32> = HashMap::new();
        for block in blocks.iter().chain([&default]) {
            let next = targets.len() as u32;
            targets.entry(*block).or_insert(next);
        }
        if selector.ty == Ty::String {
            // javac's switch on a String calls its `hashCode()` first; `length()` throws the
            // same NullPointerException for null and has no other effect.
            let callee = MethodKey { class: STRING.into(), name: "length".into(), params: vec![Ty::String] };
            let span = self.span(condition);
            self.emit(Inst::Call { dst: None, callee, args: vec![selector.operand], span });
        }
        if let Ty::Enum(e) = selector.ty {
            // The labels are the constants' positions.
            selector = self.switch_ordinal(selector, e, condition);
        }
        let tests: Vec<_> = labels.into_iter().filter(|(arm, ..)| blocks[*arm] != default).collect();
        let switch = self.switch_count;
        self.switch_count += 1;
        let span = self.span(node);
        let target_count = targets.len() as u32;
        for (k, (arm, label, value)) in tests.iter().enumerate() {
            let is_last = k + 1 == tests.len();
            let else_block = if is_last { default } else { self.new_block() };
            let cond = match *value {
                Operand::Str(_) => {
                    let equal = self.new_temp(Ty::Boolean);
                    let callee = MethodKey { class: STRING.into(), name: "equals".into(), params: vec![Ty::String, Ty::String] };
                    let span = self.span(*label);
                    self.emit(Inst::Call { dst: Some(equal), callee, args: vec![selector.operand, *value], span });
                    Cond { op: CmpOp::Ne, lhs: Operand::Local(equal), rhs: Operand::Const(0, Ty::Boolean) }
                }
                value => Cond { op: CmpOp::Eq, lhs: selector.operand, rhs: value },
            };
            let target = blocks[*arm];
            let arm = SwitchArm {
                switch,
                targets: target_count,
                on_true: targets[&target],
                on_false: is_last.then(|| targets[&default]),
            };
            let point = BranchPoint { span: span.clone(), arm: Some(arm) };
            self.branch_point(cond, *label, point, target, else_block);
            if !is_last {
                self.switch_to(else_block);
            }
        }
        if tests.is_empty() {
            self.goto(default);
        }

        if is_expression {
            self.yield_targets.push(YieldTarget { result: None, exit, finalizers: self.finalizers.len() });
        } else {
            self.loop_targets.push(LoopTargets { break_to: exit, continue_to: None, finalizers: self.finalizers.len() });
        }
        let lowered = self.switch_bodies(&arms, &blocks, exit, rules, is_expression);
        let result = if is_expression {
            self.yield_targets.pop().and_then(|t| t.result)
        } else {
            self.loop_targets.pop();
            None
        };
        lowered?;
        self.switch_to(exit);
        Ok(result.map(|(local, ty)| Typed { operand: Operand::Local(local), ty }))
    }

    fn switch_bodies(
        &mut self,
        arms: &[Arm<'t>],
        blocks: &[BlockId],
        exit: BlockId,
        rules: bool,
        is_expression: bool,
    ) -> Lowered<()> {
        // The groups of a switch block share one scope; each rule has its own.
        self.scopes.push(Vec::new());
        let lowered = self.switch_arm_bodies(arms, blocks, exit, rules, is_expression);
        self.scopes.pop();
        lowered
    }

    fn switch_arm_bodies(
        &mut self,
        arms: &[Arm<'t>],
        blocks: &[BlockId],
        exit: BlockId,
        rules: bool,
        is_expression: bool,
    ) -> Lowered<()> {
        for (arm, block) in arms.iter().zip(blocks) {
            if !rules && arm.body.is_empty() {
                continue;
            }
            // A group falls through into the next one.
            if self.current.is_some() {
                self.goto(*block);
            }
            self.switch_to(*block);
            if !rules {
                for statement in &arm.body {
                    self.statement(*statement)?;
                }
                continue;
            }
            let Some(body) = arm.body.first().copied() else { continue };
            self.scopes.push(Vec::new());
            let lowered = match (body.kind(), children(body).first().copied()) {
                ("expression_statement", Some(expression)) if is_expression => self.yield_value(expression),
                _ => self.statement(body),
            };
            self.scopes.pop();
            lowered?;
            if self.current.is_some() {
                if is_expression {
                    return self.error(body, "switch rule completes without providing a value");
                }
                self.goto(exit);
            }
        }
        if self.current.is_some() {
            if is_expression {
                let end = arms.last().and_then(|a| a.body.last().copied());
                if let Some(end) = end {
                    return self.error(end, "switch expression completes without providing a value");
                }
            }
            self.goto(exit);
        }
        Ok(())
    }

    /// The groups or rules of a switch block, and whether they are rules.
    fn switch_arms(&self, block: Node<'t>) -> Lowered<(Vec<Arm<'t>>, bool)> {
        let mut arms = Vec::new();
        let mut rules = false;
        for child in children(block) {
            rules = child.kind() == "switch_rule";
            let mut arm = Arm { labels: Vec::new(), is_default: false, body: Vec::new() };
            for part in children(child) {
                if part.kind() != "switch_label" {
                    arm.body.push(part);
                    continue;
                }
                let expressions = children(part);
                if expressions.is_empty() {
                    arm.is_default = true;
                }
                for expression in expressions {
                    match expression.kind() {
                        "pattern" | "type_pattern" | "record_pattern" => {
                            return self.unsupported(expression, "pattern in a case label");
                        }
                        "guard" => return self.unsupported(expression, "guarded case label ('when')"),
                        "null_literal" => return self.unsupported(expression, "'case null'"),
                        _ => arm.labels.push(expression),
                    }
                }
            }
            arms.push(arm);
        }
        Ok((arms, rules))
    }

    /// The constant a case label compares the selector with.
    fn label_value(&mut self, label: Node<'t>, selector: Ty) -> Lowered<Operand> {
        match selector {
            Ty::Enum(e) => self.enum_label(label, e),
            Ty::String if label.kind() == "string_literal" => Ok(self.string_literal(label)?.operand),
            Ty::String => self.unsupported(label, "case label of a String switch other than a string literal"),
            _ if label.kind() == "character_literal" => match char_literal_value(self.text(label)) {
                Some(c) => Ok(Operand::Const(i64::from(c), Ty::Int)),
                None => self.unsupported(label, "this character literal (unusual escapes)"),
            },
            _ => match self.constant(label) {
                Some(c) if c.ty == Ty::Int => Ok(Operand::Const(c.value, Ty::Int)),
                Some(c) => self.error(label, format!("constant label of type {} is not compatible with int", c.ty)),
                None => self.unsupported(
                    label,
                    format!(
                        "case label '{}' (hornet models int constants, char literals, string literals and enum constants)",
                        self.text(label)
                    ),
                ),
            },
        }
    }
}

/// The UTF-16 code unit of a char literal (`'a'`, `'\n'`, `'\u0041'`), or None for escapes this
/// reader does not know.
fn char_literal_value(spelled: &str) -> Option<u32> {
    let inner = spelled.strip_prefix('\'')?.strip_suffix('\'')?;
    let value = if inner == "\"" { "\"".to_string() } else { string_literal_value(&format!("\"{inner}\""))? };
    let mut chars = value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if (c as u32) <= 0xFFFF => Some(c as u32),
        _ => None,
    }
}
