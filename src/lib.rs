//! hornet: generates JUnit 5 tests for Java code by compositional symbolic execution in
//! constraint logic programming. See ARCHITECTURE.md for the map of the modules.

pub mod diag;
pub mod ir;
pub mod java;
