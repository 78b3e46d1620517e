//! From IR to Horn clauses, and the engine that executes them.

pub mod engine;
pub mod explore;
pub mod term;
pub mod translate;
