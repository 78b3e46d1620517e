//! What a thrown exception carries besides its class: the message and cause its constructor
//! gives `Throwable` (`Index::exception_args` follows the constructors of the sources), and
//! what a catch clause reads back from a caught exception (`getMessage()`:
//! `summaries/java_lang_throwable.pl`).

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{Inst, MethodKey, Operand, ThrownDetail, ThrownField, Ty};
use crate::java::exceptions::{is_known, stored_part, ArgKind, Part};
use crate::java::library::THROWABLE;
use crate::java::syntax::{children, operator, skip_parens};
use tree_sitter::Node;

impl<'t> MethodLowering<'_, 't> {
    /// The message and cause of `new class(arguments)`, when its constructor is one hornet
    /// follows; the arguments that give them are evaluated (a message only when it is text
    /// built without calls, which cannot throw), the others must have no effect.
    pub(super) fn thrown_detail(&mut self, class: &str, arguments: &[Node<'t>]) -> Lowered<Option<ThrownDetail>> {
        let kinds: Vec<ArgKind> = arguments.iter().map(|a| self.argument_kind(*a)).collect();
        let Some(found) = self.index.exception_args(class, &kinds) else { return Ok(None) };
        let message_arg = match found.message {
            Part::Arg(i) if self.is_plain_text(arguments[i]) => Some(i),
            _ => None,
        };
        // A message the constructor concatenates: evaluated when each argument in it is plain.
        let message_parts = match &found.message {
            Part::Concat(parts)
                if parts.iter().all(|p| match p {
                    Part::Arg(i) => self.is_plain_text(arguments[*i]),
                    Part::Text(_) | Part::Int(_) | Part::Null => true,
                    _ => false,
                }) =>
            {
                Some(parts.clone())
            }
            _ => None,
        };
        let concatenated: Vec<usize> = message_parts
            .iter()
            .flatten()
            .filter_map(|p| match p {
                Part::Arg(i) => Some(*i),
                _ => None,
            })
            .collect();
        let cause_arg = match found.cause {
            Part::Arg(i) => Some(i),
            _ => None,
        };
        let layout = self.index.exception_fields(class);
        let stored: Vec<Part> = layout.iter().map(|f| stored_part(&found.fields, &f.name)).collect();
        // A field's argument is evaluated when it is a plain value, as the message's.
        let field_args: Vec<usize> = stored
            .iter()
            .filter_map(|part| match part {
                Part::Arg(i) if self.is_plain_value(arguments[*i]) => Some(*i),
                _ => None,
            })
            .collect();
        for (i, argument) in arguments.iter().enumerate() {
            if Some(i) != message_arg && Some(i) != cause_arg && !field_args.contains(&i) && !concatenated.contains(&i) {
                self.check_unevaluated(*argument)?;
            }
        }
        let message = match (found.message, message_arg) {
            (_, _) if message_parts.is_some() => Some(self.concatenated_message(message_parts.unwrap_or_default(), arguments)?),
            (_, Some(i)) => {
                let value = self.value(arguments[i])?;
                Some(if value.ty == Ty::Null { Operand::Null } else { value.operand })
            }
            (Part::Text(text), _) => Some(self.intern(text)),
            (Part::Null, _) => Some(Operand::Null),
            _ => None,
        };
        let cause = match cause_arg.map(|i| skip_parens(arguments[i])) {
            Some(argument) => self.caught_exception(argument).map_or(Operand::Null, Operand::Local),
            None => Operand::Null,
        };
        let mut fields = Vec::new();
        for (field, part) in layout.into_iter().zip(stored) {
            let value = match part {
                Part::Arg(i) if field_args.contains(&i) => {
                    let value = self.value(arguments[i])?;
                    match value.ty {
                        Ty::Null => Some(Operand::Null),
                        ty if ty == field.ty => Some(value.operand),
                        // An int stored in a long field, as Java widens it.
                        Ty::Int if field.ty == Ty::Long => Some(self.coerce(value, Ty::Long, arguments[i])?),
                        _ => None,
                    }
                }
                Part::Text(text) if field.ty == Ty::String => Some(self.intern(text)),
                Part::Int(v) if matches!(field.ty, Ty::Int | Ty::Long | Ty::Boolean) => Some(Operand::Const(v, field.ty)),
                Part::Null if field.ty == Ty::String => Some(Operand::Null),
                // Nothing stored: Java's default value.
                Part::Unknown if !found.fields.iter().any(|(f, _)| *f == field.name) => Some(match field.ty {
                    Ty::String => Operand::Null,
                    ty => Operand::Const(0, ty),
                }),
                _ => None,
            };
            fields.push(ThrownField { getter: field.getter, ty: field.ty, value });
        }
        Ok(Some(ThrownDetail { message, cause, fields }))
    }

    /// What an argument of an exception's constructor is, as far as choosing among its
    /// constructors needs: `ArgKind::Value` when its type is not plain from its syntax.
    fn argument_kind(&self, node: Node<'t>) -> ArgKind {
        let node = skip_parens(node);
        if self.caught_exception(node).is_some() {
            return ArgKind::Exception;
        }
        match node.kind() {
            "null_literal" => ArgKind::Null,
            "string_literal" => ArgKind::Text,
            "decimal_integer_literal" | "true" | "false" | "character_literal" => ArgKind::Number,
            "identifier" | "field_access" if self.string_constant(node).is_some() => ArgKind::Text,
            "identifier" => match self.lookup(self.text(node)).map(|v| v.ty) {
                Some(Ty::String) => ArgKind::Text,
                Some(Ty::Int | Ty::Long | Ty::Boolean | Ty::Short | Ty::Byte | Ty::Char | Ty::Boxed(_)) => ArgKind::Number,
                _ => ArgKind::Value,
            },
            "binary_expression" => {
                let operands: Vec<ArgKind> =
                    children(node).into_iter().filter(|c| c.is_named()).map(|c| self.argument_kind(c)).collect();
                match operator(node, self.source()) {
                    "+" if operands.contains(&ArgKind::Text) => ArgKind::Text,
                    "+" | "-" | "*" | "/" | "%" if operands.iter().all(|k| *k == ArgKind::Number) => ArgKind::Number,
                    _ => ArgKind::Value,
                }
            }
            _ => ArgKind::Value,
        }
    }

    /// `return new X(...)` (or `return null`) in a method whose result is an exception: the
    /// value a `throw new` would throw, made without throwing it. Other returned exceptions
    /// are reported.
    pub(super) fn new_exception_value(&mut self, node: Node<'t>) -> Lowered<Operand> {
        let created = skip_parens(node);
        if created.kind() == "null_literal" {
            return Ok(Operand::Null);
        }
        let type_node = (created.kind() == "object_creation_expression")
            .then(|| created.child_by_field_name("type"))
            .flatten()
            .filter(|t| matches!(t.kind(), "type_identifier" | "scoped_type_identifier"))
            .filter(|_| !children(created).iter().any(|c| c.kind() == "class_body"));
        let class = type_node.map(|t| self.index.exception_class(self.text(t), self.class.file));
        let Some(class) = class.filter(|c| is_known(&self.index.exception_superclasses, c)) else {
            return self.unsupported(
                node,
                "an exception result other than 'new X(...)' of an exception class whose superclasses are known (exceptions in locals, fields and parameters are not modelled)",
            );
        };
        let arguments = created.child_by_field_name("arguments").map(children).unwrap_or_default();
        self.made_exception(&class, &arguments, node)
    }

    /// `new class(arguments)` of an exception class as a value (`Inst::NewException`), with
    /// what its constructor gives it when hornet follows it; located at `at`.
    pub(super) fn made_exception(&mut self, class: &str, arguments: &[Node<'t>], at: Node<'t>) -> Lowered<Operand> {
        let detail = self.thrown_detail(class, arguments)?;
        if detail.is_none() {
            arguments.iter().try_for_each(|a| self.check_unevaluated(*a))?;
        }
        let dst = self.new_temp(Ty::Throwable);
        let span = self.span(at);
        self.emit(Inst::NewException { dst, class: class.to_string(), detail, span });
        Ok(Operand::Local(dst))
    }

    /// Whether `node` is a `String` built from literals, constants and String, int, long or
    /// boolean locals with `+`: its evaluation calls nothing and cannot throw.
    fn is_plain_text(&self, node: Node<'t>) -> bool {
        let node = skip_parens(node);
        match node.kind() {
            "string_literal" | "decimal_integer_literal" | "true" | "false" => true,
            "identifier" => {
                self.string_constant(node).is_some()
                    || self.lookup(self.text(node)).is_some_and(|v| {
                        matches!(v.ty, Ty::String | Ty::Int | Ty::Long | Ty::Boolean) && !self.text_only.contains(&v.id)
                    })
            }
            "field_access" => self.string_constant(node).is_some(),
            "binary_expression" => {
                operator(node, self.source()) == "+"
                    && children(node).iter().filter(|c| c.is_named()).all(|c| self.is_plain_text(*c))
            }
            _ => false,
        }
    }

    /// Whether `node` is plain text or int/long arithmetic (`+`, `-`, `*`, negation) of plain
    /// values: its evaluation calls nothing and cannot throw.
    fn is_plain_value(&self, node: Node<'t>) -> bool {
        let node = skip_parens(node);
        match node.kind() {
            "binary_expression" if matches!(operator(node, self.source()), "+" | "-" | "*") => {
                children(node).iter().filter(|c| c.is_named()).all(|c| self.is_plain_value(*c))
            }
            "unary_expression" if operator(node, self.source()) == "-" => {
                children(node).iter().filter(|c| c.is_named()).all(|c| self.is_plain_value(*c))
            }
            _ => self.is_plain_text(node),
        }
    }

    /// `e.getMessage()` of a caught exception (or of `e.getCause()`) used as a value, as a
    /// library call taking the exception. None when the call is something else.
    pub(super) fn caught_exception_call(&mut self, node: Node<'t>, object: Node<'t>, name: &str, want_value: bool) -> Option<Lowered<Option<Typed>>> {
        let object = skip_parens(object);
        let caught = self.caught_exception(object);
        if caught.is_none() && !self.is_cause_call(object) {
            return None;
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        if !arguments.is_empty() {
            return None;
        }
        if let Some(exception) = caught
            && let Some((position, ty)) = self.caught_class(exception).and_then(|c| self.index.exception_getter(&c, name))
        {
            return Some(Ok(self.carried_field(node, exception, position, ty, want_value)));
        }
        if name != "getMessage" {
            return None;
        }
        let exception = match caught.map_or_else(|| self.cause_of(object), Ok) {
            Ok(exception) => exception,
            Err(diag) => return Some(Err(diag)),
        };
        let ret = Ty::String;
        let callee = MethodKey { class: THROWABLE.into(), name: name.into(), params: vec![Ty::Throwable] };
        let dst = want_value.then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Call { dst, callee, args: vec![Operand::Local(exception)], span });
        Some(Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret })))
    }

    /// The class a catch clause names for the caught exception `exception`, when it names one.
    fn caught_class(&self, exception: crate::ir::LocalId) -> Option<String> {
        let catch = self.handlers.iter().flat_map(|h| &h.catches).find(|c| c.exception == exception)?;
        match catch.classes.as_slice() {
            [class] => Some(class.clone()),
            _ => None,
        }
    }

    /// `e.getX()` of a caught exception of the sources whose getter returns a field: the
    /// field its constructor stored (`summaries/java_lang_throwable.pl`).
    fn carried_field(&mut self, node: Node<'t>, exception: crate::ir::LocalId, position: usize, ty: Ty, want_value: bool) -> Option<Typed> {
        let name = match ty {
            Ty::Long => "longField",
            Ty::Boolean => "booleanField",
            Ty::String => "stringField",
            _ => "intField",
        };
        let callee = MethodKey { class: THROWABLE.into(), name: name.into(), params: vec![Ty::Throwable, Ty::Int] };
        let dst = want_value.then(|| self.new_temp(ty));
        let span = self.span(node);
        let args = vec![Operand::Local(exception), Operand::Const(position as i64, Ty::Int)];
        self.emit(Inst::Call { dst, callee, args, span });
        dst.map(|dst| Typed { operand: Operand::Local(dst), ty })
    }

    /// A caught exception, or `e.getCause()` of one, where `instanceof` tests it: the
    /// exception's value. None when `node` is neither.
    pub(super) fn caught_exception_value(&mut self, node: Node<'t>) -> Option<Lowered<Operand>> {
        let node = skip_parens(node);
        if let Some(exception) = self.caught_exception(node) {
            return Some(Ok(Operand::Local(exception)));
        }
        self.is_cause_call(node).then(|| self.cause_of(node).map(Operand::Local))
    }

    /// Whether `node` is `e.getCause()` of a caught exception `e` (it lowers nothing).
    fn is_cause_call(&self, node: Node<'t>) -> bool {
        let node = skip_parens(node);
        node.kind() == "method_invocation"
            && node.child_by_field_name("name").is_some_and(|n| self.text(n) == "getCause")
            && node.child_by_field_name("arguments").map(children).unwrap_or_default().is_empty()
            && node.child_by_field_name("object").is_some_and(|o| self.caught_exception(skip_parens(o)).is_some())
    }

    /// `e.getCause()` (`is_cause_call`), as a library call: a temporary holding the cause, null
    /// when there is none.
    fn cause_of(&mut self, node: Node<'t>) -> Lowered<crate::ir::LocalId> {
        let node = skip_parens(node);
        let object = node.child_by_field_name("object").map(skip_parens);
        let Some(exception) = object.and_then(|o| self.caught_exception(o)) else {
            return self.error(node, "syntax error: getCause() without a caught exception");
        };
        let callee = MethodKey { class: THROWABLE.into(), name: "getCause".into(), params: vec![Ty::Throwable] };
        let dst = self.new_temp(Ty::Throwable);
        let span = self.span(node);
        self.emit(Inst::Call { dst: Some(dst), callee, args: vec![Operand::Local(exception)], span });
        Ok(dst)
    }

    /// The receiver of `getSQLState()`/`getErrorCode()` other than a caught exception: its
    /// `getCause()`, or either cast to `SQLException` (`((SQLException) e.getCause()).getErrorCode()`).
    /// The cast is not checked: the summaries abandon a path that reads these of anything but
    /// an SQLException the database raised, so a cause of another class (a ClassCastException
    /// on the JVM) gets no test, never a wrong one; a null one throws NullPointerException.
    pub(super) fn sql_exception_receiver(&mut self, object: Node<'t>) -> Option<Lowered<crate::ir::LocalId>> {
        let mut object = skip_parens(object);
        if object.kind() == "cast_expression" {
            let class = object.child_by_field_name("type").map(|t| self.index.exception_class(self.text(t), self.class.file));
            if class.as_deref() != Some(crate::java::library::SQL_EXCEPTION) {
                return None;
            }
            object = skip_parens(object.child_by_field_name("value")?);
        }
        if let Some(exception) = self.caught_exception(object) {
            return Some(Ok(exception));
        }
        self.is_cause_call(object).then(|| self.cause_of(object))
    }

    /// `Throwable cause = e.getCause();` or `Exception saved = e;` of a caught exception `e`
    /// (one declarator, a declared type among the known exception classes): a local the rest of
    /// the method uses as it would `e` (getMessage(), instanceof, a comparison with null), except
    /// that a cause, which may be null, is not thrown. None when the declaration is another.
    pub(super) fn exception_declaration(&mut self, node: Node<'t>) -> Option<Lowered<()>> {
        let type_node = node.child_by_field_name("type")?;
        let class = self.index.exception_class(self.text(type_node), self.class.file);
        if !crate::java::exceptions::is_known(&self.index.exception_superclasses, &class) {
            return None;
        }
        let declarators = crate::java::syntax::field_children(node, "declarator");
        let [declarator] = declarators.as_slice() else { return None };
        let name = declarator.child_by_field_name("name")?;
        let value = skip_parens(declarator.child_by_field_name("value")?);
        let (exception, is_cause) = match self.caught_exception(value) {
            Some(exception) => (exception, false),
            None if self.is_cause_call(value) => match self.cause_of(value) {
                Ok(cause) => (cause, true),
                Err(diag) => return Some(Err(diag)),
            },
            None => return None,
        };
        let id = self.declare(self.text(name), Ty::Throwable, None);
        if is_cause || self.exception_causes.contains(&exception) {
            self.exception_causes.insert(id);
        }
        self.assign(id, crate::ir::Rvalue::Use(Operand::Local(exception)));
        Some(Ok(()))
    }

    /// `x == null` or `x != null` of a caught exception, a local holding one or `e.getCause()`.
    /// None when the comparison is another.
    pub(super) fn exception_null_comparison(&mut self, op: crate::ir::CmpOp, left: Node<'t>, right: Node<'t>) -> Option<Lowered<crate::ir::Cond>> {
        if !matches!(op, crate::ir::CmpOp::Eq | crate::ir::CmpOp::Ne) {
            return None;
        }
        let is_null = |n: Node| skip_parens(n).kind() == "null_literal";
        let exception = match (is_null(left), is_null(right)) {
            (false, true) => left,
            (true, false) => right,
            _ => return None,
        };
        let operand = self.caught_exception_value(exception)?;
        Some(operand.map(|lhs| crate::ir::Cond { op, lhs, rhs: Operand::Null }))
    }

    /// `exception instanceof C` of a caught exception (or its cause): whether its class is
    /// one of the known exception classes extending C.
    pub(super) fn exception_instance_of(&mut self, exception: Operand, type_node: Node<'t>) -> Lowered<Typed> {
        let class = self.index.exception_class(self.text(type_node), self.class.file);
        let known = &self.index.exception_superclasses;
        if !crate::java::exceptions::is_known(known, &class) {
            return self.unsupported(type_node, format!("instanceof '{class}' (its superclasses are not known)"));
        }
        let mut classes: Vec<crate::ir::ClassName> = known
            .iter()
            .map(|(c, _)| c)
            .filter(|c| crate::java::exceptions::is_subclass(known, c, &class))
            .map(|c| crate::ir::ClassName::new(c))
            .collect();
        if class == THROWABLE {
            classes.push(crate::ir::ClassName::new(THROWABLE));
        }
        let dst = self.new_temp(Ty::Boolean);
        self.emit(Inst::InstanceOf { dst, object: exception, classes });
        Ok(Typed { operand: Operand::Local(dst), ty: Ty::Boolean })
    }

    /// The text of a message its constructor concatenates, from the `new`'s arguments.
    fn concatenated_message(&mut self, parts: Vec<Part>, arguments: &[Node<'t>]) -> Lowered<Operand> {
        let mut text: Option<Operand> = None;
        for part in parts {
            let piece = match part {
                Part::Arg(i) => {
                    let value = self.value(arguments[i])?;
                    self.as_string(value, arguments[i])?
                }
                Part::Text(t) => self.intern(t),
                Part::Int(v) => self.intern(v.to_string()),
                _ => self.intern("null".to_string()),
            };
            text = Some(match text {
                None => piece,
                Some(lhs) => self.temp(Ty::String, crate::ir::Rvalue::Concat { lhs, rhs: piece }).operand,
            });
        }
        Ok(text.unwrap_or_else(|| self.intern(String::new())))
    }
}
