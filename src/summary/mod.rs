//! Method summaries (Albert et al., Definition 1): the cases of a method under the most general
//! context, each with its constraints as Prolog clauses, plus the labelled paths its tests are
//! made from. Computed once per method, composed at call sites, cached on disk.

pub mod cache;
pub mod compute;
pub mod user;
mod user_sql;

use crate::clp::explore::Exploration;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The method's full signature.
    pub method: String,
    /// Clauses of the method's case predicate (`clp::translate::case_pred`), one per path that
    /// is not infeasible, with residual clpz constraints.
    pub cases: String,
    /// For each case clause, in order, what `hornet summaries` shows of it: the
    /// `explore:shown/3` term, whose variables are the clause's (empty when not known).
    pub shown: Vec<String>,
    /// The clauses of the case predicate that callers compose: `cases` with a database
    /// method's own database left out, each distinct clause once (`clp::explore::Cases`).
    pub composed: String,
    /// The method's paths, labelled.
    pub exploration: Exploration,
}
