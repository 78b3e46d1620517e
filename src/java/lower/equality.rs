//! `equals(Object)` and `hashCode()` of a class of the sources written the way IDEs generate
//! them: `if (this == o) return true; if (o == null || getClass() != o.getClass()) return
//! false; C c = (C) o; return id == c.id && Objects.equals(name, c.name);` and `return
//! Objects.hash(id, name);`.
//!
//! The parameter is an object of `ir::OBJECT_CLASS` (`index.rs`); comparing the classes of two
//! objects, one of which can only have one class, is an `instanceof` of exactly that class;
//! `Objects.hash` is `Arrays.hashCode` of its boxed arguments, `31 * h + e.hashCode()` from
//! `h = 1`, each element's hash a library call (`summaries/java_util_objects.pl`) or, for an
//! `int`, the value itself.

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{BinOp, ClassName, CmpOp, Cond, Inst, MethodKey, OBJECT_CLASS, Operand, Primitive, Rvalue, Ty};
use crate::java::syntax::{children, skip_parens};
use tree_sitter::Node;

/// `java.util.Objects`.
const OBJECTS: &str = "java.util.Objects";

impl<'t> MethodLowering<'_, 't> {
    /// `a.getClass() == b.getClass()` (or `!=`, `getClass()` of `this` unqualified): each
    /// receiver is checked not null as it is evaluated (NullPointerException), then the classes
    /// compare as `b instanceof` exactly the one class `a` may have (or the other way round).
    /// None when the comparison is something else.
    pub(super) fn class_comparison(&mut self, node: Node<'t>, op: CmpOp, left: Node<'t>, right: Node<'t>) -> Option<Lowered<Cond>> {
        let get_class = |n: Node<'t>| {
            let n = skip_parens(n);
            let is_call = n.kind() == "method_invocation"
                && n.child_by_field_name("name").is_some_and(|name| self.text(name) == "getClass")
                && n.child_by_field_name("arguments").is_some_and(|a| children(a).is_empty());
            is_call.then(|| n.child_by_field_name("object"))
        };
        let (left_receiver, right_receiver) = (get_class(left)?, get_class(right)?);
        if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
            return Some(self.error(node, "bad operand types for a comparison of classes"));
        }
        Some((|| {
            let left = self.class_receiver(node, left_receiver)?;
            let right = self.class_receiver(node, right_receiver)?;
            let (tested, class) = match (self.single_class(left.ty), self.single_class(right.ty)) {
                (Some(class), _) => (right, class),
                (None, Some(class)) => (left, class),
                (None, None) => {
                    return self.unsupported(
                        node,
                        "comparing the classes of two objects that may each have several classes (hornet models getClass() == o.getClass() where one of them has one class)",
                    );
                }
            };
            let dst = self.new_temp(Ty::Boolean);
            self.emit(Inst::InstanceOf { dst, object: tested.operand, classes: vec![class] });
            Ok(Cond { op, lhs: Operand::Local(dst), rhs: Operand::Const(1, Ty::Boolean) })
        })())
    }

    /// The receiver of `getClass()`, checked not null (`this` when there is none).
    fn class_receiver(&mut self, node: Node<'t>, receiver: Option<Node<'t>>) -> Lowered<Typed> {
        let value = match receiver {
            None => return self.this(node),
            Some(receiver) if skip_parens(receiver).kind() == "this" => return self.this(node),
            Some(receiver) => self.value(receiver)?,
        };
        if !matches!(value.ty, Ty::Object(_)) {
            return self.unsupported(node, format!("getClass() of a {} (hornet compares the classes of objects of the sources)", value.ty));
        }
        let span = self.span(node);
        self.emit(Inst::CheckNotNull { object: value.operand, span });
        Ok(value)
    }

    /// The one class an object of static type `ty` may have, if there is one.
    fn single_class(&self, ty: Ty) -> Option<ClassName> {
        let Ty::Object(class) = ty else { return None };
        if class.as_str() == OBJECT_CLASS {
            return None;
        }
        match self.index.concrete_classes(class.as_str()).as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// `Objects.hash(a, b, ...)`: `Arrays.hashCode` of the boxed arguments, evaluated left to
    /// right first. None when the call is something else.
    pub(super) fn objects_hash(&mut self, node: Node<'t>, object: Node<'t>, name: &str) -> Option<Lowered<Option<Typed>>> {
        if name != "hash" || self.lookup(self.text(object)).is_some() || self.qualified(self.text(object)) != OBJECTS {
            return None;
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        Some((|| {
            let mut values = Vec::new();
            for (i, argument) in arguments.iter().enumerate() {
                let value = self.value(*argument)?;
                values.push((self.stabilise(value, &arguments[i + 1..]), *argument));
            }
            let span = self.span(node);
            let mut hash = Operand::Const(1, Ty::Int);
            for (value, argument) in values {
                let element = self.element_hash(value, argument)?;
                let scaled = self.temp(
                    Ty::Int,
                    Rvalue::Binary { op: BinOp::Mul, lhs: Operand::Const(31, Ty::Int), rhs: hash, ty: Ty::Int, span: span.clone() },
                );
                hash = self
                    .temp(Ty::Int, Rvalue::Binary { op: BinOp::Add, lhs: scaled.operand, rhs: element, ty: Ty::Int, span: span.clone() })
                    .operand;
            }
            Ok(Some(Typed { operand: hash, ty: Ty::Int }))
        })())
    }

    /// The `hashCode()` of a value boxed into `Objects.hash`'s array (0 for null): an int's
    /// (or a byte's, short's or char's) is its value; the others' a library call.
    fn element_hash(&mut self, value: Typed, at: Node<'t>) -> Lowered<Operand> {
        let param = match value.ty {
            Ty::Int | Ty::Byte | Ty::Short | Ty::Char => return Ok(value.operand),
            Ty::Long | Ty::Boolean | Ty::String => value.ty,
            Ty::Boxed(Primitive::Int | Primitive::Long | Primitive::Boolean) => value.ty,
            Ty::Null => return Ok(Operand::Const(0, Ty::Int)),
            ty => {
                return self.unsupported(
                    at,
                    format!("Objects.hash of a {ty} (hornet hashes int, long, boolean, String, Integer, Long and Boolean values)"),
                );
            }
        };
        let dst = self.new_temp(Ty::Int);
        let callee = MethodKey { class: OBJECTS.into(), name: "hashCode".into(), params: vec![param] };
        let span = self.span(at);
        self.emit(Inst::Call { dst: Some(dst), callee, args: vec![value.operand], span });
        Ok(Operand::Local(dst))
    }
}
