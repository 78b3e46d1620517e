//! `String.format` with a constant format of `%s` and `%d` conversions: the text javac's
//! `Formatter` builds is the concatenation of the format's literal pieces and each argument's
//! text (`String.valueOf` of it, `"null"` for null), so it is lowered as `+`. Other conversions,
//! flags, widths, a `Locale` and a format that is not a constant are reported.

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{Rvalue, Ty};
use crate::java::syntax::children;
use tree_sitter::Node;

/// A piece of a format string: literal text, or the conversion of the next argument.
#[derive(Debug, PartialEq)]
enum Piece {
    Text(String),
    String,
    Decimal,
}

impl<'t> MethodLowering<'_, 't> {
    /// `String.format(format, args...)`.
    pub(super) fn string_format(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let Some((format, rest)) = arguments.split_first() else {
            return self.unsupported(node, "String.format without a format");
        };
        let Some(spelled) = self.string_constant(*format).or_else(|| {
            (format.kind() == "string_literal").then(|| super::string_literal_value(self.text(*format))).flatten()
        }) else {
            return self.unsupported(*format, "String.format with a format that is not a constant String (a Locale first, or text built at run time)");
        };
        let pieces = match parse(&spelled) {
            Ok(pieces) => pieces,
            Err(what) => return self.unsupported(*format, format!("String.format with {what} (only %s, %d and %% are modelled)")),
        };
        let conversions = pieces.iter().filter(|p| !matches!(p, Piece::Text(_))).count();
        if conversions > rest.len() {
            return self.unsupported(node, "String.format with fewer arguments than conversions (MissingFormatArgumentException)");
        }
        let mut values = Vec::new();
        for (i, argument) in rest.iter().enumerate() {
            let value = self.value(*argument)?;
            values.push(self.stabilise(value, &rest[i + 1..]));
        }
        let mut next = values.iter().zip(rest.iter());
        let mut joined = None;
        for piece in pieces {
            let operand = match piece {
                Piece::Text(text) => self.intern(text),
                Piece::String | Piece::Decimal => {
                    let (value, at) = next.next().expect("counted above");
                    let decimal_ok = matches!(value.ty, Ty::Int | Ty::Long | Ty::Null)
                        || matches!(value.ty, Ty::Boxed(p) if p != crate::ir::Primitive::Boolean);
                    if piece == Piece::Decimal && !decimal_ok {
                        return self.unsupported(*at, format!("%d of a {} (IllegalFormatConversionException)", value.ty));
                    }
                    self.as_string(*value, *at)?
                }
            };
            joined = Some(match joined {
                None => operand,
                Some(lhs) => self.temp(Ty::String, Rvalue::Concat { lhs, rhs: operand }).operand,
            });
        }
        let operand = joined.unwrap_or_else(|| self.intern(String::new()));
        Ok(Typed { operand, ty: Ty::String })
    }
}

/// The pieces of a format string, or what it holds that is not modelled.
fn parse(format: &str) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        let conversion = match chars.next() {
            Some('%') => {
                text.push('%');
                continue;
            }
            Some('s') => Piece::String,
            Some('d') => Piece::Decimal,
            Some(other) => return Err(format!("the conversion '%{other}'")),
            None => return Err("a '%' at the end (UnknownFormatConversionException)".into()),
        };
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(&mut text)));
        }
        pieces.push(conversion);
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::{Piece, parse};

    #[test]
    fn formats_split_into_text_and_conversions() {
        assert_eq!(
            parse("id %d: %s (100%%)").unwrap(),
            vec![
                Piece::Text("id ".into()),
                Piece::Decimal,
                Piece::Text(": ".into()),
                Piece::String,
                Piece::Text(" (100%)".into())
            ]
        );
        assert!(parse("%5d").unwrap_err().contains("'%5'"));
        assert!(parse("%n").is_err());
    }
}
