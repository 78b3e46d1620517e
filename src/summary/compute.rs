//! Summaries computed bottom-up over the call graph's strongly connected components: each
//! component after the components it calls, independent components in parallel (one scryer
//! machine per worker thread, since a machine cannot cross threads), cached ones reused.

use super::Summary;
use super::cache::{Cache, Key, KeyBuilder};
use crate::callgraph::CallGraph;
use crate::clp::engine::{self, Engine, EngineError};
use crate::clp::explore::{case_program, explore_with_summary};
use crate::clp::translate::{
    Context, case_pred, database_heap_summary_glue, database_summary_glue, heap_summary_glue, summary_glue,
    translate_method,
};
use crate::ir::{Inst, JdbcType, Method, MethodKey, MethodKind, Ty};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct Settings {
    /// The coverage criterion.
    pub k: u32,
    /// Inferences allowed to find one path or to label it.
    pub budget: u64,
    /// Compose callees' summaries at call sites, or execute callees inline.
    pub compose: bool,
    /// Worker threads, each with its own engine.
    pub jobs: usize,
    pub cache_dir: Option<PathBuf>,
    /// The schema term (`sql::schema_term`) of the database methods use, if one was given.
    pub schema_term: Option<String>,
    /// Where to say how far the computation is, if anywhere.
    pub progress: Option<Sender<Progress>>,
}

/// How far a computation is: first how many methods it will summarise, then each one as a
/// worker starts on it and as its summary is done (computed, taken from the cache, or failed).
/// Methods are named by their keys, for display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    Planned(usize),
    Started(String),
    /// A method is done: the milliseconds its analysis took in this run, or None when its
    /// summary came from the cache or it could not be analysed.
    Done(String, Option<u64>),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub computed: usize,
    pub reused: usize,
    /// Call sites, in the methods whose summaries were computed, that composed a callee's
    /// summary instead of executing it.
    pub compositions: usize,
    /// Call sites, in those methods, that executed an analysed callee inline, by reason.
    pub inlined: Inlined,
}

/// Call sites that executed an analysed callee inline, by why they did not compose a summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Inlined {
    /// The callee is in the caller's own strongly connected component (recursion): its
    /// summary is the one being computed.
    pub recursion: usize,
    /// `--no-compose`: every other call site.
    pub no_compose: usize,
    /// The callee takes or returns a Statement, PreparedStatement or ResultSet: the caller's
    /// open JDBC objects are not mapped into a summary (a Connection or a DataSource is).
    pub jdbc_objects: usize,
    /// The callee parses date text, itself or through its callees (`text_parsers`).
    pub date_text: usize,
}

impl Inlined {
    pub fn total(&self) -> usize {
        self.recursion + self.no_compose + self.jdbc_objects + self.date_text
    }
}

pub struct Computed {
    /// The summary of every needed method, or why there is none.
    pub summaries: HashMap<MethodKey, Result<Summary, String>>,
    /// Milliseconds spent computing each summary computed in this run (loading its component's
    /// clauses counts for the component's first method); none for those reused.
    pub times: HashMap<MethodKey, u64>,
    pub stats: Stats,
    /// The first error writing the cache, if one could not be written (the run goes on; the
    /// next one computes those summaries again).
    pub cache_error: Option<std::io::Error>,
}

/// Computes (or reuses) the summaries of `needed` and of everything they call. `hand_written`
/// are the summaries of library methods (name, Prolog text), loaded into every engine.
pub fn compute(
    methods: &[Method],
    needed: &HashSet<MethodKey>,
    hand_written: &[(String, String)],
    settings: &Settings,
) -> Computed {
    let graph = CallGraph::new(methods);
    let by_key: HashMap<&MethodKey, &Method> = methods.iter().map(|m| (&m.key, m)).collect();
    let analysed: HashSet<MethodKey> = by_key.keys().map(|k| (*k).clone()).collect();
    let recursive = graph.recursive_callees();
    let no_recursion = HashSet::new();
    let database_users = database_users(methods);
    // Methods whose inputs or result may be objects compose: their cases carry the heap they
    // read and leave, matched against the caller's (`state:replay_composed/5`). Database
    // methods compose too: their cases' JDBC calls run again on the caller's session
    // (`jdbc:replay/6`), and methods that do both replay both, the heap first
    // (`jdbc:replay_composed/5`). Inline still: those that take or return the caller's open
    // JDBC objects.
    let jdbc_object_users: HashSet<MethodKey> =
        methods.iter().filter(|m| has_jdbc_object_interface(m)).map(|m| m.key.clone()).collect();
    let parsers = text_parsers(methods);
    let inline_users: HashSet<MethodKey> = jdbc_object_users.union(&parsers).cloned().collect();
    // Composed database methods with a Connection parameter run inline where the caller's
    // connection may be null (`database_summary_glue`): their clauses are loaded as well.
    let with_fallback: HashSet<MethodKey> = methods
        .iter()
        .filter(|m| database_users.contains(&m.key) && !inline_users.contains(&m.key) && has_connection_parameter(m))
        .map(|m| m.key.clone())
        .collect();
    // The methods some caller composes (not one of its own component's, which run inline, nor
    // one always inlined), in the whole program whatever is asked for, so that a method's
    // cache key does not depend on `--method`.
    let composed_by_callers: HashSet<MethodKey> = if settings.compose {
        methods
            .iter()
            .flat_map(|m| {
                let own = recursive.get(&m.key).unwrap_or(&no_recursion);
                m.callees().filter(move |c| !own.contains(*c))
            })
            .filter(|c| analysed.contains(*c) && !inline_users.contains(*c))
            .cloned()
            .collect()
    } else {
        HashSet::new()
    };
    let context = |key: &MethodKey, compose: bool| Context {
        compose,
        k: settings.k,
        recursive_callees: recursive.get(key).unwrap_or(&no_recursion),
        analysed: &analysed,
        inline_callees: &inline_users,
        schema: settings.schema_term.as_deref().filter(|_| database_users.contains(key)),
        composed_by_callers: composed_by_callers.contains(key),
    };

    let mut shared_key = KeyBuilder::default();
    shared_key.part(&engine::fingerprint());
    // The code that writes and reads summaries: a summary cached by another build of hornet
    // whose translation differs must not be reused.
    shared_key.part(include_str!("../clp/translate.rs").as_bytes());
    shared_key.part(include_str!("../clp/explore.rs").as_bytes());
    for (name, text) in hand_written {
        shared_key.part(name.as_bytes()).part(text.as_bytes());
    }
    shared_key.part(&settings.k.to_le_bytes()).part(&settings.budget.to_le_bytes());
    shared_key.part(&[u8::from(settings.compose)]);
    shared_key.part(settings.schema_term.as_deref().unwrap_or("").as_bytes());
    let shared_key = shared_key.finish();

    let mut initial: Vec<(String, String)> = hand_written.to_vec();
    if !settings.compose {
        // Inline execution: every method's clauses are in every engine from the start.
        for m in methods {
            initial.push((format!("{}.pl", m.key), translate_method(m, &context(&m.key, false))));
        }
    }
    let initial = Arc::new(initial);

    let reachable = graph.callees_of(needed);
    let components = graph.components_bottom_up();
    let levels = levels(&components, &by_key);
    let cache = settings.cache_dir.as_ref().map(Cache::new);
    let mut keys: HashMap<MethodKey, Key> = HashMap::new();
    let mut summaries: HashMap<MethodKey, Result<Summary, String>> = HashMap::new();
    let mut times: HashMap<MethodKey, u64> = HashMap::new();
    let mut stats = Stats::default();
    let report = |step: Progress| {
        if let Some(progress) = &settings.progress {
            // A display that went away does not stop the computation.
            let _ = progress.send(step);
        }
    };
    let planned: usize = components.iter().filter(|c| c.iter().any(|k| reachable.contains(k))).map(Vec::len).sum();
    report(Progress::Planned(planned));
    let mut cache_error = None;

    std::thread::scope(|scope| {
        let (job_sender, job_receiver) = channel::<Job>();
        let job_receiver = Arc::new(Mutex::new(job_receiver));
        let (result_sender, result_receiver) = channel::<JobResult>();
        // Workers start when a job would otherwise wait, never more than `jobs`: each starts its
        // own Prolog machine (the run's fixed cost), so a job goes to an idle worker that has
        // one rather than to a new worker that must start one.
        let mut workers = 0;
        let spawn_worker = || {
            let (jobs, results, initial) = (job_receiver.clone(), result_sender.clone(), initial.clone());
            let (budget, progress) = (settings.budget, settings.progress.clone());
            scope.spawn(move || worker(jobs, results, initial, budget, progress));
        };

        for level in levels {
            let mut pending: HashMap<usize, (Vec<MethodKey>, Vec<Key>)> = HashMap::new();
            for index in level {
                let component = &components[index];
                if !component.iter().any(|k| reachable.contains(k)) {
                    continue;
                }
                let member_keys =
                    component_keys(component, &by_key, &keys, shared_key, settings.compose, &composed_by_callers);
                for (k, key) in component.iter().zip(&member_keys) {
                    keys.insert(k.clone(), *key);
                }
                let cached: Option<Vec<Summary>> = cache
                    .as_ref()
                    .and_then(|c| component.iter().zip(&member_keys).map(|(m, k)| c.get(k, &m.to_string())).collect());
                if let Some(cached) = cached {
                    stats.reused += cached.len();
                    for (k, s) in component.iter().zip(cached) {
                        report(Progress::Done(k.to_string(), None));
                        summaries.insert(k.clone(), Ok(s));
                    }
                    continue;
                }
                let external: BTreeSet<&MethodKey> = component
                    .iter()
                    .flat_map(|k| by_key[k].callees())
                    .filter(|c| analysed.contains(*c) && !component.contains(c))
                    .collect();
                if let Some(failed) = external.iter().find(|c| matches!(summaries.get(**c), Some(Err(_)))) {
                    for k in component {
                        report(Progress::Done(k.to_string(), None));
                        summaries.insert(k.clone(), Err(format!("its callee '{failed}' could not be analysed")));
                    }
                    continue;
                }
                let mut texts = Vec::new();
                if settings.compose {
                    // Callees that run inline: their clauses, and what they call in turn, are
                    // loaded instead of their summaries (both for a database method that may
                    // run inline, `with_fallback`).
                    let mut inline: BTreeSet<&MethodKey> = BTreeSet::new();
                    let mut composed: BTreeSet<&MethodKey> = BTreeSet::new();
                    let mut pending: Vec<&MethodKey> = external.iter().copied().collect();
                    while let Some(callee) = pending.pop() {
                        if !inline_users.contains(callee) {
                            composed.insert(callee);
                        }
                        if (inline_users.contains(callee) || with_fallback.contains(callee)) && inline.insert(callee) {
                            pending.extend(by_key[callee].callees().filter(|c| analysed.contains(*c)));
                        }
                    }
                    for callee in composed {
                        if let Some(Ok(summary)) = summaries.get(callee) {
                            texts.push(summary_text(by_key[callee], summary, &database_users));
                        }
                    }
                    for callee in inline {
                        texts.push((format!("{callee}.pl"), translate_method(by_key[callee], &context(callee, true))));
                    }
                    for k in component {
                        let method = by_key[k];
                        for callee in method.callees().filter(|c| analysed.contains(*c)) {
                            if component.contains(callee) {
                                stats.inlined.recursion += 1;
                            } else if jdbc_object_users.contains(callee) {
                                stats.inlined.jdbc_objects += 1;
                            } else if parsers.contains(callee) {
                                stats.inlined.date_text += 1;
                            } else {
                                stats.compositions += 1;
                            }
                        }
                        texts.push((format!("{k}.pl"), translate_method(method, &context(k, true))));
                    }
                } else {
                    for k in component {
                        for callee in by_key[k].callees().filter(|c| analysed.contains(*c)) {
                            if component.contains(callee) {
                                stats.inlined.recursion += 1;
                            } else {
                                stats.inlined.no_compose += 1;
                            }
                        }
                    }
                }
                let job = Job { index, members: component.clone(), texts };
                if job_sender.send(job).is_ok() {
                    pending.insert(index, (component.clone(), member_keys));
                    // The previous levels' jobs are all done: the jobs of this level sent so
                    // far are the busy workers' and the queued ones.
                    if pending.len() > workers && workers < settings.jobs.max(1) {
                        spawn_worker();
                        workers += 1;
                    }
                }
            }
            for _ in 0..pending.len() {
                let Ok(result) = result_receiver.recv() else { break };
                let Some((members, member_keys)) = pending.remove(&result.index) else { continue };
                let member_times: Vec<Option<u64>> = match &result.outcome {
                    Ok(computed) => computed.iter().map(|(_, ms)| Some(*ms)).collect(),
                    Err(_) => Vec::new(),
                };
                for (i, k) in members.iter().enumerate() {
                    report(Progress::Done(k.to_string(), member_times.get(i).copied().flatten()));
                }
                match result.outcome {
                    Ok(computed) => {
                        stats.computed += computed.len();
                        for ((k, key), (s, ms)) in members.iter().zip(&member_keys).zip(computed) {
                            times.insert(k.clone(), ms);
                            if let Some(cache) = &cache
                                && let Err(error) = cache.put(key, &s)
                            {
                                cache_error.get_or_insert(error);
                            }
                            summaries.insert(k.clone(), Ok(s));
                        }
                    }
                    Err(problem) => {
                        for k in members {
                            summaries.insert(k, Err(problem.clone()));
                        }
                    }
                }
            }
        }
        drop(job_sender);
    });
    Computed { summaries, times, stats, cache_error }
}

/// The methods that use the database: those that call JDBC or take a JDBC value, and their
/// callers.
fn database_users(methods: &[Method]) -> HashSet<MethodKey> {
    let mut users: HashSet<MethodKey> = methods
        .iter()
        .filter(|m| {
            m.locals[..m.param_count as usize].iter().any(|l| matches!(l.ty, Ty::Jdbc(_)))
                || m.blocks.iter().flat_map(|b| &b.insts).any(|i| matches!(i, Inst::Jdbc { .. }))
        })
        .map(|m| m.key.clone())
        .collect();
    loop {
        let callers: Vec<MethodKey> = methods
            .iter()
            .filter(|m| !users.contains(&m.key) && m.callees().any(|c| users.contains(c)))
            .map(|m| m.key.clone())
            .collect();
        if callers.is_empty() {
            return users;
        }
        users.extend(callers);
    }
}

/// Whether a method takes or returns a Statement, PreparedStatement or ResultSet.
fn has_jdbc_object_interface(m: &Method) -> bool {
    let jdbc_object = |ty: &Ty| {
        matches!(ty, Ty::Jdbc(JdbcType::Statement | JdbcType::PreparedStatement | JdbcType::ResultSet))
    };
    jdbc_object(&m.ret) || m.locals[..m.param_count as usize].iter().any(|l| jdbc_object(&l.ty))
}

fn has_connection_parameter(m: &Method) -> bool {
    m.locals[..m.param_count as usize].iter().any(|l| matches!(l.ty, Ty::Jdbc(JdbcType::Connection)))
}

/// Groups components (indices into `components`, which is bottom-up) by the length of the
/// longest call chain below them: the components of one level are independent.
fn levels(components: &[Vec<MethodKey>], by_key: &HashMap<&MethodKey, &Method>) -> Vec<Vec<usize>> {
    let component_of: HashMap<&MethodKey, usize> =
        components.iter().enumerate().flat_map(|(i, c)| c.iter().map(move |k| (k, i))).collect();
    let mut level_of = vec![0usize; components.len()];
    for (i, component) in components.iter().enumerate() {
        level_of[i] = component
            .iter()
            .flat_map(|k| by_key[k].callees())
            .filter_map(|c| component_of.get(c).copied())
            .filter(|&j| j != i)
            .map(|j| level_of[j] + 1)
            .max()
            .unwrap_or(0);
    }
    let mut levels: Vec<Vec<usize>> = vec![Vec::new(); level_of.iter().max().map_or(0, |m| m + 1)];
    for (i, level) in level_of.into_iter().enumerate() {
        levels[level].push(i);
    }
    levels
}

/// The cache key of each member of a component: everything its summary depends on.
fn component_keys(
    component: &[MethodKey],
    by_key: &HashMap<&MethodKey, &Method>,
    keys: &HashMap<MethodKey, Key>,
    shared_key: Key,
    compose: bool,
    composed_by_callers: &HashSet<MethodKey>,
) -> Vec<Key> {
    let mut shared = KeyBuilder::default();
    shared.part(&shared_key.0);
    let mut members: Vec<&MethodKey> = component.iter().collect();
    members.sort();
    let mut external: BTreeSet<&MethodKey> = BTreeSet::new();
    for key in &members {
        let method = by_key[key];
        shared.part(&postcard::to_allocvec(method).expect("IR serialises"));
        external.extend(method.callees().filter(|c| !component.contains(c)));
    }
    for callee in external {
        shared.part(callee.to_string().as_bytes());
        if let Some(key) = keys.get(callee) {
            shared.part(&key.0);
        }
        if !compose {
            // Inline execution runs the callee's own clauses: they are part of the key.
            if let Some(m) = by_key.get(callee) {
                shared.part(&postcard::to_allocvec(*m).expect("IR serialises"));
            }
        }
    }
    let shared = shared.finish();
    // A summary made for no caller lacks the clause callers compose: a caller added later must
    // not find it.
    component
        .iter()
        .map(|k| {
            let composed = [u8::from(composed_by_callers.contains(k))];
            KeyBuilder::default().part(&shared.0).part(k.to_string().as_bytes()).part(&composed).finish()
        })
        .collect()
}

/// What callers load to compose a method: its cases and the clause in the shape of a call
/// (one that composes the case's heap with the caller's when objects cross the call, one that
/// replays its JDBC calls on the caller's session when it uses the database, one that does
/// both).
fn summary_text(method: &Method, summary: &Summary, database_users: &HashSet<MethodKey>) -> (String, String) {
    let key = &method.key;
    let receivers = if method.kind == MethodKind::Instance { method.receivers.as_slice() } else { &[] };
    // How many cases there are: composing them is budgeted by it (`jvm:composed/2`).
    let pred = case_pred(key);
    let cases = summary.composed.lines().filter(|l| l.starts_with(pred.as_str())).count();
    let glue = if method.has_object_interface() && database_users.contains(key) {
        database_heap_summary_glue(method, receivers, cases)
    } else if method.has_object_interface() {
        heap_summary_glue(key, receivers, cases)
    } else if database_users.contains(key) {
        database_summary_glue(method, cases)
    } else {
        summary_glue(key, cases)
    };
    (format!("{key}$summary.pl"), format!("{}{glue}", case_program(&pred, &summary.composed)))
}

struct Job {
    index: usize,
    members: Vec<MethodKey>,
    /// Program texts the job needs loaded (name, text); a worker loads each name once.
    texts: Vec<(String, String)>,
}

struct JobResult {
    index: usize,
    /// Each member's summary and the milliseconds it took.
    outcome: Result<Vec<(Summary, u64)>, String>,
}

/// A worker thread: owns one engine, started on its first job and started afresh after a
/// failure, and computes the summaries of the components it is sent.
fn worker(
    jobs: Arc<Mutex<Receiver<Job>>>,
    results: Sender<JobResult>,
    initial: Arc<Vec<(String, String)>>,
    budget: u64,
    progress: Option<Sender<Progress>>,
) {
    let mut engine: Option<(Engine, HashSet<String>)> = None;
    loop {
        let job = match jobs.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        if let Some(progress) = &progress {
            for key in &job.members {
                let _ = progress.send(Progress::Started(key.to_string()));
            }
        }
        let unanswered = Unanswered { index: job.index, results: &results };
        let outcome = run_job(&mut engine, &initial, &job, budget);
        std::mem::forget(unanswered);
        if outcome.is_err() {
            engine = None;
        }
        if results.send(JobResult { index: job.index, outcome }).is_err() {
            return;
        }
    }
}

/// A job being run: if its worker panics, the job still gets an answer, so that `compute`
/// (which keeps a sender to start workers later) does not wait for it forever; the panic then
/// reaches `compute`'s caller when the thread scope ends.
struct Unanswered<'a> {
    index: usize,
    results: &'a Sender<JobResult>,
}

impl Drop for Unanswered<'_> {
    fn drop(&mut self) {
        let _ = self.results.send(JobResult { index: self.index, outcome: Err("hornet failed".into()) });
    }
}

fn run_job(
    engine: &mut Option<(Engine, HashSet<String>)>,
    initial: &[(String, String)],
    job: &Job,
    budget: u64,
) -> Result<Vec<(Summary, u64)>, String> {
    if engine.is_none() {
        let mut fresh = Engine::new().map_err(|e| e.to_string())?;
        for (name, text) in initial {
            fresh.consult(name, text).map_err(|e| e.to_string())?;
        }
        *engine = Some((fresh, HashSet::new()));
    }
    // Starting the machine and loading the runtime is the worker's cost, paid once; loading the
    // job's clauses is its methods'.
    let start = Instant::now();
    let (engine, loaded) = engine.as_mut().expect("started above");
    for (name, text) in &job.texts {
        if loaded.insert(name.clone()) {
            engine.consult(name, text).map_err(|e| e.to_string())?;
        }
    }
    // Loading counts for the first member: most components are one method.
    let mut start = Some(start);
    job.members
        .iter()
        .map(|key| {
            let from = start.take().unwrap_or_else(Instant::now);
            let (exploration, cases) = explore_with_summary(engine, key, budget).map_err(|e| explain(&e))?;
            let ms = u64::try_from(from.elapsed().as_millis()).unwrap_or(u64::MAX);
            Ok((
                Summary {
                    method: key.to_string(),
                    cases: cases.clauses,
                    shown: cases.shown,
                    composed: cases.composed,
                    exploration,
                },
                ms,
            ))
        })
        .collect()
}

/// What a failed exploration tells the user: the cause when it is one of the sources' (an
/// exception class whose superclasses are unknown reaching a catch table, `translate.rs`), else
/// that hornet failed, without the Prolog text.
fn explain(error: &EngineError) -> String {
    const UNKNOWN_EXCEPTION: &str = "existence_error(exception_superclasses,";
    if let EngineError::Query { exception, .. } = error
        && let Some((_, rest)) = exception.split_once(UNKNOWN_EXCEPTION)
    {
        let class = rest.split(')').next().unwrap_or("").trim().trim_matches('\'');
        return format!(
            "an exception of class '{class}', whose superclasses are not known (not a class of the \
             sources that hornet could read, nor a JDK exception it models), reaches one of its try statements"
        );
    }
    match error {
        EngineError::Query { exception, .. } => {
            let kind = exception.trim_start_matches("error(").split(['(', ',']).next().unwrap_or("");
            format!("internal error in its analysis ({kind}): please report it")
        }
        other => format!("internal error in its analysis ({other})"),
    }
}

/// The methods that parse date text (`MethodKey::parses_date_text`), themselves or through
/// their callees. Their cases describe unknown text by kinds (`dates:text_parsed/4`), while
/// known text is parsed as the JDK parses it: a caller passing known text (a literal) must
/// meet the parse itself, so they run inline.
fn text_parsers(methods: &[Method]) -> HashSet<MethodKey> {
    let mut parsers: HashSet<MethodKey> =
        methods.iter().filter(|m| m.callees().any(MethodKey::parses_date_text)).map(|m| m.key.clone()).collect();
    loop {
        let more: Vec<MethodKey> = methods
            .iter()
            .filter(|m| !parsers.contains(&m.key) && m.callees().any(|c| parsers.contains(c)))
            .map(|m| m.key.clone())
            .collect();
        if more.is_empty() {
            return parsers;
        }
        parsers.extend(more);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_exception_class_is_named_without_prolog_text() {
        let error = EngineError::Query {
            goal: "explore:cases(x)".into(),
            exception: "error(existence_error(exception_superclasses,'java.lang.Oops'),'p.Use.f(int,int)$catches'/3)".into(),
        };
        let text = explain(&error);
        assert!(text.starts_with("an exception of class 'java.lang.Oops', whose"), "{text}");
        assert!(!text.contains("existence_error"), "{text}");
    }
}
