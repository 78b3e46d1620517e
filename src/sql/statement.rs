//! SQL statements as Java code sends them to JDBC, checked against the schema and compiled into
//! the term the Prolog runtime executes.
//!
//! The Java front end recovers a statement's text as pieces: literal text and *holes* (Java values
//! spliced in with `+`). Joining them puts a `?` where each hole is, so the joined text reads like
//! the JDBC statement it becomes; a `?` at a hole's offset is that hole, any other `?` outside a
//! string literal is a JDBC parameter (`param(N)`, numbered in order of appearance), and a hole
//! inside a string literal (`LIKE '%' + x + '%'`) makes the literal a *template* of constant parts
//! and holes. Every error carries a byte offset into the joined text; `offset_to_piece` maps it
//! back to a piece.
//!
//! The subset is the one of Marcozzi et al.: SELECT [DISTINCT] over one or more tables
//! (comma-separated, INNER JOIN with or without ON, CROSS JOIN, LEFT [OUTER] JOIN ... ON, a
//! first `a RIGHT [OUTER] JOIN b ON`, kept as `b LEFT JOIN a`, and a first NATURAL JOIN or
//! JOIN ... USING, kept as the join on the same-named columns) with WHERE, aggregates (COUNT,
//! SUM, MIN, MAX, COUNT(DISTINCT e), AVG of INTEGER values; over all rows, or per combination of
//! GROUP BY expressions, which are then the only plain items, with HAVING, and ORDER BY those
//! expressions and aggregates), scalar functions
//! (UPPER, LOWER, LENGTH, TRIM, SUBSTRING, ABS, CONCAT, ||, COALESCE, IFNULL) and CASE, subqueries
//! (IN, EXISTS, scalar; a correlated one, naming a column of the query around it, only in a
//! SELECT's WHERE), ORDER BY, and
//! a window (`LIMIT n`, `OFFSET n [ROWS]`, `FETCH FIRST|NEXT [n] ROW|ROWS ONLY`, each bound a
//! literal, a hole or a parameter); single-row INSERT; UPDATE and DELETE with WHERE. A window
//! over a join, a SELECT DISTINCT or a GROUP BY needs ORDER BY: H2's order of those rows is not
//! modelled. Everything else is reported as `unsupported SQL: ...`.

use super::schema::{BinaryOp, CheckExpr, Literal, Schema, SqlType, Table, binary_op, offset_of, same_name, split_parser_error};
use crate::clp::translate::quote_atom;
use serde::{Deserialize, Serialize};
use sqlparser::ast::{
    self, Expr as SqlExpr, FunctionArg, FunctionArgExpr, FunctionArguments, Ident, JoinConstraint, JoinOperator,
    ObjectName, ObjectNamePart, SelectItem as SqlSelectItem, SetExpr, Spanned, TableFactor, TableWithJoins,
    UnaryOperator, Value,
};
use super::dialect::Dialect;
use sqlparser::keywords::Keyword;
use sqlparser::parser::Parser;
use sqlparser::tokenizer::{Location, Token, TokenWithSpan, Tokenizer};
use std::cell::{Cell, RefCell};
use std::fmt::{self, Write as _};

// ---------------------------------------------------------------------------------------------
// Text with holes
// ---------------------------------------------------------------------------------------------

/// One part of a statement's text as the Java front end recovers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Piece {
    Text(String),
    /// A Java value spliced into the text; the number identifies it to the caller.
    Hole(u32),
}

/// A problem with a statement, at a byte offset into the joined text (`join_pieces`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SqlError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for SqlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

/// The text the pieces make, each hole written `?`: the text error offsets point into.
pub fn join_pieces(pieces: &[Piece]) -> String {
    joined(pieces).0
}

/// The joined text and the offset of each hole's `?` in it.
fn joined(pieces: &[Piece]) -> (String, Vec<(usize, u32)>) {
    let mut text = String::new();
    let mut holes = Vec::new();
    for piece in pieces {
        match piece {
            Piece::Text(part) => text.push_str(part),
            Piece::Hole(hole) => {
                holes.push((text.len(), *hole));
                text.push('?');
            }
        }
    }
    (text, holes)
}

/// The piece an offset into the joined text falls in, and the offset within that piece (a hole
/// is one byte long). The end of the text belongs to the end of the last piece.
pub fn offset_to_piece(pieces: &[Piece], offset: usize) -> Option<(usize, usize)> {
    let mut start = 0;
    for (index, piece) in pieces.iter().enumerate() {
        let length = match piece {
            Piece::Text(part) => part.len(),
            Piece::Hole(_) => 1,
        };
        if offset < start + length || (offset == start + length && index + 1 == pieces.len()) {
            return Some((index, offset - start));
        }
        start += length;
    }
    None
}

/// The joined text's line holding `error.offset`, with a caret under the offset and the message:
/// how the CLI and the snapshots show an error.
pub fn render_sql_error(text: &str, error: &SqlError) -> String {
    let offset = error.offset.min(text.len());
    let offset = (0..=offset).rev().find(|&at| text.is_char_boundary(at)).unwrap_or(0);
    let line_start = text[..offset].rfind('\n').map_or(0, |at| at + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |at| offset + at);
    // Tabs stay tabs so that the caret lines up however the terminal shows them.
    let indent: String = text[line_start..offset].chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
    format!("{}\n{indent}^ {}\n", &text[line_start..line_end], error.message)
}

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

/// A checked statement. Table and column names are as declared in the schema; aliases as written
/// (the table's name when there is none).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Statement {
    Select(Select),
    Insert(Insert),
    Update(Update),
    Delete(Delete),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRef {
    pub table: String,
    pub alias: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Select {
    /// With `*` and `t.*` expanded to the columns in table order.
    pub projection: Vec<SelectItem>,
    /// `SELECT DISTINCT`: duplicate projected rows (NULLs equal) are listed once.
    pub distinct: bool,
    /// `GROUP BY` expressions (none: no grouping): one row per combination of their values
    /// (NULLs one group), the projection those expressions and aggregates over the group.
    pub group_by: Vec<Expr>,
    /// `HAVING`: the groups kept, a condition over the grouped expressions and aggregates
    /// (`Expr::Aggregate`, `Expr::CountStar`).
    pub having: Box<Condition>,
    /// Comma-separated and INNER JOINed tables alike, in the order written, and the table a
    /// `RIGHT JOIN` keeps every row of.
    pub from: Vec<TableRef>,
    /// `LEFT [OUTER] JOIN t ON c` (and the table before a `RIGHT JOIN`), in the order they are
    /// joined: each row of the tables before is joined with every row of `t` that satisfies
    /// `c`, or with a row of NULLs when none does. `WHERE` applies to the joined rows.
    #[serde(default)]
    pub outer_joins: Vec<OuterJoin>,
    /// The WHERE condition and join conditions (ON), joined by AND.
    pub condition: Condition,
    pub order_by: Vec<OrderKey>,
    /// Whether the query, as a subquery, names a column of a query around it
    /// (`Expr::OuterColumn`, here or in a subquery of its own): it is then run once per tuple
    /// of the query around it, not once before it.
    #[serde(default)]
    pub correlated: bool,
    /// `LIMIT`/`OFFSET`/`FETCH`: the rows kept of the ordered result, if not all.
    pub window: Option<Window>,
}

/// A table joined by an outer join, and its `ON` condition (over it and the tables before it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OuterJoin {
    pub table: TableRef,
    pub on: Condition,
}

/// `OFFSET offset ROWS FETCH FIRST count ROWS ONLY`, or `LIMIT count OFFSET offset`. The bounds
/// are integer expressions without columns (literals, holes, parameters); H2 raises an error
/// for a negative or NULL one, which the runtime models.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Window {
    /// Rows skipped first; none is 0.
    pub offset: Option<Expr>,
    /// Rows kept at most; none is all of them.
    pub count: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SelectItem {
    /// The name JDBC gives the result column (`ResultSet.getInt("label")`): the AS alias, else
    /// the column's name, else the expression as written.
    pub label: String,
    pub value: Projected,
    /// Whether the value is a DECIMAL's, in units of 10^-`DECIMAL_SCALE` (the JDBC getters
    /// convert it, `summaries/jdbc.pl`).
    pub decimal: bool,
    /// Whether the value is a TIME's (only `getTime` reads it as a time of day,
    /// `summaries/jdbc.pl`).
    #[serde(default)]
    pub time_of_day: bool,
    /// Whether the value is a DOUBLE's or REAL's, in units of 2^-`FLOATING_UNIT_BITS` (only
    /// `getDouble` and `getFloat` read it, `summaries/jdbc.pl`).
    #[serde(default)]
    pub floating: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Projected {
    Expr(Expr),
    CountStar,
    Aggregate(Aggregate, Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aggregate {
    Count,
    /// `COUNT(DISTINCT e)`: the number of distinct non-NULL values.
    CountDistinct,
    Sum,
    Min,
    Max,
    /// `AVG(e)` of `INTEGER`/`SMALLINT` values: H2 gives a DOUBLE (the sum divided by the
    /// count, correctly rounded), NULL without a non-NULL value.
    Avg,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrderKey {
    pub expr: Expr,
    pub descending: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Insert {
    pub table: String,
    /// Every column of the table, in table order.
    pub values: Vec<(String, InsertValue)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum InsertValue {
    Given(Expr),
    /// Not given, and the schema declares a DEFAULT or the database generates it.
    Default,
    /// Not given and no default: NULL, which the runtime rejects for a NOT NULL column.
    Null,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Update {
    pub table: TableRef,
    pub assignments: Vec<(String, Expr)>,
    pub condition: Condition,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Delete {
    pub table: TableRef,
    pub condition: Condition,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Condition {
    True,
    And(Box<Condition>, Box<Condition>),
    Or(Box<Condition>, Box<Condition>),
    Not(Box<Condition>),
    Compare(CompareOp, Expr, Expr),
    In(Expr, Vec<Expr>),
    Between(Expr, Expr, Expr),
    /// The pattern is a string, a template, a hole or a parameter.
    Like(Expr, Expr),
    IsNull(Expr),
    /// `e IN (SELECT ...)` of a subquery of one column.
    InSubquery(Expr, Box<Select>),
    /// `EXISTS (SELECT ...)`.
    Exists(Box<Select>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    Column { alias: String, column: String },
    /// In a correlated subquery, a column of a query around it: one value per tuple of that
    /// query.
    OuterColumn { alias: String, column: String },
    Int(i64),
    Str(String),
    Bool(bool),
    Null,
    /// A JDBC `?`, numbered from 1 in order of appearance.
    Param(u32),
    Hole(u32),
    /// A string literal with holes inside.
    Template(Vec<TemplatePart>),
    Arith(ArithOp, Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    /// A JDBC `?` where H2 converts its value to a column's type: compared with an integer
    /// column, or stored in an integer or text column (`setString` on a BIGINT column, `setLong`
    /// on a VARCHAR one).
    Converted(Conversion, u32),
    /// A scalar function applied to its arguments.
    Function(Function, Vec<Expr>),
    /// `CASE WHEN c THEN e ... ELSE e END`: the result of the first condition that is true, else
    /// the ELSE value (NULL without one). A simple `CASE x WHEN v` compares `x = v`.
    Case(Vec<(Condition, Expr)>, Box<Expr>),
    /// An aggregate over a group's rows, in `HAVING`.
    Aggregate(Aggregate, Box<Expr>),
    /// `COUNT(*)` in `HAVING`.
    CountStar,
    /// `(SELECT ...)`: the one value of a subquery of one column, NULL without a row; more than
    /// one row is an SQLException.
    Subquery(Box<Select>),
    /// The clock (`NOW()`, `CURRENT_TIMESTAMP`, `CURRENT_DATE`, `LOCALTIMESTAMP`) as a side of a
    /// comparison: an input no test sets, so the other side is kept years away from it (or,
    /// for a value an earlier statement took from the clock, compared with a reading).
    Clock,
    /// The clock stored by an INSERT or UPDATE in a DATE or TIMESTAMP column: a reading the
    /// statement takes (`day`: `CURRENT_DATE`, the start of its day).
    Now { day: bool },
}

/// The scalar functions modelled, with H2's NULL handling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Function {
    /// `UPPER`, `LOWER` (ASCII letters): NULL for NULL.
    Upper,
    Lower,
    /// `LENGTH`, `CHAR_LENGTH`, `CHARACTER_LENGTH`: NULL for NULL.
    Length,
    /// `TRIM(s)`: without leading and trailing spaces; NULL for NULL.
    Trim,
    /// `ABS`: NULL for NULL.
    Abs,
    /// `SUBSTRING(s, start [, length])`, `SUBSTRING(s FROM start [FOR length])`, `SUBSTR`: H2's
    /// positions (1 is the first character, 0 is taken as 1, a negative one counts from the
    /// end), `''` where nothing is left; NULL for NULL.
    Substring,
    /// `CONCAT(a, b, ...)`: NULL arguments are left out (H2 in every mode, MySQL's own NULL
    /// result included), so never NULL.
    Concat,
    /// `a || b`: NULL if either is.
    Append,
    /// `COALESCE(a, b, ...)`, `IFNULL(a, b)`: the first argument that is not NULL.
    Coalesce,
}

/// The type H2 converts a parameter to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Conversion {
    /// Compared with or stored in an integer column.
    Integer,
    /// Stored in a text column, or an argument of a string function.
    Text,
    /// Compared with a text column: H2 converts the column to a number given one, which is
    /// not modelled.
    ComparedWithText,
    /// Compared with a DECIMAL (`None`), or stored in a DECIMAL column of this scale, which H2
    /// rounds it to (half up): a BigDecimal's units, an integer's scaled to units.
    Decimal(Option<u32>),
    /// Compared with a DOUBLE or REAL (as a double: `false`), or stored in a REAL column
    /// (`true`: H2 makes it a float): a double's or float's units, an integer's scaled to units.
    Floating(bool),
}

impl Expr {
    /// Whether a column occurs in the expression.
    fn has_column(&self) -> bool {
        match self {
            Expr::Column { .. } => true,
            Expr::Arith(_, left, right) => left.has_column() || right.has_column(),
            Expr::Neg(operand) | Expr::Aggregate(_, operand) => operand.has_column(),
            Expr::Function(_, arguments) => arguments.iter().any(Expr::has_column),
            Expr::Case(branches, otherwise) => {
                otherwise.has_column() || branches.iter().any(|(condition, result)| condition.has_column() || result.has_column())
            }
            _ => false,
        }
    }
}

impl Expr {
    /// Whether an aggregate over a group occurs in the expression.
    fn has_aggregate(&self) -> bool {
        match self {
            Expr::Aggregate(..) | Expr::CountStar => true,
            Expr::Arith(_, left, right) => left.has_aggregate() || right.has_aggregate(),
            Expr::Neg(operand) => operand.has_aggregate(),
            Expr::Function(_, arguments) => arguments.iter().any(Expr::has_aggregate),
            Expr::Case(branches, otherwise) => otherwise.has_aggregate() || branches.iter().any(|(_, result)| result.has_aggregate()),
            _ => false,
        }
    }
}

impl Condition {
    /// Whether a column occurs in the condition.
    fn has_column(&self) -> bool {
        match self {
            Condition::True => false,
            Condition::And(left, right) | Condition::Or(left, right) => left.has_column() || right.has_column(),
            Condition::Not(inner) => inner.has_column(),
            Condition::Compare(_, left, right) | Condition::Like(left, right) => left.has_column() || right.has_column(),
            Condition::In(tested, items) => tested.has_column() || items.iter().any(Expr::has_column),
            Condition::Between(tested, low, high) => tested.has_column() || low.has_column() || high.has_column(),
            Condition::IsNull(tested) | Condition::InSubquery(tested, _) => tested.has_column(),
            Condition::Exists(_) => false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TemplatePart {
    Text(String),
    Hole(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

// ---------------------------------------------------------------------------------------------
// Compiling
// ---------------------------------------------------------------------------------------------

/// Parse, resolve and check one statement written as `pieces` against `schema`.
pub fn compile_statement(pieces: &[Piece], schema: &Schema) -> Result<Statement, SqlError> {
    let (text, holes) = joined(pieces);
    let dialect = schema.dialect.dialect;
    let mut tokens = Tokenizer::new(dialect.parser().as_ref(), &text).tokenize_with_location().map_err(|error| SqlError {
        offset: offset_of(&text, error.location),
        message: format!("syntax error: {}", error.message),
    })?;
    // PostgreSQL's tokenizer reads `?` as an operator of its geometric types; in JDBC it is
    // always a parameter.
    for token in &mut tokens {
        if token.token == Token::Question {
            token.token = Token::Placeholder("?".to_string());
        }
    }
    let located = |location: Location| if location.line == 0 { 0 } else { offset_of(&text, location) };
    let params = tokens
        .iter()
        .filter(|token| matches!(&token.token, Token::Placeholder(p) if p == "?"))
        .map(|token| located(token.span.start))
        .filter(|offset| !holes.iter().any(|(hole_offset, _)| hole_offset == offset))
        .collect();
    let keywords = tokens
        .iter()
        .filter_map(|token| match &token.token {
            Token::Word(word) if word.quote_style.is_none() => Some((located(token.span.start), word.keyword)),
            _ => None,
        })
        .collect();
    let start = tokens
        .iter()
        .find(|token| !matches!(token.token, Token::Whitespace(_)))
        .map_or(0, |token| located(token.span.start));
    let statement = parse_one(tokens, &text, dialect)?;
    let compiler = Compiler { text: &text, schema, holes, params, keywords, outer: RefCell::new(Vec::new()), outer_columns: Cell::new(0), in_where: Cell::new(false) };
    compiler.statement(&statement, start)
}

/// Exactly one statement, optionally followed by `;`.
fn parse_one(tokens: Vec<TokenWithSpan>, text: &str, dialect: Dialect) -> Result<ast::Statement, SqlError> {
    let dialect = dialect.parser();
    let mut parser = Parser::new(dialect.as_ref()).with_tokens_with_locations(tokens);
    let statement = parser.parse_statement().map_err(|error| {
        let (message, location) = split_parser_error(error);
        // sqlparser knows no location for the end of the text.
        let offset = match location {
            Some(location) if location.line > 0 => offset_of(text, location),
            _ if message.ends_with("EOF") => text.trim_end().len(),
            _ => 0,
        };
        SqlError { offset, message: format!("syntax error: {message}") }
    })?;
    let terminated = parser.consume_token(&Token::SemiColon);
    while parser.consume_token(&Token::SemiColon) {}
    let next = parser.peek_token();
    if next.token != Token::EOF {
        let message = if terminated {
            "more than one statement".to_string()
        } else {
            format!("syntax error: unexpected `{}` after the end of the statement", next.token)
        };
        return Err(SqlError { offset: offset_of(text, next.span.start), message });
    }
    Ok(statement)
}

/// The types hornet checks statements with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ValueType {
    Integer,
    String,
    Boolean,
    /// DATE and TIMESTAMP, which compare with each other (H2 widens a DATE to its midnight).
    Instant,
    /// TIME values: milliseconds since midnight.
    TimeOfDay,
    /// DECIMAL(p,s) values and decimal literals, in units of 10^-`DECIMAL_SCALE`; an integer
    /// literal or parameter meeting one is converted to units (`decimal_side`).
    Decimal,
    /// DOUBLE and REAL values, in units of 2^-`FLOATING_UNIT_BITS`; an integer or decimal
    /// literal or a parameter meeting one is converted to units (`floating_side`).
    Floating,
    /// NULL, holes, parameters and opaque columns: anything goes.
    Unknown,
}

impl ValueType {
    fn of(sql_type: &SqlType) -> ValueType {
        match sql_type {
            SqlType::Integer | SqlType::SmallInt | SqlType::BigInt => ValueType::Integer,
            SqlType::Boolean => ValueType::Boolean,
            SqlType::Varchar(_) | SqlType::Char(_) | SqlType::Text => ValueType::String,
            SqlType::Date | SqlType::Timestamp => ValueType::Instant,
            SqlType::Time => ValueType::TimeOfDay,
            SqlType::Decimal { .. } => ValueType::Decimal,
            SqlType::Double | SqlType::Real => ValueType::Floating,
            SqlType::Opaque(_) => ValueType::Unknown,
        }
    }

    fn compatible(self, other: ValueType) -> bool {
        self == other || self == ValueType::Unknown || other == ValueType::Unknown
    }

    fn noun(self) -> &'static str {
        match self {
            ValueType::Integer => "an integer",
            ValueType::String => "a string",
            ValueType::Boolean => "a boolean",
            ValueType::Instant => "a date or timestamp",
            ValueType::TimeOfDay => "a time of day",
            ValueType::Decimal => "a decimal",
            ValueType::Floating => "a double",
            ValueType::Unknown => "a value",
        }
    }
}

/// An expression with its type.
struct Typed {
    expr: Expr,
    value_type: ValueType,
}

impl Typed {
    /// For type errors: `column 'year' (an integer)` or `a string`.
    fn describe(&self) -> String {
        match &self.expr {
            Expr::Column { column, .. } => format!("column '{column}' ({})", self.value_type.noun()),
            _ => self.value_type.noun().to_string(),
        }
    }
}

/// The tables a statement's names resolve against, with their aliases.
struct Scope<'s> {
    tables: Vec<(&'s Table, String)>,
    /// In `HAVING`: aggregates over the group are values.
    aggregates: bool,
    /// The columns a `NATURAL JOIN` or `JOIN ... USING` joins on, if the FROM has one.
    same_named: Option<SameNamed>,
}

/// `a NATURAL JOIN b` or `a JOIN b USING (c, ...)`: the inner (or left) join on `a.c = b.c`
/// for each column `c` of `columns`, which `SELECT *` lists once, first (H2 and PostgreSQL).
#[derive(Clone)]
struct SameNamed {
    left: String,
    right: String,
    columns: Vec<String>,
}

/// The first opaque column (`SqlType::Opaque`) that `expr` computes from, with its declared
/// type: its values are not modelled, so neither is an order by it.
fn opaque_column<'s>(scope: &Scope<'s>, expr: &Expr) -> Option<(&'s super::schema::Column, &'s str)> {
    match expr {
        Expr::Column { alias, column } => {
            let (table, _) = scope.tables.iter().find(|(_, table_alias)| table_alias == alias)?;
            let column = table.column(column)?;
            match &column.sql_type {
                SqlType::Opaque(declared) => Some((column, declared.as_str())),
                _ => None,
            }
        }
        Expr::Arith(_, left, right) => opaque_column(scope, left).or_else(|| opaque_column(scope, right)),
        Expr::Neg(operand) => opaque_column(scope, operand),
        _ => None,
    }
}

impl<'s> Scope<'s> {
    fn new(tables: Vec<(&'s Table, String)>) -> Scope<'s> {
        Scope { tables, aggregates: false, same_named: None }
    }

    /// The declared type of `alias.column`, when a table of the scope has that alias and column.
    fn column_type(&self, alias: &str, column: &str) -> Option<&'s SqlType> {
        let (table, _) = self.tables.iter().find(|(_, table_alias)| table_alias == alias)?;
        table.column(column).map(|column| &column.sql_type)
    }

    /// The same tables, where an aggregate is not a value (inside an aggregate).
    fn plain(&self) -> Scope<'s> {
        Scope { same_named: self.same_named.clone(), ..Scope::new(self.tables.clone()) }
    }

    fn refs(&self) -> Vec<TableRef> {
        self.tables.iter().map(|(table, alias)| TableRef { table: table.name.clone(), alias: alias.clone() }).collect()
    }

    fn aliases(&self) -> String {
        self.tables.iter().map(|(_, alias)| alias.as_str()).collect::<Vec<_>>().join(", ")
    }
}

struct Compiler<'a> {
    text: &'a str,
    schema: &'a Schema,
    /// The offset of each hole's `?` and the hole's number.
    holes: Vec<(usize, u32)>,
    /// The offsets of the JDBC parameters, in order.
    params: Vec<usize>,
    /// The offsets of the unquoted words that are keywords, for locating clauses.
    keywords: Vec<(usize, Keyword)>,
    /// While compiling a subquery, the tables of the queries around it, innermost last: naming
    /// one of them makes the subquery correlated.
    outer: RefCell<Vec<TableRef>>,
    /// How many columns of queries around a subquery (`Expr::OuterColumn`) were compiled so far.
    outer_columns: Cell<usize>,
    /// Whether the condition being compiled is a SELECT's WHERE, where a correlated subquery
    /// is run per tuple of the query (elsewhere it is not modelled).
    in_where: Cell<bool>,
}

fn error<T>(offset: usize, message: impl Into<String>) -> Result<T, SqlError> {
    Err(SqlError { offset, message: message.into() })
}

/// The last part of a possibly qualified name (`public.book` is `book`).
fn last_name(name: &ObjectName) -> Option<&Ident> {
    match name.0.last()? {
        ObjectNamePart::Identifier(ident) => Some(ident),
        ObjectNamePart::Function(_) => None,
    }
}

impl<'a> Compiler<'a> {
    fn offset(&self, location: Location) -> usize {
        if location.line == 0 { 0 } else { offset_of(self.text, location) }
    }

    fn offset_of_expr(&self, expr: &SqlExpr) -> usize {
        self.offset(expr.span().start)
    }

    /// The first of `keywords` (unquoted) at or after `from`, for reporting a clause.
    fn clause_offset(&self, from: usize, keywords: &[Keyword]) -> usize {
        self.keywords.iter().find(|(offset, word)| *offset >= from && keywords.contains(word)).map_or(from, |(offset, _)| *offset)
    }

    fn unsupported<T>(&self, offset: usize, what: impl fmt::Display) -> Result<T, SqlError> {
        error(offset, format!("unsupported SQL: {what}"))
    }

    fn unsupported_clause<T>(&self, from: usize, keyword: Keyword, what: &str) -> Result<T, SqlError> {
        self.unsupported(self.clause_offset(from, &[keyword]), what)
    }

    /// `start` is the offset of the statement's first token.
    fn statement(&self, statement: &ast::Statement, start: usize) -> Result<Statement, SqlError> {
        match statement {
            ast::Statement::Query(query) => self.query(query, start).map(Statement::Select),
            ast::Statement::Insert(insert) => self.insert(insert, start).map(Statement::Insert),
            ast::Statement::Update(update) => self.update(update, start).map(Statement::Update),
            ast::Statement::Delete(delete) => self.delete(delete, start).map(Statement::Delete),
            other => {
                let kind = other.to_string().split_whitespace().next().unwrap_or_default().to_uppercase();
                self.unsupported(start, format!("{kind} statement"))
            }
        }
    }

    // --- SELECT ------------------------------------------------------------------------------

    fn query(&self, query: &ast::Query, start: usize) -> Result<Select, SqlError> {
        if query.with.is_some() {
            return self.unsupported_clause(start, Keyword::WITH, "WITH");
        }
        let select = match query.body.as_ref() {
            SetExpr::Select(select) => select,
            SetExpr::SetOperation { op, .. } => {
                let operators = [Keyword::UNION, Keyword::INTERSECT, Keyword::EXCEPT, Keyword::MINUS];
                return self.unsupported(self.clause_offset(start, &operators), op.to_string().to_uppercase());
            }
            SetExpr::Query(_) => return self.unsupported(start, "parenthesised query"),
            SetExpr::Values(_) => return self.unsupported_clause(start, Keyword::VALUES, "VALUES"),
            _ => return self.unsupported(start, "this kind of query"),
        };
        if !query.locks.is_empty() {
            return self.unsupported_clause(start, Keyword::FOR, "FOR UPDATE");
        }
        if query.for_clause.is_some() || query.settings.is_some() || query.format_clause.is_some() || !query.pipe_operators.is_empty() {
            return self.unsupported(start, "query clause");
        }
        let mut compiled = self.select(select, query.order_by.as_ref(), start)?;
        compiled.window = self.window(query, start)?;
        if compiled.window.is_some() && compiled.order_by.is_empty() {
            let offset = self.clause_offset(start, &[Keyword::LIMIT, Keyword::OFFSET, Keyword::FETCH]);
            // Without ORDER BY a join lists its rows in the order of H2's plan, which the
            // runtime does not know: the rows a window keeps would be a guess.
            if compiled.from.len() + compiled.outer_joins.len() > 1 {
                return self.unsupported(offset, "LIMIT/OFFSET/FETCH over a join without ORDER BY (which rows it keeps depends on H2's join order)");
            }
            // H2 2.1 lists distinct rows sorted, but under a window without ORDER BY it keeps
            // rows in an order of its own (measured: not the first rows of the sorted list).
            if compiled.distinct {
                return self.unsupported(offset, "LIMIT/OFFSET/FETCH of a SELECT DISTINCT without ORDER BY (which rows it keeps depends on H2's plan)");
            }
            if !compiled.group_by.is_empty() {
                return self.unsupported(offset, "LIMIT/OFFSET/FETCH of a GROUP BY without ORDER BY (which rows it keeps depends on H2's plan)");
            }
        }
        Ok(compiled)
    }

    /// The `LIMIT`/`OFFSET`/`FETCH` of a query, if any.
    fn window(&self, query: &ast::Query, start: usize) -> Result<Option<Window>, SqlError> {
        let (limit, offset) = match &query.limit_clause {
            None => (None, None),
            Some(ast::LimitClause::LimitOffset { limit, offset, limit_by }) => {
                if !limit_by.is_empty() {
                    return self.unsupported_clause(start, Keyword::LIMIT, "LIMIT ... BY");
                }
                (limit.as_ref(), offset.as_ref().map(|offset| &offset.value))
            }
            Some(ast::LimitClause::OffsetCommaLimit { .. }) => {
                return self.unsupported_clause(start, Keyword::LIMIT, "LIMIT offset, count");
            }
        };
        let fetch = match &query.fetch {
            None => None,
            Some(fetch) if fetch.with_ties || fetch.percent => {
                return self.unsupported_clause(start, Keyword::FETCH, "FETCH ... PERCENT or WITH TIES");
            }
            Some(_) if limit.is_some() => return self.unsupported_clause(start, Keyword::FETCH, "LIMIT with FETCH"),
            // `FETCH FIRST ROW ONLY` keeps one row.
            Some(fetch) => Some(fetch.quantity.as_ref()),
        };
        if limit.is_none() && offset.is_none() && fetch.is_none() {
            return Ok(None);
        }
        let bound = |expr: &SqlExpr| -> Result<Expr, SqlError> {
            let typed = self.value(&Scope::new(Vec::new()), expr)?;
            if typed.value_type.compatible(ValueType::Integer) {
                Ok(typed.expr)
            } else {
                error(self.offset_of_expr(expr), format!("row count of {}", typed.describe()))
            }
        };
        let count = match (limit, fetch) {
            (Some(limit), _) => Some(bound(limit)?),
            (None, Some(Some(quantity))) => Some(bound(quantity)?),
            (None, Some(None)) => Some(Expr::Int(1)),
            (None, None) => None,
        };
        Ok(Some(Window { offset: offset.map(bound).transpose()?, count }))
    }

    fn select(&self, select: &ast::Select, order_by: Option<&ast::OrderBy>, start: usize) -> Result<Select, SqlError> {
        let distinct = match &select.distinct {
            None | Some(ast::Distinct::All) => false,
            Some(ast::Distinct::Distinct) => true,
            Some(ast::Distinct::On(_)) => return self.unsupported_clause(start, Keyword::DISTINCT, "DISTINCT ON"),
        };
        if select.top.is_some() {
            return self.unsupported_clause(start, Keyword::TOP, "TOP");
        }
        if select.into.is_some() {
            return self.unsupported_clause(start, Keyword::INTO, "SELECT INTO");
        }
        let group_exprs = match &select.group_by {
            ast::GroupByExpr::Expressions(exprs, modifiers) if modifiers.is_empty() => exprs,
            _ => return self.unsupported_clause(start, Keyword::GROUP, "GROUP BY ALL or a GROUP BY modifier"),
        };
        if distinct && !group_exprs.is_empty() {
            return self.unsupported_clause(start, Keyword::DISTINCT, "DISTINCT with GROUP BY");
        }
        if select.having.is_some() && group_exprs.is_empty() {
            return self.unsupported_clause(start, Keyword::HAVING, "HAVING without GROUP BY");
        }
        if !select.lateral_views.is_empty()
            || select.prewhere.is_some()
            || !select.connect_by.is_empty()
            || !select.cluster_by.is_empty()
            || !select.distribute_by.is_empty()
            || !select.sort_by.is_empty()
            || !select.named_window.is_empty()
            || select.qualify.is_some()
            || select.exclude.is_some()
            || select.value_table_mode.is_some()
        {
            return self.unsupported(start, "SELECT clause");
        }

        let mut scope = Scope::new(Vec::new());
        let mut join_conditions = Vec::new();
        // Per outer join, the scope index of its table (the one that may get a row of NULLs),
        // the number of tables its ON sees, and that ON.
        let mut outer_conditions = Vec::new();
        for (item, table_with_joins) in select.from.iter().enumerate() {
            self.add_table(&mut scope, &table_with_joins.relation)?;
            for (index, join) in table_with_joins.joins.iter().enumerate() {
                self.add_table(&mut scope, &join.relation)?;
                let offset = self.offset(join.relation.span().start);
                let (constraint, outer) = match &join.join_operator {
                    // H2 (in every mode) takes an INNER JOIN without ON as a CROSS JOIN.
                    JoinOperator::Join(constraint) | JoinOperator::Inner(constraint) | JoinOperator::CrossJoin(constraint) => (constraint, None),
                    JoinOperator::Left(constraint) | JoinOperator::LeftOuter(constraint) => (constraint, Some(scope.tables.len() - 1)),
                    // `a RIGHT JOIN b ON c` is `b LEFT JOIN a ON c`, as H2 plans it; after other
                    // joins the table that gets NULLs would be a join, which is not modelled.
                    JoinOperator::Right(constraint) | JoinOperator::RightOuter(constraint) if item == 0 && index == 0 => (constraint, Some(0)),
                    JoinOperator::Right(_) | JoinOperator::RightOuter(_) => {
                        return self.unsupported(offset, "RIGHT JOIN after another table or join (only `a RIGHT JOIN b ON ...` first in FROM)");
                    }
                    other => {
                        let kind = match other {
                            JoinOperator::FullOuter(_) => "FULL JOIN",
                            _ => "this kind of JOIN",
                        };
                        return self.unsupported(offset, kind);
                    }
                };
                match constraint {
                    // Resolved after the projection, which comes first in the text, so that the
                    // first error reported is the first in the text.
                    JoinConstraint::On(condition) => match outer {
                        Some(nullable) => outer_conditions.push((nullable, scope.tables.len(), JoinOn::Written(condition))),
                        None => join_conditions.push((scope.tables.len(), JoinOn::Written(condition))),
                    },
                    JoinConstraint::Using(_) | JoinConstraint::Natural => {
                        let what = if matches!(constraint, JoinConstraint::Natural) { "NATURAL JOIN" } else { "JOIN ... USING" };
                        // Between two tables the shared columns are those of the first; after
                        // other joins H2 matches them against one table of its own choice.
                        if item != 0 || index != 0 {
                            return self.unsupported(offset, format!("{what} after another table or join (only between the first two tables)"));
                        }
                        // H2 takes the shared column of a RIGHT JOIN, unqualified, as ambiguous.
                        if outer == Some(0) {
                            return self.unsupported(offset, format!("RIGHT JOIN with {}", if what == "NATURAL JOIN" { "NATURAL" } else { "USING" }));
                        }
                        let same_named = self.same_named(&scope, constraint)?;
                        let condition = self.same_named_condition(&scope, &same_named, offset)?;
                        scope.same_named = Some(same_named);
                        match outer {
                            Some(nullable) => outer_conditions.push((nullable, scope.tables.len(), JoinOn::Built(condition))),
                            None => join_conditions.push((scope.tables.len(), JoinOn::Built(condition))),
                        }
                    }
                    JoinConstraint::None if outer.is_some() => return error(offset, "an outer join needs ON"),
                    JoinConstraint::None => {}
                }
            }
        }

        let mut group_by = Vec::new();
        for expr in group_exprs {
            group_by.push(self.value(&scope, expr)?.expr);
        }
        let projection = self.projection(&scope, &select.projection, &group_by)?;
        let mut conditions = Vec::new();
        let on_condition = |visible: usize, condition: JoinOn| match condition {
            // An ON condition sees the tables joined so far.
            JoinOn::Written(condition) => {
                let visible = Scope { same_named: scope.same_named.clone(), ..Scope::new(scope.tables[..visible].to_vec()) };
                self.condition(&visible, condition)
            }
            JoinOn::Built(condition) => Ok(condition),
        };
        for (visible, condition) in join_conditions {
            conditions.push(on_condition(visible, condition)?);
        }
        let mut outer_joins = Vec::new();
        for (nullable, visible, condition) in outer_conditions {
            let on = on_condition(visible, condition)?;
            let (table, alias) = &scope.tables[nullable];
            outer_joins.push(OuterJoin { table: TableRef { table: table.name.clone(), alias: alias.clone() }, on });
        }
        if let Some(selection) = &select.selection {
            let saved = self.in_where.replace(true);
            let condition = self.condition(&scope, selection);
            self.in_where.set(saved);
            conditions.push(condition?);
        }
        let condition = conditions.into_iter().reduce(|left, right| Condition::And(Box::new(left), Box::new(right))).unwrap_or(Condition::True);
        let having = match &select.having {
            Some(having) => {
                let grouped = Scope { tables: scope.tables.clone(), aggregates: true, same_named: scope.same_named.clone() };
                let condition = self.condition(&grouped, having)?;
                if let Some(column) = ungrouped_column(&condition, &group_by) {
                    return error(self.offset_of_expr(having), format!("column '{column}' in HAVING must be a GROUP BY expression or inside an aggregate"));
                }
                condition
            }
            None => Condition::True,
        };
        let order_keys = match order_by {
            Some(order_by) => self.order_by(&scope, order_by, &select.projection, start, !group_by.is_empty())?,
            None => Vec::new(),
        };
        if distinct
            && let Some(unlisted) = order_keys.iter().position(|key| !projection.iter().any(|item| item.value == Projected::Expr(key.expr.clone())))
        {
            // H2 sorts the distinct rows, so it can only sort by what they hold (and says so).
            let offset = match order_by.map(|order_by| &order_by.kind) {
                Some(ast::OrderByKind::Expressions(keys)) => self.offset_of_expr(&keys[unlisted].expr),
                _ => start,
            };
            return error(offset, "ORDER BY of a SELECT DISTINCT must be in the select list");
        }
        // With GROUP BY a key is a grouped expression or made of aggregates over the group (H2
        // rejects another column): the runtime sorts the groups on them.
        if let Some((index, column)) =
            order_keys.iter().enumerate().find_map(|(index, key)| ungrouped_in(&key.expr, &group_by).map(|column| (index, column)))
            && !group_by.is_empty()
        {
            let offset = match order_by.map(|order_by| &order_by.kind) {
                Some(ast::OrderByKind::Expressions(keys)) => self.offset_of_expr(&keys[index].expr),
                _ => start,
            };
            return error(offset, format!("ORDER BY column '{column}' must be a GROUP BY expression or inside an aggregate"));
        }
        // The one row of aggregates without GROUP BY sorts the same by any aggregate.
        let order_keys = if group_by.is_empty() && projection.iter().all(|item| !matches!(item.value, Projected::Expr(_))) {
            order_keys.into_iter().filter(|key| !key.expr.has_aggregate()).collect()
        } else {
            order_keys
        };
        // One row of aggregates has no column values to sort by: H2 rejects such a key
        // ("must be in the GROUP BY list") when it meets a row, whatever the dialect's mode.
        if group_by.is_empty()
            && projection.iter().any(|item| !matches!(item.value, Projected::Expr(_)))
            && let Some(unsortable) = order_keys.iter().position(|key| key.expr.has_column())
        {
            let offset = match order_by.map(|order_by| &order_by.kind) {
                Some(ast::OrderByKind::Expressions(keys)) => self.offset_of_expr(&keys[unsortable].expr),
                _ => start,
            };
            return error(offset, "ORDER BY a column in a query of aggregates without GROUP BY (H2 rejects it: the column must be in the GROUP BY list)");
        }
        let from = scope.refs().into_iter().filter(|table| !outer_joins.iter().any(|outer| outer.table.alias == table.alias)).collect();
        Ok(Select { projection, distinct, group_by, having: Box::new(having), from, outer_joins, condition, order_by: order_keys, correlated: false, window: None })
    }

    /// The columns the join of the scope's last two tables is on: those of `USING (...)`, each
    /// a column of both, or for `NATURAL` every column of the first that the second has.
    fn same_named(&self, scope: &Scope, constraint: &JoinConstraint) -> Result<SameNamed, SqlError> {
        let [(left, left_alias), (right, right_alias)] = &scope.tables[..] else {
            unreachable!("a NATURAL JOIN or USING is only compiled between the first two tables")
        };
        let columns = match constraint {
            JoinConstraint::Using(names) => {
                let mut columns: Vec<String> = Vec::new();
                for name in names {
                    let offset = self.offset(name.span().start);
                    let Some(ident) = last_name(name).filter(|_| name.0.len() == 1) else {
                        return self.unsupported(offset, format!("USING column {name}"));
                    };
                    for table in [left, right] {
                        if table.column(&ident.value).is_none() {
                            return error(offset, format!("unknown column '{}' in table '{}'", ident.value, table.name));
                        }
                    }
                    let column = left.column(&ident.value).expect("checked above").name.clone();
                    if columns.iter().any(|seen| same_name(seen, &column)) {
                        return error(offset, format!("column '{column}' named twice in USING"));
                    }
                    columns.push(column);
                }
                columns
            }
            _ => left.columns.iter().filter(|column| right.column(&column.name).is_some()).map(|column| column.name.clone()).collect(),
        };
        Ok(SameNamed { left: left_alias.clone(), right: right_alias.clone(), columns })
    }

    /// `left.c = right.c` for each column `c` of `same_named`, joined by AND (none: a cross join).
    fn same_named_condition(&self, scope: &Scope, same_named: &SameNamed, offset: usize) -> Result<Condition, SqlError> {
        let mut condition = None;
        for column in &same_named.columns {
            let side = |alias: &str| {
                let sql_type = scope.tables.iter().find(|(_, a)| a == alias).and_then(|(table, _)| table.column(column)).map(|c| (c.name.clone(), ValueType::of(&c.sql_type)));
                let (name, value_type) = sql_type.expect("a column of both tables");
                Typed { expr: Expr::Column { alias: alias.to_string(), column: name }, value_type }
            };
            let (left, right) = (side(&same_named.left), side(&same_named.right));
            if !left.value_type.compatible(right.value_type) {
                return error(offset, format!("type mismatch: {} compared with {}", left.describe(), right.describe()));
            }
            let equal = Condition::Compare(CompareOp::Eq, left.expr, right.expr);
            condition = Some(match condition {
                None => equal,
                Some(before) => Condition::And(Box::new(before), Box::new(equal)),
            });
        }
        Ok(condition.unwrap_or(Condition::True))
    }

    fn add_table<'s>(&self, scope: &mut Scope<'s>, factor: &TableFactor) -> Result<(), SqlError>
    where
        'a: 's,
    {
        let TableFactor::Table { name, alias, args: None, .. } = factor else {
            let what = if matches!(factor, TableFactor::Derived { .. }) { "subquery" } else { "this kind of table" };
            return self.unsupported(self.offset(factor.span().start), what);
        };
        let table = self.table(name)?;
        let alias_name = match alias {
            Some(alias) if !alias.columns.is_empty() => return self.unsupported(self.offset(alias.name.span.start), "column aliases of a table"),
            Some(alias) => (alias.name.value.clone(), self.offset(alias.name.span.start)),
            None => (table.name.clone(), self.offset(name.span().start)),
        };
        if scope.tables.iter().any(|(_, existing)| same_name(existing, &alias_name.0)) {
            return error(alias_name.1, format!("table name or alias '{}' used twice", alias_name.0));
        }
        scope.tables.push((table, alias_name.0));
        Ok(())
    }

    /// The schema's table called `name`.
    fn table(&self, name: &ObjectName) -> Result<&'a Table, SqlError> {
        let offset = self.offset(name.span().start);
        let Some(ident) = last_name(name) else {
            return self.unsupported(offset, format!("table name {name}"));
        };
        let offset = self.offset(ident.span.start);
        match self.schema.table(&ident.value) {
            Some(table) => Ok(table),
            None => error(offset, format!("unknown table '{}'", ident.value)),
        }
    }

    /// With `grouped` expressions, every plain item must be one of them (H2 rejects any other).
    fn projection(&self, scope: &Scope, items: &[SqlSelectItem], grouped: &[Expr]) -> Result<Vec<SelectItem>, SqlError> {
        let mut projection = Vec::new();
        // The first plain column and the first aggregate, to reject mixing them without GROUP BY.
        let mut first_plain = None;
        let mut has_aggregate = false;
        for item in items {
            let offset = self.offset(item.span().start);
            match item {
                SqlSelectItem::Wildcard(options) => {
                    if !options.to_string().is_empty() {
                        return self.unsupported(offset, format!("*{options}"));
                    }
                    // The columns a NATURAL JOIN or USING joins on come first, once (the first
                    // table's: equal to the second's, or the second's NULLs of a LEFT JOIN).
                    let shared = |column: &str| scope.same_named.as_ref().is_some_and(|same| same.columns.iter().any(|c| same_name(c, column)));
                    if let Some(same) = &scope.same_named {
                        let (left, alias) = scope.tables.iter().find(|(_, alias)| *alias == same.left).expect("the joined table");
                        for column in &same.columns {
                            projection.extend(columns_of(left, alias).into_iter().filter(|item| same_name(&item.label, column)));
                        }
                    }
                    for (table, alias) in &scope.tables {
                        let joined = scope.same_named.as_ref().is_some_and(|same| same.left == *alias || same.right == *alias);
                        projection.extend(columns_of(table, alias).into_iter().filter(|item| !joined || !shared(&item.label)));
                    }
                    if scope.tables.is_empty() {
                        return error(offset, "* without a table");
                    }
                    first_plain.get_or_insert(offset);
                }
                SqlSelectItem::QualifiedWildcard(kind, options) => {
                    let ast::SelectItemQualifiedWildcardKind::ObjectName(name) = kind else {
                        return self.unsupported(offset, item);
                    };
                    if !options.to_string().is_empty() || name.0.len() != 1 {
                        return self.unsupported(offset, item);
                    }
                    let qualifier = last_name(name).map_or(String::new(), |ident| ident.value.clone());
                    let Some((table, alias)) = scope.tables.iter().find(|(_, alias)| same_name(alias, &qualifier)) else {
                        return error(offset, format!("unknown table or alias '{qualifier}'"));
                    };
                    projection.extend(columns_of(table, alias));
                    first_plain.get_or_insert(offset);
                }
                SqlSelectItem::UnnamedExpr(expr) | SqlSelectItem::ExprWithAlias { expr, .. } => {
                    let (value, value_type) = self.projected(scope, expr)?;
                    if matches!(value, Projected::Expr(_)) {
                        first_plain.get_or_insert(offset);
                    } else {
                        has_aggregate = true;
                    }
                    let label = match (item, &value) {
                        (SqlSelectItem::ExprWithAlias { alias, .. }, _) => alias.value.clone(),
                        (_, Projected::Expr(Expr::Column { column, .. })) => column.clone(),
                        _ => expr.to_string(),
                    };
                    projection.push(SelectItem {
                        label,
                        value,
                        decimal: value_type == ValueType::Decimal,
                        time_of_day: value_type == ValueType::TimeOfDay,
                        floating: value_type == ValueType::Floating,
                    });
                }
                SqlSelectItem::ExprWithAliases { .. } => return self.unsupported(offset, item),
            }
            if !grouped.is_empty()
                && projection.iter().any(|item| matches!(&item.value, Projected::Expr(expr) if !grouped.contains(expr)))
            {
                return error(offset, "a selected column must be a GROUP BY expression or inside an aggregate");
            }
        }
        if let (Some(offset), true, true) = (first_plain, has_aggregate, grouped.is_empty()) {
            return self.unsupported(offset, "aggregates next to plain columns (needs GROUP BY)");
        }
        Ok(projection)
    }

    /// A selected value and its type.
    fn projected(&self, scope: &Scope, expr: &SqlExpr) -> Result<(Projected, ValueType), SqlError> {
        let (SqlExpr::Function(function), Some(aggregate)) = (expr, aggregate_named_expr(expr)) else {
            let typed = self.value(scope, expr)?;
            return Ok((Projected::Expr(typed.expr), typed.value_type));
        };
        let offset = self.offset_of_expr(expr);
        let FunctionArguments::List(arguments) = &function.args else {
            return self.unsupported(offset, expr);
        };
        let aggregate = match (aggregate, &arguments.duplicate_treatment) {
            (_, None | Some(ast::DuplicateTreatment::All)) => aggregate,
            (Aggregate::Count, Some(ast::DuplicateTreatment::Distinct)) => Aggregate::CountDistinct,
            (_, Some(ast::DuplicateTreatment::Distinct)) => {
                return self.unsupported(offset, format!("{}(DISTINCT ...)", function.name.to_string().to_uppercase()));
            }
        };
        let plain = arguments.clauses.is_empty()
            && function.filter.is_none()
            && function.over.is_none()
            && function.within_group.is_empty()
            && function.null_treatment.is_none()
            && matches!(function.parameters, FunctionArguments::None);
        let [FunctionArg::Unnamed(argument)] = arguments.args.as_slice() else {
            return self.unsupported(offset, expr);
        };
        if !plain {
            return self.unsupported(offset, expr);
        }
        match argument {
            FunctionArgExpr::Wildcard if aggregate == Aggregate::Count => Ok((Projected::CountStar, ValueType::Integer)),
            FunctionArgExpr::Expr(argument) => {
                let typed = self.value(&scope.plain(), argument)?;
                // A sum of DECIMAL values is the sum of their units.
                if aggregate == Aggregate::Sum
                    && !typed.value_type.compatible(ValueType::Integer)
                    && !matches!(typed.value_type, ValueType::Decimal | ValueType::Floating)
                {
                    return error(self.offset_of_expr(argument), format!("SUM of {}", typed.describe()));
                }
                // H2 averages INTEGER and SMALLINT values as a DOUBLE; a BIGINT's or DECIMAL's
                // average is a NUMERIC of 10 more places and a DOUBLE's a DECFLOAT, which the
                // model does not hold.
                if aggregate == Aggregate::Avg && !self.int_valued(scope, &typed.expr) {
                    return self.unsupported(
                        offset,
                        "AVG of other than INTEGER or SMALLINT values (H2 averages a BIGINT or DECIMAL as a NUMERIC of 10 more places, a DOUBLE as a DECFLOAT)",
                    );
                }
                let value_type = match aggregate {
                    Aggregate::Count | Aggregate::CountDistinct => ValueType::Integer,
                    Aggregate::Sum | Aggregate::Min | Aggregate::Max => typed.value_type,
                    Aggregate::Avg => ValueType::Floating,
                };
                Ok((Projected::Aggregate(aggregate, typed.expr), value_type))
            }
            _ => self.unsupported(offset, expr),
        }
    }

    /// The ORDER BY keys; with `aggregates` (GROUP BY, or a select list of aggregates) a key may
    /// be an aggregate over the group, or an alias of one.
    fn order_by(&self, scope: &Scope, order_by: &ast::OrderBy, items: &[SqlSelectItem], start: usize, aggregates: bool) -> Result<Vec<OrderKey>, SqlError> {
        let ast::OrderByKind::Expressions(keys) = &order_by.kind else {
            return self.unsupported_clause(start, Keyword::ORDER, "ORDER BY ALL");
        };
        if order_by.interpolate.is_some() {
            return self.unsupported_clause(start, Keyword::INTERPOLATE, "INTERPOLATE");
        }
        let mut order = Vec::new();
        for key in keys {
            let offset = self.offset_of_expr(&key.expr);
            if key.options.nulls_first.is_some() || key.with_fill.is_some() {
                return self.unsupported(offset, "NULLS FIRST/LAST");
            }
            let descending = match &key.options.sort {
                None | Some(ast::OrderBySort::Asc) => false,
                Some(ast::OrderBySort::Desc) => true,
                Some(ast::OrderBySort::Using(_)) => return self.unsupported(offset, "ORDER BY ... USING"),
            };
            if let SqlExpr::Value(value) = &key.expr
                && matches!(value.value, Value::Number(..))
            {
                return self.unsupported(offset, "ORDER BY a column position");
            }
            // A name of the select list (`AS total`) stands for its expression, as in H2, which
            // looks at the select list's names before the tables' columns.
            let aliased = match &key.expr {
                SqlExpr::Identifier(name) => items.iter().find_map(|item| match item {
                    SqlSelectItem::ExprWithAlias { expr, alias } if same_name(&alias.value, &name.value) => Some(expr),
                    _ => None,
                }),
                _ => None,
            };
            let expr = aliased.unwrap_or(&key.expr);
            let aggregated = aggregates || items.iter().any(|item| {
                matches!(item, SqlSelectItem::UnnamedExpr(expr) | SqlSelectItem::ExprWithAlias { expr, .. } if aggregate_named_expr(expr).is_some())
            });
            if aggregate_named_expr(expr).is_some() && !aggregated {
                return self.unsupported(offset, "ORDER BY an aggregate in a query without aggregates");
            }
            let keyed = Scope { tables: scope.tables.clone(), aggregates: aggregated, same_named: scope.same_named.clone() };
            let key_expr = self.value(&keyed, expr)?.expr;
            if let Some((column, declared)) = opaque_column(scope, &key_expr) {
                let declared = std::iter::once(declared).chain(column.computed.iter().map(String::as_str)).collect::<Vec<_>>().join(" ");
                return self.unsupported(
                    offset,
                    format!("ORDER BY column `{}` ({declared}), whose values are not modelled (kept opaque), so the order of its rows is not known", column.name),
                );
            }
            order.push(OrderKey { expr: key_expr, descending });
        }
        Ok(order)
    }

    // --- INSERT, UPDATE, DELETE --------------------------------------------------------------

    fn insert(&self, insert: &ast::Insert, start: usize) -> Result<Insert, SqlError> {
        let ast::TableObject::TableName(name) = &insert.table else {
            return self.unsupported(start, "INSERT INTO a table function");
        };
        let table = self.table(name)?;
        if insert.on.is_some() {
            return self.unsupported(self.clause_offset(start, &[Keyword::ON]), "INSERT ... ON CONFLICT/DUPLICATE KEY");
        }
        if insert.returning.is_some() {
            return self.unsupported_clause(start, Keyword::RETURNING, "RETURNING");
        }
        if !insert.assignments.is_empty() {
            return self.unsupported_clause(start, Keyword::SET, "INSERT ... SET");
        }
        if insert.or.is_some() || insert.ignore || insert.replace_into || insert.table_alias.is_some() || insert.overwrite {
            return self.unsupported(start, "INSERT modifier");
        }
        let Some(source) = &insert.source else {
            return self.unsupported(start, "INSERT without VALUES");
        };
        let values = match source.body.as_ref() {
            SetExpr::Values(values) if source.order_by.is_none() && source.limit_clause.is_none() => values,
            _ => return self.unsupported(self.offset(source.span().start), "INSERT ... SELECT"),
        };
        if values.value_keyword {
            return self.unsupported_clause(
                start,
                Keyword::VALUE,
                "INSERT ... VALUE (MySQL's synonym of VALUES, which H2, the tests' database, rejects in every mode: write VALUES)",
            );
        }
        let [row] = values.rows.as_slice() else {
            return self.unsupported(self.offset(source.span().start), "INSERT of several rows");
        };
        let row_offset = self.offset(row.opening_token.0.span.start);

        // The columns given, in the order given.
        let mut targets: Vec<usize> = Vec::new();
        for column_name in &insert.columns {
            let Some(ident) = last_name(column_name).filter(|_| column_name.0.len() == 1) else {
                return self.unsupported(self.offset(column_name.span().start), format!("column name {column_name}"));
            };
            let offset = self.offset(ident.span.start);
            let Some(index) = table.columns.iter().position(|column| same_name(&column.name, &ident.value)) else {
                return error(offset, format!("unknown column '{}' in table '{}'", ident.value, table.name));
            };
            if targets.contains(&index) {
                return error(offset, format!("column '{}' given twice", table.columns[index].name));
            }
            targets.push(index);
        }
        if insert.columns.is_empty() {
            targets = (0..table.columns.len()).collect();
        }
        if row.content.len() != targets.len() {
            return error(
                row_offset,
                format!("INSERT has {} value(s) for {} column(s) of table '{}'", row.content.len(), targets.len(), table.name),
            );
        }

        let no_columns = Scope::new(Vec::new());
        let mut given = vec![None; table.columns.len()];
        for (&index, value) in targets.iter().zip(&row.content) {
            let column = &table.columns[index];
            let typed = self.stored_value(&no_columns, value, &column.sql_type, &column.name)?;
            self.check_assignable(&typed, &column.sql_type, &column.name, value)?;
            given[index] = Some(stored_parameter(typed.expr, typed.value_type, &column.sql_type));
        }
        let values = table
            .columns
            .iter()
            .zip(given)
            .map(|(column, value)| {
                let value = match value {
                    Some(expr) => InsertValue::Given(expr),
                    // A DEFAULT that reads the clock: the reading this statement takes.
                    None if let Some(day) = column.clock_default => InsertValue::Given(Expr::Now { day }),
                    None if column.default.is_some() || column.generated => InsertValue::Default,
                    None => InsertValue::Null,
                };
                (column.name.clone(), value)
            })
            .collect();
        Ok(Insert { table: table.name.clone(), values })
    }

    /// A value an INSERT or UPDATE stores in `column`: the clock read by the statement, in a
    /// DATE or TIMESTAMP column, or any value.
    fn stored_value(&self, scope: &Scope, expr: &SqlExpr, sql_type: &SqlType, column: &str) -> Result<Typed, SqlError> {
        let Some(day) = clock_reading(expr) else {
            return self.value(scope, expr);
        };
        if !matches!(sql_type, SqlType::Date | SqlType::Timestamp) {
            return self.unsupported(
                self.offset_of_expr(expr),
                format!("the clock ({expr}) stored in the column '{column}', which is no DATE or TIMESTAMP"),
            );
        }
        Ok(Typed { expr: Expr::Now { day }, value_type: ValueType::Instant })
    }

    /// Whether `typed` may be stored in a column of `sql_type`.
    fn check_assignable(&self, typed: &Typed, sql_type: &SqlType, column: &str, at: &SqlExpr) -> Result<(), SqlError> {
        let column_type = ValueType::of(sql_type);
        if typed.value_type.compatible(column_type) {
            Ok(())
        } else if column_type == ValueType::Floating && matches!(typed.value_type, ValueType::Integer | ValueType::Decimal) {
            match (&typed.expr, typed.value_type) {
                (Expr::Int(_), ValueType::Integer) => Ok(()),
                (Expr::Int(units), _) if decimal_in_floating_units(*units).is_some() => Ok(()),
                _ => self.unsupported(self.offset_of_expr(at), format!("{} stored in the DOUBLE column '{column}'", typed.describe())),
            }
        } else if column_type == ValueType::Decimal && typed.value_type == ValueType::Integer {
            match typed.expr {
                Expr::Int(_) => Ok(()),
                _ => self.unsupported(self.offset_of_expr(at), format!("{} stored in the DECIMAL column '{column}'", typed.describe())),
            }
        } else {
            error(
                self.offset_of_expr(at),
                format!("type mismatch: {} for column '{column}' ({})", typed.describe(), column_type.noun()),
            )
        }
    }

    /// The one table of an UPDATE or DELETE, as a scope.
    fn single_table(&self, table_with_joins: &TableWithJoins) -> Result<Scope<'a>, SqlError> {
        let mut scope = Scope::new(Vec::new());
        self.add_table(&mut scope, &table_with_joins.relation)?;
        if let Some(join) = table_with_joins.joins.first() {
            return self.unsupported(self.offset(join.relation.span().start), "JOIN in UPDATE or DELETE");
        }
        Ok(scope)
    }

    fn where_clause(&self, scope: &Scope, selection: Option<&SqlExpr>) -> Result<Condition, SqlError> {
        selection.map_or(Ok(Condition::True), |selection| self.condition(scope, selection))
    }

    fn update(&self, update: &ast::Update, start: usize) -> Result<Update, SqlError> {
        let scope = self.single_table(&update.table)?;
        if update.from.is_some() {
            return self.unsupported_clause(start, Keyword::FROM, "UPDATE ... FROM");
        }
        if update.returning.is_some() {
            return self.unsupported_clause(start, Keyword::RETURNING, "RETURNING");
        }
        if update.limit.is_some() || !update.order_by.is_empty() || update.or.is_some() || update.output.is_some() {
            return self.unsupported(start, "UPDATE clause");
        }
        let (table, alias) = &scope.tables[0];
        let mut assignments: Vec<(String, Expr)> = Vec::new();
        for assignment in &update.assignments {
            let ast::AssignmentTarget::ColumnName(name) = &assignment.target else {
                return self.unsupported(self.offset(assignment.target.span().start), "assignment to a tuple");
            };
            let Some(ident) = last_name(name) else {
                return self.unsupported(self.offset(name.span().start), format!("column name {name}"));
            };
            let offset = self.offset(ident.span.start);
            // `SET alias.column = ...` is accepted as MySQL and H2 do.
            if let [ObjectNamePart::Identifier(qualifier), _] = name.0.as_slice()
                && !same_name(&qualifier.value, alias)
            {
                return error(self.offset(qualifier.span.start), format!("unknown table or alias '{}'", qualifier.value));
            }
            let Some(column) = table.column(&ident.value) else {
                return error(offset, format!("unknown column '{}' in table '{}'", ident.value, table.name));
            };
            if assignments.iter().any(|(assigned, _)| assigned == &column.name) {
                return error(offset, format!("column '{}' assigned twice", column.name));
            }
            let typed = self.stored_value(&scope, &assignment.value, &column.sql_type, &column.name)?;
            self.check_assignable(&typed, &column.sql_type, &column.name, &assignment.value)?;
            assignments.push((column.name.clone(), stored_parameter(typed.expr, typed.value_type, &column.sql_type)));
        }
        let condition = self.where_clause(&scope, update.selection.as_ref())?;
        let table = scope.refs().remove(0);
        Ok(Update { table, assignments, condition })
    }

    fn delete(&self, delete: &ast::Delete, start: usize) -> Result<Delete, SqlError> {
        let (ast::FromTable::WithFromKeyword(tables) | ast::FromTable::WithoutKeyword(tables)) = &delete.from;
        let [table_with_joins] = tables.as_slice() else {
            return self.unsupported(start, "DELETE from several tables");
        };
        if !delete.tables.is_empty() || delete.using.is_some() {
            return self.unsupported(start, "DELETE from several tables");
        }
        if delete.returning.is_some() {
            return self.unsupported_clause(start, Keyword::RETURNING, "RETURNING");
        }
        if delete.limit.is_some() || !delete.order_by.is_empty() || delete.output.is_some() {
            return self.unsupported(start, "DELETE clause");
        }
        let scope = self.single_table(table_with_joins)?;
        let condition = self.where_clause(&scope, delete.selection.as_ref())?;
        Ok(Delete { table: scope.refs().remove(0), condition })
    }

    // --- Conditions and expressions ----------------------------------------------------------

    fn condition(&self, scope: &Scope, expr: &SqlExpr) -> Result<Condition, SqlError> {
        match expr {
            SqlExpr::Nested(inner) => self.condition(scope, inner),
            SqlExpr::BinaryOp { left, op: ast::BinaryOperator::And, right } => {
                Ok(Condition::And(Box::new(self.condition(scope, left)?), Box::new(self.condition(scope, right)?)))
            }
            SqlExpr::BinaryOp { left, op: ast::BinaryOperator::Or, right } => {
                Ok(Condition::Or(Box::new(self.condition(scope, left)?), Box::new(self.condition(scope, right)?)))
            }
            SqlExpr::UnaryOp { op: UnaryOperator::Not, expr } => Ok(Condition::Not(Box::new(self.condition(scope, expr)?))),
            SqlExpr::BinaryOp { left, op, right } if compare_op(op).is_some() && (reads_clock(left) || reads_clock(right)) => {
                let op = compare_op(op).expect("a comparison");
                let (other, clock_left) = match (reads_clock(left), reads_clock(right)) {
                    (true, false) => (right, true),
                    (false, true) => (left, false),
                    _ => return self.unsupported(self.offset_of_expr(left), "the clock compared with the clock"),
                };
                let typed = self.value(scope, other)?;
                if !typed.value_type.compatible(ValueType::Instant) {
                    return error(self.offset_of_expr(other), format!("type mismatch: the clock compared with {}", typed.describe()));
                }
                let other = compared_parameter(typed.expr, typed.value_type, ValueType::Instant);
                Ok(if clock_left { Condition::Compare(op, Expr::Clock, other) } else { Condition::Compare(op, other, Expr::Clock) })
            }
            SqlExpr::BinaryOp { left, op, right } if compare_op(op).is_some() => {
                let op = compare_op(op).expect("a comparison");
                let left = self.value(scope, left)?;
                let right_typed = self.value(scope, right)?;
                let (left_type, right_type) = (left.value_type, right_typed.value_type);
                let (left, right_typed) =
                    (self.in_floating_units(scope, left, right_type), self.in_floating_units(scope, right_typed, left_type));
                self.check_comparable(&left, &right_typed, right)?;
                let (left_type, right_type) = (left.value_type, right_typed.value_type);
                let (left_expr, right_expr) =
                    (compared_parameter(left.expr, left_type, right_type), compared_parameter(right_typed.expr, right_type, left_type));
                Ok(Condition::Compare(op, left_expr, right_expr))
            }
            SqlExpr::IsNull(inner) => Ok(Condition::IsNull(self.value(scope, inner)?.expr)),
            SqlExpr::IsNotNull(inner) => Ok(Condition::Not(Box::new(Condition::IsNull(self.value(scope, inner)?.expr)))),
            SqlExpr::InList { expr, list, negated } => {
                let tested = self.value(scope, expr)?;
                let mut items = Vec::new();
                for item in list {
                    let typed = self.value(scope, item)?;
                    self.check_comparable(&tested, &typed, item)?;
                    items.push(decimal_side(typed.expr, typed.value_type, tested.value_type, None));
                }
                Ok(negate(*negated, Condition::In(tested.expr, items)))
            }
            SqlExpr::Between { expr, negated, low, high } => {
                let tested = self.value(scope, expr)?;
                let low_typed = self.value(scope, low)?;
                self.check_comparable(&tested, &low_typed, low)?;
                let high_typed = self.value(scope, high)?;
                self.check_comparable(&tested, &high_typed, high)?;
                let low = decimal_side(low_typed.expr, low_typed.value_type, tested.value_type, None);
                let high = decimal_side(high_typed.expr, high_typed.value_type, tested.value_type, None);
                Ok(negate(*negated, Condition::Between(tested.expr, low, high)))
            }
            SqlExpr::Like { negated, any: false, expr, pattern, escape_char: None } => {
                let tested = self.value(scope, expr)?;
                if !tested.value_type.compatible(ValueType::String) {
                    return error(self.offset_of_expr(expr), format!("LIKE on {}", tested.describe()));
                }
                let pattern_typed = self.value(scope, pattern)?;
                if !matches!(pattern_typed.expr, Expr::Str(_) | Expr::Template(_) | Expr::Hole(_) | Expr::Param(_)) {
                    return self.unsupported(self.offset_of_expr(pattern), "LIKE pattern that is not a string, a hole or a parameter");
                }
                Ok(negate(*negated, Condition::Like(tested.expr, pattern_typed.expr)))
            }
            SqlExpr::Like { .. } => self.unsupported(self.offset_of_expr(expr), "LIKE ANY or LIKE ... ESCAPE"),
            SqlExpr::ILike { .. } => self.unsupported(self.offset_of_expr(expr), "ILIKE"),
            SqlExpr::Value(value) if matches!(value.value, Value::Boolean(_)) => {
                Ok(negate(value.value == Value::Boolean(false), Condition::True))
            }
            SqlExpr::InSubquery { expr: tested, subquery, negated } => {
                let tested = self.value(scope, tested)?;
                let (select, value_type) = self.subquery(scope, subquery)?;
                let Some(value_type) = value_type else {
                    return error(self.offset(subquery.span().start), "a subquery after IN must select one column");
                };
                if !tested.value_type.compatible(value_type) {
                    return error(
                        self.offset(subquery.span().start),
                        format!("type mismatch: {} compared with {}", tested.describe(), value_type.noun()),
                    );
                }
                Ok(negate(*negated, Condition::InSubquery(tested.expr, Box::new(select))))
            }
            SqlExpr::Exists { subquery, negated } => {
                let (select, _) = self.subquery(scope, subquery)?;
                Ok(negate(*negated, Condition::Exists(Box::new(select))))
            }
            _ => {
                // A boolean value used as a condition: `WHERE active`.
                let typed = self.value(scope, expr)?;
                if typed.value_type.compatible(ValueType::Boolean) {
                    Ok(Condition::Compare(CompareOp::Eq, typed.expr, Expr::Bool(true)))
                } else {
                    error(self.offset_of_expr(expr), format!("{} used as a condition", typed.describe()))
                }
            }
        }
    }

    fn check_comparable(&self, left: &Typed, right: &Typed, right_expr: &SqlExpr) -> Result<(), SqlError> {
        if left.value_type.compatible(right.value_type) {
            Ok(())
        } else if let Some((literal, literal_type)) = floating_literal(left, right) {
            // An integer or decimal literal meets a DOUBLE as its units (`floating_side`); a
            // column of another type would need H2's conversion of every row.
            let exact = match (literal, literal_type) {
                (Expr::Int(_), ValueType::Integer) => true,
                (Expr::Int(units), _) => decimal_in_floating_units(*units).is_some(),
                _ => false,
            };
            if exact {
                Ok(())
            } else {
                self.unsupported(self.offset_of_expr(right_expr), format!("{} compared with {}", left.describe(), right.describe()))
            }
        } else if mixes_decimal(left, right) {
            // An integer literal meets a DECIMAL as its units (`decimal_side`); an integer
            // column would need H2's conversion of every row.
            let integer = if left.value_type == ValueType::Integer { &left.expr } else { &right.expr };
            if matches!(integer, Expr::Int(_)) {
                Ok(())
            } else {
                self.unsupported(self.offset_of_expr(right_expr), format!("{} compared with {}", left.describe(), right.describe()))
            }
        } else {
            error(
                self.offset_of_expr(right_expr),
                format!("type mismatch: {} compared with {}", left.describe(), right.describe()),
            )
        }
    }

    fn value(&self, scope: &Scope, expr: &SqlExpr) -> Result<Typed, SqlError> {
        let offset = self.offset_of_expr(expr);
        match expr {
            SqlExpr::Identifier(ident) => self.column(scope, None, ident),
            SqlExpr::CompoundIdentifier(parts) => match parts.as_slice() {
                [qualifier, column] => self.column(scope, Some(qualifier), column),
                _ => self.unsupported(offset, format!("qualified name {expr}")),
            },
            SqlExpr::Nested(inner) => self.value(scope, inner),
            SqlExpr::Value(value) => self.literal(value),
            SqlExpr::UnaryOp { op: UnaryOperator::Minus, expr: operand } => {
                if let SqlExpr::Value(value) = operand.as_ref()
                    && let Value::Number(digits, _) = &value.value
                {
                    return self.integer(&format!("-{digits}"), offset);
                }
                let typed = self.integer_operand(scope, operand)?;
                Ok(Typed { expr: Expr::Neg(Box::new(typed.expr)), value_type: ValueType::Integer })
            }
            SqlExpr::UnaryOp { op: UnaryOperator::Plus, expr: operand } => self.integer_operand(scope, operand),
            SqlExpr::BinaryOp { left, op: ast::BinaryOperator::StringConcat, right } => {
                let left = self.string_operand(scope, left)?;
                let right = self.string_operand(scope, right)?;
                Ok(Typed { expr: Expr::Function(Function::Append, vec![left.expr, right.expr]), value_type: ValueType::String })
            }
            SqlExpr::BinaryOp { left, op, right } => {
                let Some(op) = binary_op(op).and_then(arith_op) else {
                    return self.unsupported(offset, format!("{expr} as a value"));
                };
                if let Some(typed) = self.floating_arithmetic(scope, op, left, right)? {
                    return Ok(typed);
                }
                let left = self.integer_operand(scope, left)?;
                let right = self.integer_operand(scope, right)?;
                Ok(Typed { expr: Expr::Arith(op, Box::new(left.expr), Box::new(right.expr)), value_type: ValueType::Integer })
            }
            SqlExpr::Function(function) if aggregate_named(function).is_some() => {
                if scope.aggregates {
                    let (projected, value_type) = self.projected(scope, expr)?;
                    let typed = match projected {
                        Projected::CountStar => Typed { expr: Expr::CountStar, value_type },
                        Projected::Aggregate(aggregate, argument) => {
                            Typed { expr: Expr::Aggregate(aggregate, Box::new(argument)), value_type }
                        }
                        Projected::Expr(_) => unreachable!("an aggregate compiles to an aggregate"),
                    };
                    return Ok(typed);
                }
                error(offset, format!("aggregate {} outside the select list", function.name.to_string().to_uppercase()))
            }
            SqlExpr::Function(_) if reads_clock(expr) => {
                self.unsupported(offset, format!("the clock ({expr}) other than compared with a date or stored in a column"))
            }
            SqlExpr::Function(function) => self.function(scope, function, offset),
            SqlExpr::Trim { expr: trimmed, trim_where: None, trim_what: None, trim_characters: None } => {
                let typed = self.string_operand(scope, trimmed)?;
                Ok(Typed { expr: Expr::Function(Function::Trim, vec![typed.expr]), value_type: ValueType::String })
            }
            SqlExpr::Trim { .. } => self.unsupported(offset, "TRIM of other characters or of one side"),
            SqlExpr::Substring { expr: text, substring_from: Some(start), substring_for, .. } => {
                let mut exprs = vec![self.string_operand(scope, text)?.expr, self.integer_operand(scope, start)?.expr];
                if let Some(length) = substring_for {
                    exprs.push(self.integer_operand(scope, length)?.expr);
                }
                Ok(Typed { expr: Expr::Function(Function::Substring, exprs), value_type: ValueType::String })
            }
            SqlExpr::Case { operand, conditions, else_result, .. } => self.case(scope, operand.as_deref(), conditions, else_result.as_deref(), offset),
            SqlExpr::Subquery(subquery) => {
                let (select, value_type) = self.subquery(scope, subquery)?;
                let Some(value_type) = value_type else {
                    return error(offset, "a subquery used as a value must select one column");
                };
                Ok(Typed { expr: Expr::Subquery(Box::new(select)), value_type })
            }
            SqlExpr::Exists { .. } | SqlExpr::InSubquery { .. } => error(offset, format!("{expr} used as a value")),
            _ => self.unsupported(offset, expr),
        }
    }

    /// A scalar function call: its arguments plain expressions, typed as the function needs.
    fn function(&self, scope: &Scope, function: &ast::Function, offset: usize) -> Result<Typed, SqlError> {
        let name = match function.name.0.as_slice() {
            [ObjectNamePart::Identifier(name)] => name.value.to_uppercase(),
            _ => return self.unsupported(offset, format!("function {}", function.name)),
        };
        let arguments = match plain_arguments(function) {
            Some(arguments) => arguments,
            None => return self.unsupported(offset, format!("{name} with DISTINCT, OVER, FILTER or named arguments")),
        };
        let arity = |expected: usize| {
            if arguments.len() == expected {
                Ok(())
            } else {
                error(offset, format!("{name} takes {expected} argument{}, not {}", if expected == 1 { "" } else { "s" }, arguments.len()))
            }
        };
        let (function, value_type, exprs) = match name.as_str() {
            "UPPER" | "UCASE" | "LOWER" | "LCASE" | "TRIM" => {
                arity(1)?;
                let operand = self.string_operand(scope, arguments[0])?;
                let function = match name.as_str() {
                    "UPPER" | "UCASE" => Function::Upper,
                    "LOWER" | "LCASE" => Function::Lower,
                    _ => Function::Trim,
                };
                (function, ValueType::String, vec![operand.expr])
            }
            "LENGTH" | "CHAR_LENGTH" | "CHARACTER_LENGTH" => {
                arity(1)?;
                (Function::Length, ValueType::Integer, vec![self.string_operand(scope, arguments[0])?.expr])
            }
            "SUBSTRING" | "SUBSTR" => {
                if !(2..=3).contains(&arguments.len()) {
                    return error(offset, format!("{name} takes 2 or 3 arguments, not {}", arguments.len()));
                }
                let mut exprs = vec![self.string_operand(scope, arguments[0])?.expr];
                for argument in &arguments[1..] {
                    exprs.push(self.integer_operand(scope, argument)?.expr);
                }
                (Function::Substring, ValueType::String, exprs)
            }
            "ABS" => {
                arity(1)?;
                (Function::Abs, ValueType::Integer, vec![self.integer_operand(scope, arguments[0])?.expr])
            }
            "CONCAT" => {
                if arguments.len() < 2 {
                    return error(offset, "CONCAT takes at least 2 arguments");
                }
                let mut exprs = Vec::new();
                for argument in &arguments {
                    exprs.push(self.string_operand(scope, argument)?.expr);
                }
                (Function::Concat, ValueType::String, exprs)
            }
            "COALESCE" | "IFNULL" | "NVL" => {
                if name == "COALESCE" && arguments.is_empty() || name != "COALESCE" && arguments.len() != 2 {
                    return error(offset, format!("{name} takes {} arguments", if name == "COALESCE" { "at least 1 of" } else { "2" }));
                }
                let mut value_type = ValueType::Unknown;
                let mut exprs = Vec::new();
                for argument in &arguments {
                    let typed = self.value(scope, argument)?;
                    if !typed.value_type.compatible(value_type) {
                        return error(
                            self.offset_of_expr(argument),
                            format!("type mismatch: {name} of {} and {}", value_type.noun(), typed.describe()),
                        );
                    }
                    if value_type == ValueType::Unknown {
                        value_type = typed.value_type;
                    }
                    exprs.push(typed.expr);
                }
                (Function::Coalesce, value_type, exprs)
            }
            _ => return self.unsupported(offset, format!("function {}", function.name)),
        };
        Ok(Typed { expr: Expr::Function(function, exprs), value_type })
    }

    /// `CASE [operand] WHEN ... THEN ... [ELSE ...] END`; the results must have one type.
    fn case(
        &self,
        scope: &Scope,
        operand: Option<&SqlExpr>,
        conditions: &[ast::CaseWhen],
        else_result: Option<&SqlExpr>,
        offset: usize,
    ) -> Result<Typed, SqlError> {
        let operand = operand.map(|operand| self.value(scope, operand).map(|typed| (typed, operand))).transpose()?;
        let mut value_type = ValueType::Unknown;
        let mut result_typed = |typed: Typed, at: &SqlExpr| {
            if !typed.value_type.compatible(value_type) {
                return error(self.offset_of_expr(at), format!("type mismatch: CASE results of {} and {}", value_type.noun(), typed.describe()));
            }
            if value_type == ValueType::Unknown {
                value_type = typed.value_type;
            }
            Ok(typed.expr)
        };
        let mut branches = Vec::new();
        for when in conditions {
            let condition = match &operand {
                Some((tested, _)) => {
                    let compared = self.value(scope, &when.condition)?;
                    self.check_comparable(tested, &compared, &when.condition)?;
                    Condition::Compare(
                        CompareOp::Eq,
                        compared_parameter(tested.expr.clone(), tested.value_type, compared.value_type),
                        compared_parameter(compared.expr, compared.value_type, tested.value_type),
                    )
                }
                None => self.condition(scope, &when.condition)?,
            };
            let result = self.value(scope, &when.result)?;
            branches.push((condition, result_typed(result, &when.result)?));
        }
        let otherwise = match else_result {
            Some(otherwise) => {
                let typed = self.value(scope, otherwise)?;
                result_typed(typed, otherwise)?
            }
            None => Expr::Null,
        };
        if branches.is_empty() {
            return error(offset, "CASE without WHEN");
        }
        Ok(Typed { expr: Expr::Case(branches, Box::new(otherwise)), value_type })
    }

    /// A subquery inside a query of `scope`, with the type of its one column (none if it selects
    /// several). An uncorrelated one runs once, before the query around it, as in H2; a
    /// correlated one (naming a column of a query around it) once per tuple of that query,
    /// which is modelled in a SELECT's WHERE only.
    fn subquery(&self, scope: &Scope, query: &ast::Query) -> Result<(Select, Option<ValueType>), SqlError> {
        let start = self.offset(query.span().start);
        let saved = self.outer.borrow().len();
        self.outer.borrow_mut().extend(scope.refs());
        let outer_columns = self.outer_columns.get();
        let in_where = self.in_where.replace(false);
        let compiled = self.query(query, start);
        self.in_where.set(in_where);
        self.outer.borrow_mut().truncate(saved);
        let mut select = compiled?;
        select.correlated = self.outer_columns.get() > outer_columns;
        if select.correlated && !in_where {
            return self.unsupported(start, "correlated subquery outside a SELECT's WHERE (it names a column of the query around it)");
        }
        let value_type = match select.projection.as_slice() {
            [SelectItem { value: Projected::Expr(expr), .. }] => Some(self.type_of(&select, expr)),
            [SelectItem { value: Projected::CountStar | Projected::Aggregate(Aggregate::Count | Aggregate::CountDistinct | Aggregate::Sum, _), .. }] => {
                Some(ValueType::Integer)
            }
            [SelectItem { value: Projected::Aggregate(Aggregate::Avg, _), .. }] => Some(ValueType::Floating),
            [SelectItem { value: Projected::Aggregate(_, expr), .. }] => Some(self.type_of(&select, expr)),
            _ => None,
        };
        Ok((select, value_type))
    }

    /// An INTEGER or SMALLINT expression with columns compared with a DOUBLE, in the DOUBLE's
    /// units: H2 converts it to a double, exactly for every `int`. Anything else unchanged.
    fn in_floating_units(&self, scope: &Scope, typed: Typed, other: ValueType) -> Typed {
        if typed.value_type == ValueType::Integer && other == ValueType::Floating && typed.expr.has_column() && self.int_valued(scope, &typed.expr) {
            let unit = Expr::Int(1_i64 << crate::ir::FLOATING_UNIT_BITS);
            Typed { expr: Expr::Arith(ArithOp::Mul, Box::new(typed.expr), Box::new(unit)), value_type: ValueType::Floating }
        } else {
            typed
        }
    }

    /// Whether H2 types `expr` INTEGER (or narrower): an INTEGER or SMALLINT column, an `int`
    /// literal, or `+`, `-`, `*` of those.
    fn int_valued(&self, scope: &Scope, expr: &Expr) -> bool {
        match expr {
            Expr::Column { alias, column } => scope
                .column_type(alias, column)
                .is_some_and(|sql_type| matches!(sql_type, SqlType::Integer | SqlType::SmallInt)),
            Expr::Int(value) => i32::try_from(*value).is_ok(),
            Expr::Arith(ArithOp::Add | ArithOp::Sub | ArithOp::Mul, left, right) => self.int_valued(scope, left) && self.int_valued(scope, right),
            Expr::Neg(operand) => self.int_valued(scope, operand),
            _ => false,
        }
    }

    /// The type of a compiled expression of `select`: a column's, else anything.
    fn type_of(&self, select: &Select, expr: &Expr) -> ValueType {
        match expr {
            Expr::Column { alias, column } => select
                .from
                .iter()
                .chain(select.outer_joins.iter().map(|outer| &outer.table))
                .find(|table| table.alias == *alias)
                .and_then(|table| self.schema.table(&table.table))
                .and_then(|table| table.column(column))
                .map_or(ValueType::Unknown, |column| ValueType::of(&column.sql_type)),
            Expr::Int(_) | Expr::Arith(..) | Expr::Neg(_) => ValueType::Integer,
            Expr::Str(_) | Expr::Template(_) => ValueType::String,
            Expr::Bool(_) => ValueType::Boolean,
            _ => ValueType::Unknown,
        }
    }

    /// A name not in scope: in a subquery, a column of a query around it
    /// (`Expr::OuterColumn`), else the error `otherwise`. A name two of those queries could
    /// mean is not modelled (the runtime binds an outer column by its alias).
    fn outer_column_or(&self, offset: usize, qualifier: Option<&Ident>, name: &Ident, otherwise: String) -> Result<Typed, SqlError> {
        let outer = self.outer.borrow();
        let named: Vec<_> = outer
            .iter()
            .filter(|table| qualifier.is_none_or(|qualifier| same_name(&table.alias, &qualifier.value)))
            .filter_map(|table| self.schema.table(&table.table).map(|schema_table| (table, schema_table)))
            .collect();
        let with_column: Vec<_> = named.iter().filter_map(|(table, schema_table)| schema_table.column(&name.value).map(|column| (*table, column))).collect();
        match (named.as_slice(), with_column.as_slice()) {
            ([], _) => error(offset, otherwise),
            (_, [(table, column)]) => {
                if outer.iter().filter(|other| other.alias == table.alias).count() > 1 {
                    return self.unsupported(offset, format!("correlated subquery naming alias '{}' of two queries around it", table.alias));
                }
                self.outer_columns.set(self.outer_columns.get() + 1);
                Ok(Typed {
                    expr: Expr::OuterColumn { alias: table.alias.clone(), column: column.name.clone() },
                    value_type: ValueType::of(&column.sql_type),
                })
            }
            (_, []) if qualifier.is_some() => {
                error(self.offset(name.span.start), format!("unknown column '{}' in table '{}'", name.value, named[0].1.name))
            }
            (_, []) => error(offset, otherwise),
            (_, several) => {
                let aliases: Vec<&str> = several.iter().map(|(table, _)| table.alias.as_str()).collect();
                self.unsupported(offset, format!("correlated subquery naming column '{}' of several tables of the queries around it ({})", name.value, aliases.join(", ")))
            }
        }
    }

    fn string_operand(&self, scope: &Scope, expr: &SqlExpr) -> Result<Typed, SqlError> {
        let typed = self.value(scope, expr)?;
        if typed.value_type.compatible(ValueType::String) {
            // H2 converts a parameter to text, as when storing it in a text column.
            let expr = match typed.expr {
                Expr::Param(number) => Expr::Converted(Conversion::Text, number),
                expr => expr,
            };
            Ok(Typed { expr, value_type: ValueType::String })
        } else {
            error(self.offset_of_expr(expr), format!("string function on {}", typed.describe()))
        }
    }

    /// `a + b`, `a - b` of a DOUBLE and a DOUBLE or an integer, and `a * b` of a DOUBLE and an
    /// integer, in the DOUBLE's units: H2 computes them in double, exactly for the numbers of
    /// the model (floating.pl). `None` when neither side is a DOUBLE; a REAL (H2 computes in
    /// float, which rounds sooner), a product of two DOUBLEs or of a parameter, `/` and `%` are
    /// reported.
    fn floating_arithmetic(&self, scope: &Scope, op: ArithOp, left: &SqlExpr, right: &SqlExpr) -> Result<Option<Typed>, SqlError> {
        let (left_typed, right_typed) = (self.value(scope, left)?, self.value(scope, right)?);
        let floating = |typed: &Typed| typed.value_type == ValueType::Floating;
        if !floating(&left_typed) && !floating(&right_typed) {
            return Ok(None);
        }
        let offset = self.offset_of_expr(if floating(&left_typed) { left } else { right });
        if self.mentions_real(scope, &left_typed.expr) || self.mentions_real(scope, &right_typed.expr) {
            return self.unsupported(offset, "arithmetic on a REAL");
        }
        let integer = |typed: &Typed| {
            typed.value_type == ValueType::Integer && (matches!(typed.expr, Expr::Int(_)) || self.int_valued(scope, &typed.expr))
        };
        let exprs = match op {
            ArithOp::Add | ArithOp::Sub => {
                let side = |typed: Typed, other: ValueType| match typed.expr {
                    Expr::Int(units) if typed.value_type == ValueType::Decimal => decimal_in_floating_units(units).map(Expr::Int),
                    Expr::Int(_) | Expr::Param(_) => Some(floating_side(typed.expr, typed.value_type, false)),
                    _ if floating(&typed) => Some(typed.expr),
                    _ if integer(&typed) => Some(self.in_floating_units(scope, typed, other).expr),
                    _ => None,
                };
                side(left_typed, ValueType::Floating).zip(side(right_typed, ValueType::Floating))
            }
            // The integer factor multiplies the units as they are.
            ArithOp::Mul if floating(&left_typed) && integer(&right_typed) => Some((left_typed.expr, right_typed.expr)),
            ArithOp::Mul if integer(&left_typed) && floating(&right_typed) => Some((left_typed.expr, right_typed.expr)),
            _ => None,
        };
        match exprs {
            Some((left, right)) => Ok(Some(Typed { expr: Expr::Arith(op, Box::new(left), Box::new(right)), value_type: ValueType::Floating })),
            None => self.unsupported(offset, "arithmetic on a DOUBLE other than + and - with a DOUBLE or an integer, or * by an integer"),
        }
    }

    /// Whether a REAL column occurs in `expr`.
    fn mentions_real(&self, scope: &Scope, expr: &Expr) -> bool {
        match expr {
            Expr::Column { alias, column } => {
                scope.column_type(alias, column) == Some(&SqlType::Real)
            }
            Expr::Arith(_, left, right) => self.mentions_real(scope, left) || self.mentions_real(scope, right),
            Expr::Neg(operand) => self.mentions_real(scope, operand),
            _ => false,
        }
    }

    fn integer_operand(&self, scope: &Scope, expr: &SqlExpr) -> Result<Typed, SqlError> {
        let typed = self.value(scope, expr)?;
        if typed.value_type.compatible(ValueType::Integer) {
            Ok(typed)
        } else if typed.value_type == ValueType::Decimal {
            self.unsupported(self.offset_of_expr(expr), "arithmetic on a decimal")
        } else if typed.value_type == ValueType::Floating {
            self.unsupported(self.offset_of_expr(expr), "arithmetic on a DOUBLE or REAL")
        } else {
            error(self.offset_of_expr(expr), format!("arithmetic on {}", typed.describe()))
        }
    }

    fn column(&self, scope: &Scope, qualifier: Option<&Ident>, name: &Ident) -> Result<Typed, SqlError> {
        let offset = self.offset(name.span.start);
        let typed = |alias: &str, column: &super::schema::Column| Typed {
            expr: Expr::Column { alias: alias.to_string(), column: column.name.clone() },
            value_type: ValueType::of(&column.sql_type),
        };
        if let Some(qualifier) = qualifier {
            let Some((table, alias)) = scope.tables.iter().find(|(_, alias)| same_name(alias, &qualifier.value)) else {
                let offset = self.offset(qualifier.span.start);
                return self.outer_column_or(offset, Some(qualifier), name, format!("unknown table or alias '{}'", qualifier.value));
            };
            return match table.column(&name.value) {
                Some(column) => Ok(typed(alias, column)),
                None => error(offset, format!("unknown column '{}' in table '{}'", name.value, table.name)),
            };
        }
        let matches: Vec<_> =
            scope.tables.iter().filter_map(|(table, alias)| table.column(&name.value).map(|column| (table, alias, column))).collect();
        match (matches.as_slice(), scope.tables.as_slice()) {
            ([(_, alias, column)], _) => Ok(typed(alias, column)),
            ([], []) => error(offset, format!("column '{}' where no table is in scope", name.value)),
            ([], [(table, _)]) => self.outer_column_or(offset, None, name, format!("unknown column '{}' in table '{}'", name.value, table.name)),
            ([], _) => self.outer_column_or(offset, None, name, format!("unknown column '{}' in tables {}", name.value, scope.aliases())),
            (several, _) => {
                let aliases: Vec<&str> = several.iter().map(|(_, alias, _)| alias.as_str()).collect();
                // PostgreSQL takes it as the joined column; H2 2.1, where the tests run, does not.
                let joined = scope.same_named.as_ref().is_some_and(|same| same.columns.iter().any(|c| same_name(c, &name.value)));
                let hint = if joined { ": H2 rejects an unqualified column of NATURAL JOIN or USING as ambiguous (qualify it)" } else { "" };
                error(offset, format!("ambiguous column '{}' ({}){hint}", name.value, aliases.join(", ")))
            }
        }
    }

    fn integer(&self, digits: &str, offset: usize) -> Result<Typed, SqlError> {
        match digits.parse::<i64>() {
            Ok(value) => Ok(Typed { expr: Expr::Int(value), value_type: ValueType::Integer }),
            Err(_) if let Some(units) = crate::ir::decimal_units(digits) => Ok(Typed { expr: Expr::Int(units), value_type: ValueType::Decimal }),
            Err(_) if digits.contains(['.', 'e', 'E']) => self.unsupported(offset, format!("decimal number {digits}")),
            Err(_) => error(offset, format!("integer {digits} out of range")),
        }
    }

    fn literal(&self, value: &ast::ValueWithSpan) -> Result<Typed, SqlError> {
        let offset = self.offset(value.span.start);
        let typed = |expr, value_type| Ok(Typed { expr, value_type });
        match &value.value {
            Value::Number(digits, _) => self.integer(digits, offset),
            Value::SingleQuotedString(text) => match self.template(offset) {
                Some(parts) => typed(Expr::Template(parts), ValueType::String),
                None => typed(Expr::Str(text.clone()), ValueType::String),
            },
            Value::Boolean(value) => typed(Expr::Bool(*value), ValueType::Boolean),
            Value::Null => typed(Expr::Null, ValueType::Unknown),
            Value::Placeholder(placeholder) if placeholder == "?" => {
                match self.holes.iter().find(|(hole_offset, _)| *hole_offset == offset) {
                    Some((_, hole)) => typed(Expr::Hole(*hole), ValueType::Unknown),
                    None => {
                        let position = self.params.iter().position(|&param| param == offset).unwrap_or(self.params.len());
                        typed(Expr::Param(u32::try_from(position + 1).unwrap_or(u32::MAX)), ValueType::Unknown)
                    }
                }
            }
            Value::Placeholder(placeholder) => self.unsupported(offset, format!("placeholder {placeholder}")),
            other => self.unsupported(offset, format!("literal {other}")),
        }
    }

    /// The parts of the string literal starting (at its quote) at `start` if holes sit inside it.
    fn template(&self, start: usize) -> Option<Vec<TemplatePart>> {
        let body_start = start + 1;
        if self.text.as_bytes().get(start) != Some(&b'\'') {
            return None;
        }
        // The closing quote: the first `'` not doubled.
        let bytes = self.text.as_bytes();
        let mut end = body_start;
        while end < bytes.len() {
            if bytes[end] == b'\'' {
                if bytes.get(end + 1) == Some(&b'\'') {
                    end += 2;
                    continue;
                }
                break;
            }
            end += 1;
        }
        let inside: Vec<(usize, u32)> = self.holes.iter().copied().filter(|(offset, _)| (body_start..end).contains(offset)).collect();
        if inside.is_empty() {
            return None;
        }
        let mut parts = Vec::new();
        let mut constant_start = body_start;
        let push_constant = |parts: &mut Vec<TemplatePart>, from: usize, to: usize| {
            if from < to {
                parts.push(TemplatePart::Text(self.text[from..to].replace("''", "'")));
            }
        };
        for (offset, hole) in inside {
            push_constant(&mut parts, constant_start, offset);
            parts.push(TemplatePart::Hole(hole));
            constant_start = offset + 1;
        }
        push_constant(&mut parts, constant_start, end);
        Some(parts)
    }
}

/// A join condition as written (`ON`), or made from the columns of `NATURAL` or `USING`.
enum JoinOn<'q> {
    Written(&'q SqlExpr),
    Built(Condition),
}

fn columns_of(table: &Table, alias: &str) -> Vec<SelectItem> {
    table
        .columns
        .iter()
        .map(|column| SelectItem {
            label: column.name.clone(),
            value: Projected::Expr(Expr::Column { alias: alias.to_string(), column: column.name.clone() }),
            decimal: matches!(column.sql_type, SqlType::Decimal { .. }),
            time_of_day: column.sql_type == SqlType::Time,
            floating: matches!(column.sql_type, SqlType::Double | SqlType::Real),
        })
        .collect()
}

/// A column of `having` outside aggregates that is not a GROUP BY expression (H2 rejects it).
fn ungrouped_column(having: &Condition, group_by: &[Expr]) -> Option<String> {
    match having {
        Condition::True => None,
        Condition::And(left, right) | Condition::Or(left, right) => {
            ungrouped_column(left, group_by).or_else(|| ungrouped_column(right, group_by))
        }
        Condition::Not(inner) => ungrouped_column(inner, group_by),
        Condition::Compare(_, left, right) | Condition::Like(left, right) => ungrouped_in(left, group_by).or_else(|| ungrouped_in(right, group_by)),
        Condition::In(tested, items) => ungrouped_in(tested, group_by).or_else(|| items.iter().find_map(|item| ungrouped_in(item, group_by))),
        Condition::Between(tested, low, high) => {
            ungrouped_in(tested, group_by).or_else(|| ungrouped_in(low, group_by)).or_else(|| ungrouped_in(high, group_by))
        }
        Condition::IsNull(tested) | Condition::InSubquery(tested, _) => ungrouped_in(tested, group_by),
        Condition::Exists(_) => None,
    }
}

/// A column of `expr` outside aggregates that is not a GROUP BY expression.
fn ungrouped_in(expr: &Expr, group_by: &[Expr]) -> Option<String> {
    if group_by.contains(expr) {
        return None;
    }
    match expr {
        Expr::Column { column, .. } => Some(column.clone()),
        Expr::Arith(_, left, right) => ungrouped_in(left, group_by).or_else(|| ungrouped_in(right, group_by)),
        Expr::Neg(operand) => ungrouped_in(operand, group_by),
        Expr::Function(_, arguments) => arguments.iter().find_map(|argument| ungrouped_in(argument, group_by)),
        Expr::Case(branches, otherwise) => branches
            .iter()
            .find_map(|(condition, result)| ungrouped_column(condition, group_by).or_else(|| ungrouped_in(result, group_by)))
            .or_else(|| ungrouped_in(otherwise, group_by)),
        _ => None,
    }
}

/// The arguments of a call written `f(a, b, ...)` with nothing else (no DISTINCT, OVER, ...).
fn plain_arguments(function: &ast::Function) -> Option<Vec<&SqlExpr>> {
    let FunctionArguments::List(list) = &function.args else {
        return None;
    };
    let plain = list.duplicate_treatment.is_none()
        && list.clauses.is_empty()
        && function.filter.is_none()
        && function.over.is_none()
        && function.within_group.is_empty()
        && function.null_treatment.is_none()
        && matches!(function.parameters, FunctionArguments::None);
    if !plain {
        return None;
    }
    list.args
        .iter()
        .map(|argument| match argument {
            FunctionArg::Unnamed(FunctionArgExpr::Expr(expr)) => Some(expr),
            _ => None,
        })
        .collect()
}

/// Whether the expression is the clock: `NOW()`, `CURRENT_TIMESTAMP`, `CURRENT_DATE`,
/// `LOCALTIMESTAMP`, with no arguments.
fn reads_clock(expr: &SqlExpr) -> bool {
    clock_reading(expr).is_some()
}

/// For the clock, whether it gives a day (`CURRENT_DATE`) rather than an instant.
pub(crate) fn clock_reading(expr: &SqlExpr) -> Option<bool> {
    let SqlExpr::Function(function) = expr else {
        return None;
    };
    let [ObjectNamePart::Identifier(name)] = function.name.0.as_slice() else {
        return None;
    };
    let no_arguments = match &function.args {
        FunctionArguments::None => true,
        FunctionArguments::List(list) => list.args.is_empty(),
        FunctionArguments::Subquery(_) => false,
    };
    match name.value.to_uppercase().as_str() {
        "NOW" | "CURRENT_TIMESTAMP" | "LOCALTIMESTAMP" if no_arguments => Some(false),
        "CURRENT_DATE" if no_arguments => Some(true),
        _ => None,
    }
}

fn aggregate_named_expr(expr: &SqlExpr) -> Option<Aggregate> {
    match expr {
        SqlExpr::Function(function) => aggregate_named(function),
        _ => None,
    }
}

fn aggregate_named(function: &ast::Function) -> Option<Aggregate> {
    let [ObjectNamePart::Identifier(name)] = function.name.0.as_slice() else {
        return None;
    };
    match name.value.to_lowercase().as_str() {
        "count" => Some(Aggregate::Count),
        "sum" => Some(Aggregate::Sum),
        "min" => Some(Aggregate::Min),
        "max" => Some(Aggregate::Max),
        "avg" => Some(Aggregate::Avg),
        _ => None,
    }
}

/// A value of type `own` compared with a value of `other`'s type: a parameter converted as
/// H2 converts it, an integer literal meeting a DECIMAL in units.
fn compared_parameter(expr: Expr, own: ValueType, other: ValueType) -> Expr {
    match (expr, other) {
        (Expr::Param(number), ValueType::Integer) => Expr::Converted(Conversion::Integer, number),
        (Expr::Param(number), ValueType::String) => Expr::Converted(Conversion::ComparedWithText, number),
        (expr, ValueType::Floating) => floating_side(expr, own, false),
        (expr, _) => decimal_side(expr, own, other, None),
    }
}

/// A parameter stored in a column of `sql_type`, converted as H2 converts it; an integer
/// literal stored in a DECIMAL column, in units.
fn stored_parameter(expr: Expr, own: ValueType, sql_type: &SqlType) -> Expr {
    match (expr, ValueType::of(sql_type)) {
        (Expr::Param(number), ValueType::Integer) => Expr::Converted(Conversion::Integer, number),
        (Expr::Param(number), ValueType::String) => Expr::Converted(Conversion::Text, number),
        (expr, ValueType::Floating) => floating_side(expr, own, *sql_type == SqlType::Real),
        (expr, column_type) => {
            let scale = match sql_type {
                SqlType::Decimal { scale, .. } => Some(*scale),
                _ => None,
            };
            decimal_side(expr, own, column_type, scale)
        }
    }
}

/// A value of type `own` meeting a DECIMAL (`other`; stored in a column of `scale`): a
/// parameter converted to units as H2 converts it, an integer literal in units; anything else
/// unchanged.
fn decimal_side(expr: Expr, own: ValueType, other: ValueType, scale: Option<u32>) -> Expr {
    // `IN` and `BETWEEN` meet a DOUBLE here too.
    if other == ValueType::Floating {
        return floating_side(expr, own, false);
    }
    if other != ValueType::Decimal {
        return expr;
    }
    match (expr, own) {
        (Expr::Param(number), _) => Expr::Converted(Conversion::Decimal(scale), number),
        (Expr::Int(value), ValueType::Integer) => Expr::Int(value.saturating_mul(10_i64.pow(crate::ir::DECIMAL_SCALE))),
        (expr, _) => expr,
    }
}

/// A value of type `own` meeting a DOUBLE or REAL (stored in a REAL column: `float`): a
/// parameter converted as H2 converts it, an integer or decimal literal in units (a decimal
/// literal that is no binary fraction of the model is left as it is: `floating_literal` refuses
/// it first); anything else unchanged.
fn floating_side(expr: Expr, own: ValueType, float: bool) -> Expr {
    let unit = 1_i64 << crate::ir::FLOATING_UNIT_BITS;
    match (expr, own) {
        (Expr::Param(number), _) => Expr::Converted(Conversion::Floating(float), number),
        (Expr::Int(value), ValueType::Integer) => Expr::Int(value.saturating_mul(unit)),
        (Expr::Int(units), ValueType::Decimal) => match decimal_in_floating_units(units) {
            Some(converted) => Expr::Int(converted),
            None => Expr::Int(units),
        },
        (expr, _) => expr,
    }
}

/// The decimal `units` (10^-`DECIMAL_SCALE`) in units of 2^-`FLOATING_UNIT_BITS`, if exact.
pub(crate) fn decimal_in_floating_units(units: i64) -> Option<i64> {
    let scaled = i128::from(units) * (1_i128 << crate::ir::FLOATING_UNIT_BITS);
    let one = 10_i128.pow(crate::ir::DECIMAL_SCALE);
    (scaled % one == 0).then(|| i64::try_from(scaled / one).ok()).flatten()
}

/// Of a DOUBLE (or REAL) value and an integer or decimal one, the latter.
fn floating_literal<'t>(left: &'t Typed, right: &'t Typed) -> Option<(&'t Expr, ValueType)> {
    match (left.value_type, right.value_type) {
        (ValueType::Floating, ValueType::Integer | ValueType::Decimal) => Some((&right.expr, right.value_type)),
        (ValueType::Integer | ValueType::Decimal, ValueType::Floating) => Some((&left.expr, left.value_type)),
        _ => None,
    }
}

/// Whether one of two values is a DECIMAL and the other an integer.
fn mixes_decimal(left: &Typed, right: &Typed) -> bool {
    matches!((left.value_type, right.value_type), (ValueType::Decimal, ValueType::Integer) | (ValueType::Integer, ValueType::Decimal))
}

fn compare_op(op: &ast::BinaryOperator) -> Option<CompareOp> {
    match binary_op(op)? {
        BinaryOp::Eq => Some(CompareOp::Eq),
        BinaryOp::NotEq => Some(CompareOp::Ne),
        BinaryOp::Lt => Some(CompareOp::Lt),
        BinaryOp::LtEq => Some(CompareOp::Le),
        BinaryOp::Gt => Some(CompareOp::Gt),
        BinaryOp::GtEq => Some(CompareOp::Ge),
        _ => None,
    }
}

fn arith_op(op: BinaryOp) -> Option<ArithOp> {
    match op {
        BinaryOp::Add => Some(ArithOp::Add),
        BinaryOp::Sub => Some(ArithOp::Sub),
        BinaryOp::Mul => Some(ArithOp::Mul),
        BinaryOp::Div => Some(ArithOp::Div),
        BinaryOp::Mod => Some(ArithOp::Mod),
        _ => None,
    }
}

fn negate(negated: bool, condition: Condition) -> Condition {
    if negated { Condition::Not(Box::new(condition)) } else { condition }
}

// ---------------------------------------------------------------------------------------------
// The Prolog term
// ---------------------------------------------------------------------------------------------

/// A name as the runtime sees it: a quoted atom in lower case.
fn name_atom(name: &str) -> String {
    quote_atom(&name.to_lowercase())
}

/// A double-quoted Prolog string.
pub fn prolog_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn list<T>(items: &[T], mut write: impl FnMut(&mut String, &T)) -> String {
    let mut out = String::from("[");
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        write(&mut out, item);
    }
    out.push(']');
    out
}

impl Statement {
    /// The ground term the Prolog runtime executes (README of the runtime: `select/5`,
    /// `insert/2`, `update/4`, `delete/3`).
    pub fn to_prolog(&self) -> String {
        match self {
            Statement::Select(select) => select_term(select),
            Statement::Insert(insert) => {
                let values = list(&insert.values, |out, (column, value)| {
                    let value = match value {
                        InsertValue::Given(expr) => expr.to_prolog(),
                        InsertValue::Default => "default".to_string(),
                        InsertValue::Null => "null".to_string(),
                    };
                    let _ = write!(out, "{}-{value}", name_atom(column));
                });
                format!("insert({},{values})", name_atom(&insert.table))
            }
            Statement::Update(update) => {
                let assignments = list(&update.assignments, |out, (column, expr)| {
                    let _ = write!(out, "{}-{}", name_atom(column), expr.to_prolog());
                });
                format!(
                    "update({},{},{assignments},{})",
                    name_atom(&update.table.table),
                    name_atom(&update.table.alias),
                    update.condition.to_prolog()
                )
            }
            Statement::Delete(delete) => format!(
                "delete({},{},{})",
                name_atom(&delete.table.table),
                name_atom(&delete.table.alias),
                delete.condition.to_prolog()
            ),
        }
    }
}

/// A subquery's term, wrapped in `correlated(...)` when it is run per tuple of the query around
/// it.
fn correlated(select: &Select, term: String) -> String {
    if select.correlated { format!("correlated({term})") } else { term }
}

/// `select(Projection, From, Condition, Order, Window)`.
fn select_term(select: &Select) -> String {
    let items = list(&select.projection, |out, item| match &item.value {
        Projected::Expr(expr) => out.push_str(&expr.to_prolog()),
        Projected::CountStar => out.push_str("agg(count,star)"),
        Projected::Aggregate(aggregate, expr) => {
            let _ = write!(out, "agg({},{})", aggregate.atom(), expr.to_prolog());
        }
    });
    let projection = if !select.group_by.is_empty() {
        let keys = list(&select.group_by, |out, grouped| out.push_str(&grouped.to_prolog()));
        format!("group({keys},{items},{})", select.having.to_prolog())
    } else if select.distinct {
        format!("distinct({items})")
    } else {
        items
    };
    let mut from = list(&select.from, |out, table| {
        let _ = write!(out, "from({},{})", name_atom(&table.table), name_atom(&table.alias));
    });
    if !select.outer_joins.is_empty() {
        // Inner tables first, then `outer(Table, Alias, On)` in join order.
        from.pop();
        for outer in &select.outer_joins {
            let separator = if from.len() > 1 { "," } else { "" };
            let _ = write!(from, "{separator}outer({},{},{})", name_atom(&outer.table.table), name_atom(&outer.table.alias), outer.on.to_prolog());
        }
        from.push(']');
    }
    let order = list(&select.order_by, |out, key| {
        let _ = write!(out, "{}({})", if key.descending { "desc" } else { "asc" }, key.expr.to_prolog());
    });
    let window = match &select.window {
        None => "all".to_string(),
        Some(Window { offset, count }) => format!(
            "window({},{})",
            offset.as_ref().map_or_else(|| "int(0)".to_string(), Expr::to_prolog),
            count.as_ref().map_or_else(|| "all".to_string(), Expr::to_prolog)
        ),
    };
    format!("select({projection},{from},{},{order},{window})", select.condition.to_prolog())
}

impl Aggregate {
    fn atom(self) -> &'static str {
        match self {
            Aggregate::Count => "count",
            Aggregate::CountDistinct => "count_distinct",
            Aggregate::Sum => "sum",
            Aggregate::Min => "min",
            Aggregate::Max => "max",
            Aggregate::Avg => "avg",
        }
    }
}

impl Condition {
    fn to_prolog(&self) -> String {
        match self {
            Condition::True => "true".to_string(),
            Condition::And(left, right) => format!("and({},{})", left.to_prolog(), right.to_prolog()),
            Condition::Or(left, right) => format!("or({},{})", left.to_prolog(), right.to_prolog()),
            Condition::Not(inner) => format!("not({})", inner.to_prolog()),
            Condition::Compare(op, left, right) => {
                let op = match op {
                    CompareOp::Eq => "eq",
                    CompareOp::Ne => "ne",
                    CompareOp::Lt => "lt",
                    CompareOp::Le => "le",
                    CompareOp::Gt => "gt",
                    CompareOp::Ge => "ge",
                };
                format!("cmp({op},{},{})", left.to_prolog(), right.to_prolog())
            }
            Condition::In(tested, items) => {
                format!("in({},{})", tested.to_prolog(), list(items, |out, item| out.push_str(&item.to_prolog())))
            }
            Condition::Between(tested, low, high) => {
                format!("between({},{},{})", tested.to_prolog(), low.to_prolog(), high.to_prolog())
            }
            Condition::Like(tested, pattern) => format!("like({},{})", tested.to_prolog(), pattern.to_prolog()),
            Condition::IsNull(tested) => format!("is_null({})", tested.to_prolog()),
            Condition::InSubquery(tested, select) => correlated(select, format!("in_query({},{})", tested.to_prolog(), select_term(select))),
            Condition::Exists(select) => correlated(select, format!("exists({})", select_term(select))),
        }
    }
}

impl Expr {
    fn to_prolog(&self) -> String {
        match self {
            Expr::Column { alias, column } => format!("col({},{})", name_atom(alias), name_atom(column)),
            Expr::Int(value) => format!("int({value})"),
            Expr::Str(text) => format!("str({})", prolog_string(text)),
            Expr::Bool(value) => format!("bool({})", u8::from(*value)),
            Expr::Null => "null".to_string(),
            Expr::Param(number) => format!("param({number})"),
            Expr::Hole(number) => format!("hole({number})"),
            Expr::Template(parts) => {
                let parts = list(parts, |out, part| match part {
                    TemplatePart::Text(text) => {
                        let _ = write!(out, "str({})", prolog_string(text));
                    }
                    TemplatePart::Hole(number) => {
                        let _ = write!(out, "hole({number})");
                    }
                });
                format!("template({parts})")
            }
            Expr::Arith(op, left, right) => {
                let op = match op {
                    ArithOp::Add => "add",
                    ArithOp::Sub => "sub",
                    ArithOp::Mul => "mul",
                    ArithOp::Div => "div",
                    ArithOp::Mod => "mod",
                };
                format!("arith({op},{},{})", left.to_prolog(), right.to_prolog())
            }
            Expr::Neg(operand) => format!("neg({})", operand.to_prolog()),
            Expr::Converted(conversion, number) => {
                let to = match conversion {
                    Conversion::Integer => "integer".to_string(),
                    Conversion::Text => "text".to_string(),
                    Conversion::ComparedWithText => "compared_with_text".to_string(),
                    Conversion::Decimal(None) => "decimal".to_string(),
                    Conversion::Decimal(Some(scale)) => format!("decimal({scale})"),
                    Conversion::Floating(false) => "floating(double)".to_string(),
                    Conversion::Floating(true) => "floating(float)".to_string(),
                };
                format!("as({to},param({number}))")
            }
            Expr::Function(function, arguments) => {
                let name = match function {
                    Function::Upper => "upper",
                    Function::Lower => "lower",
                    Function::Length => "length",
                    Function::Trim => "trim",
                    Function::Abs => "abs",
                    Function::Substring => "substring",
                    Function::Concat => "concat",
                    Function::Append => "append",
                    Function::Coalesce => "coalesce",
                };
                format!("fn({name},{})", list(arguments, |out, argument| out.push_str(&argument.to_prolog())))
            }
            Expr::Case(branches, otherwise) => {
                let branches = list(branches, |out, (condition, result)| {
                    let _ = write!(out, "when({},{})", condition.to_prolog(), result.to_prolog());
                });
                format!("case({branches},{})", otherwise.to_prolog())
            }
            Expr::Aggregate(aggregate, argument) => format!("agg({},{})", aggregate.atom(), argument.to_prolog()),
            Expr::CountStar => "agg(count,star)".to_string(),
            Expr::Subquery(select) => correlated(select, format!("scalar({})", select_term(select))),
            Expr::OuterColumn { alias, column } => format!("outer_col({},{})", name_atom(alias), name_atom(column)),
            Expr::Clock => "clock".to_string(),
            Expr::Now { day } => format!("now({})", if *day { "date" } else { "timestamp" }),
        }
    }
}

/// The schema as the Prolog term `db:empty/2` takes: `schema(Tables)`, each
/// `table(Name, Columns, PrimaryKey, UniqueKeys, ForeignKeys, Checks)` with `column(Name, Type,
/// Nullable, Default)`; Type is `int(Min, Max)`, `bool`, `string(MaxLength)`, `date`,
/// `timestamp` (milliseconds since 1970, `prolog/dates.pl`) or `opaque`; Nullable
/// is `null` or `not_null`; Default is `none`, `identity` (the next value of the table's sequence),
/// `generated` (computed by the database) or `lit(Value)` (an integer, `null` or
/// `str("text")`); keys are lists of column names; foreign keys `fk(Columns, Table, Columns)`;
/// checks are conditions in the language of compiled WHERE clauses (`cmp/3`, `and/2`, `or/2`,
/// `not/1`, `in/2`, `between/3`, `like/2`, `is_null/1`, `true`) over `col(Table, Column)`, the
/// alias being the table's name. Names are lower-cased, as in compiled statements. A CHECK with
/// a comparison used as a value (`(a > 0) = TRUE`) or arithmetic used as a condition has no
/// rendering and is left out.
pub fn schema_term(schema: &Schema) -> String {
    let tables = list(&schema.tables, |out, table| {
        let columns = list(&table.columns, |out, column| {
            let column_type = match &column.sql_type {
                SqlType::Integer => "int(-2147483648,2147483647)".to_string(),
                SqlType::SmallInt => "int(-32768,32767)".to_string(),
                SqlType::BigInt => "int(-9223372036854775808,9223372036854775807)".to_string(),
                SqlType::Boolean => "bool".to_string(),
                SqlType::Varchar(Some(length)) | SqlType::Char(length) => format!("string({length})"),
                SqlType::Varchar(None) | SqlType::Text => "string(1000000)".to_string(),
                SqlType::Date => "date".to_string(),
                SqlType::Timestamp => "timestamp".to_string(),
                SqlType::Time => "time".to_string(),
                SqlType::Decimal { precision, scale } => format!("decimal({precision},{scale})"),
                SqlType::Double => "floating(double)".to_string(),
                SqlType::Real => "floating(float)".to_string(),
                SqlType::Opaque(_) => "opaque".to_string(),
            };
            let nullable = if column.not_null { "not_null" } else { "null" };
            let default = match (&column.default, column.generated) {
                (_, true) if column.identity => "identity".to_string(),
                (_, true) => "generated".to_string(),
                (None, false) => "none".to_string(),
                (Some(Literal::Integer(value)), false) if matches!(column.sql_type, SqlType::Double | SqlType::Real) => {
                    format!("lit({})", i128::from(*value) << crate::ir::FLOATING_UNIT_BITS)
                }
                (Some(Literal::String(text)), false)
                    if matches!(column.sql_type, SqlType::Double | SqlType::Real)
                        && let Some(units) = super::schema::decimal_default(text).and_then(decimal_in_floating_units) =>
                {
                    format!("lit({units})")
                }
                (Some(Literal::Integer(value)), false) if matches!(column.sql_type, SqlType::Decimal { .. }) => {
                    format!("lit({})", i128::from(*value) * 10_i128.pow(crate::ir::DECIMAL_SCALE))
                }
                (Some(Literal::String(text)), false) if let Some(units) = super::schema::decimal_default(text) => {
                    format!("lit({units})")
                }
                (Some(Literal::Integer(value)), false) => format!("lit({value})"),
                (Some(Literal::Boolean(value)), false) => format!("lit({})", u8::from(*value)),
                (Some(Literal::String(text)), false) => format!("lit(str({}))", prolog_string(text)),
                (Some(Literal::Null), false) => "lit(null)".to_string(),
            };
            let _ = write!(out, "column({},{column_type},{nullable},{default})", name_atom(&column.name));
        });
        let names = |columns: &[String]| list(columns, |out, name| out.push_str(&name_atom(name)));
        let primary_key = table.primary_key.as_ref().map_or("[]".to_string(), |key| names(&key.columns));
        let unique_keys = list(&table.unique_keys, |out, key| out.push_str(&names(&key.columns)));
        let foreign_keys = list(&table.foreign_keys, |out, key| {
            let _ = write!(
                out,
                "fk({},{},{})",
                names(&key.columns),
                name_atom(&key.referenced_table),
                names(&key.referenced_columns)
            );
        });
        let alias = name_atom(&table.name);
        let scope = CheckScope {
            alias: alias.clone(),
            decimal_columns: table
                .columns
                .iter()
                .filter(|column| matches!(column.sql_type, SqlType::Decimal { .. }))
                .map(|column| column.name.clone())
                .collect(),
            floating_columns: table
                .columns
                .iter()
                .filter(|column| matches!(column.sql_type, SqlType::Double | SqlType::Real))
                .map(|column| column.name.clone())
                .collect(),
        };
        let renderable: Vec<String> =
            table.checks.iter().filter_map(|check| check_condition(&check.expr, &scope)).collect();
        let checks = list(&renderable, |out, check| out.push_str(check));
        let _ = write!(out, "table({alias},{columns},{primary_key},{unique_keys},{foreign_keys},{checks})");
    });
    // The tests of a schema in PostgreSQL's dialect run on H2 and on PostgreSQL (`db:engine/2`).
    match schema.dialect.dialect {
        super::Dialect::Postgres => format!("schema({tables},postgres)"),
        _ => format!("schema({tables})"),
    }
}

/// A CHECK expression as a condition over `col(Alias, Column)`, if it has one.
fn check_condition(expr: &CheckExpr, scope: &CheckScope) -> Option<String> {
    let negated = |negated: bool, condition: String| if negated { format!("not({condition})") } else { condition };
    Some(match expr {
        CheckExpr::Binary { op: BinaryOp::And, left, right } => {
            format!("and({},{})", check_condition(left, scope)?, check_condition(right, scope)?)
        }
        CheckExpr::Binary { op: BinaryOp::Or, left, right } => {
            format!("or({},{})", check_condition(left, scope)?, check_condition(right, scope)?)
        }
        CheckExpr::Binary { op, left, right } => {
            let op = match op {
                BinaryOp::Eq => "eq",
                BinaryOp::NotEq => "ne",
                BinaryOp::Lt => "lt",
                BinaryOp::LtEq => "le",
                BinaryOp::Gt => "gt",
                BinaryOp::GtEq => "ge",
                _ => return None,
            };
            let scaled = scope.units_of(&[left, right])?;
            format!("cmp({op},{},{})", check_value(left, scope, scaled)?, check_value(right, scope, scaled)?)
        }
        CheckExpr::Not(inner) => format!("not({})", check_condition(inner, scope)?),
        CheckExpr::IsNull { expr, negated: is_not } => negated(*is_not, format!("is_null({})", check_value(expr, scope, None)?)),
        CheckExpr::InList { expr, list: items, negated: is_not } => {
            let scaled = scope.units_of(&[expr])?;
            let items = items.iter().map(|item| check_value(item, scope, scaled)).collect::<Option<Vec<_>>>()?;
            negated(*is_not, format!("in({},{})", check_value(expr, scope, scaled)?, list(&items, |out, item| out.push_str(item))))
        }
        CheckExpr::Between { expr, low, high, negated: is_not } => {
            let scaled = scope.units_of(&[expr, low, high])?;
            negated(
                *is_not,
                format!(
                    "between({},{},{})",
                    check_value(expr, scope, scaled)?,
                    check_value(low, scope, scaled)?,
                    check_value(high, scope, scaled)?
                ),
            )
        }
        CheckExpr::Like { expr, pattern, negated: is_not } => {
            negated(*is_not, format!("like({},str({}))", check_value(expr, scope, None)?, prolog_string(pattern)))
        }
        // A boolean column or literal used as a condition.
        CheckExpr::Column(_) => format!("cmp(eq,{},bool(1))", check_value(expr, scope, None)?),
        CheckExpr::Literal(Literal::Boolean(true)) => "true".to_string(),
        CheckExpr::Literal(Literal::Boolean(false)) => "not(true)".to_string(),
        CheckExpr::Literal(Literal::Null) => "cmp(eq,null,null)".to_string(),
        CheckExpr::Literal(_) | CheckExpr::Negate(_) => return None,
    })
}

/// A CHECK expression as a value (`col/2`, literals, `arith/3`, `neg/1`), if it is one;
/// `scaled` (the units in 1) when it meets a DECIMAL, DOUBLE or REAL column, whose values are
/// units: an integer literal is written in units, and arithmetic is not modelled.
fn check_value(expr: &CheckExpr, scope: &CheckScope, scaled: Option<i128>) -> Option<String> {
    let alias = &scope.alias;
    Some(match expr {
        CheckExpr::Column(name) => format!("col({alias},{})", name_atom(name)),
        CheckExpr::Literal(Literal::Integer(value)) if let Some(unit) = scaled => format!("int({})", i128::from(*value) * unit),
        CheckExpr::Literal(Literal::Integer(value)) => format!("int({value})"),
        CheckExpr::Literal(Literal::String(text)) => format!("str({})", prolog_string(text)),
        CheckExpr::Literal(Literal::Boolean(value)) => format!("bool({})", u8::from(*value)),
        CheckExpr::Literal(Literal::Null) => "null".to_string(),
        CheckExpr::Negate(operand) => format!("neg({})", check_value(operand, scope, scaled)?),
        CheckExpr::Binary { .. } if scaled.is_some() => return None,
        CheckExpr::Binary { op, left, right } => {
            let op = match op {
                BinaryOp::Add => "add",
                BinaryOp::Sub => "sub",
                BinaryOp::Mul => "mul",
                BinaryOp::Div => "div",
                BinaryOp::Mod => "mod",
                _ => return None,
            };
            format!("arith({op},{},{})", check_value(left, scope, None)?, check_value(right, scope, None)?)
        }
        _ => return None,
    })
}

/// The table a CHECK is rendered for: its alias, its DECIMAL columns and its DOUBLE and REAL
/// columns.
struct CheckScope {
    alias: String,
    decimal_columns: Vec<String>,
    floating_columns: Vec<String>,
}

impl CheckScope {
    /// Whether one of `exprs` is a column of `columns` (directly or under a sign or arithmetic).
    fn mentions(columns: &[String], exprs: &[&CheckExpr]) -> bool {
        exprs.iter().any(|expr| match expr {
            CheckExpr::Column(name) => columns.iter().any(|c| same_name(c, name)),
            CheckExpr::Negate(operand) => Self::mentions(columns, &[operand]),
            CheckExpr::Binary { left, right, .. } => Self::mentions(columns, &[left, right]),
            _ => false,
        })
    }

    /// The units in 1 of the values `exprs` compare: a DECIMAL's or a DOUBLE's when one of
    /// them is such a column, `None` for plain integers; no answer (the CHECK is not rendered)
    /// when they mix the two.
    fn units_of(&self, exprs: &[&CheckExpr]) -> Option<Option<i128>> {
        match (Self::mentions(&self.decimal_columns, exprs), Self::mentions(&self.floating_columns, exprs)) {
            (true, true) => None,
            (true, false) => Some(Some(10_i128.pow(crate::ir::DECIMAL_SCALE))),
            (false, true) => Some(Some(1_i128 << crate::ir::FLOATING_UNIT_BITS)),
            (false, false) => Some(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::parse_schema;
    use std::path::Path;

    fn schema() -> Schema {
        parse_schema(Path::new("t.sql"), "CREATE TABLE book (id INT PRIMARY KEY, title VARCHAR(20));").0
    }

    #[test]
    fn errors_render_on_their_line() {
        let text = "SELECT id\n\tFROM book\n\tWHERE titel = 1";
        let error = compile_statement(&[Piece::Text(text.into())], &schema()).unwrap_err();
        assert_eq!(error.message, "unknown column 'titel' in table 'book'");
        assert_eq!(render_sql_error(text, &error), "\tWHERE titel = 1\n\t      ^ unknown column 'titel' in table 'book'\n");
    }

    #[test]
    fn checks_render_as_conditions() {
        let (schema, diagnostics) = parse_schema(
            Path::new("c.sql"),
            "CREATE TABLE acct (id INT PRIMARY KEY, balance INT NOT NULL CHECK (balance >= 0), \
             kind VARCHAR(4) CHECK (kind IN ('a', 'b') OR kind LIKE 'x%'), lo INT, hi INT, \
             CONSTRAINT range CHECK (lo + 1 NOT BETWEEN -5 AND hi), CHECK (hi IS NOT NULL AND NOT lo = 2));",
        );
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(
            schema_term(&schema),
            "schema([table('acct',[column('id',int(-2147483648,2147483647),not_null,none),\
             column('balance',int(-2147483648,2147483647),not_null,none),column('kind',string(4),null,none),\
             column('lo',int(-2147483648,2147483647),null,none),column('hi',int(-2147483648,2147483647),null,none)],\
             ['id'],[],[],[cmp(ge,col('acct','balance'),int(0)),\
             or(in(col('acct','kind'),[str(\"a\"),str(\"b\")]),like(col('acct','kind'),str(\"x%\"))),\
             not(between(arith(add,col('acct','lo'),int(1)),int(-5),col('acct','hi'))),\
             and(not(is_null(col('acct','hi'))),not(cmp(eq,col('acct','lo'),int(2))))])])"
        );
    }

    #[test]
    fn select_items_keep_their_labels() {
        let statement = compile_statement(&[Piece::Text("SELECT id AS n, title, COUNT(*) FROM book".into())], &schema());
        assert!(statement.is_err(), "aggregates next to columns need GROUP BY");
        let Ok(Statement::Select(select)) =
            compile_statement(&[Piece::Text("SELECT id AS n, book.title FROM book".into())], &schema())
        else {
            panic!("a select");
        };
        let labels: Vec<&str> = select.projection.iter().map(|item| item.label.as_str()).collect();
        assert_eq!(labels, ["n", "title"]);
    }
}
