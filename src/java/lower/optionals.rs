//! `java.util.Optional` in the front end (`ir::Ty::Optional`): `Optional.of`, `ofNullable`
//! and `empty`, and the methods data-access code calls on what it returns (`isPresent`,
//! `isEmpty`, `get`, `orElse`, `orElseThrow()` and `orElseThrow(() -> new X(...))`), as
//! library calls with the receiver first whose summaries are `summaries/java_util_optional.pl`.
//! The checks inside them (null, empty) are paths, not branches: they are in the library,
//! where JaCoCo has no probe. The translation passes the summaries what the Optional holds
//! first (its null test differs by kind).

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{Held, Inst, MethodKey, Operand, Primitive, Ty};
use crate::java::exceptions::is_known;
use crate::java::index::is_optional_class;
use crate::java::library::{ANY_OPTIONAL, OPTIONAL};
use crate::java::syntax::{children, skip_parens};
use tree_sitter::Node;

/// The erased type of a value argument of `of`, `ofNullable` and `orElse`.
const HELD_VALUE: Ty = Ty::AnyObject;

impl<'t> MethodLowering<'_, 't> {
    /// `Optional.of(x)`, `Optional.ofNullable(x)`, `Optional.empty()`; None when the call is
    /// not one of Optional's static methods.
    pub(super) fn optional_factory(&mut self, node: Node<'t>, object: Node<'t>, name: &str) -> Option<Lowered<Option<Typed>>> {
        let spelled = self.text(object);
        if self.lookup(spelled).is_some() || !is_optional_class(spelled, self.class.file) {
            return None;
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        Some((|| {
            let span = self.span(node);
            match (name, arguments.as_slice()) {
                ("empty", []) => {
                    let callee = MethodKey { class: OPTIONAL.into(), name: name.into(), params: Vec::new() };
                    let dst = self.new_temp(ANY_OPTIONAL);
                    self.emit(Inst::Call { dst: Some(dst), callee, args: Vec::new(), span });
                    Ok(Some(Typed { operand: Operand::Local(dst), ty: ANY_OPTIONAL }))
                }
                ("of" | "ofNullable", [argument]) => {
                    let mut value = self.value(*argument)?;
                    // `Optional.of(5)` boxes its argument, as javac does.
                    if let Some(primitive) = Primitive::of(value.ty) {
                        value = self.boxed(value, primitive, *argument);
                    }
                    let held = match value.ty {
                        Ty::Null => Held::Unknown,
                        ty => match Held::of(ty) {
                            Some(held) => held,
                            None => return self.unsupported(*argument, format!("an Optional of a {ty}")),
                        },
                    };
                    let ty = Ty::Optional(held);
                    let callee = MethodKey { class: OPTIONAL.into(), name: name.into(), params: vec![HELD_VALUE] };
                    let dst = self.new_temp(ty);
                    self.emit(Inst::Call { dst: Some(dst), callee, args: vec![value.operand], span });
                    Ok(Some(Typed { operand: Operand::Local(dst), ty }))
                }
                _ => self.unsupported(node, format!("Optional.{name} with these arguments (hornet models of, ofNullable and empty)")),
            }
        })())
    }

    /// A call of a method of an Optional (the receiver, not yet checked).
    pub(super) fn optional_method(
        &mut self,
        node: Node<'t>,
        receiver: Typed,
        held: Held,
        name: &str,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let receiver = self.stabilise(receiver, &arguments);
        let mut args = vec![receiver.operand];
        let (params, ret) = match (name, arguments.as_slice()) {
            ("isPresent" | "isEmpty", []) => (vec![ANY_OPTIONAL], Ty::Boolean),
            ("get" | "orElseThrow", []) => (vec![ANY_OPTIONAL], held.ty()),
            ("orElse", [other]) => {
                let value = self.value(*other)?;
                let operand = self.coerce(value, held.ty(), *other)?;
                args.push(operand);
                (vec![ANY_OPTIONAL, HELD_VALUE], held.ty())
            }
            ("orElseThrow", [supplier]) => {
                let class = self.thrown_by_supplier(*supplier)?;
                args.push(self.intern(class));
                (vec![ANY_OPTIONAL, Ty::String], held.ty())
            }
            _ => {
                return self.unsupported(
                    node,
                    format!(
                        "Optional method '{name}' with {} argument(s) (hornet models isPresent, isEmpty, get, orElse, orElseThrow() and orElseThrow(() -> new X(...)))",
                        arguments.len()
                    ),
                );
            }
        };
        if held == Held::Unknown && ret == Ty::Null && want_value {
            return self.unsupported(node, format!("'{name}' of an Optional whose type argument is not known here (declare it)"));
        }
        let callee = MethodKey { class: OPTIONAL.into(), name: name.into(), params };
        let dst = self.new_temp(ret);
        let span = self.span(node);
        self.emit(Inst::Call { dst: Some(dst), callee, args, span });
        Ok(want_value.then_some(Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// The exception class a supplier `() -> new X(...)` makes, whose arguments have no
    /// effect (as those of a thrown exception: `throw_statement`).
    fn thrown_by_supplier(&mut self, supplier: Node<'t>) -> Lowered<String> {
        let supplier = skip_parens(supplier);
        let created = (supplier.kind() == "lambda_expression")
            .then(|| supplier.child_by_field_name("parameters"))
            .flatten()
            .filter(|parameters| parameters.kind() == "formal_parameters" && children(*parameters).is_empty())
            .and_then(|_| supplier.child_by_field_name("body"))
            .map(skip_parens)
            .filter(|body| body.kind() == "object_creation_expression");
        let Some(created) = created else {
            return self.unsupported(supplier, "this exception supplier (hornet models a lambda '() -> new X(...)')");
        };
        let type_node = created.child_by_field_name("type").filter(|t| matches!(t.kind(), "type_identifier" | "scoped_type_identifier"));
        let Some(type_node) = type_node else { return self.unsupported(created, "thrown exception type") };
        if children(created).iter().any(|c| c.kind() == "class_body") {
            return self.unsupported(created, "anonymous class");
        }
        if let Some(arguments) = created.child_by_field_name("arguments") {
            self.check_unevaluated(arguments)?;
        }
        let class = self.index.exception_class(self.text(type_node), self.class.file);
        if !is_known(&self.index.exception_superclasses, &class) {
            return self.unsupported(type_node, format!("an Optional throwing '{class}' (its superclasses are not known)"));
        }
        Ok(class)
    }

    /// A comparison one of whose operands is an Optional is reported: an Optional a method
    /// makes is never null, and `==` between two compares references.
    pub(super) fn check_optional_comparison(&mut self, node: Node<'t>, token: &str, lhs: Ty, rhs: Ty) -> Lowered<()> {
        if matches!(lhs, Ty::Optional(_)) || matches!(rhs, Ty::Optional(_)) {
            return self.unsupported(node, format!("'{token}' between {lhs} and {rhs} (an Optional is tested with isPresent or isEmpty)"));
        }
        Ok(())
    }
}
