//! Paths the bound k cut (`Exploration::loops_cut`), in words a user can act on: which loop,
//! and for a loop whose trip count the source fixes, the `--k` that keeps its paths.

use crate::clp::explore::Exploration;
use crate::ir::{Loop, Method};

/// The loops of `exploration`'s cuts, with their methods (a callee's, when it ran inline).
fn loops_cut<'m>(exploration: &Exploration, methods: &'m [Method]) -> Vec<(&'m Method, &'m Loop)> {
    exploration
        .loops_cut
        .iter()
        .filter_map(|(method, id)| {
            let m = methods.iter().find(|m| m.key.to_string() == *method)?;
            Some((m, m.loops.get(*id as usize)?))
        })
        .collect()
}

/// The loops where k cut paths although the source fixes their trip count: every path
/// through them is missing (a loop over the input, cut at k, keeps its shorter paths).
pub fn fixed_loops_cut<'m>(exploration: &Exploration, methods: &'m [Method]) -> Vec<(&'m Method, &'m Loop)> {
    loops_cut(exploration, methods).into_iter().filter(|(_, l)| l.trip_count.is_some()).collect()
}

/// The warning of a method whose paths `fixed_loops_cut` lost, `None` when it lost none:
/// the loops, their trip counts, and the `--k` that keeps the paths.
pub fn fixed_loops_note(fixed: &[(&Method, &Loop)], k: u32) -> Option<String> {
    let needed = fixed.iter().filter_map(|(_, l)| l.trip_count).max()?;
    let loops: Vec<String> = fixed
        .iter()
        .map(|(_, l)| {
            let times = l.trip_count.unwrap_or_default();
            format!("the loop at {}:{} runs {times} time{}", l.span.file.display(), l.span.line, if times == 1 { "" } else { "s" })
        })
        .collect();
    let it = if loops.len() == 1 { "it" } else { "them" };
    Some(format!(
        "{}, more than the bound (k = {k}): the paths that run {it} to the end were cut and have no test; \
         try --k {needed}",
        loops.join(" and ")
    ))
}

/// Where k cut paths of `exploration`, `the loop at FILE:LINE` (each loop once, joined by
/// commas), or `None` when no loop did (recursion deeper than k, say).
pub fn cut_places(exploration: &Exploration, methods: &[Method]) -> Option<String> {
    let places: Vec<String> = loops_cut(exploration, methods)
        .iter()
        .map(|(_, l)| format!("the loop at {}:{}", l.span.file.display(), l.span.line))
        .collect();
    (!places.is_empty()).then(|| places.join(", "))
}
