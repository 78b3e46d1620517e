//! Checks the SQL texts the Java front end recovered against the schema, and compiles them for
//! the runtime: the step between lowering and translation for methods that use JDBC.

use super::schema::Schema;
use super::statement::{Statement, compile_statement, join_pieces};
use crate::diag::Diagnostic;
use crate::ir::{CompiledSql, Inst, JdbcCall, Method, Operand, Ty};

/// Compiles every SQL text of `method` in place; the first one that does not check is the
/// error (the method cannot be analysed without it). A method that opens a connection needs
/// the schema too: the database behind it is the one the schema describes.
pub fn check_method(method: &mut Method, schema: Option<&Schema>) -> Result<(), Diagnostic> {
    if schema.is_none() {
        let opened = method.blocks.iter().flat_map(|b| &b.insts).find_map(|inst| match inst {
            Inst::Jdbc { call: JdbcCall::OpenConnection(_), span, .. } => Some(span.clone()),
            _ => None,
        });
        if let Some(span) = opened {
            return Err(Diagnostic::error(
                span,
                "opening a connection needs the database schema: pass --schema FILE.sql".to_string(),
            ));
        }
    }
    for sql in &mut method.sql {
        let text = join_pieces(&sql.pieces);
        let Some(schema) = schema else {
            return Err(Diagnostic::error(
                sql.span.clone(),
                format!("SQL statement \"{}\" needs the database schema: pass --schema FILE.sql", one_line(&text)),
            ));
        };
        let statement = compile_statement(&sql.pieces, schema).map_err(|error| {
            Diagnostic::error(
                sql.span.clone(),
                format!("SQL: {} in \"{}\" (at character {})", error.message, one_line(&text), error.offset + 1),
            )
        })?;
        let (labels, decimal, writes, engine_order) = match &statement {
            Statement::Select(select) => (
                select.projection.iter().map(|item| item.label.to_lowercase()).collect(),
                select.projection.iter().map(|item| item.decimal).collect(),
                None,
                // SQL promises no order without ORDER BY, whatever H2 happens to scan.
                select.order_by.is_empty(),
            ),
            Statement::Insert(insert) => (Vec::new(), Vec::new(), Some(insert.table.clone()), false),
            Statement::Update(update) => (Vec::new(), Vec::new(), Some(update.table.table.clone()), false),
            Statement::Delete(delete) => (Vec::new(), Vec::new(), Some(delete.table.table.clone()), false),
        };
        let time_of_day = match &statement {
            Statement::Select(select) => select.projection.iter().map(|item| item.time_of_day).collect(),
            _ => Vec::new(),
        };
        let floating = match &statement {
            Statement::Select(select) => select.projection.iter().map(|item| item.floating).collect(),
            _ => Vec::new(),
        };
        sql.compiled =
            Some(CompiledSql { term: statement.to_prolog(), labels, decimal, time_of_day, floating, writes, engine_order });
    }
    Ok(())
}

/// The bound a DECIMAL value read as a double or float is kept within (`prolog/floating.pl`,
/// `of_decimal/3`): one warning at each `getDouble`/`getFloat` of `method` that names a DECIMAL
/// column of one of its queries, so that a method reported `ok` states which values of that
/// column its tests cover. Run after `check_method`.
pub fn decimal_read_as_floating(method: &Method) -> Vec<Diagnostic> {
    let compiled: Vec<&CompiledSql> = method.sql.iter().filter_map(|sql| sql.compiled.as_ref()).collect();
    let is_decimal = |column: &Operand| match column {
        Operand::Str(i) => method.strings.get(*i as usize).is_some_and(|label| {
            let label = label.to_lowercase();
            compiled.iter().any(|c| c.labels.iter().zip(&c.decimal).any(|(l, d)| *d && *l == label))
        }),
        Operand::Const(position, _) => usize::try_from(*position - 1)
            .is_ok_and(|i| compiled.iter().any(|c| c.decimal.get(i).copied().unwrap_or(false))),
        _ => false,
    };
    method
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter_map(|inst| match inst {
            Inst::Jdbc { call: JdbcCall::Get(ty @ (Ty::Double | Ty::Float)), args, span, .. }
                if args.first().is_some_and(is_decimal) =>
            {
                let (getter, bound) = if *ty == Ty::Double { ("getDouble", "2^14") } else { ("getFloat", "2^8") };
                Some(Diagnostic::warning(
                    span.clone(),
                    format!(
                        "'{getter}' of a DECIMAL column: its tests cover the values of the column that are \
                         sixteenths of at most {bound} in magnitude (the bound of {} inputs, which the JVM \
                         converts exactly); paths that need another value there are not explored",
                        if *ty == Ty::Double { "double" } else { "float" }
                    ),
                ))
            }
            _ => None,
        })
        .collect()
}

/// The text on one line, as a diagnostic shows it.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
