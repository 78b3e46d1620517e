//! hornet: generates JUnit 5 tests for Java code by compositional symbolic execution in
//! constraint logic programming. See ARCHITECTURE.md for the map of the modules.

pub mod callgraph;
pub mod clp;
pub mod diag;
pub mod emit;
pub mod ir;
pub mod java;
pub mod pipeline;
pub mod sql;
pub mod summary;
pub mod testgen;
