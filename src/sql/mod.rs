//! The SQL side of hornet. `schema` reads the DDL file a project ships (CREATE TABLE and friends)
//! into a model of tables, columns and constraints that the symbolic executor can reason about,
//! and reports what it cannot use; `statement` checks the statements the Java code runs against
//! that model and compiles them into terms for the Prolog runtime.

pub mod check;
pub mod dialect;
pub mod ddl;
pub mod schema;
pub mod statement;

pub use check::check_method;
pub use dialect::Dialect;
pub use schema::{Schema, parse_schema, parse_schema_in, render_schema};
pub use statement::{Piece, SqlError, Statement, compile_statement, join_pieces, prolog_string, schema_term, offset_to_piece, render_sql_error};
