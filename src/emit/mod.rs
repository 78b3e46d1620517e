//! Emitters: JUnit 5 sources and the JSON report. They format; they decide nothing.

pub mod junit;
mod linear;
pub mod report;
pub mod table;
