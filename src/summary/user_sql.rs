//! The database effects of hand-written summaries. A case of a method without source may run
//! SQL on the method's `Connection` argument, written as the method's own JDBC code would send
//! it, with its parameters bound to the case's values:
//!
//! ```prolog
//! :- summary('vendor.AuditLog.record(Connection,int,String)', void).
//! 'vendor.AuditLog.record(Connection,int,String)'([Conn, User, Action], _, S0, S, Ex) :-
//!     sql(Conn, "INSERT INTO audit(user_id, action) VALUES (?, ?)", [User, Action], S0, S, Ex).
//! ```
//!
//! `sql(Conn, Text, Params, S0, S, Ex)` runs a statement; `sql(Conn, Text, Params, Result, S0,
//! S, Ex)` also gives its result: the rows a SELECT reads (each a list of its values), or the
//! number of rows an INSERT, UPDATE or DELETE wrote. Each text is compiled here against the
//! schema by the front end of the sources' SQL (`sql::compile_statement`), and the goal
//! rewritten as a call of `user_sql:run/8` (`summaries/user_sql.pl`), which executes it through
//! the JDBC model. A parameter is an argument of the method (typed by its declaration), a
//! literal (text, an integer, `true`, `false`) or `null`. The line structure of the text is
//! kept, so that later diagnostics keep their lines.

use crate::diag::{Diagnostic, Span};
use crate::ir::{JdbcType, Ty};
use crate::java::LibraryMethod;
use crate::sql::{Piece, Schema, Statement, compile_statement};
use std::path::Path;

/// `text` with every `sql(...)` goal compiled, or the problems, located in `file`.
pub(super) fn compile_goals(
    file: &Path,
    text: &str,
    methods: &[LibraryMethod],
    schema: Option<&Schema>,
    diagnostics: &mut Vec<Diagnostic>,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for goal in goals(text) {
        let located = |offset: usize, message: String| Diagnostic::error(span_at(file, text, offset), message);
        match compiled(text, &goal, methods, schema) {
            Ok(call) => {
                out.push_str(&text[copied..goal.start]);
                out.push_str(&call);
                // Keep the lines: the goal may have spanned several.
                out.extend(std::iter::repeat_n('\n', text[goal.start..goal.end].matches('\n').count()));
                copied = goal.end;
            }
            Err((offset, message)) => diagnostics.push(located(offset, message)),
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// One `sql(...)` goal: its byte range, the ranges of its arguments, and where its clause
/// starts.
struct Goal {
    start: usize,
    end: usize,
    args: Vec<(usize, usize)>,
    clause_start: usize,
}

const USAGE: &str = "expected `sql(Conn, \"SQL\", [Params], S0, S, Ex)` or `sql(Conn, \"SQL\", [Params], Result, S0, S, Ex)`";

/// The `call` that replaces a goal, or the offset and text of its problem.
fn compiled(text: &str, goal: &Goal, methods: &[LibraryMethod], schema: Option<&Schema>) -> Result<String, (usize, String)> {
    let arg = |i: usize| {
        let (s, e) = goal.args[i];
        let raw = &text[s..e];
        let trimmed = raw.trim_start();
        (s + raw.len() - trimmed.len(), trimmed.trim_end())
    };
    if !matches!(goal.args.len(), 6 | 7) {
        return Err((goal.start, USAGE.to_string()));
    }
    let (method, head) = clause_head(text, goal.clause_start, methods)
        .ok_or((goal.start, "`sql` is used in a clause of no method a `:- summary(...)` declares".to_string()))?;
    let argument_type = |name: &str| {
        head.iter().position(|v| v == name).and_then(|i| method.key.params.get(i)).copied()
    };
    let (conn_at, conn) = arg(0);
    if argument_type(conn) != Some(Ty::Jdbc(JdbcType::Connection)) {
        return Err((
            conn_at,
            format!("the SQL runs on the method's Connection argument: `{conn}` is not a Connection parameter of '{}'", method.key),
        ));
    }
    let Some(schema) = schema else {
        return Err((goal.start, "SQL in a summary needs the database schema: pass --schema FILE.sql".to_string()));
    };
    let (sql_at, literal) = arg(1);
    let sql = string_literal(literal).ok_or((sql_at, format!("the SQL must be a double-quoted text: {USAGE}")))?;
    let statement = compile_statement(&[Piece::Text(sql.clone())], schema).map_err(|error| {
        // The literal's opening quote, then the text (escapes aside, offsets are the same).
        (sql_at + 1 + error.offset, format!("SQL: {} in \"{}\"", error.message, one_line(&sql)))
    })?;
    let (params_at, params_text) = arg(2);
    let elements = list_elements(params_text).ok_or((params_at, format!("the parameters must be a list: {USAGE}")))?;
    let count = parameter_count(&statement.to_prolog());
    if elements.len() != count {
        return Err((params_at, format!("the SQL has {count} parameter(s) (`?`), the list gives {}", elements.len())));
    }
    let mut params = Vec::new();
    for (i, element) in elements.iter().enumerate() {
        let param = match *element {
            "null" => "null-null".to_string(),
            "true" => "boolean-1".to_string(),
            "false" => "boolean-0".to_string(),
            e if string_literal(e).is_some() => format!("text-{e}"),
            e if e.parse::<i64>().is_ok() => format!("long-{e}"),
            e => match argument_type(e) {
                Some(ty @ (Ty::Int | Ty::Long | Ty::Boolean | Ty::String)) => {
                    format!("{}-{e}", ty.java_name().to_lowercase())
                }
                _ => {
                    return Err((
                        params_at,
                        format!(
                            "parameter {} (`{e}`) must be an int, long, boolean or String argument of the method, a literal or null",
                            i + 1
                        ),
                    ));
                }
            },
        };
        params.push(param);
    }
    let (kind, labels) = match &statement {
        Statement::Select(select) => (
            "query",
            select
                .projection
                .iter()
                .map(|item| {
                    let label = crate::clp::translate::quote_atom(&item.label.to_lowercase());
                    if item.decimal {
                        format!("decimal({label})")
                    } else if item.time_of_day {
                        format!("time({label})")
                    } else {
                        label
                    }
                })
                .collect(),
        ),
        _ => ("update", Vec::new()),
    };
    let rest: Vec<&str> = (3..goal.args.len()).map(|i| arg(i).1).collect();
    let (result, state) = if rest.len() == 4 { (rest[0], &rest[1..]) } else { ("_", &rest[..]) };
    Ok(format!(
        "user_sql:run({kind}, {conn}, sql({}, [{}], []), [{}], {result}, {})",
        statement.to_prolog(),
        labels.join(","),
        params.join(", "),
        state.join(", ")
    ))
}

/// The method a clause starting at `start` belongs to, and the names of its head's arguments
/// (`'pkg.C.m(int)'([A, B], ...)`; `_` for an argument that is not a plain variable).
fn clause_head<'a>(text: &str, start: usize, methods: &'a [LibraryMethod]) -> Option<(&'a LibraryMethod, Vec<String>)> {
    let head = skip_layout(text, start);
    let rest = &text[head..];
    let name_end = quoted_end(rest, 0)?;
    let name = &rest[1..name_end - 1];
    let method = methods.iter().find(|m| m.key.to_string() == name)?;
    let after = rest[name_end..].strip_prefix('(')?;
    let list = after.trim_start();
    let close = matching_close(list, 0)?;
    let names = list_elements(&list[..=close])?
        .into_iter()
        .map(|v| if is_variable(v) { v.to_string() } else { "_".to_string() })
        .collect();
    Some((method, names))
}

/// The `sql(` goals of the text, outside comments and quotes.
fn goals(text: &str) -> Vec<Goal> {
    let bytes = text.as_bytes();
    let mut goals = Vec::new();
    let mut clause_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            _ if skipped(text, i) != i => i = skipped(text, i),
            b'.' if bytes.get(i + 1).is_none_or(|c| c.is_ascii_whitespace() || *c == b'%') => {
                i += 1;
                clause_start = i;
            }
            b's' if text[i..].starts_with("sql(") && (i == 0 || !is_name_byte(bytes[i - 1])) => {
                match arguments(text, i + 3) {
                    Some((args, end)) => {
                        goals.push(Goal { start: i, end, args, clause_start });
                        i = end;
                    }
                    None => i += 3,
                }
            }
            c if is_name_byte(c) => {
                while i < bytes.len() && is_name_byte(bytes[i]) {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    goals
}

/// The byte ranges of the arguments of the parenthesis at `open`, and the offset after its
/// close.
fn arguments(text: &str, open: usize) -> Option<(Vec<(usize, usize)>, usize)> {
    let close = matching_close(text, open)?;
    let mut args = Vec::new();
    let mut start = open + 1;
    let mut i = start;
    while i < close {
        match text.as_bytes()[i] {
            b'(' | b'[' | b'{' => i = matching_close(text, i)? + 1,
            b',' => {
                args.push((start, i));
                i += 1;
                start = i;
            }
            _ => i = skipped(text, i).max(i + 1),
        }
    }
    args.push((start, close));
    Some((args, close + 1))
}

/// The offset of the bracket closing the one at `open`.
fn matching_close(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
                i += 1;
            }
            _ => i = skipped(text, i).max(i + 1),
        }
    }
    None
}

/// The offset after a comment, a quoted atom, a string or a character code starting at `i`;
/// `i` itself when none starts there.
fn skipped(text: &str, i: usize) -> usize {
    let bytes = text.as_bytes();
    match bytes[i] {
        b'%' => text[i..].find('\n').map_or(text.len(), |n| i + n),
        b'/' if bytes.get(i + 1) == Some(&b'*') => text[i + 2..].find("*/").map_or(text.len(), |n| i + 2 + n + 2),
        b'\'' if i > 0 && bytes[i - 1] == b'0' && (i < 2 || !is_name_byte(bytes[i - 2])) => {
            // 0'c, 0'\n, 0''' (the quote itself).
            match bytes.get(i + 1) {
                Some(b'\\') => i + 3,
                Some(b'\'') if bytes.get(i + 2) == Some(&b'\'') => i + 3,
                Some(_) => i + 1 + text[i + 1..].chars().next().map_or(1, char::len_utf8),
                None => i + 1,
            }
        }
        b'\'' | b'"' => quoted_end(text, i).unwrap_or(text.len()),
        _ => i,
    }
}

/// The offset after the quoted atom or string starting at `start` (`''` and `\` escapes).
fn quoted_end(text: &str, start: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let quote = *bytes.get(start)?;
    if quote != b'\'' && quote != b'"' {
        return None;
    }
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            c if c == quote && bytes.get(i + 1) == Some(&quote) => i += 2,
            c if c == quote => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The text of a double-quoted literal, its escapes undone; None if `literal` is not one.
fn string_literal(literal: &str) -> Option<String> {
    if !literal.starts_with('"') || quoted_end(literal, 0) != Some(literal.len()) {
        return None;
    }
    let mut out = String::new();
    let mut chars = literal[1..literal.len() - 1].chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                other => out.push(other),
            },
            '"' => {
                chars.next();
                out.push('"');
            }
            c => out.push(c),
        }
    }
    Some(out)
}

/// The elements of a list written `[a, b]`, trimmed; None if `list` is not one.
fn list_elements(list: &str) -> Option<Vec<&str>> {
    let list = list.trim();
    if !list.starts_with('[') || matching_close(list, 0) != Some(list.len() - 1) {
        return None;
    }
    let inner = &list[1..list.len() - 1];
    if inner.trim().is_empty() {
        return Some(Vec::new());
    }
    let (ranges, _) = arguments(&format!("({inner})"), 0)?;
    Some(ranges.into_iter().map(|(s, e)| inner[s - 1..e - 1].trim()).collect())
}

/// How many JDBC parameters a compiled statement has: the largest `param(N)` outside quotes.
fn parameter_count(term: &str) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < term.len() {
        if skipped(term, i) != i {
            i = skipped(term, i);
        } else if term[i..].starts_with("param(") && (i == 0 || !is_name_byte(term.as_bytes()[i - 1])) {
            let digits: String = term[i + 6..].chars().take_while(char::is_ascii_digit).collect();
            count = count.max(digits.parse().unwrap_or(0));
            i += 6;
        } else {
            i += 1;
        }
    }
    count
}

/// A line without its `%` comment (a `%` inside quotes is text).
pub(super) fn without_comment(line: &str) -> &str {
    let mut i = 0;
    while i < line.len() {
        match line.as_bytes()[i] {
            b'%' => return &line[..i],
            _ if skipped(line, i) != i => i = skipped(line, i),
            _ => i += 1,
        }
    }
    line
}

fn is_variable(text: &str) -> bool {
    text.chars().next().is_some_and(|c| c.is_ascii_uppercase() || c == '_')
        && text != "_"
        && text.bytes().all(is_name_byte)
}

fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn skip_layout(text: &str, mut i: usize) -> usize {
    loop {
        let rest = &text[i..];
        let trimmed = rest.trim_start();
        i += rest.len() - trimmed.len();
        match skipped(text, i) {
            after if after != i && matches!(text.as_bytes().get(i), Some(b'%' | b'/')) => i = after,
            _ => return i,
        }
    }
}

/// The line and column (1-based, in characters) of a byte offset.
fn span_at(file: &Path, text: &str, offset: usize) -> Span {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    Span::new(file, line, before[line_start..].chars().count() as u32 + 1)
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_are_found_outside_comments_and_quotes() {
        let text = "% sql(no)\n'a.B.c(int)'([X], _, S0, S, E) :-\n    X = \"sql(no)\", sql(C, \"SELECT 1\", [X, f(1, 2)], S0, S, E).\n";
        let found = goals(text);
        assert_eq!(found.len(), 1);
        let args: Vec<&str> = found[0].args.iter().map(|&(s, e)| text[s..e].trim()).collect();
        assert_eq!(args, vec!["C", "\"SELECT 1\"", "[X, f(1, 2)]", "S0", "S", "E"]);
        assert_eq!(found[0].clause_start, 0);
        assert_eq!(without_comment("a('%', \"%\"). % c"), "a('%', \"%\"). ");
    }

    #[test]
    fn literals_lists_and_parameters_are_read() {
        assert_eq!(string_literal(r#""a \"b\" 'c'""#).as_deref(), Some(r#"a "b" 'c'"#));
        assert_eq!(string_literal("x"), None);
        assert_eq!(list_elements("[A, \"x, y\", g(1, 2)]"), Some(vec!["A", "\"x, y\"", "g(1, 2)"]));
        assert_eq!(list_elements("[]"), Some(vec![]));
        assert_eq!(parameter_count("insert(t,[a-as(integer,param(1)),b-param(2)]) \"param(9)\""), 2);
    }
}
