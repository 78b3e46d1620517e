//! Helpers of the end-to-end tests (`tests/e2e.rs`).

pub mod coverage;
// Used by the tests of hostile inputs and mutants, not by the end-to-end test.
#[allow(dead_code)]
pub mod generated;
pub mod java;
pub mod junit;
pub mod postgres;
pub mod report;
