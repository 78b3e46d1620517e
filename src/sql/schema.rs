//! The schema model: tables, columns, keys and CHECK constraints read from a DDL file.
//!
//! `parse_schema` reads what PostgreSQL, MySQL, SQLite and H2 users write, in sqlparser's
//! dialect of the schema (`dialect.rs`: given, or detected from the text), one statement at a
//! time so that a bad statement costs only itself, a bad column or constraint inside a CREATE
//! TABLE costs only that column or constraint, and a table option the grammar does not know
//! (`TYPE=InnoDB`) or a missing `;` costs nothing but a warning. Everything it cannot use is
//! reported with the line and column of the construct. The tests never run the DDL text: they
//! build their tables from this model (`ddl.rs`).
//!
//! Choices about types (hornet's solver reasons about integers, booleans and strings):
//! - Integer types narrower than the modelled ones (TINYINT, MEDIUMINT, NUMERIC(p) with no
//!   fraction digits, every UNSIGNED one) become the next wider of SMALLINT, INTEGER and BIGINT
//!   with their range as a CHECK; BIGINT UNSIGNED is BIGINT 0..2^63-1 with a warning (Java's
//!   long ends there). TINYINT(1) is a BOOLEAN, as MySQL's drivers read it; ENUM(...) a VARCHAR
//!   whose values a CHECK lists.
//! - DATE, TIMESTAMP, TIME, DECIMAL of up to 4 places (or without precision, as H2 reads it in
//!   the schema's mode), DOUBLE and REAL are modelled. Other dates and times, decimals of more
//!   places, binary data, UUID, JSON, SET and the like are kept as `SqlType::Opaque` with a
//!   warning: the column exists (so fixtures know about its NOT NULL and DEFAULT) but hornet
//!   does not reason about its values.
//! - Type names sqlparser does not know and that are not aliases below are reported as
//!   unsupported and their column is left out.
//!
//! Names are matched case-insensitively, quoted or not: SQL folds unquoted names, and schemas
//! that rely on two names differing only in case are rare enough to not be worth the confusion.

use crate::diag::{Diagnostic, Span};
use serde::{Deserialize, Serialize};
use sqlparser::ast::{
    self, BinaryOperator, ColumnOption, DataType, ExactNumberInfo, Expr, Spanned, TableConstraint,
    UnaryOperator, Value,
};
use super::dialect::{self, Dialect, DialectChoice};
use sqlparser::keywords::Keyword;
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::{Location, Span as TokenSpan, Token, TokenWithSpan, Tokenizer, Whitespace};
use std::fmt::{self, Write as _};
use std::ops::Range;
use std::path::Path;

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Schema {
    /// In the order of their CREATE TABLE statements.
    pub tables: Vec<Table>,
    /// The dialect the schema was read in; the code's SQL is read in it too.
    pub dialect: DialectChoice,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// As written, without quotes or schema qualifier.
    pub name: String,
    /// The start of the CREATE TABLE statement.
    pub span: Span,
    pub columns: Vec<Column>,
    pub primary_key: Option<Key>,
    pub unique_keys: Vec<Key>,
    pub foreign_keys: Vec<ForeignKey>,
    pub checks: Vec<Check>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Column {
    /// As written, without quotes.
    pub name: String,
    pub span: Span,
    pub sql_type: SqlType,
    /// Declared NOT NULL, part of the primary key, or SERIAL.
    pub not_null: bool,
    pub default: Option<Literal>,
    /// The database fills it in: AUTO_INCREMENT, IDENTITY, SERIAL, GENERATED ... AS.
    pub generated: bool,
    /// Filled in from a sequence (AUTO_INCREMENT, IDENTITY, SERIAL, GENERATED ... AS
    /// IDENTITY, DEFAULT nextval(...)), not computed from the row.
    pub identity: bool,
    /// What the database computes for a generated column that is not an identity, as SQL:
    /// `DEFAULT CURRENT_TIMESTAMP`, `GENERATED ALWAYS AS (price * 2)`, `ON UPDATE ...`; the
    /// tests' tables are built with it, hornet does not model its values (but for
    /// `clock_default`'s).
    pub computed: Vec<String>,
    /// A DATE or TIMESTAMP column whose DEFAULT reads the clock (`CURRENT_TIMESTAMP`, `NOW()`,
    /// `CURRENT_DATE`: whether it gives a day): an INSERT that gives it no value stores the
    /// statement's reading of the clock, as if it gave that function. `computed` holds the
    /// DEFAULT as written, which the tests' tables are built with.
    #[serde(default)]
    pub clock_default: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SqlType {
    /// INT, INTEGER, INT4, MEDIUMINT (and NUMERIC(p) for p <= 9, with a warning).
    Integer,
    SmallInt,
    /// BIGINT, INT8 (and NUMERIC(p) for p <= 18, with a warning).
    BigInt,
    /// BOOLEAN, BOOL, BIT, BIT(1).
    Boolean,
    /// VARCHAR, CHARACTER VARYING, NVARCHAR, VARCHAR2, with the length if one is given.
    Varchar(Option<u64>),
    /// CHAR, CHARACTER, NCHAR; the length is 1 when not given, as in standard SQL.
    Char(u64),
    /// TEXT, CLOB, LONGVARCHAR and other unbounded character types.
    Text,
    /// DATE: a day, kept as the instant it starts (milliseconds since 1970-01-01 UTC).
    Date,
    /// TIMESTAMP or DATETIME without time zone, of at least millisecond precision: an instant
    /// in milliseconds since 1970-01-01 UTC.
    Timestamp,
    /// TIME or TIME(0) without time zone: a time of day in whole seconds, kept as milliseconds
    /// since midnight (what `java.sql.Time.getTime()` gives in UTC).
    Time,
    /// DECIMAL(p,s) or NUMERIC(p,s) with 0 < s <= `ir::DECIMAL_SCALE` and p <= 30: a number of
    /// at most p digits, s of them after the point, kept in units of 10^-`DECIMAL_SCALE`
    /// (`prolog/decimals.pl`). NUMERIC(p) and NUMERIC(p,0) are integer types.
    /// A DECIMAL or NUMERIC declared without precision has `UNDECLARED_DECIMAL_PRECISION`
    /// (H2's largest) and the scale H2 gives it in the schema's mode (0, or DECIMAL_SCALE where
    /// H2 keeps the value exactly).
    Decimal { precision: u32, scale: u32 },
    /// DOUBLE, DOUBLE PRECISION, FLOAT8, FLOAT and FLOAT(p) for p > 24: H2's DOUBLE PRECISION,
    /// in units of 2^-`FLOATING_UNIT_BITS` as a Java double (`prolog/floating.pl`).
    Double,
    /// REAL, FLOAT4 and FLOAT(p) for p <= 24: H2's REAL, a Java float.
    Real,
    /// A type hornet keeps but does not reason about; the text is the type as sqlparser prints it.
    Opaque(String),
}

/// The precision of a DECIMAL declared without one: H2's largest, which no value of the model
/// reaches; the tests' tables declare such a column `DECIMAL`, as the schema does.
pub const UNDECLARED_DECIMAL_PRECISION: u32 = 100_000;

/// The literals of DEFAULT values and CHECK constraints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Literal {
    Integer(i64),
    String(String),
    Boolean(bool),
    Null,
}

/// A PRIMARY KEY or UNIQUE constraint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Key {
    /// From `CONSTRAINT name`, or the index name of a CREATE UNIQUE INDEX.
    pub name: Option<String>,
    /// The column names as declared in the table.
    pub columns: Vec<String>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForeignKey {
    pub name: Option<String>,
    /// The referencing columns, as declared in this table.
    pub columns: Vec<String>,
    /// As declared in the referenced table, which exists.
    pub referenced_table: String,
    /// As declared in the referenced table, one for each of `columns`; the referenced table's
    /// primary key when the statement names none.
    pub referenced_columns: Vec<String>,
    pub on_delete: Option<ReferentialAction>,
    pub on_update: Option<ReferentialAction>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReferentialAction {
    NoAction,
    Restrict,
    Cascade,
    SetNull,
    SetDefault,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    pub name: Option<String>,
    pub expr: CheckExpr,
    pub span: Span,
}

/// The part of SQL expressions that CHECK constraints are written in and hornet can solve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CheckExpr {
    /// A column of the constraint's table, named as declared.
    Column(String),
    Literal(Literal),
    /// Unary minus.
    Negate(Box<CheckExpr>),
    Not(Box<CheckExpr>),
    Binary { op: BinaryOp, left: Box<CheckExpr>, right: Box<CheckExpr> },
    InList { expr: Box<CheckExpr>, list: Vec<CheckExpr>, negated: bool },
    Between { expr: Box<CheckExpr>, low: Box<CheckExpr>, high: Box<CheckExpr>, negated: bool },
    /// `expr [NOT] LIKE 'pattern'`, with SQL's `%` and `_` wildcards and no escape character.
    Like { expr: Box<CheckExpr>, pattern: String, negated: bool },
    IsNull { expr: Box<CheckExpr>, negated: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Eq,
    NotEq,
    Lt,
    LtEq,
    Gt,
    GtEq,
    And,
    Or,
}

/// The order in which to insert fixture rows so that foreign keys are satisfied.
#[derive(Clone, Debug, PartialEq)]
pub struct InsertionOrder<'a> {
    /// Every table once; referenced tables come before the tables referencing them, except
    /// along the cycles below.
    pub tables: Vec<&'a Table>,
    /// Tables that reference each other in a ring (a self-referencing table is a ring of one):
    /// no order satisfies their foreign keys, so rows need NULL keys first or deferred checks.
    pub cycles: Vec<Vec<&'a Table>>,
}

impl Schema {
    /// The table called `name`, case-insensitively.
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.iter().find(|table| same_name(&table.name, name))
    }

    /// Tables ordered for inserting fixtures: referenced before referencing, otherwise in file
    /// order, with the foreign-key cycles that prevent a complete order.
    pub fn insertion_order(&self) -> InsertionOrder<'_> {
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            Unvisited,
            InProgress,
            Done,
        }

        // Depth-first over foreign keys: a table is placed after everything it references.
        fn visit(
            schema: &Schema,
            index: usize,
            marks: &mut [Mark],
            path: &mut Vec<usize>,
            order: &mut Vec<usize>,
            cycles: &mut Vec<Vec<usize>>,
        ) {
            match marks[index] {
                Mark::Done => return,
                Mark::InProgress => {
                    if let Some(start) = path.iter().position(|&on_path| on_path == index) {
                        cycles.push(path[start..].to_vec());
                    }
                    return;
                }
                Mark::Unvisited => {}
            }
            marks[index] = Mark::InProgress;
            path.push(index);
            for foreign_key in &schema.tables[index].foreign_keys {
                let target = schema
                    .tables
                    .iter()
                    .position(|table| same_name(&table.name, &foreign_key.referenced_table));
                if let Some(target) = target {
                    visit(schema, target, marks, path, order, cycles);
                }
            }
            path.pop();
            marks[index] = Mark::Done;
            order.push(index);
        }

        let mut marks = vec![Mark::Unvisited; self.tables.len()];
        let (mut path, mut order, mut cycles) = (Vec::new(), Vec::new(), Vec::new());
        for index in 0..self.tables.len() {
            visit(self, index, &mut marks, &mut path, &mut order, &mut cycles);
        }
        let tables_at = |indices: Vec<usize>| indices.into_iter().map(|i| &self.tables[i]).collect();
        InsertionOrder { tables: tables_at(order), cycles: cycles.into_iter().map(tables_at).collect() }
    }
}

impl Table {
    /// The column called `name`, case-insensitively.
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|column| same_name(&column.name, name))
    }

    fn column_mut(&mut self, name: &str) -> Option<&mut Column> {
        self.columns.iter_mut().find(|column| same_name(&column.name, name))
    }

    /// Whether `columns` are exactly the primary key or a unique key, in any order.
    fn is_key(&self, columns: &[String]) -> bool {
        let same_set = |key: &Key| {
            key.columns.len() == columns.len()
                && columns.iter().all(|c| key.columns.iter().any(|k| same_name(k, c)))
        };
        self.primary_key.iter().chain(&self.unique_keys).any(same_set)
    }
}

/// Case-insensitive name comparison, for table and column names.
pub(super) fn same_name(a: &str, b: &str) -> bool {
    a.chars().flat_map(char::to_lowercase).eq(b.chars().flat_map(char::to_lowercase))
}

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/// Read the DDL in `text` in the dialect it is detected to be written in; `file` is what
/// diagnostics and spans name.
pub fn parse_schema(file: &Path, text: &str) -> (Schema, Vec<Diagnostic>) {
    parse_schema_in(file, text, None)
}

/// Read the DDL in `text` in `dialect`, or in the dialect detected from it when `None`.
pub fn parse_schema_in(file: &Path, text: &str, dialect: Option<Dialect>) -> (Schema, Vec<Diagnostic>) {
    let choice = match dialect {
        Some(dialect) => DialectChoice { dialect, reason: "given by --dialect".to_string() },
        None => dialect::detect(text),
    };
    let parser_dialect = choice.dialect.parser();
    let mut builder = SchemaBuilder { file, dialect: choice, tables: Vec::new(), diagnostics: Vec::new() };
    match Tokenizer::new(parser_dialect.as_ref(), text).tokenize_with_location() {
        Ok(tokens) => {
            for range in statement_ranges(&tokens) {
                builder.statement(&tokens[range]);
            }
        }
        Err(error) => {
            let span = span_at(file, error.location).unwrap_or_else(|| Span::file_start(file));
            builder.diagnostics.push(Diagnostic::error(span, format!("syntax error: {}; statement ignored", error.message)));
            // An unterminated string or comment swallows the rest of the file, but the
            // statements before the one it starts in are still good.
            let before = &text[..offset_of(text, error.location)];
            if let Ok(tokens) = Tokenizer::new(parser_dialect.as_ref(), before).tokenize_with_location() {
                let mut ranges = statement_ranges(&tokens);
                let last = tokens.iter().rev().find(|token| !matches!(token.token, Token::Whitespace(_)));
                if last.is_none_or(|token| token.token != Token::SemiColon) {
                    ranges.pop();
                }
                for range in ranges {
                    builder.statement(&tokens[range]);
                }
            }
        }
    }
    builder.finish()
}

/// The token ranges of the statements, split at `;`, without surrounding whitespace and comments.
fn statement_ranges(tokens: &[TokenWithSpan]) -> Vec<Range<usize>> {
    let significant = |token: &TokenWithSpan| !matches!(token.token, Token::Whitespace(_) | Token::EOF);
    let mut ranges = Vec::new();
    let mut start = 0;
    for (index, token) in tokens.iter().enumerate() {
        let last = index + 1 == tokens.len();
        if matches!(token.token, Token::SemiColon) || last {
            let end = if matches!(token.token, Token::SemiColon) { index } else { index + 1 };
            let part = &tokens[start..end];
            if let (Some(first), Some(last)) =
                (part.iter().position(significant), part.iter().rposition(significant))
            {
                ranges.push(start + first..start + last + 1);
            }
            start = index + 1;
        }
    }
    ranges
}

fn span_at(file: &Path, location: Location) -> Option<Span> {
    let line = u32::try_from(location.line).ok().filter(|&line| line > 0)?;
    let col = u32::try_from(location.column).unwrap_or(u32::MAX);
    Some(Span::new(file, line, col))
}

/// The byte offset of `location` in `text`.
pub(super) fn offset_of(text: &str, location: Location) -> usize {
    let line_start = text
        .split_inclusive('\n')
        .take(usize::try_from(location.line.saturating_sub(1)).unwrap_or(usize::MAX))
        .map(str::len)
        .sum::<usize>();
    let column = usize::try_from(location.column.saturating_sub(1)).unwrap_or(usize::MAX);
    text[line_start..].char_indices().nth(column).map_or(text.len(), |(offset, _)| line_start + offset)
}

/// The constraint-opening keywords, for finding where a constraint starts.
const CONSTRAINT_KEYWORDS: [Keyword; 6] = [
    Keyword::CONSTRAINT,
    Keyword::PRIMARY,
    Keyword::UNIQUE,
    Keyword::FOREIGN,
    Keyword::REFERENCES,
    Keyword::CHECK,
];

/// One statement: its tokens and where it sits in the file.
struct StatementSource<'a> {
    file: &'a Path,
    tokens: &'a [TokenWithSpan],
    /// What H2 makes of a type depends on its mode (a DECIMAL without precision).
    dialect: Dialect,
}

impl StatementSource<'_> {
    fn start(&self) -> Span {
        self.tokens
            .first()
            .and_then(|token| span_at(self.file, token.span.start))
            .unwrap_or_else(|| Span::file_start(self.file))
    }

    /// `location`, or the statement's start when sqlparser knows no location.
    fn span(&self, location: Location) -> Span {
        span_at(self.file, location).unwrap_or_else(|| self.start())
    }

    /// Where a constraint begins: the keyword that opens it (CONSTRAINT, PRIMARY, CHECK, ...).
    /// sqlparser's span of a constraint starts at its first identifier, so search back from
    /// there; a bare column-level PRIMARY KEY or UNIQUE has no identifier at all, so search
    /// forward from its column for `keyword` instead.
    fn constraint_start(&self, constraint: TokenSpan, column: Location, keyword: Keyword) -> Span {
        let is_keyword = |token: &TokenWithSpan, keywords: &[Keyword]| {
            matches!(&token.token, Token::Word(word) if keywords.contains(&word.keyword))
        };
        let found = if constraint.start.line > 0 {
            self.tokens
                .iter()
                .rev()
                .filter(|token| token.span.start <= constraint.start)
                .find(|token| is_keyword(token, &CONSTRAINT_KEYWORDS))
        } else {
            self.tokens
                .iter()
                .filter(|token| token.span.start >= column)
                .find(|token| is_keyword(token, &[keyword]))
        };
        self.span(found.map_or(constraint.start, |token| token.span.start))
    }

    /// The statement's leading keywords, to name a statement hornet ignores ("CREATE VIEW").
    fn leading_keywords(&self) -> String {
        let keywords: Vec<String> = self
            .tokens
            .iter()
            .filter(|token| !matches!(token.token, Token::Whitespace(_)))
            .map_while(|token| match &token.token {
                Token::Word(word) if word.keyword != Keyword::NoKeyword => Some(word.value.to_uppercase()),
                _ => None,
            })
            .take(4)
            .collect();
        if keywords.is_empty() { "this".to_string() } else { keywords.join(" ") }
    }
}

struct SchemaBuilder<'a> {
    file: &'a Path,
    dialect: DialectChoice,
    tables: Vec<Table>,
    diagnostics: Vec<Diagnostic>,
}

/// Whether a statement is about the server's databases or the session rather than the tables
/// (by its leading keywords), and then the reason to warn about it even when it is read: the
/// database it names is not where the tests create their tables.
fn housekeeping(leading: &str) -> Option<Option<&'static str>> {
    const OTHER_DATABASE: &str = "the tests create the tables in a database of their own";
    let first_two: Vec<&str> = leading.split(' ').take(2).collect();
    match first_two.as_slice() {
        ["CREATE", "DATABASE"] | ["USE", ..] => Some(Some(OTHER_DATABASE)),
        ["SET", ..] | ["DROP", ..] => Some(None),
        _ => None,
    }
}

/// The keywords that start a statement of a schema, for finding one whose `;` before is missing.
const STATEMENT_KEYWORDS: [Keyword; 9] = [
    Keyword::CREATE,
    Keyword::ALTER,
    Keyword::DROP,
    Keyword::INSERT,
    Keyword::SET,
    Keyword::COMMENT,
    Keyword::GRANT,
    Keyword::LOCK,
    Keyword::UNLOCK,
];

impl SchemaBuilder<'_> {
    fn statement(&mut self, tokens: &[TokenWithSpan]) {
        if tokens.is_empty() {
            return;
        }
        let source = StatementSource { file: self.file, tokens, dialect: self.dialect.dialect };
        // pg_dump's sequence options come in an order sqlparser does not read, and hornet
        // does not model sequences but as identities (DEFAULT nextval(...)).
        let leading = source.leading_keywords();
        if leading.starts_with("CREATE SEQUENCE") || leading.starts_with("ALTER SEQUENCE") {
            let statement = if leading.starts_with("CREATE") { "CREATE SEQUENCE" } else { "ALTER SEQUENCE" };
            let message =
                format!("{statement} ignored: sequences are not modelled (a column whose DEFAULT is its nextval is an identity)");
            self.diagnostics.push(Diagnostic::warning(source.start(), message));
            return;
        }
        if matches!(tokens[0].token, Token::Backslash) {
            return self.meta_command(tokens);
        }
        if let Some(why) = housekeeping(&leading) {
            // Statements about the server's databases and session, not the tables: ignored
            // whether or not sqlparser reads them (MySQL's `CREATE DATABASE shop-app`, say).
            let before = self.diagnostics.len();
            let parsed = self.parse_statement(&source);
            if parsed.is_none() {
                self.diagnostics.truncate(before);
            }
            if parsed.is_none() || why.is_some() {
                let why = why.unwrap_or("it does not declare tables or constraints");
                let statement = source.leading_keywords();
                self.diagnostics.push(Diagnostic::warning(source.start(), format!("{statement} statement ignored: {why}")));
            }
            if let Some((_, Some(rest))) = parsed {
                self.statement(&tokens[rest..]);
            }
            return;
        }
        let Some((statement, rest)) = self.parse_statement(&source) else { return };
        match &statement {
            ast::Statement::CreateTable(create) => self.create_table(&source, create),
            ast::Statement::AlterTable(alter) => self.alter_table(&source, alter),
            ast::Statement::CreateIndex(index) => self.create_index(&source, index),
            // Nothing in these changes what the tables are.
            ast::Statement::Drop { .. }
            | ast::Statement::Set(_)
            | ast::Statement::Use(_)
            | ast::Statement::CreateSchema { .. }
            | ast::Statement::CreateDatabase { .. }
            | ast::Statement::Comment { .. }
            | ast::Statement::StartTransaction { .. }
            | ast::Statement::Commit { .. }
            | ast::Statement::LockTables { .. }
            | ast::Statement::UnlockTables => {}
            ast::Statement::Insert(_) => self.diagnostics.push(Diagnostic::warning(
                source.start(),
                "INSERT ignored: seed rows are not part of the tests' fixture (each test inserts the rows its path needs)",
            )),
            // Triggers and rules change what statements do to the tables.
            ast::Statement::CreateTrigger { .. } => self.diagnostics.push(Diagnostic::unsupported(
                source.start(),
                format!("{} statement; ignored", source.leading_keywords()),
            )),
            _ => self.diagnostics.push(Diagnostic::warning(
                source.start(),
                format!("{} statement ignored: it does not declare tables or constraints", source.leading_keywords()),
            )),
        }
        if let Some(rest) = rest {
            self.statement(&tokens[rest..]);
        }
    }

    /// A psql meta-command (`\\c shop`): it runs to the end of its line, where the next
    /// statement may start without a `;` between them.
    fn meta_command(&mut self, tokens: &[TokenWithSpan]) {
        let end = tokens
            .iter()
            .position(|token| matches!(&token.token, Token::Whitespace(Whitespace::Newline)))
            .unwrap_or(tokens.len());
        let command: String = tokens[..end].iter().map(|token| token.token.to_string()).collect();
        let source = StatementSource { file: self.file, tokens, dialect: self.dialect.dialect };
        self.diagnostics.push(Diagnostic::warning(
            source.start(),
            format!("psql meta-command `{}` ignored: the tests create the tables in a database of their own", command.trim()),
        ));
        let rest = &tokens[end..];
        if let Some(start) = rest.iter().position(|token| !matches!(token.token, Token::Whitespace(_))) {
            self.statement(&rest[start..]);
        }
    }

    /// Parse one statement, and where the next one starts when its `;` is missing. A syntax
    /// error inside the parenthesised body of a CREATE TABLE drops the column or constraint it
    /// is in, and one after the body drops the table options from there (a warning names
    /// them), and parsing is tried again, so that one unusual column or option does not lose
    /// the table; elsewhere it loses the statement.
    fn parse_statement(&mut self, source: &StatementSource) -> Option<(ast::Statement, Option<usize>)> {
        let mut tokens = without_national(source.tokens);
        loop {
            let (message, location) = match parse_tokens(tokens.clone(), self.dialect.dialect) {
                Ok(statement) => return Some((statement, None)),
                Err(error) => error,
            };
            let span = match location {
                Some(location) => source.span(location),
                None => source.span(source.tokens.last().map_or(Location::new(0, 0), |t| t.span.end)),
            };
            // A statement keyword where the statement could have ended: a missing `;`.
            let next_statement = location.and_then(|location| {
                let index = tokens.iter().position(|token| token.span.start == location)?;
                if !matches!(&tokens[index].token, Token::Word(word) if STATEMENT_KEYWORDS.contains(&word.keyword)) {
                    return None;
                }
                let before = parse_tokens(tokens[..index].to_vec(), self.dialect.dialect).ok()?;
                Some((before, source.tokens.iter().position(|token| token.span.start == location)?))
            });
            if let Some((statement, index)) = next_statement {
                self.diagnostics.push(Diagnostic::warning(span, "missing `;` before this statement; read as two statements"));
                return Some((statement, Some(index)));
            }
            if let Some(options) = location.and_then(|location| table_options_at(&tokens, location)) {
                let text: Vec<String> = tokens[options.clone()]
                    .iter()
                    .filter(|token| !matches!(token.token, Token::Whitespace(_)))
                    .map(|token| token.token.to_string())
                    .collect();
                self.diagnostics.push(Diagnostic::warning(
                    span,
                    format!("table option `{}` ignored: it does not change what the tests can observe", text.join(" ")),
                ));
                tokens.drain(options);
                continue;
            }
            match location.and_then(|location| create_table_element_at(&tokens, location)) {
                Some(element) => {
                    self.diagnostics.push(Diagnostic::error(
                        span,
                        format!("syntax error: {message}; column or constraint ignored"),
                    ));
                    tokens.drain(element);
                }
                None => {
                    self.diagnostics
                        .push(Diagnostic::error(span, format!("syntax error: {message}; statement ignored")));
                    return None;
                }
            }
        }
    }

    fn create_table(&mut self, source: &StatementSource, create: &ast::CreateTable) {
        if create.query.is_some() || create.like.is_some() || create.clone.is_some() {
            let construct = "CREATE TABLE from a query or another table; table ignored";
            self.diagnostics.push(Diagnostic::unsupported(source.start(), construct));
            return;
        }
        let name = object_name(&create.name);
        if let Some(existing) = self.tables.iter().find(|table| same_name(&table.name, &name)) {
            if !create.if_not_exists {
                self.diagnostics.push(Diagnostic::error(
                    source.start(),
                    format!("table `{name}` is already defined at {}; this definition is ignored", existing.span),
                ));
            }
            return;
        }
        let mut table = Table {
            name,
            span: source.start(),
            columns: Vec::new(),
            primary_key: None,
            unique_keys: Vec::new(),
            foreign_keys: Vec::new(),
            checks: Vec::new(),
        };
        if let ast::CreateTableOptions::With(options)
        | ast::CreateTableOptions::Options(options)
        | ast::CreateTableOptions::Plain(options)
        | ast::CreateTableOptions::TableProperties(options) = &create.table_options
        {
            for option in options {
                let text = option.to_string();
                let setting: String = text.chars().filter(|c| !c.is_whitespace() && *c != '=').collect::<String>().to_uppercase();
                if let Some(engine) = setting.strip_prefix("ENGINE").or_else(|| setting.strip_prefix("TYPE"))
                    && engine != "INNODB"
                {
                    self.diagnostics.push(Diagnostic::warning(
                        source.start(),
                        format!("table option `{text}`: the tests' tables enforce foreign keys and transactions, as InnoDB does"),
                    ));
                }
            }
        }
        // Column-level constraints wait for every column: a CHECK may name later columns.
        let mut column_constraints = Vec::new();
        for column in &create.columns {
            column_constraints.extend(add_column(&mut table, column, source, &mut self.diagnostics));
        }
        for (constraint, span) in column_constraints {
            add_constraint(&mut table, &constraint, span, source, &mut self.diagnostics);
        }
        for constraint in &create.constraints {
            let span = source.constraint_start(constraint.span(), Location::new(0, 0), Keyword::NoKeyword);
            add_constraint(&mut table, constraint, span, source, &mut self.diagnostics);
        }
        self.tables.push(table);
    }

    fn alter_table(&mut self, source: &StatementSource, alter: &ast::AlterTable) {
        let name = object_name(&alter.name);
        let Some(table) = self.tables.iter_mut().find(|table| same_name(&table.name, &name)) else {
            // pg_dump gives sequences owners with ALTER TABLE too.
            if alter.operations.iter().all(|operation| matches!(operation, ast::AlterTableOperation::OwnerTo { .. })) {
                return;
            }
            self.diagnostics.push(Diagnostic::error(
                source.span(alter.name.span().start),
                format!("ALTER TABLE of unknown table `{name}`; statement ignored"),
            ));
            return;
        };
        for operation in &alter.operations {
            match operation {
                ast::AlterTableOperation::AddConstraint { constraint, .. } => {
                    let span = source.constraint_start(constraint.span(), Location::new(0, 0), Keyword::NoKeyword);
                    add_constraint(table, constraint, span, source, &mut self.diagnostics);
                }
                ast::AlterTableOperation::AddColumn { column_def, .. } => {
                    for (constraint, span) in add_column(table, column_def, source, &mut self.diagnostics) {
                        add_constraint(table, &constraint, span, source, &mut self.diagnostics);
                    }
                }
                ast::AlterTableOperation::AlterColumn { column_name, op } => {
                    let name = column_name.value.clone();
                    let Some(column) = table.column_mut(&name) else {
                        self.diagnostics.push(Diagnostic::error(
                            source.span(column_name.span.start),
                            format!("unknown column `{name}` in table `{}`; ALTER COLUMN ignored", table.name),
                        ));
                        continue;
                    };
                    match op {
                        ast::AlterColumnOperation::SetNotNull => column.not_null = true,
                        ast::AlterColumnOperation::SetDefault { value } => {
                            set_default(column, value, source, &mut self.diagnostics);
                        }
                        other => self.diagnostics.push(Diagnostic::unsupported(
                            source.start(),
                            format!("ALTER TABLE operation `ALTER COLUMN {name} {other}`; ignored"),
                        )),
                    }
                }
                // Who owns a table changes nothing a test can observe.
                ast::AlterTableOperation::OwnerTo { .. } => {}
                other => self.diagnostics.push(Diagnostic::unsupported(
                    source.start(),
                    format!("ALTER TABLE operation `{other}`; ignored"),
                )),
            }
        }
    }

    /// A unique index is a unique key; other indexes do not change what a test can observe.
    fn create_index(&mut self, source: &StatementSource, index: &ast::CreateIndex) {
        if !index.unique {
            let message = "CREATE INDEX ignored: indexes do not change behaviour";
            self.diagnostics.push(Diagnostic::warning(source.start(), message));
            return;
        }
        if index.predicate.is_some() {
            let construct = "partial unique index (CREATE UNIQUE INDEX ... WHERE); ignored";
            self.diagnostics.push(Diagnostic::unsupported(source.start(), construct));
            return;
        }
        let table_name = object_name(&index.table_name);
        let Some(table) = self.tables.iter_mut().find(|table| same_name(&table.name, &table_name)) else {
            self.diagnostics.push(Diagnostic::error(
                source.span(index.table_name.span().start),
                format!("CREATE UNIQUE INDEX on unknown table `{table_name}`; statement ignored"),
            ));
            return;
        };
        let Some(columns) = resolve_index_columns(table, &index.columns, source, &mut self.diagnostics) else {
            return;
        };
        let name = index.name.as_ref().map(object_name);
        table.unique_keys.push(Key { name, columns, span: source.start() });
    }

    fn finish(mut self) -> (Schema, Vec<Diagnostic>) {
        resolve_foreign_keys(&mut self.tables, &mut self.diagnostics);
        // In file order, although foreign keys are checked last.
        self.diagnostics.sort_by(|a, b| a.span.cmp(&b.span));
        (Schema { tables: self.tables, dialect: self.dialect }, self.diagnostics)
    }
}

/// Parse exactly one statement, or say what is wrong and where.
fn parse_tokens(tokens: Vec<TokenWithSpan>, dialect: Dialect) -> Result<ast::Statement, (String, Option<Location>)> {
    let dialect = dialect.parser();
    let mut parser = Parser::new(dialect.as_ref()).with_tokens_with_locations(tokens);
    let statement = parser.parse_statement().map_err(split_parser_error)?;
    let next = parser.peek_token();
    if next.token != Token::EOF {
        return Err((format!("unexpected `{}` after the end of the statement", next.token), Some(next.span.start)));
    }
    Ok(statement)
}

/// sqlparser puts the location at the end of its messages (" at Line: 3, Column: 7").
pub(super) fn split_parser_error(error: ParserError) -> (String, Option<Location>) {
    let message = match error {
        ParserError::TokenizerError(message) | ParserError::ParserError(message) => message,
        ParserError::RecursionLimitExceeded => "expression nested too deeply".to_string(),
    };
    let located = message.rsplit_once(" at Line: ").and_then(|(text, place)| {
        let (line, column) = place.split_once(", Column: ")?;
        Some((text.to_string(), Location::new(line.parse().ok()?, column.parse().ok()?)))
    });
    match located {
        Some((text, location)) => (text, Some(location)),
        None => (message, None),
    }
}

/// `tokens` without MySQL's `NATIONAL` before a character type (`NATIONAL VARCHAR(20)`): it
/// chooses a character set, which changes nothing hornet models.
fn without_national(tokens: &[TokenWithSpan]) -> Vec<TokenWithSpan> {
    let mut kept: Vec<TokenWithSpan> = Vec::with_capacity(tokens.len());
    for token in tokens {
        let is_type = matches!(&token.token, Token::Word(word)
            if matches!(word.keyword, Keyword::VARCHAR | Keyword::CHAR | Keyword::CHARACTER | Keyword::TEXT));
        if is_type {
            let previous = kept.iter().rposition(|token| !matches!(token.token, Token::Whitespace(_)));
            if let Some(previous) = previous
                && matches!(&kept[previous].token, Token::Word(word) if word.keyword == Keyword::NATIONAL && word.quote_style.is_none())
            {
                kept.truncate(previous);
            }
        }
        kept.push(token.clone());
    }
    kept
}

/// The index of the `(` that opens the body of a CREATE TABLE statement's tokens; `None` for
/// other statements.
fn create_table_body(tokens: &[TokenWithSpan]) -> Option<usize> {
    let is_word = |token: &TokenWithSpan, keyword| matches!(&token.token, Token::Word(w) if w.keyword == keyword);
    let mut words = tokens.iter().filter(|token| matches!(token.token, Token::Word(_)));
    if !words.next().is_some_and(|token| is_word(token, Keyword::CREATE)) {
        return None;
    }
    let open = tokens.iter().position(|token| token.token == Token::LParen)?;
    tokens[..open].iter().any(|token| is_word(token, Keyword::TABLE)).then_some(open)
}

/// The tokens after the parenthesised body of a CREATE TABLE, from the one at `location` on:
/// table options the dialect's grammar does not know (`TYPE = InnoDB`, `TABLESPACE users`).
fn table_options_at(tokens: &[TokenWithSpan], location: Location) -> Option<Range<usize>> {
    let open = create_table_body(tokens)?;
    let mut depth = 0;
    let close = tokens.iter().enumerate().skip(open).find_map(|(index, token)| {
        match token.token {
            Token::LParen => depth += 1,
            Token::RParen => {
                depth -= 1;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
        None
    })?;
    let error_token = tokens.iter().position(|token| token.span.start >= location)?;
    // Up to the next statement, when the `;` before it is missing.
    let end = tokens[error_token..]
        .iter()
        .position(|token| matches!(&token.token, Token::Word(word) if STATEMENT_KEYWORDS.contains(&word.keyword)))
        .map_or(tokens.len(), |next| error_token + next);
    (error_token > close && end > error_token).then_some(error_token..end)
}

/// The tokens to drop to remove the column or constraint of a CREATE TABLE body that
/// `location` is in, together with one separating comma; `None` outside such a body.
fn create_table_element_at(tokens: &[TokenWithSpan], location: Location) -> Option<Range<usize>> {
    let open = create_table_body(tokens)?;
    // Each element runs from after `(` or a comma up to and including its `,` or `)`.
    let mut elements = Vec::new();
    let mut depth = 0;
    let mut start = open + 1;
    for (index, token) in tokens.iter().enumerate().skip(open) {
        match token.token {
            Token::LParen => depth += 1,
            Token::RParen if depth == 1 => {
                elements.push(start..index);
                break;
            }
            Token::RParen => depth -= 1,
            Token::Comma if depth == 1 => {
                elements.push(start..index + 1);
                start = index + 1;
            }
            _ => {}
        }
    }
    let error_token = tokens.iter().position(|token| token.span.start >= location)?;
    let position = elements.iter().position(|element| {
        let closes_body = tokens.get(element.end).is_some_and(|token| token.token == Token::RParen);
        element.start <= error_token && (error_token < element.end || closes_body && error_token == element.end)
    })?;
    let element = elements[position].clone();
    let ends_with_comma = element.end > element.start && tokens[element.end - 1].token == Token::Comma;
    match (ends_with_comma, position.checked_sub(1)) {
        (true, _) | (false, None) => Some(element),
        // The last element takes the comma before it, so that no trailing comma remains.
        (false, Some(previous)) => Some(elements[previous].end - 1..element.end),
    }
}

/// The last part of a possibly qualified name (`public.book` is `book`).
fn object_name(name: &ast::ObjectName) -> String {
    name.0.last().and_then(|part| part.as_ident()).map_or_else(|| name.to_string(), |ident| ident.value.clone())
}

/// Add `column` to `table`; returns its column-level constraints as table-level ones, with
/// where they start.
fn add_column(
    table: &mut Table,
    column: &ast::ColumnDef,
    source: &StatementSource,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<(TableConstraint, Span)> {
    let name = column.name.value.clone();
    let span = source.span(column.name.span.start);
    if let Some(existing) = table.column(&name) {
        diagnostics.push(Diagnostic::error(
            span,
            format!("column `{name}` is already defined at {}; this definition is ignored", existing.span),
        ));
        return Vec::new();
    }
    let (sql_type, serial) = match map_type(&column.data_type, source.dialect) {
        TypeMapping::Exact(sql_type) => (sql_type, false),
        TypeMapping::Serial(sql_type) => (sql_type, true),
        TypeMapping::Lossy(sql_type, note) => {
            diagnostics.push(Diagnostic::warning(span.clone(), format!("column `{name}`: {note}")));
            (sql_type, false)
        }
        TypeMapping::Ranged(sql_type, low, high, note) => {
            if let Some(note) = note {
                diagnostics.push(Diagnostic::warning(span.clone(), format!("column `{name}`: {note}")));
            }
            let column = Box::new(CheckExpr::Column(name.clone()));
            let bound = |value| Box::new(CheckExpr::Literal(Literal::Integer(value)));
            let expr = CheckExpr::Between { expr: column, low: bound(low), high: bound(high), negated: false };
            table.checks.push(Check { name: None, expr, span: span.clone() });
            (sql_type, false)
        }
        TypeMapping::Enumerated(values) => {
            let longest = values.iter().map(|value| value.chars().count()).max().unwrap_or(1);
            let list = values.into_iter().map(|value| CheckExpr::Literal(Literal::String(value))).collect();
            let expr = CheckExpr::InList { expr: Box::new(CheckExpr::Column(name.clone())), list, negated: false };
            table.checks.push(Check { name: None, expr, span: span.clone() });
            (SqlType::Varchar(Some(u64::try_from(longest).unwrap_or(u64::MAX))), false)
        }
        TypeMapping::Unknown => {
            diagnostics.push(Diagnostic::unsupported(
                span,
                format!("type {} of column `{name}`; column ignored", column.data_type),
            ));
            return Vec::new();
        }
    };
    let mut new_column =
        Column {
            name: name.clone(),
            span: span.clone(),
            sql_type,
            not_null: serial,
            default: None,
            generated: serial,
            identity: serial,
            computed: Vec::new(),
            clock_default: None,
        };
    let mut constraints = Vec::new();
    for option in &column.options {
        let option_name = option.name.clone();
        let option_start = |keyword| source.constraint_start(option.span(), column.name.span.start, keyword);
        match &option.option {
            ColumnOption::Null | ColumnOption::CharacterSet(_) | ColumnOption::Collation(_) | ColumnOption::Comment(_) => {}
            ColumnOption::NotNull => new_column.not_null = true,
            ColumnOption::Default(expr) => set_default(&mut new_column, expr, source, diagnostics),
            // MySQL's ON UPDATE CURRENT_TIMESTAMP: like a DEFAULT of the same, the database
            // fills in a value hornet does not model.
            ColumnOption::OnUpdate(expr)
                if matches!(new_column.sql_type, SqlType::Opaque(_) | SqlType::Date | SqlType::Timestamp | SqlType::Time) =>
            {
                if !matches!(new_column.sql_type, SqlType::Opaque(_)) {
                    new_column.sql_type = SqlType::Opaque(new_column.sql_type.to_string());
                }
                // A DEFAULT that reads the clock is modelled, a write the database makes on
                // every UPDATE is not: the column is opaque after all.
                if new_column.clock_default.take().is_some() {
                    diagnostics.push(Diagnostic::warning(
                        source.span(expr.span().start),
                        format!("column `{}`: its ON UPDATE {expr} reads the clock, so its values are not modelled (kept opaque)", new_column.name),
                    ));
                }
                new_column.generated = true;
                new_column.computed.push(format!("ON UPDATE {expr}"));
            }
            ColumnOption::PrimaryKey(primary_key) => {
                let constraint = ast::PrimaryKeyConstraint {
                    name: option_name.or_else(|| primary_key.name.clone()),
                    columns: vec![column.name.clone().into()],
                    ..primary_key.clone()
                };
                constraints.push((TableConstraint::PrimaryKey(constraint), option_start(Keyword::PRIMARY)));
            }
            ColumnOption::Unique(unique) => {
                let constraint = ast::UniqueConstraint {
                    name: option_name.or_else(|| unique.name.clone()),
                    columns: vec![column.name.clone().into()],
                    ..unique.clone()
                };
                constraints.push((TableConstraint::Unique(constraint), option_start(Keyword::UNIQUE)));
            }
            ColumnOption::ForeignKey(foreign_key) => {
                let constraint = ast::ForeignKeyConstraint {
                    name: option_name.or_else(|| foreign_key.name.clone()),
                    columns: vec![column.name.clone()],
                    ..foreign_key.clone()
                };
                constraints.push((TableConstraint::ForeignKey(constraint), option_start(Keyword::REFERENCES)));
            }
            ColumnOption::Check(check) => {
                let constraint =
                    ast::CheckConstraint { name: option_name.or_else(|| check.name.clone()), ..check.clone() };
                constraints.push((TableConstraint::Check(constraint), option_start(Keyword::CHECK)));
            }
            ColumnOption::DialectSpecific(tokens)
                if tokens.iter().any(|token| {
                    matches!(token, Token::Word(word) if matches!(word.keyword, Keyword::AUTO_INCREMENT | Keyword::AUTOINCREMENT))
                }) =>
            {
                new_column.generated = true;
                new_column.identity = true;
            }
            ColumnOption::Identity(_) => {
                new_column.generated = true;
                new_column.identity = true;
            }
            ColumnOption::Generated { generation_expr, .. } => {
                new_column.generated = true;
                new_column.identity = generation_expr.is_none();
                if let Some(expr) = generation_expr {
                    new_column.computed.push(format!("GENERATED ALWAYS AS ({expr})"));
                    diagnostics.push(Diagnostic::warning(
                        source.span(expr.span().start),
                        format!("column `{name}` is computed by the database; its expression {expr} is not modelled"),
                    ));
                }
            }
            other => diagnostics.push(Diagnostic::warning(
                source.span(option.span().start),
                format!("column option `{other}` of column `{name}` ignored"),
            )),
        }
    }
    table.columns.push(new_column);
    constraints
}

enum TypeMapping {
    Exact(SqlType),
    /// Filled in by the database, and NOT NULL: SERIAL and the like.
    Serial(SqlType),
    /// Mapped with something lost, which the text says.
    Lossy(SqlType, String),
    /// An integer type narrower than the modelled one it maps to (TINYINT, MEDIUMINT,
    /// UNSIGNED): its range becomes a CHECK, which the tests' tables hold too. The text, if
    /// any, says what is lost.
    Ranged(SqlType, i64, i64, Option<String>),
    /// MySQL's ENUM: a string restricted to its values (a CHECK).
    Enumerated(Vec<String>),
    Unknown,
}

fn map_type(data_type: &DataType, dialect: Dialect) -> TypeMapping {
    use TypeMapping::{Exact, Lossy, Ranged, Serial};
    let opaque = || {
        let text = data_type.to_string();
        Lossy(SqlType::Opaque(text.clone()), format!("values of type {text} are not modelled (kept opaque)"))
    };
    let length = |length: &Option<ast::CharacterLength>| match length {
        Some(ast::CharacterLength::IntegerLength { length, .. }) => Some(*length),
        Some(ast::CharacterLength::Max) | None => None,
    };
    match data_type {
        DataType::Int(_) | DataType::Integer(_) | DataType::Int4(_) => Exact(SqlType::Integer),
        DataType::MediumInt(_) => Ranged(SqlType::Integer, -8_388_608, 8_388_607, None),
        DataType::SmallInt(_) | DataType::Int2(_) => Exact(SqlType::SmallInt),
        DataType::BigInt(_) | DataType::Int8(_) => Exact(SqlType::BigInt),
        // MySQL's drivers read TINYINT(1) as a boolean, and schemas declare booleans so.
        DataType::TinyInt(Some(1)) => Exact(SqlType::Boolean),
        DataType::TinyInt(_) => Ranged(SqlType::SmallInt, -128, 127, None),
        DataType::TinyIntUnsigned(_) => Ranged(SqlType::SmallInt, 0, 255, None),
        DataType::SmallIntUnsigned(_) | DataType::Int2Unsigned(_) => Ranged(SqlType::Integer, 0, 65_535, None),
        DataType::MediumIntUnsigned(_) => Ranged(SqlType::Integer, 0, 16_777_215, None),
        DataType::IntUnsigned(_) | DataType::IntegerUnsigned(_) | DataType::Int4Unsigned(_) => {
            Ranged(SqlType::BigInt, 0, 4_294_967_295, None)
        }
        // Java's long stops at 2^63 - 1: larger values are not modelled, so the tests' column
        // is a BIGINT that is never negative, and the code reads it with getLong as it must.
        DataType::BigIntUnsigned(_) | DataType::Int8Unsigned(_) => Ranged(
            SqlType::BigInt,
            0,
            i64::MAX,
            Some(format!("{data_type} is modelled as BIGINT 0..{}; values above are not modelled", i64::MAX)),
        ),
        DataType::Enum(members, _) => TypeMapping::Enumerated(
            members
                .iter()
                .map(|member| match member {
                    ast::EnumMember::Name(name) | ast::EnumMember::NamedValue(name, _) => name.clone(),
                })
                .collect(),
        ),
        DataType::Bool | DataType::Boolean | DataType::Bit(None | Some(1)) => Exact(SqlType::Boolean),
        DataType::Varchar(n) | DataType::CharacterVarying(n) | DataType::CharVarying(n) | DataType::Nvarchar(n) => {
            Exact(SqlType::Varchar(length(n)))
        }
        DataType::Char(n) | DataType::Character(n) => Exact(SqlType::Char(length(n).unwrap_or(1))),
        DataType::Text
        | DataType::TinyText
        | DataType::MediumText
        | DataType::LongText
        | DataType::Clob(_)
        | DataType::CharacterLargeObject(_)
        | DataType::CharLargeObject(_)
        | DataType::String(None) => Exact(SqlType::Text),
        DataType::Numeric(precision) | DataType::Decimal(precision) | DataType::Dec(precision) => match precision {
            ExactNumberInfo::Precision(digits) | ExactNumberInfo::PrecisionAndScale(digits, 0) if *digits <= 18 => {
                let largest = 10_i64.pow(u32::try_from(*digits).unwrap_or(18)) - 1;
                let to = if *digits <= 9 { SqlType::Integer } else { SqlType::BigInt };
                Ranged(to, -largest, largest, None)
            }
            ExactNumberInfo::PrecisionAndScale(digits, scale)
                if (1..=i64::from(crate::ir::DECIMAL_SCALE)).contains(scale) && scale.unsigned_abs() <= *digits && *digits <= 30 =>
            {
                let (precision, scale) = (u32::try_from(*digits).unwrap_or(30), u32::try_from(*scale).unwrap_or(0));
                Exact(SqlType::Decimal { precision, scale })
            }
            // H2 2.1 reads a DECIMAL without precision as NUMERIC(100000, 0), which rounds a
            // value to an integer, or in PostgreSQL mode as DECFLOAT(100000), which keeps it
            // exactly: a value of the model has at most DECIMAL_SCALE places.
            ExactNumberInfo::None => Exact(SqlType::Decimal {
                precision: UNDECLARED_DECIMAL_PRECISION,
                scale: if dialect == Dialect::Postgres { crate::ir::DECIMAL_SCALE } else { 0 },
            }),
            _ => opaque(),
        },
        DataType::Custom(name, arguments) => {
            let length = || arguments.first().and_then(|argument| argument.trim().parse().ok());
            match object_name(name).to_uppercase().as_str() {
                "SERIAL" | "SERIAL4" => Serial(SqlType::Integer),
                "BIGSERIAL" | "SERIAL8" | "IDENTITY" => Serial(SqlType::BigInt),
                "SMALLSERIAL" | "SERIAL2" => Serial(SqlType::SmallInt),
                "VARCHAR2" | "NVARCHAR2" => Exact(SqlType::Varchar(length())),
                "NCHAR" => Exact(SqlType::Char(length().unwrap_or(1))),
                "LONGVARCHAR" | "LONGNVARCHAR" | "NCLOB" | "NTEXT" => Exact(SqlType::Text),
                "VARCHAR_IGNORECASE" => {
                    let to = SqlType::Varchar(length());
                    Lossy(to.clone(), format!("{data_type} is modelled as {to}; comparing it ignoring case is not modelled"))
                }
                "YEAR" | "INET" | "CIDR" | "MONEY" | "XML" => opaque(),
                _ => TypeMapping::Unknown,
            }
        }
        DataType::Date => Exact(SqlType::Date),
        DataType::Datetime(precision) | DataType::Timestamp(precision, ast::TimezoneInfo::None | ast::TimezoneInfo::WithoutTimeZone)
            if precision.is_none_or(|digits| digits >= 3) =>
        {
            Exact(SqlType::Timestamp)
        }
        // H2's TIME (and MySQL's, PostgreSQL's without a precision: H2 rounds a longer one to
        // its 0 digits) keeps whole seconds; TIME(p) with fractions stays opaque.
        DataType::Time(None | Some(0), ast::TimezoneInfo::None | ast::TimezoneInfo::WithoutTimeZone) => Exact(SqlType::Time),
        // H2 takes FLOAT(p) of at most 24 bits as REAL, as the SQL standard says.
        DataType::Float(ExactNumberInfo::Precision(bits)) if *bits <= 24 => Exact(SqlType::Real),
        DataType::Real | DataType::Float4 => Exact(SqlType::Real),
        DataType::Float(_) | DataType::Float8 | DataType::Double(_) | DataType::DoublePrecision => Exact(SqlType::Double),
        DataType::Time(..)
        | DataType::Datetime(_)
        | DataType::Timestamp(..)
        | DataType::Interval { .. }
        | DataType::Uuid
        | DataType::Binary(_)
        | DataType::Varbinary(_)
        | DataType::Blob(_)
        | DataType::TinyBlob
        | DataType::MediumBlob
        | DataType::LongBlob
        | DataType::Bytea
        | DataType::Bit(_)
        | DataType::BitVarying(_)
        | DataType::VarBit(_)
        | DataType::JSON
        | DataType::JSONB
        | DataType::Set(_)
        | DataType::Array(_) => opaque(),
        _ => TypeMapping::Unknown,
    }
}

/// The DEFAULT of `column`: a literal, a sequence's `nextval(...)` (an identity, as pg_dump
/// writes SERIAL), or, for a type hornet does not model, what the database computes
/// (CURRENT_TIMESTAMP and the like: the tests do not check the column's values).
fn set_default(column: &mut Column, expr: &Expr, source: &StatementSource, diagnostics: &mut Vec<Diagnostic>) {
    let is_nextval = matches!(expr, Expr::Function(function) if object_name(&function.name).eq_ignore_ascii_case("nextval"));
    match literal(expr) {
        // MySQL's dumps quote numbers: DEFAULT '0' of an integer or boolean column is the number.
        Some(Literal::String(text)) if matches!(column.sql_type, SqlType::Integer | SqlType::SmallInt | SqlType::BigInt) && text.trim().parse::<i64>().is_ok() => {
            column.default = text.trim().parse().ok().map(Literal::Integer);
        }
        Some(Literal::String(text)) if column.sql_type == SqlType::Boolean && matches!(text.trim(), "0" | "1") => {
            column.default = Some(Literal::Boolean(text.trim() == "1"));
        }
        // A DECIMAL's default as its text (H2 reads '12.50' as the number), quoted or not.
        Some(Literal::String(text)) if matches!(column.sql_type, SqlType::Decimal { .. }) && decimal_default(&text).is_some() => {
            column.default = Some(Literal::String(text.trim().to_string()));
        }
        None if matches!(column.sql_type, SqlType::Decimal { .. }) && let Some(text) = decimal_literal_text(expr) => {
            column.default = Some(Literal::String(text));
        }
        // A DOUBLE's or REAL's default `1.5` is a number of the model when it is a binary
        // fraction; `0.1` is not (the JVM's double is not 0.1), and its column stays opaque.
        None if matches!(column.sql_type, SqlType::Double | SqlType::Real) && let Some(text) = decimal_literal_text(expr) => {
            if decimal_default(&text).and_then(crate::sql::statement::decimal_in_floating_units).is_some() {
                column.default = Some(Literal::String(text));
            } else {
                diagnostics.push(Diagnostic::warning(
                    source.span(expr.span().start),
                    format!("column `{}`: its DEFAULT {text} is no binary fraction, so its values are not modelled (kept opaque)", column.name),
                ));
                column.sql_type = SqlType::Opaque(column.sql_type.to_string());
                column.default = Some(Literal::String(text));
            }
        }
        Some(Literal::Integer(value @ (0 | 1))) if column.sql_type == SqlType::Boolean => {
            column.default = Some(Literal::Boolean(value == 1));
        }
        Some(value) => column.default = Some(value),
        None if is_nextval && !matches!(column.sql_type, SqlType::Opaque(_)) => {
            column.generated = true;
            column.identity = true;
        }
        None if matches!(column.sql_type, SqlType::Opaque(_)) => {
            column.generated = true;
            column.computed.push(format!("DEFAULT {expr}"));
        }
        // The clock (CURRENT_TIMESTAMP, NOW(), CURRENT_DATE) in a DATE or TIMESTAMP column: a
        // row the tests insert gives the column a value, and an INSERT of the code that gives
        // none stores its reading of the clock, as `NOW()` written in the INSERT would.
        None if matches!(column.sql_type, SqlType::Date | SqlType::Timestamp)
            && let Some(day) = crate::sql::statement::clock_reading(expr) =>
        {
            column.clock_default = Some(day);
            column.computed.push(format!("DEFAULT {expr}"));
        }
        // Another DEFAULT computed from the clock is an input no test sets: such a date column
        // stays opaque, filled in by the database and never checked.
        None if matches!(column.sql_type, SqlType::Date | SqlType::Timestamp | SqlType::Time) => {
            diagnostics.push(Diagnostic::warning(
                source.span(expr.span().start),
                format!(
                    "column `{}`: its DEFAULT {expr} reads the clock, so its values are not modelled (kept opaque)",
                    column.name
                ),
            ));
            column.sql_type = SqlType::Opaque(column.sql_type.to_string());
            column.generated = true;
            column.computed.push(format!("DEFAULT {expr}"));
        }
        None => diagnostics.push(Diagnostic::warning(
            source.span(expr.span().start),
            format!(
                "DEFAULT {expr} of column `{}` is not an integer, string, boolean or NULL literal; ignored",
                column.name
            ),
        )),
    }
}

/// The units (10^-`DECIMAL_SCALE`) of the DEFAULT text of a DECIMAL column, if it is a number
/// the model holds.
pub(crate) fn decimal_default(text: &str) -> Option<i64> {
    crate::ir::decimal_units(text.trim())
}

/// The text of a decimal number literal (`12.50`, `-0.5`), if `expr` is one the model holds.
fn decimal_literal_text(expr: &Expr) -> Option<String> {
    let text = match expr {
        Expr::Value(ast::ValueWithSpan { value: Value::Number(digits, _), .. }) => digits.clone(),
        Expr::UnaryOp { op: UnaryOperator::Minus, expr } => format!("-{}", decimal_literal_text(expr)?),
        Expr::Nested(inner) => return decimal_literal_text(inner),
        _ => return None,
    };
    decimal_default(&text).map(|_| text)
}

/// The literal `expr` is, if it is one hornet models (integers that fit 64 bits, strings,
/// booleans, NULL, with any sign and parentheses).
fn literal(expr: &Expr) -> Option<Literal> {
    let integer = |digits: &str| digits.parse::<i64>().ok().map(Literal::Integer);
    match expr {
        Expr::Value(value) => match &value.value {
            Value::Number(digits, _) => integer(digits),
            Value::SingleQuotedString(text) | Value::NationalStringLiteral(text) | Value::EscapedStringLiteral(text) => {
                Some(Literal::String(text.clone()))
            }
            Value::Boolean(value) => Some(Literal::Boolean(*value)),
            Value::Null => Some(Literal::Null),
            _ => None,
        },
        Expr::UnaryOp { op: sign @ (UnaryOperator::Minus | UnaryOperator::Plus), expr } => match expr.as_ref() {
            Expr::Value(ast::ValueWithSpan { value: Value::Number(digits, _), .. }) => {
                let minus = if *sign == UnaryOperator::Minus { "-" } else { "" };
                integer(&format!("{minus}{digits}"))
            }
            _ => None,
        },
        Expr::Nested(inner) => literal(inner),
        _ => None,
    }
}

/// Add a table-level constraint (or a column-level one made table-level) starting at `span`.
fn add_constraint(
    table: &mut Table,
    constraint: &TableConstraint,
    span: Span,
    source: &StatementSource,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let name_of = |name: &Option<ast::Ident>| name.as_ref().map(|ident| ident.value.clone());
    match constraint {
        TableConstraint::PrimaryKey(primary_key) => {
            let Some(columns) = resolve_index_columns(table, &primary_key.columns, source, diagnostics) else {
                return;
            };
            if let Some(existing) = &table.primary_key {
                diagnostics.push(Diagnostic::error(
                    span,
                    format!("table `{}` already has a primary key at {}; this one is ignored", table.name, existing.span),
                ));
                return;
            }
            for column in &columns {
                if let Some(column) = table.column_mut(column) {
                    column.not_null = true;
                }
            }
            table.primary_key = Some(Key { name: name_of(&primary_key.name), columns, span });
        }
        TableConstraint::Unique(unique) => {
            if let Some(columns) = resolve_index_columns(table, &unique.columns, source, diagnostics) {
                table.unique_keys.push(Key { name: name_of(&unique.name), columns, span });
            }
        }
        TableConstraint::ForeignKey(foreign_key) => {
            if let Some(columns) = resolve_columns(table, &foreign_key.columns, source, diagnostics) {
                // The referenced side is checked once every table is known: see `resolve_foreign_keys`.
                table.foreign_keys.push(ForeignKey {
                    name: name_of(&foreign_key.name),
                    columns,
                    referenced_table: object_name(&foreign_key.foreign_table),
                    referenced_columns: foreign_key.referred_columns.iter().map(|ident| ident.value.clone()).collect(),
                    on_delete: foreign_key.on_delete.map(referential_action),
                    on_update: foreign_key.on_update.map(referential_action),
                    span,
                });
            }
        }
        TableConstraint::Check(check) => {
            match compile_check(&check.expr, table, source, &span) {
                Ok(expr) => table.checks.push(Check { name: name_of(&check.name), expr, span }),
                Err(diagnostic) => diagnostics.push(diagnostic),
            }
        }
        // KEY and INDEX lines of MySQL's CREATE TABLE: indexes change no result.
        TableConstraint::Index(_) | TableConstraint::FulltextOrSpatial(_) => {}
        other => diagnostics.push(Diagnostic::unsupported(span, format!("constraint `{other}`; ignored"))),
    }
}

fn referential_action(action: ast::ReferentialAction) -> ReferentialAction {
    match action {
        ast::ReferentialAction::NoAction => ReferentialAction::NoAction,
        ast::ReferentialAction::Restrict => ReferentialAction::Restrict,
        ast::ReferentialAction::Cascade => ReferentialAction::Cascade,
        ast::ReferentialAction::SetNull => ReferentialAction::SetNull,
        ast::ReferentialAction::SetDefault => ReferentialAction::SetDefault,
    }
}

/// The declared names of the columns `idents` name, or `None` after reporting unknown ones.
fn resolve_columns(
    table: &Table,
    idents: &[ast::Ident],
    source: &StatementSource,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Vec<String>> {
    let mut columns = Vec::new();
    for ident in idents {
        match table.column(&ident.value) {
            Some(column) => columns.push(column.name.clone()),
            None => diagnostics.push(Diagnostic::error(
                source.span(ident.span.start),
                format!("unknown column `{}` in table `{}`; constraint ignored", ident.value, table.name),
            )),
        }
    }
    (columns.len() == idents.len()).then_some(columns)
}

/// Like `resolve_columns`, for key columns, which sqlparser allows to be expressions.
fn resolve_index_columns(
    table: &Table,
    index_columns: &[ast::IndexColumn],
    source: &StatementSource,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Vec<String>> {
    let mut idents = Vec::new();
    for index_column in index_columns {
        match &index_column.column.expr {
            Expr::Identifier(ident) => idents.push(ident.clone()),
            expr => {
                diagnostics.push(Diagnostic::unsupported(
                    source.span(expr.span().start),
                    format!("key on the expression `{expr}`; ignored"),
                ));
                return None;
            }
        }
    }
    resolve_columns(table, &idents, source, diagnostics)
}

/// Check every foreign key's referenced table and columns, now that all tables are known;
/// drop (and report) those that do not resolve.
fn resolve_foreign_keys(tables: &mut [Table], diagnostics: &mut Vec<Diagnostic>) {
    for index in 0..tables.len() {
        let foreign_keys = std::mem::take(&mut tables[index].foreign_keys);
        let resolved = foreign_keys
            .into_iter()
            .filter_map(|foreign_key| resolve_foreign_key(tables, foreign_key, diagnostics))
            .collect();
        tables[index].foreign_keys = resolved;
    }
}

fn resolve_foreign_key(
    tables: &[Table],
    foreign_key: ForeignKey,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ForeignKey> {
    let mut error = |message: String| {
        diagnostics.push(Diagnostic::error(foreign_key.span.clone(), format!("{message}; foreign key ignored")));
        None
    };
    let wanted = &foreign_key.referenced_table;
    let Some(target) = tables.iter().find(|table| same_name(&table.name, wanted)) else {
        return error(format!("foreign key references unknown table `{wanted}`"));
    };
    let referenced_columns = if foreign_key.referenced_columns.is_empty() {
        match &target.primary_key {
            Some(primary_key) => primary_key.columns.clone(),
            None => {
                return error(format!(
                    "foreign key names no columns and the referenced table `{}` has no primary key",
                    target.name
                ));
            }
        }
    } else {
        let mut columns = Vec::new();
        for wanted in &foreign_key.referenced_columns {
            match target.column(wanted) {
                Some(column) => columns.push(column.name.clone()),
                None => return error(format!("foreign key references unknown column `{wanted}` of table `{}`", target.name)),
            }
        }
        columns
    };
    if referenced_columns.len() != foreign_key.columns.len() {
        return error(format!(
            "foreign key has {} column(s) but references {} column(s) of `{}`",
            foreign_key.columns.len(),
            referenced_columns.len(),
            target.name
        ));
    }
    // MySQL allows it on any indexed columns; H2, the tests' database, does not.
    if !target.is_key(&referenced_columns) {
        return error(format!(
            "foreign key references ({}) of `{}`, which is not its primary key or a unique key (the tests' database, H2, requires one)",
            referenced_columns.join(", "),
            target.name
        ));
    }
    Some(ForeignKey { referenced_table: target.name.clone(), referenced_columns, ..foreign_key })
}

/// Translate a CHECK expression of `table`; `constraint` is where the constraint starts, for
/// parts sqlparser knows no location of.
fn compile_check(expr: &Expr, table: &Table, source: &StatementSource, constraint: &Span) -> Result<CheckExpr, Diagnostic> {
    let compile = |expr: &Expr| compile_check(expr, table, source, constraint).map(Box::new);
    let location = |expr: &Expr| span_at(source.file, expr.span().start).unwrap_or_else(|| constraint.clone());
    let unsupported =
        |expr: &Expr| Diagnostic::unsupported(location(expr), format!("`{expr}` in a CHECK constraint; constraint ignored"));
    let column = |ident: &ast::Ident| match table.column(&ident.value) {
        Some(column) => Ok(CheckExpr::Column(column.name.clone())),
        None => Err(Diagnostic::error(
            source.span(ident.span.start),
            format!("unknown column `{}` in CHECK constraint of table `{}`; constraint ignored", ident.value, table.name),
        )),
    };
    if let Some(value) = literal(expr) {
        return Ok(CheckExpr::Literal(value));
    }
    match expr {
        Expr::Identifier(ident) => column(ident),
        Expr::CompoundIdentifier(parts) if parts.len() == 2 && same_name(&parts[0].value, &table.name) => column(&parts[1]),
        Expr::Nested(inner) => compile_check(inner, table, source, constraint),
        Expr::UnaryOp { op: UnaryOperator::Minus, expr } => Ok(CheckExpr::Negate(compile(expr)?)),
        Expr::UnaryOp { op: UnaryOperator::Plus, expr } => compile_check(expr, table, source, constraint),
        Expr::UnaryOp { op: UnaryOperator::Not, expr } => Ok(CheckExpr::Not(compile(expr)?)),
        Expr::BinaryOp { left, op, right } => match binary_op(op) {
            Some(op) => Ok(CheckExpr::Binary { op, left: compile(left)?, right: compile(right)? }),
            None => Err(unsupported(expr)),
        },
        Expr::IsNull(inner) => Ok(CheckExpr::IsNull { expr: compile(inner)?, negated: false }),
        Expr::IsNotNull(inner) => Ok(CheckExpr::IsNull { expr: compile(inner)?, negated: true }),
        Expr::InList { expr, list, negated } => {
            let list = list.iter().map(|item| compile_check(item, table, source, constraint)).collect::<Result<_, _>>()?;
            Ok(CheckExpr::InList { expr: compile(expr)?, list, negated: *negated })
        }
        Expr::Between { expr, negated, low, high } => {
            Ok(CheckExpr::Between { expr: compile(expr)?, low: compile(low)?, high: compile(high)?, negated: *negated })
        }
        Expr::Like { negated, any: false, expr, pattern, escape_char: None } => match literal(pattern) {
            Some(Literal::String(pattern)) => Ok(CheckExpr::Like { expr: compile(expr)?, pattern, negated: *negated }),
            _ => Err(Diagnostic::unsupported(
                location(pattern),
                format!("LIKE pattern `{pattern}` that is not a string literal; constraint ignored"),
            )),
        },
        _ => Err(unsupported(expr)),
    }
}

pub(super) fn binary_op(op: &BinaryOperator) -> Option<BinaryOp> {
    Some(match op {
        BinaryOperator::Plus => BinaryOp::Add,
        BinaryOperator::Minus => BinaryOp::Sub,
        BinaryOperator::Multiply => BinaryOp::Mul,
        BinaryOperator::Divide => BinaryOp::Div,
        BinaryOperator::Modulo => BinaryOp::Mod,
        BinaryOperator::Eq => BinaryOp::Eq,
        BinaryOperator::NotEq => BinaryOp::NotEq,
        BinaryOperator::Lt => BinaryOp::Lt,
        BinaryOperator::LtEq => BinaryOp::LtEq,
        BinaryOperator::Gt => BinaryOp::Gt,
        BinaryOperator::GtEq => BinaryOp::GtEq,
        BinaryOperator::And => BinaryOp::And,
        BinaryOperator::Or => BinaryOp::Or,
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/// The schema as `hornet schema FILE.sql` prints it: each table with its columns and
/// constraints (each constraint followed by its line:col), then the insertion order.
pub fn render_schema(schema: &Schema) -> String {
    let mut out = format!("dialect: {} ({})\n\n", schema.dialect.dialect, schema.dialect.reason);
    for table in &schema.tables {
        render_table(&mut out, table);
        out.push('\n');
    }
    let order = schema.insertion_order();
    fn names<'a>(tables: &[&'a Table]) -> Vec<&'a str> {
        tables.iter().map(|table| table.name.as_str()).collect()
    }
    if order.tables.is_empty() {
        out.push_str("no tables\n");
    } else {
        let _ = writeln!(out, "insertion order: {}", names(&order.tables).join(", "));
    }
    for cycle in &order.cycles {
        let mut ring = names(cycle);
        ring.extend(ring.first().copied());
        let _ = writeln!(out, "foreign key cycle: {}", ring.join(" -> "));
    }
    out
}

fn render_table(out: &mut String, table: &Table) {
    let _ = writeln!(out, "table {} ({})", table.name, table.span);
    let types: Vec<String> = table.columns.iter().map(|column| column.sql_type.to_string()).collect();
    let name_width = table.columns.iter().map(|column| column.name.chars().count()).max().unwrap_or(0);
    let type_width = types.iter().map(|text| text.chars().count()).max().unwrap_or(0);
    for (column, sql_type) in table.columns.iter().zip(&types) {
        let mut line = format!("  {:name_width$}  {sql_type:type_width$}", column.name);
        if column.not_null {
            line.push_str("  NOT NULL");
        }
        if let Some(default) = &column.default {
            let _ = write!(line, "  DEFAULT {default}");
        }
        if column.generated {
            line.push_str("  GENERATED");
        }
        if column.clock_default.is_some() {
            line.push_str("  DEFAULT the clock");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let constraint = |name: &Option<String>| name.as_ref().map_or(String::new(), |name| format!("constraint {name} "));
    let at = |span: &Span| format!("-- {}:{}", span.line, span.col);
    if let Some(key) = &table.primary_key {
        let _ = writeln!(out, "  {}primary key ({})  {}", constraint(&key.name), key.columns.join(", "), at(&key.span));
    }
    for key in &table.unique_keys {
        let _ = writeln!(out, "  {}unique ({})  {}", constraint(&key.name), key.columns.join(", "), at(&key.span));
    }
    for foreign_key in &table.foreign_keys {
        let mut line = format!(
            "  {}foreign key ({}) references {} ({})",
            constraint(&foreign_key.name),
            foreign_key.columns.join(", "),
            foreign_key.referenced_table,
            foreign_key.referenced_columns.join(", ")
        );
        if let Some(action) = foreign_key.on_delete {
            let _ = write!(line, " on delete {action}");
        }
        if let Some(action) = foreign_key.on_update {
            let _ = write!(line, " on update {action}");
        }
        let _ = writeln!(out, "{line}  {}", at(&foreign_key.span));
    }
    for check in &table.checks {
        let _ = writeln!(out, "  {}check ({})  {}", constraint(&check.name), check.expr, at(&check.span));
    }
}

impl fmt::Display for SqlType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SqlType::Integer => f.write_str("INTEGER"),
            SqlType::SmallInt => f.write_str("SMALLINT"),
            SqlType::BigInt => f.write_str("BIGINT"),
            SqlType::Boolean => f.write_str("BOOLEAN"),
            SqlType::Varchar(Some(length)) => write!(f, "VARCHAR({length})"),
            SqlType::Varchar(None) => f.write_str("VARCHAR"),
            SqlType::Char(length) => write!(f, "CHAR({length})"),
            SqlType::Text => f.write_str("TEXT"),
            SqlType::Date => f.write_str("DATE"),
            SqlType::Timestamp => f.write_str("TIMESTAMP"),
            SqlType::Time => f.write_str("TIME"),
            SqlType::Decimal { precision: UNDECLARED_DECIMAL_PRECISION, .. } => f.write_str("DECIMAL"),
            SqlType::Decimal { precision, scale } => write!(f, "DECIMAL({precision},{scale})"),
            SqlType::Double => f.write_str("DOUBLE PRECISION"),
            SqlType::Real => f.write_str("REAL"),
            SqlType::Opaque(text) => write!(f, "{text} (opaque)"),
        }
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Literal::Integer(value) => write!(f, "{value}"),
            Literal::String(text) => write!(f, "'{}'", text.replace('\'', "''")),
            Literal::Boolean(true) => f.write_str("TRUE"),
            Literal::Boolean(false) => f.write_str("FALSE"),
            Literal::Null => f.write_str("NULL"),
        }
    }
}

impl fmt::Display for ReferentialAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReferentialAction::NoAction => "no action",
            ReferentialAction::Restrict => "restrict",
            ReferentialAction::Cascade => "cascade",
            ReferentialAction::SetNull => "set null",
            ReferentialAction::SetDefault => "set default",
        })
    }
}

impl BinaryOp {
    fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Eq => "=",
            BinaryOp::NotEq => "<>",
            BinaryOp::Lt => "<",
            BinaryOp::LtEq => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::GtEq => ">=",
            BinaryOp::And => "AND",
            BinaryOp::Or => "OR",
        }
    }

    fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or => 1,
            BinaryOp::And => 2,
            BinaryOp::Eq | BinaryOp::NotEq | BinaryOp::Lt | BinaryOp::LtEq | BinaryOp::Gt | BinaryOp::GtEq => 4,
            BinaryOp::Add | BinaryOp::Sub => 5,
            BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod => 6,
        }
    }
}

impl CheckExpr {
    /// How tightly the printed expression binds, for printing only the parentheses needed:
    /// OR < AND < NOT < comparisons and predicates < + - < * / % < unary minus < atoms.
    fn precedence(&self) -> u8 {
        match self {
            CheckExpr::Binary { op, .. } => op.precedence(),
            CheckExpr::Not(_) => 3,
            CheckExpr::InList { .. } | CheckExpr::Between { .. } | CheckExpr::Like { .. } | CheckExpr::IsNull { .. } => 4,
            // A negative literal prints with its sign, so it binds like a unary minus.
            CheckExpr::Negate(_) | CheckExpr::Literal(Literal::Integer(i64::MIN..0)) => 7,
            CheckExpr::Column(_) | CheckExpr::Literal(_) => 8,
        }
    }
}

/// `expr`, in parentheses if it binds less tightly than `precedence`.
fn write_operand(f: &mut fmt::Formatter<'_>, expr: &CheckExpr, precedence: u8) -> fmt::Result {
    if expr.precedence() < precedence { write!(f, "({expr})") } else { write!(f, "{expr}") }
}

/// SQL text for the expression.
impl fmt::Display for CheckExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let not = |negated: &bool| if *negated { "NOT " } else { "" };
        match self {
            CheckExpr::Column(name) => f.write_str(name),
            CheckExpr::Literal(value) => write!(f, "{value}"),
            CheckExpr::Negate(operand) => {
                // Operands of unary minus that could print a leading `-` get parentheses: `--` is a comment.
                f.write_str("-")?;
                write_operand(f, operand, 8)
            }
            CheckExpr::Not(operand) => {
                f.write_str("NOT ")?;
                write_operand(f, operand, 3)
            }
            CheckExpr::Binary { op, left, right } => {
                // Left-associative; comparisons do not chain.
                let left_precedence = if op.precedence() == 4 { 5 } else { op.precedence() };
                write_operand(f, left, left_precedence)?;
                write!(f, " {} ", op.symbol())?;
                write_operand(f, right, op.precedence() + 1)
            }
            CheckExpr::InList { expr, list, negated } => {
                write_operand(f, expr, 5)?;
                write!(f, " {}IN (", not(negated))?;
                for (index, item) in list.iter().enumerate() {
                    if index > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str(")")
            }
            CheckExpr::Between { expr, low, high, negated } => {
                write_operand(f, expr, 5)?;
                write!(f, " {}BETWEEN ", not(negated))?;
                write_operand(f, low, 5)?;
                f.write_str(" AND ")?;
                write_operand(f, high, 5)
            }
            CheckExpr::Like { expr, pattern, negated } => {
                write_operand(f, expr, 5)?;
                write!(f, " {}LIKE {}", not(negated), Literal::String(pattern.clone()))
            }
            CheckExpr::IsNull { expr, negated } => {
                write_operand(f, expr, 5)?;
                write!(f, " IS {}NULL", not(negated))
            }
        }
    }
}
