//! The boxes `Integer`, `Long` and `Boolean` in the front end (`ir::Ty::Boxed`): boxing and
//! unboxing as javac compiles them, calls of `valueOf` and `intValue` (`longValue`,
//! `booleanValue`) whose summaries are `summaries/java_lang_boxes.pl` (unboxing null throws
//! NullPointerException there, so it is a path, not a branch); the methods of a box
//! (`intValue`, `longValue`, `booleanValue`, `equals` of a box of the same type); the
//! comparisons: with `null` a reference test, with a primitive after unboxing, and `==`
//! between two boxes reported (it compares references, whose outcome depends on the JVM's
//! cache of small boxes); the type of `?:` with a box or `null` arm (JLS 15.25).

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{CmpOp, Cond, Inst, MethodKey, Operand, Primitive, Rvalue, Ty};
use crate::java::index::{is_number, promote};
use crate::java::syntax::children;
use tree_sitter::Node;

impl<'t> MethodLowering<'_, 't> {
    /// `value` as a primitive: a box unboxed (NullPointerException when null), any other
    /// value as it is.
    pub(super) fn unboxed(&mut self, value: Typed, at: Node<'t>) -> Typed {
        let Ty::Boxed(primitive) = value.ty else { return value };
        let callee = MethodKey {
            class: primitive.box_class().into(),
            name: primitive.unboxing_method().into(),
            params: vec![value.ty],
        };
        let dst = self.new_temp(primitive.ty());
        let span = self.span(at);
        self.emit(Inst::Call { dst: Some(dst), callee, args: vec![value.operand], span });
        Typed { operand: Operand::Local(dst), ty: primitive.ty() }
    }

    /// A primitive `value` boxed: `Integer.valueOf(value)`.
    pub(super) fn boxed(&mut self, value: Typed, primitive: Primitive, at: Node<'t>) -> Typed {
        let callee = MethodKey { class: primitive.box_class().into(), name: "valueOf".into(), params: vec![primitive.ty()] };
        let dst = self.new_temp(Ty::Boxed(primitive));
        let span = self.span(at);
        self.emit(Inst::Call { dst: Some(dst), callee, args: vec![value.operand], span });
        Typed { operand: Operand::Local(dst), ty: Ty::Boxed(primitive) }
    }

    /// A call of a method of a box (the receiver, not yet checked).
    pub(super) fn boxed_method(
        &mut self,
        node: Node<'t>,
        receiver: Typed,
        primitive: Primitive,
        name: &str,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        // Integer.longValue() widens, Long.intValue() narrows; a Boolean has booleanValue() only.
        // A Character has charValue() only; the other number boxes all the Number methods.
        let unboxing = |to: Primitive| match primitive {
            Primitive::Boolean | Primitive::Char => to == primitive,
            _ => !matches!(to, Primitive::Boolean | Primitive::Char),
        };
        let value = match (name, arguments.as_slice()) {
            ("intValue", []) if unboxing(Primitive::Int) => self.unboxed_as(receiver, Ty::Int, node),
            ("longValue", []) if unboxing(Primitive::Long) => self.unboxed_as(receiver, Ty::Long, node),
            ("booleanValue", []) if unboxing(Primitive::Boolean) => self.unboxed_as(receiver, Ty::Boolean, node),
            ("doubleValue", []) if unboxing(Primitive::Double) => self.unboxed_as(receiver, Ty::Double, node),
            ("floatValue", []) if unboxing(Primitive::Float) => self.unboxed_as(receiver, Ty::Float, node),
            ("byteValue", []) if unboxing(Primitive::Byte) => self.unboxed_as(receiver, Ty::Byte, node),
            ("shortValue", []) if unboxing(Primitive::Short) => self.unboxed_as(receiver, Ty::Short, node),
            ("charValue", []) if unboxing(Primitive::Char) => self.unboxed_as(receiver, Ty::Char, node),
            ("equals", [_]) if matches!(primitive, Primitive::Double | Primitive::Float) => {
                return self.unsupported(
                    node,
                    format!("'equals' of a {} (it tells -0.0 from 0.0, which the model does not; compare the unboxed values with ==)", receiver.ty),
                );
            }
            ("equals", [argument]) => {
                let receiver = self.stabilise(receiver, &arguments);
                let other = self.value(*argument)?;
                let other = match other.ty {
                    Ty::Null => Operand::Null,
                    ty if ty == Ty::Boxed(primitive) || ty == primitive.ty() => self.coerce(other, Ty::Boxed(primitive), *argument)?,
                    ty => {
                        return self.unsupported(
                            node,
                            format!("'equals' between {} and {ty} (only a box of the same type, or its primitive, is modelled)", receiver.ty),
                        );
                    }
                };
                let callee = MethodKey {
                    class: primitive.box_class().into(),
                    name: "equals".into(),
                    params: vec![Ty::Boxed(primitive), Ty::Boxed(primitive)],
                };
                let dst = self.new_temp(Ty::Boolean);
                let span = self.span(node);
                self.emit(Inst::Call { dst: Some(dst), callee, args: vec![receiver.operand, other], span });
                Typed { operand: Operand::Local(dst), ty: Ty::Boolean }
            }
            _ => {
                return self.unsupported(
                    node,
                    format!(
                        "{} method '{name}' with {} argument(s) (hornet models intValue, longValue, booleanValue and equals)",
                        receiver.ty,
                        arguments.len()
                    ),
                );
            }
        };
        Ok(want_value.then_some(value))
    }

    /// A box unboxed, then converted to `to` (`Integer.longValue()`, `Long.intValue()`).
    fn unboxed_as(&mut self, receiver: Typed, to: Ty, at: Node<'t>) -> Typed {
        let value = self.unboxed(receiver, at);
        if value.ty == to { value } else { self.temp(to, Rvalue::Convert { operand: value.operand, to }) }
    }

    /// The condition of a comparison one of whose operands is a box: a null test with the
    /// null literal, else a comparison of the unboxed values (`==` between two boxes is
    /// reported). `None` when neither operand is a box.
    pub(super) fn boxed_comparison(
        &mut self,
        node: Node<'t>,
        token: &str,
        op: CmpOp,
        (lhs, left): (Typed, Node<'t>),
        (rhs, right): (Typed, Node<'t>),
    ) -> Lowered<Option<Cond>> {
        if !matches!(lhs.ty, Ty::Boxed(_)) && !matches!(rhs.ty, Ty::Boxed(_)) {
            return Ok(None);
        }
        let equality = matches!(op, CmpOp::Eq | CmpOp::Ne);
        match (lhs.ty, rhs.ty) {
            (Ty::Boxed(_), Ty::Null) | (Ty::Null, Ty::Boxed(_)) if equality => {
                return Ok(Some(Cond { op, lhs: lhs.operand, rhs: rhs.operand }));
            }
            (Ty::Boxed(_), Ty::Boxed(_)) if equality => {
                return self.unsupported(
                    node,
                    format!("'{token}' between two boxes ({} and {}): it compares references, which the JVM's cache of small boxes decides; use equals, or unbox one", lhs.ty, rhs.ty),
                );
            }
            _ => {}
        }
        // javac unboxes both operands before comparing, left first.
        let lhs = self.unboxed(lhs, left);
        let rhs = self.unboxed(rhs, right);
        match (lhs.ty, rhs.ty) {
            (Ty::Boolean, Ty::Boolean) if equality => Ok(Some(Cond { op, lhs: lhs.operand, rhs: rhs.operand })),
            (a, b) if is_number(a) && is_number(b) => {
                let ty = promote(lhs.ty, rhs.ty);
                let lhs = self.coerce(lhs, ty, left)?;
                let rhs = self.coerce(rhs, ty, right)?;
                Ok(Some(Cond { op, lhs, rhs }))
            }
            (a, b) => self.error(node, format!("bad operand types for '{token}': {a} and {b}")),
        }
    }

    /// The type of `c ? yes : no` when an arm is a box, or a primitive with `null` (JLS 15.25):
    /// a box when both arms are that box or its primitive with `null`, else the primitive both
    /// unbox to. `None` when no arm is a box and no primitive meets `null`.
    pub(super) fn boxed_conditional_type(yes: Ty, no: Ty) -> Option<Ty> {
        match (yes, no) {
            (Ty::Boxed(a), Ty::Boxed(b)) if a == b => Some(yes),
            (Ty::Boxed(_), Ty::Null) | (Ty::Null, Ty::Boxed(_)) => Some(if yes == Ty::Null { no } else { yes }),
            (primitive, Ty::Null) | (Ty::Null, primitive) => Primitive::of(primitive).map(Ty::Boxed),
            (Ty::Boxed(a), other) | (other, Ty::Boxed(a)) => match (a.ty(), other) {
                (Ty::Boolean, Ty::Boolean) | (Ty::Boolean, Ty::Boxed(Primitive::Boolean)) => Some(Ty::Boolean),
                (x, y) if is_number(x) && is_number(y) => Some(promote(a.ty(), other)),
                (x, Ty::Boxed(b)) if is_number(x) && b != Primitive::Boolean => Some(promote(a.ty(), b.ty())),
                _ => None,
            },
            _ => None,
        }
    }
}
