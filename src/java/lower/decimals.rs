//! `java.math.BigDecimal` in the front end (`ir::Ty::Decimal`): `new BigDecimal("12.50")` (a
//! constant in units of 10^-`DECIMAL_SCALE`), `new BigDecimal(long)`, and the methods whose
//! result depends on the value alone, as library calls with the receiver first
//! (`summaries/java_math_bigdecimal.pl`). What shows a value's scale (`equals`, `toString`,
//! `scale()`), division and `==` between two BigDecimals (reference identity) are reported.

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{CONSTRUCTOR, CmpOp, Cond, DECIMAL_SCALE, Inst, MethodKey, Operand, Ty, decimal_units};
use crate::java::index::is_big_decimal;
use crate::java::library::BIG_DECIMAL;
use crate::java::syntax::children;
use tree_sitter::Node;

/// `RoundingMode.HALF_UP.ordinal()`, equal to the legacy `BigDecimal.ROUND_HALF_UP`.
const HALF_UP: i64 = 4;
/// `RoundingMode.UNNECESSARY.ordinal()`: what `setScale(n)` without a mode rounds with.
const UNNECESSARY: i64 = 7;

impl<'t> MethodLowering<'_, 't> {
    /// Whether `new C(...)` creates a BigDecimal.
    pub(super) fn creates_decimal(&self, node: Node<'t>) -> bool {
        node.child_by_field_name("type").is_some_and(|type_node| is_big_decimal(self.text(type_node), self.class.file))
    }

    /// `new BigDecimal("12.50")` (a constant), `new BigDecimal(long)`.
    pub(super) fn new_decimal(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let [argument] = arguments.as_slice() else {
            return self.unsupported(node, "this BigDecimal constructor (hornet models new BigDecimal(\"12.50\") and new BigDecimal(long))");
        };
        if argument.kind() == "string_literal" {
            let spelled = self.text(*argument).trim_matches('"');
            return match decimal_units(spelled) {
                Some(units) => Ok(Typed { operand: Operand::Const(units, Ty::Decimal), ty: Ty::Decimal }),
                None => self.unsupported(
                    *argument,
                    format!("the BigDecimal {spelled} (hornet models plain decimal text of at most {DECIMAL_SCALE} places)"),
                ),
            };
        }
        let value = self.value(*argument)?;
        if !matches!(value.ty, Ty::Int | Ty::Long) {
            return self.unsupported(
                *argument,
                format!("new BigDecimal of a {} (hornet models a literal text, an int or a long)", value.ty),
            );
        }
        let integer = self.coerce(value, Ty::Long, *argument)?;
        let callee = MethodKey { class: BIG_DECIMAL.into(), name: CONSTRUCTOR.into(), params: vec![Ty::Long] };
        let dst = self.new_temp(Ty::Decimal);
        let span = self.span(node);
        self.emit(Inst::Call { dst: Some(dst), callee, args: vec![integer], span });
        Ok(Typed { operand: Operand::Local(dst), ty: Ty::Decimal })
    }

    /// A call of a method of a BigDecimal (the receiver, not yet checked).
    pub(super) fn decimal_method(&mut self, node: Node<'t>, receiver: Typed, name: &str, want_value: bool) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let (params, ret): (&[Ty], Ty) = match (name, arguments.len()) {
            ("add" | "subtract" | "multiply" | "max" | "min", 1) => (&[Ty::Decimal, Ty::Decimal], Ty::Decimal),
            ("compareTo", 1) => (&[Ty::Decimal, Ty::Decimal], Ty::Int),
            ("negate" | "abs", 0) => (&[Ty::Decimal], Ty::Decimal),
            ("signum", 0) => (&[Ty::Decimal], Ty::Int),
            ("setScale", 1 | 2) => (&[Ty::Decimal, Ty::Int, Ty::Int], Ty::Decimal),
            _ => {
                let why = match name {
                    "equals" | "hashCode" => " (it compares the scale too: 2.0 is not 2.00; compareTo is modelled)",
                    "toString" | "toPlainString" | "scale" | "precision" | "unscaledValue" => " (the value's scale is not modelled)",
                    "divide" | "remainder" | "divideToIntegralValue" => " (division is not modelled)",
                    _ => "",
                };
                return self.unsupported(
                    node,
                    format!(
                        "BigDecimal method '{name}' with {} argument(s){why}; hornet models add, subtract, multiply, negate, abs, max, min, compareTo, signum and setScale with HALF_UP",
                        arguments.len()
                    ),
                );
            }
        };
        let receiver = self.stabilise(receiver, &arguments);
        let mut args = vec![receiver.operand];
        if name == "setScale" {
            let scale = match self.constant(arguments[0]) {
                Some(scale) if scale.ty == Ty::Int && scale.value >= 0 => scale.value,
                _ => return self.unsupported(arguments[0], "a scale that is not a constant of at least 0"),
            };
            let mode = match arguments.get(1) {
                None => UNNECESSARY,
                Some(mode) => match self.text(*mode).rsplit('.').next() {
                    Some("HALF_UP" | "ROUND_HALF_UP") => HALF_UP,
                    _ => return self.unsupported(*mode, format!("the rounding mode {} (hornet models HALF_UP)", self.text(*mode))),
                },
            };
            args.push(Operand::Const(scale, Ty::Int));
            args.push(Operand::Const(mode, Ty::Int));
        } else if let Some(argument) = arguments.first() {
            let other = self.value(*argument)?;
            let other = self.coerce(other, Ty::Decimal, *argument)?;
            args.push(other);
        }
        let callee = MethodKey { class: BIG_DECIMAL.into(), name: name.into(), params: params.to_vec() };
        let dst = self.new_temp(ret);
        let span = self.span(node);
        self.emit(Inst::Call { dst: Some(dst), callee, args, span });
        Ok(want_value.then_some(Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// The condition of a comparison one of whose operands is a BigDecimal: a null test with
    /// the null literal; `==` between two (reference identity) is reported. `None` when neither
    /// operand is a BigDecimal.
    pub(super) fn decimal_comparison(&mut self, node: Node<'t>, token: &str, op: CmpOp, lhs: Typed, rhs: Typed) -> Lowered<Option<Cond>> {
        match (lhs.ty, rhs.ty) {
            (Ty::Decimal, Ty::Null) | (Ty::Null, Ty::Decimal) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Some(Cond { op, lhs: lhs.operand, rhs: rhs.operand }))
            }
            (Ty::Decimal, _) | (_, Ty::Decimal) => self.unsupported(
                node,
                format!("'{token}' between {} and {} (BigDecimals compare with compareTo)", lhs.ty, rhs.ty),
            ),
            _ => Ok(None),
        }
    }
}
