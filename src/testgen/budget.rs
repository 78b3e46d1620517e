//! Where an `incomplete` method's budget ran out, in words a user can act on: the branch the
//! search had reached (file:line) and which budget it was.

use crate::clp::explore::{Event, Exploration, PathResult, StallReason};
use crate::ir::Method;

/// The one note of an incomplete method: its own first overrun, else its first path that
/// could not be labelled, else the callee whose summary is incomplete (`incomplete_callee`).
pub fn budget_note(
    exploration: &Exploration,
    methods: &[Method],
    budget: u64,
    incomplete_callee: Option<&str>,
) -> Option<String> {
    let branch = |method: &str, id: u32| -> String {
        methods
            .iter()
            .find(|m| m.key.to_string() == method)
            .and_then(|m| m.branches.get(id as usize))
            .map_or_else(|| format!("in '{method}'"), |b| format!("{}:{}", b.span.file.display(), b.span.line))
    };
    if exploration.budget_exhausted {
        let Some(stall) = &exploration.stall else {
            return Some(format!("a budget ran out ({budget} inferences to find a path): paths may be missing"));
        };
        // Where the search was: "at the branch at FILE:LINE", or before any branch.
        let (at, after, deciding) = match &stall.at {
            Some((method, id)) => {
                let place = branch(method, *id);
                (
                    format!("at the branch at {place}"),
                    format!("after the branch at {place}"),
                    format!("deciding the branch at {place}"),
                )
            }
            None => ("before the first branch".into(), "before the first branch".into(), "deciding a branch".into()),
        };
        return Some(match stall.why {
            StallReason::Search => format!(
                "search budget ran out {at}: finding the next path took more than \
                 {budget} inferences (--budget); paths from there on may be missing"
            ),
            StallReason::SearchSql => format!(
                "search budget ran out in the SQL statements {after}: finding the next path took \
                 more than {budget} inferences (--budget); paths from there on may be missing"
            ),
            StallReason::SearchArithmetic => format!(
                "search budget ran out in arithmetic {after}: finding the next path took more \
                 than {budget} inferences (--budget); paths from there on may be missing"
            ),
            StallReason::Comparison => format!(
                "solving budget ran out {deciding}: its comparison did not propagate \
                 within 200000 inferences; that path was abandoned"
            ),
            StallReason::Sql => format!(
                "solving budget ran out in an SQL condition {after}: it did not \
                 propagate within 200000 inferences; that path was abandoned"
            ),
            StallReason::Arithmetic => format!(
                "solving budget ran out in arithmetic {after}: it did not propagate \
                 within 200000 inferences; that path was abandoned"
            ),
            StallReason::Summary => format!(
                "solving budget ran out composing a callee's summary {after}: its constraints \
                 did not propagate within 1600000 inferences per case of the callee; that path was abandoned"
            ),
            StallReason::Model => format!(
                "a path {after} needs what hornet does not model (the warnings and \
                 docs/ list what: a conversion H2 makes, text over the string bound, a second connection \
                 inside a transaction, ...); that path was abandoned"
            ),
            StallReason::Engines => format!(
                "a path {after} does what H2 and PostgreSQL do differently (an SQLException's \
                 error code, a foreign key or CHECK violation's SQL state, a String parameter meeting \
                 an integer column), and the tests of a PostgreSQL schema run on both; that path was abandoned"
            ),
        });
    }
    let unlabelled: Vec<&Vec<Event>> = exploration
        .paths
        .iter()
        .filter_map(|p| match p {
            PathResult::Unknown { events } => Some(events),
            _ => None,
        })
        .collect();
    if let Some(events) = unlabelled.first() {
        let last = events.iter().rev().find_map(|e| match e {
            Event::Branch { method, id, .. } => Some(branch(method, *id)),
            _ => None,
        });
        let place = last.map_or_else(|| "with no branch".to_string(), |p| format!("ending after the branch at {p}"));
        if events.contains(&Event::ClockDecides) {
            return Some(format!(
                "a path {place} reads the clock and holds on some days only (the clock is an input \
                 no test sets: a test must decide the same way on any day from 2020 to 2090, and \
                 its value is never known exactly, so its text is not either); it has no test"
            ));
        }
        let unsolved = unlabelled.iter().filter(|events| !events.contains(&Event::ClockDecides)).count();
        let (paths, verb) = match unsolved {
            1 => (format!("a path {place}"), "it has"),
            n => (format!("{n} paths, the first {place}"), "they have"),
        };
        return Some(format!(
            "labelling budget ran out: no inputs found within {budget} inferences (--budget) for {paths}; \
             {verb} no test"
        ));
    }
    incomplete_callee.map(|callee| format!("its callee '{callee}' is incomplete: paths through it may be missing"))
}
