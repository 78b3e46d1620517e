//! Small helpers over tree-sitter nodes: spans, text, primitive types and literals.

use crate::diag::{Diagnostic, Span};
use crate::ir::{JdbcType, Primitive, Ty};
use std::path::Path;
use tree_sitter::Node;

/// Where a node starts, 1-based.
pub(crate) fn span_of(file: &Path, node: Node) -> Span {
    let start = node.start_position();
    Span::new(file, start.row as u32 + 1, start.column as u32 + 1)
}

/// The source text of a node.
pub(crate) fn text<'s>(node: Node, source: &'s str) -> &'s str {
    node.utf8_text(source.as_bytes()).unwrap_or("")
}

/// The named children of a node, without comments.
pub(crate) fn children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).filter(|c| !c.is_extra()).collect()
}

/// The children of a node under a field name (`init` and `update` of a `for` may repeat).
pub(crate) fn field_children<'t>(node: Node<'t>, field: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name(field, &mut cursor).collect()
}

/// The operator token of a binary, unary, update or assignment expression.
pub(crate) fn operator<'s>(node: Node, source: &'s str) -> &'s str {
    match node.child_by_field_name("operator") {
        Some(op) => text(op, source),
        // update_expression has no operator field: `++`/`--` is its only anonymous child.
        None => {
            let mut cursor = node.walk();
            let op = node.children(&mut cursor).find(|c| !c.is_named());
            op.map(|op| text(op, source)).unwrap_or("")
        }
    }
}

/// Whether a declaration's `modifiers` child contains a keyword such as `static`.
pub(crate) fn has_modifier(declaration: Node, source: &str, keyword: &str) -> bool {
    let mut cursor = declaration.walk();
    let modifiers = declaration.children(&mut cursor).find(|c| c.kind() == "modifiers");
    modifiers.is_some_and(|m| {
        let mut cursor = m.walk();
        m.children(&mut cursor).any(|c| !c.is_named() && text(c, source) == keyword)
    })
}

/// Skip any number of enclosing parentheses.
pub(crate) fn skip_parens(mut node: Node) -> Node {
    while node.kind() == "parenthesized_expression" {
        match children(node).first() {
            Some(inner) => node = *inner,
            None => break,
        }
    }
    node
}

/// The IR type of a type node, or an `unsupported: type '…'` diagnostic.
pub(crate) fn primitive_type(node: Node, file: &Path, source: &str) -> Result<Ty, Diagnostic> {
    let spelled = text(node, source);
    match (node.kind(), spelled) {
        ("integral_type", "int") => Ok(Ty::Int),
        ("integral_type", "long") => Ok(Ty::Long),
        ("integral_type", "byte") => Ok(Ty::Byte),
        ("integral_type", "short") => Ok(Ty::Short),
        ("integral_type", "char") => Ok(Ty::Char),
        ("boolean_type", _) => Ok(Ty::Boolean),
        ("floating_point_type", "double") => Ok(Ty::Double),
        ("floating_point_type", "float") => Ok(Ty::Float),
        ("void_type", _) => Ok(Ty::Void),
        ("type_identifier", "String") | ("scoped_type_identifier", "java.lang.String") => Ok(Ty::String),
        ("type_identifier", "Integer") | ("scoped_type_identifier", "java.lang.Integer") => Ok(Ty::Boxed(Primitive::Int)),
        ("type_identifier", "Long") | ("scoped_type_identifier", "java.lang.Long") => Ok(Ty::Boxed(Primitive::Long)),
        ("type_identifier", "Boolean") | ("scoped_type_identifier", "java.lang.Boolean") => Ok(Ty::Boxed(Primitive::Boolean)),
        ("type_identifier", "Double") | ("scoped_type_identifier", "java.lang.Double") => Ok(Ty::Boxed(Primitive::Double)),
        ("type_identifier", "Float") | ("scoped_type_identifier", "java.lang.Float") => Ok(Ty::Boxed(Primitive::Float)),
        ("type_identifier", "Byte") | ("scoped_type_identifier", "java.lang.Byte") => Ok(Ty::Boxed(Primitive::Byte)),
        ("type_identifier", "Short") | ("scoped_type_identifier", "java.lang.Short") => Ok(Ty::Boxed(Primitive::Short)),
        ("type_identifier", "Character") | ("scoped_type_identifier", "java.lang.Character") => Ok(Ty::Boxed(Primitive::Char)),
        ("type_identifier", "Scanner") | ("scoped_type_identifier", "java.util.Scanner") => Ok(Ty::Scanner),
        ("type_identifier" | "scoped_type_identifier", name) if JdbcType::from_name(name).is_some() => {
            Ok(JdbcType::from_name(name).map(Ty::Jdbc).expect("checked by the guard"))
        }
        _ => Err(Diagnostic::unsupported(span_of(file, node), format!("type '{spelled}'"))),
    }
}

/// The value of an integer literal (`0x7f`, `1_000L`, `0b101`, `017`) as an `int` or `long`.
/// `negated` says the literal is the operand of a unary minus: only there may a decimal literal
/// be 2147483648 (or 9223372036854775808L). Returns the value already negated in that case.
/// `None` if the literal does not fit its type.
pub(crate) fn integer_literal(spelled: &str, negated: bool) -> Option<(i64, Ty)> {
    let digits: String = spelled.chars().filter(|c| *c != '_').collect();
    let (digits, ty) = match digits.strip_suffix(['l', 'L']) {
        Some(d) => (d.to_string(), Ty::Long),
        None => (digits, Ty::Int),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(hex) = lower.strip_prefix("0x") {
        (16, hex)
    } else if let Some(bin) = lower.strip_prefix("0b") {
        (2, bin)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    let magnitude = u64::from_str_radix(body, radix).ok()?;
    let value = match (ty, radix) {
        // Decimal literals are magnitudes: at most MAX, or MAX+1 right after a minus.
        (Ty::Int, 10) if magnitude <= i32::MAX as u64 + negated as u64 => magnitude as i64,
        (Ty::Long, 10) if magnitude <= i64::MAX as u64 + negated as u64 => magnitude as i64,
        // Hex, octal and binary literals are bit patterns of the whole type.
        (Ty::Int, 2 | 8 | 16) if magnitude <= u32::MAX as u64 => magnitude as u32 as i32 as i64,
        (Ty::Long, 2 | 8 | 16) => magnitude as i64,
        _ => return None,
    };
    let value = if negated { wrap(value.wrapping_neg(), ty) } else { value };
    Some((value, ty))
}

/// Java's wrap-around of a value to `ty`.
pub(crate) fn wrap(value: i64, ty: Ty) -> i64 {
    match ty {
        Ty::Int => value as i32 as i64,
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_literals_in_every_radix() {
        assert_eq!(integer_literal("1_000", false), Some((1000, Ty::Int)));
        assert_eq!(integer_literal("0x7fff_ffff", false), Some((i32::MAX as i64, Ty::Int)));
        assert_eq!(integer_literal("0xFFFFFFFF", false), Some((-1, Ty::Int)));
        assert_eq!(integer_literal("017", false), Some((15, Ty::Int)));
        assert_eq!(integer_literal("0b101", false), Some((5, Ty::Int)));
        assert_eq!(integer_literal("0", false), Some((0, Ty::Int)));
        assert_eq!(integer_literal("10L", false), Some((10, Ty::Long)));
        assert_eq!(integer_literal("0xFFFFFFFFFFFFFFFFL", false), Some((-1, Ty::Long)));
    }

    #[test]
    fn the_most_negative_literals_need_a_minus() {
        assert_eq!(integer_literal("2147483648", false), None);
        assert_eq!(integer_literal("2147483648", true), Some((i32::MIN as i64, Ty::Int)));
        assert_eq!(integer_literal("9223372036854775808L", true), Some((i64::MIN, Ty::Long)));
        assert_eq!(integer_literal("0x1_0000_0000", false), None);
    }
}
