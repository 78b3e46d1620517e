//! `StringBuilder` and `StringBuffer` locals used as text accumulators.
//!
//! A builder local that never escapes is a String local updated by concatenation:
//! `sb.append(x)` is `sb = sb + x` (so SQL text built in a builder is recovered as a String
//! local's is, `jdbc.rs`), `sb.toString()` is the String, `sb.length()` its length, and the
//! value of a chained `append` is the builder itself, usable only as the receiver of the next
//! call. Every other use of a builder (passing, returning or storing it, aliasing it, comparing
//! it, its other methods) is reported: the mutable object it is would be shared.

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{Inst, LocalId, MethodKey, Operand, Rvalue, Ty};
use crate::java::lower::jdbc::LocalText;
use crate::java::syntax::{children, field_children, skip_parens};
use tree_sitter::Node;

/// Whether a type as written is `StringBuilder` or `StringBuffer`.
pub(super) fn is_builder_type(spelled: &str) -> bool {
    matches!(spelled, "StringBuilder" | "StringBuffer" | "java.lang.StringBuilder" | "java.lang.StringBuffer")
}

impl<'t> MethodLowering<'_, 't> {
    /// `StringBuilder sb = new StringBuilder(...);` (or without a value, assigned later).
    pub(super) fn builder_declaration(&mut self, node: Node<'t>) -> Lowered<()> {
        for declarator in field_children(node, "declarator") {
            if let Some(dims) = declarator.child_by_field_name("dimensions") {
                return self.unsupported(dims, "an array of StringBuilders");
            }
            let Some(name) = declarator.child_by_field_name("name") else {
                return self.error(declarator, "syntax error: declaration without a name");
            };
            let value = declarator.child_by_field_name("value").map(|value| self.appended_creation(value));
            if let Some((creation, _)) = &value {
                self.check_builder_creation(*creation)?;
            }
            let id = self.declare(self.text(name), Ty::String, None);
            self.builders.insert(id);
            if let Some((creation, appends)) = value {
                self.builder_creation(id, creation)?;
                self.builder_appends(id, creation, &appends)?;
            }
        }
        Ok(())
    }

    /// `sb = new StringBuilder(...)` as a statement.
    pub(super) fn builder_reassignment(&mut self, node: Node<'t>, id: LocalId) -> Lowered<()> {
        let Some(right) = node.child_by_field_name("right") else { return self.error(node, "syntax error") };
        if super::operator(node, self.source()) != "=" {
            return self.unsupported(node, "compound assignment to a StringBuilder");
        }
        let (creation, appends) = self.appended_creation(right);
        self.check_builder_creation(creation)?;
        self.builder_creation(id, creation)?;
        self.builder_appends(id, creation, &appends)
    }

    /// A value `new StringBuilder(...).append(a).append(b)` split as javac runs it: the
    /// creation, then the `append` calls on it, first first (each returns the builder itself).
    /// Any other value is its own creation, with no appends.
    fn appended_creation(&self, value: Node<'t>) -> (Node<'t>, Vec<Node<'t>>) {
        let mut appends = Vec::new();
        let mut node = skip_parens(value);
        while node.kind() == "method_invocation"
            && node.child_by_field_name("name").is_some_and(|n| self.text(n) == "append")
            && let Some(object) = node.child_by_field_name("object")
        {
            appends.push(node);
            node = skip_parens(object);
        }
        if node.kind() != "object_creation_expression" {
            return (skip_parens(value), Vec::new());
        }
        appends.reverse();
        (node, appends)
    }

    /// The `append` calls of a chained creation on the builder `id` it made. Each is lowered
    /// with the creation as its receiver node, already lowered (`builder_method` lowers only a
    /// receiver that is a call).
    fn builder_appends(&mut self, id: LocalId, creation: Node<'t>, appends: &[Node<'t>]) -> Lowered<()> {
        for append in appends {
            self.builder_method(*append, creation, id, "append", false)?;
        }
        Ok(())
    }

    /// The builder local a name or an `append` chain ending in one stands for.
    pub(super) fn builder_receiver(&self, node: Node<'t>) -> Option<LocalId> {
        let node = skip_parens(node);
        match node.kind() {
            "identifier" => self.lookup(self.text(node)).map(|v| v.id).filter(|id| self.builders.contains(id)),
            "method_invocation" => {
                let name = node.child_by_field_name("name").map(|n| self.text(n));
                if name != Some("append") {
                    return None;
                }
                self.builder_receiver(node.child_by_field_name("object")?)
            }
            _ => None,
        }
    }

    /// `sb.toString()` on a builder named directly (no chain): the local whose text it is.
    pub(super) fn builder_to_string(&self, node: Node<'t>) -> Option<LocalId> {
        let object = skip_parens(node.child_by_field_name("object")?);
        let is_to_string = node.child_by_field_name("name").is_some_and(|n| self.text(n) == "toString")
            && node.child_by_field_name("arguments").is_some_and(|a| children(a).is_empty());
        (is_to_string && object.kind() == "identifier").then(|| self.builder_receiver(object)).flatten()
    }

    /// A builder's String, where the text it holds is also a Java value.
    pub(super) fn builder_value(&mut self, id: LocalId, at: Node<'t>) -> Lowered<Typed> {
        if self.text_only.contains(&id) {
            let name = self.locals[id.0 as usize].name.clone();
            return self.unsupported(
                at,
                format!("using the text of '{name}' as a Java value: it holds SQL text, {}, which only JDBC calls may take", super::LONG_STRING),
            );
        }
        Ok(Typed { operand: Operand::Local(id), ty: Ty::String })
    }

    /// A call whose receiver is the builder `id`, named directly or by an `append` chain.
    pub(super) fn builder_method(
        &mut self,
        node: Node<'t>,
        object: Node<'t>,
        id: LocalId,
        name: &str,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        let object = skip_parens(object);
        if object.kind() == "method_invocation" {
            self.call(object, false)?;
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let builder = self.locals[id.0 as usize].name.clone();
        match (name, arguments.as_slice()) {
            ("append", [argument]) => {
                if want_value {
                    return self.unsupported(
                        node,
                        format!("using the value of '{builder}.append(...)' (the builder itself) other than as the receiver of another call"),
                    );
                }
                if let Some(use_of_builder) = find_identifier(*argument, &builder, self.source()) {
                    return self.unsupported(
                        use_of_builder,
                        format!("using the StringBuilder '{builder}' inside an argument of its own 'append'"),
                    );
                }
                if let Some(other) = self.builder_receiver(*argument) {
                    let other = self.locals[other.0 as usize].name.clone();
                    return self.unsupported(*argument, format!("appending the StringBuilder '{other}' (use '{other}.toString()')"));
                }
                self.string_assignment(id, *argument, true)?;
                Ok(None)
            }
            ("toString", []) => match want_value {
                true => self.builder_value(id, node).map(Some),
                false => Ok(None),
            },
            ("length", []) => {
                let text = self.builder_value(id, node)?;
                let callee = MethodKey { class: "java.lang.String".into(), name: "length".into(), params: vec![Ty::String] };
                let dst = want_value.then(|| self.new_temp(Ty::Int));
                let span = self.span(node);
                self.emit(Inst::Call { dst, callee, args: vec![text.operand], span });
                Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: Ty::Int }))
            }
            _ => self.unsupported(
                node,
                format!(
                    "StringBuilder method '{name}' with {} argument(s) (only append(x), toString() and length() are modelled)",
                    arguments.len()
                ),
            ),
        }
    }

    /// Reports a builder's value that is not `new StringBuilder(...)`: another builder (an
    /// alias) or anything else.
    fn check_builder_creation(&self, value: Node<'t>) -> Lowered<()> {
        let value = skip_parens(value);
        let creates = value.kind() == "object_creation_expression"
            && value.child_by_field_name("type").is_some_and(|t| is_builder_type(self.text(t)))
            && !children(value).iter().any(|c| c.kind() == "class_body");
        if creates {
            Ok(())
        } else {
            self.unsupported(
                value,
                "a StringBuilder local given a value other than 'new StringBuilder(...)' (a builder shared between names is not modelled)",
            )
        }
    }

    /// The builder `id` made afresh by `creation` (`new StringBuilder()`, `(text)`).
    fn builder_creation(&mut self, id: LocalId, creation: Node<'t>) -> Lowered<()> {
        let creation = skip_parens(creation);
        let arguments = creation.child_by_field_name("arguments").map(children).unwrap_or_default();
        let conditional = self.control_depth > self.declared_depth.get(&id).copied().unwrap_or(0);
        let argument = match arguments.as_slice() {
            [] => {
                let empty = self.intern(String::new());
                self.assign(id, Rvalue::Use(empty));
                self.text_only.remove(&id);
                let text = if conditional {
                    LocalText::PathDependent
                } else {
                    LocalText::Known(vec![super::jdbc::TextPart::Text(String::new())])
                };
                self.set_text(id, text);
                return Ok(());
            }
            [argument] => skip_parens(*argument),
            _ => return self.unsupported(creation, "this StringBuilder constructor"),
        };
        // Concatenation and literals are never null; a String local is checked the way the
        // constructor does (`str.length()`, a NullPointerException), then copied.
        // A constant (`new StringBuilder(SELECT_SQL)`) is text known in full, as a literal is.
        let never_null = (matches!(argument.kind(), "string_literal" | "binary_expression") && self.is_text_expression(argument))
            || (matches!(argument.kind(), "identifier" | "field_access" | "method_invocation") && self.is_constant_text(argument));
        let string_local = argument.kind() == "identifier"
            && self.lookup(self.text(argument)).is_some_and(|v| v.ty == Ty::String && !self.builders.contains(&v.id));
        if never_null {
            return self.string_assignment(id, argument, false);
        }
        if string_local {
            let local = self.value(argument)?;
            self.null_check(local, creation);
            return self.string_assignment(id, argument, false);
        }
        let value = self.value(argument)?;
        match value.ty {
            Ty::String => {
                self.null_check(value, creation);
                self.assign(id, Rvalue::Use(value.operand));
                self.text_only.remove(&id);
                self.set_text(id, if conditional { LocalText::PathDependent } else { LocalText::Whole });
                Ok(())
            }
            Ty::Int => self.unsupported(argument, "new StringBuilder(capacity) (its NegativeArraySizeException is not modelled)"),
            ty => self.unsupported(argument, format!("new StringBuilder of a {ty}")),
        }
    }

    /// What `new StringBuilder(text)` does first: `text.length()`, which throws a
    /// NullPointerException when `text` is null.
    fn null_check(&mut self, text: Typed, at: Node<'t>) {
        let callee = MethodKey { class: "java.lang.String".into(), name: "length".into(), params: vec![Ty::String] };
        let span = self.span(at);
        self.emit(Inst::Call { dst: None, callee, args: vec![text.operand], span });
    }
}

/// The first identifier spelled `name` in the expression `node`.
fn find_identifier<'t>(node: Node<'t>, name: &str, source: &str) -> Option<Node<'t>> {
    if node.kind() == "identifier" && node.utf8_text(source.as_bytes()).ok() == Some(name) {
        return Some(node);
    }
    let mut cursor = node.walk();
    node.children(&mut cursor).find_map(|child| find_identifier(child, name, source))
}
