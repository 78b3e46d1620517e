//! The value an enum's method without parameters computes for each constant, when its body is
//! `return e;` with `e` built from the constant's final fields (known per constant from its
//! constructor arguments), its `name()` and `ordinal()`, and literals, with `+`, arithmetic,
//! comparisons, `&&`, `||`, `!` and `?:`: a `toString()` of its own, `isError()`,
//! `label()`. Such a method is a field of the enum whose values are known per constant
//! (`ir::EnumField`), read where it is called.

use super::index::{Const, assignment_conversion, binary_constant};
use super::syntax::{children, integer_literal, operator, skip_parens, text};
use crate::ir::{EnumField, EnumFieldValue, Ty};
use tree_sitter::Node;

/// A value computed for one constant.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    /// An int, a long or a boolean (0/1).
    Number(Const),
    Text(String),
}

/// The constant the method is evaluated for.
struct Constant<'a> {
    name: &'a str,
    ordinal: usize,
    fields: &'a [EnumField],
}

/// The values the method `method` (an instance method without parameters returning `ret`:
/// int, long, boolean or String) returns for each constant of `constants`; `None` when its
/// body is not one `return` of an expression evaluated here.
pub(crate) fn computed_values(
    method: Node,
    source: &str,
    ret: Ty,
    constants: &[String],
    fields: &[EnumField],
) -> Option<Vec<EnumFieldValue>> {
    if !matches!(ret, Ty::Int | Ty::Long | Ty::Boolean | Ty::String) {
        return None;
    }
    let parameters = method.child_by_field_name("parameters").map(children).unwrap_or_default();
    if !parameters.is_empty() {
        return None;
    }
    let statements: Vec<Node> =
        method.child_by_field_name("body").map(children)?.into_iter().filter(|s| !matches!(s.kind(), "{" | "}")).collect();
    let [statement] = statements.as_slice() else { return None };
    if statement.kind() != "return_statement" {
        return None;
    }
    let returned = children(*statement).into_iter().find(|c| c.kind() != ";")?;
    constants
        .iter()
        .enumerate()
        .map(|(ordinal, name)| {
            let value = evaluate(returned, source, &Constant { name, ordinal, fields })?;
            match (value, ret) {
                (Value::Text(text), Ty::String) => Some(EnumFieldValue::Text(text)),
                (Value::Number(c), Ty::Int | Ty::Long | Ty::Boolean) => {
                    assignment_conversion(c, ret).map(|c| EnumFieldValue::Number(c.value))
                }
                _ => None,
            }
        })
        .collect()
}

fn evaluate(node: Node, source: &str, constant: &Constant) -> Option<Value> {
    let node = skip_parens(node);
    let number = |value: i64, ty: Ty| Some(Value::Number(Const { value, ty }));
    match node.kind() {
        "true" => number(1, Ty::Boolean),
        "false" => number(0, Ty::Boolean),
        "decimal_integer_literal" | "hex_integer_literal" | "octal_integer_literal" | "binary_integer_literal" => {
            let (value, ty) = integer_literal(text(node, source), false)?;
            number(value, ty)
        }
        "string_literal" => super::lower::string_literal_value(text(node, source)).map(Value::Text),
        "identifier" => field_value(text(node, source), constant),
        "field_access" if node.child_by_field_name("object").is_some_and(|o| o.kind() == "this") => {
            field_value(text(node.child_by_field_name("field")?, source), constant)
        }
        "method_invocation" => {
            let object = node.child_by_field_name("object");
            if object.is_some_and(|o| o.kind() != "this") {
                return None;
            }
            let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
            if !arguments.is_empty() {
                return None;
            }
            let name = text(node.child_by_field_name("name")?, source);
            match name {
                "name" => Some(Value::Text(constant.name.to_string())),
                "ordinal" => number(constant.ordinal as i64, Ty::Int),
                getter => {
                    let field = constant.fields.iter().find(|f| f.getters.iter().any(|g| g == getter))?;
                    field_value(&field.name, constant)
                }
            }
        }
        "unary_expression" => {
            let operand = node.child_by_field_name("operand")?;
            match (operator(node, source), evaluate(operand, source, constant)?) {
                ("!", Value::Number(Const { value, ty: Ty::Boolean })) => number(1 - value, Ty::Boolean),
                ("-", Value::Number(Const { value, ty: ty @ (Ty::Int | Ty::Long) })) => {
                    number(super::syntax::wrap(value.wrapping_neg(), ty), ty)
                }
                _ => None,
            }
        }
        "binary_expression" => {
            let left = evaluate(node.child_by_field_name("left")?, source, constant)?;
            let right = evaluate(node.child_by_field_name("right")?, source, constant)?;
            match (operator(node, source), left, right) {
                ("+", Value::Text(a), b) => Some(Value::Text(a + &as_text(&b))),
                ("+", a, Value::Text(b)) => Some(Value::Text(as_text(&a) + &b)),
                (op, Value::Number(a), Value::Number(b)) => binary_constant(op, a, b).map(Value::Number),
                _ => None,
            }
        }
        "ternary_expression" => {
            let Value::Number(Const { value, ty: Ty::Boolean }) =
                evaluate(node.child_by_field_name("condition")?, source, constant)?
            else {
                return None;
            };
            let yes = evaluate(node.child_by_field_name("consequence")?, source, constant)?;
            let no = evaluate(node.child_by_field_name("alternative")?, source, constant)?;
            // Both arms of one type, so no numeric promotion is needed.
            let same_type = match (&yes, &no) {
                (Value::Text(_), Value::Text(_)) => true,
                (Value::Number(a), Value::Number(b)) => a.ty == b.ty,
                _ => false,
            };
            same_type.then_some(if value != 0 { yes } else { no })
        }
        _ => None,
    }
}

/// The value of the field `name` for the constant.
fn field_value(name: &str, constant: &Constant) -> Option<Value> {
    let field = constant.fields.iter().find(|f| f.name == name)?;
    match field.values.get(constant.ordinal)? {
        EnumFieldValue::Text(text) => Some(Value::Text(text.clone())),
        EnumFieldValue::Number(value) => Some(Value::Number(Const { value: *value, ty: field.ty })),
    }
}

/// A value as string concatenation writes it.
fn as_text(value: &Value) -> String {
    match value {
        Value::Text(text) => text.clone(),
        Value::Number(Const { value, ty: Ty::Boolean }) => (if *value != 0 { "true" } else { "false" }).to_string(),
        Value::Number(Const { value, .. }) => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values_of(method: &str, ret: Ty) -> Option<Vec<EnumFieldValue>> {
        let source = format!("enum E {{ A, B; {method} }}");
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&tree_sitter_java::LANGUAGE.into()).expect("the Java grammar loads");
        let tree = parser.parse(&source, None).expect("parsed");
        let mut found = None;
        let mut stack = vec![tree.root_node()];
        while let Some(node) = stack.pop() {
            if node.kind() == "method_declaration" {
                found = Some(node);
            }
            stack.extend(children(node));
        }
        let fields = vec![
            EnumField {
                name: "code".into(),
                ty: Ty::Int,
                values: vec![EnumFieldValue::Number(200), EnumFieldValue::Number(404)],
                getters: vec!["getCode".into()],
            },
            EnumField {
                name: "text".into(),
                ty: Ty::String,
                values: vec![EnumFieldValue::Text("OK".into()), EnumFieldValue::Text("Not Found".into())],
                getters: Vec::new(),
            },
        ];
        computed_values(found?, &source, ret, &["A".into(), "B".into()], &fields)
    }

    #[test]
    fn to_string_of_fields_and_literals() {
        let text = |s: &str| EnumFieldValue::Text(s.into());
        assert_eq!(
            values_of("public String toString() { return code + \" \" + this.text; }", Ty::String),
            Some(vec![text("200 OK"), text("404 Not Found")])
        );
        assert_eq!(
            values_of("String label() { return name() + \"/\" + ordinal() + (code > 300); }", Ty::String),
            Some(vec![text("A/0false"), text("B/1true")])
        );
    }

    #[test]
    fn numbers_and_conditions() {
        let number = EnumFieldValue::Number;
        assert_eq!(values_of("boolean isError() { return getCode() >= 400; }", Ty::Boolean), Some(vec![number(0), number(1)]));
        assert_eq!(values_of("long twice() { return code * 2; }", Ty::Long), Some(vec![number(400), number(808)]));
        assert_eq!(values_of("int pick() { return code > 300 ? 1 : 2; }", Ty::Int), Some(vec![number(2), number(1)]));
    }

    #[test]
    fn other_bodies_are_not_evaluated() {
        assert_eq!(values_of("String f(int x) { return text; }", Ty::String), None);
        assert_eq!(values_of("String f() { if (code > 1) return text; return \"\"; }", Ty::String), None);
        assert_eq!(values_of("int f() { return text.length(); }", Ty::Int), None);
        assert_eq!(values_of("int f() { return \"x\" + code; }", Ty::Int), None);
    }
}
