//! Helpers of the end-to-end tests (`tests/e2e.rs`).

pub mod coverage;
pub mod java;
pub mod junit;
pub mod report;
