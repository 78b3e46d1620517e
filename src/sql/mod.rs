//! The SQL side of hornet: what the database looks like. `schema` reads the DDL file a project
//! ships (CREATE TABLE and friends) into a model of tables, columns and constraints that the
//! symbolic executor can reason about, and reports what it cannot use.

pub mod schema;

pub use schema::{parse_schema, render_schema};
