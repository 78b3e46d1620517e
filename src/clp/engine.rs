//! The only module that knows scryer-prolog's API. It hides the hazards measured in
//! `shared/notes/scryer-embedding.md`: answers cross as text only, every query is drained,
//! exceptions are caught inside Prolog, every load is probed, and a machine that failed once
//! is never used again.

use scryer_prolog::{LeafAnswer, Machine, MachineBuilder, StreamConfig, Term};
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The runtime written in Prolog, loaded into every machine (file name, text).
const RUNTIME: &[(&str, &str)] = &[
    ("jvm.pl", include_str!("../../prolog/jvm.pl")),
    ("state.pl", include_str!("../../prolog/state.pl")),
    ("strings.pl", include_str!("../../prolog/strings.pl")),
    ("boxes.pl", include_str!("../../prolog/boxes.pl")),
    ("enums.pl", include_str!("../../prolog/enums.pl")),
    ("dates.pl", include_str!("../../prolog/dates.pl")),
    ("decimals.pl", include_str!("../../prolog/decimals.pl")),
    ("floating.pl", include_str!("../../prolog/floating.pl")),
    ("heap.pl", include_str!("../../prolog/heap.pl")),
    ("db.pl", include_str!("../../prolog/db.pl")),
    // The JDBC model is a hand-written summary, but a module: translated code calls it by name.
    ("jdbc.pl", include_str!("../../summaries/jdbc.pl")),
    // The SQL of hand-written summaries, run through the JDBC model (`summary/user_sql.rs`).
    ("user_sql.pl", include_str!("../../summaries/user_sql.pl")),
    ("explore.pl", include_str!("../../prolog/explore.pl")),
];

/// Libraries the translated programs use unqualified. Summary clauses carry residual goals:
/// `freeze/2` (strings.pl's concatenations), `when/2` (db.pl's deferred LIKE failures) and
/// `call(db:unread_difference(...))` (db.pl's deferred key differences).
const PRELUDE: &str = "\
:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(charsio)).
:- use_module(library(format)).
:- use_module(library(dcgs)).
:- use_module(library(freeze)).
:- use_module(library(when)).
";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// Program text that scryer could not load.
    Load { name: String, detail: String },
    /// A goal that raised a Prolog exception (rendered as text).
    Query { goal: String, exception: String },
    /// The machine is unusable after an earlier failure.
    Poisoned,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Load { name, detail } => write!(f, "could not load {name}: {detail}"),
            EngineError::Query { goal, exception } => {
                write!(f, "Prolog exception {exception} in {goal}")
            }
            EngineError::Poisoned => f.write_str("the Prolog machine failed earlier"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Identifies the engine's behaviour for cache keys: hornet's version and the runtime text.
pub fn fingerprint() -> Vec<u8> {
    let mut bytes = env!("CARGO_PKG_VERSION").as_bytes().to_vec();
    bytes.extend_from_slice(PRELUDE.as_bytes());
    for (name, text) in RUNTIME {
        bytes.extend_from_slice(name.as_bytes());
        bytes.extend_from_slice(text.as_bytes());
    }
    bytes
}

/// One scryer machine with hornet's runtime loaded. Not `Send`: build one per thread.
pub struct Engine {
    machine: Machine,
    poisoned: bool,
    loads: u64,
}

impl Engine {
    pub fn new() -> Result<Engine, EngineError> {
        let machine = MachineBuilder::default().with_streams(StreamConfig::in_memory()).build();
        let mut engine = Engine { machine, poisoned: false, loads: 0 };
        engine.consult("prelude.pl", PRELUDE)?;
        for (name, text) in RUNTIME {
            engine.consult(name, text)?;
        }
        Ok(engine)
    }

    /// Loads program text (into `user`, or into the module it declares) and checks that all of
    /// it arrived by querying a sentinel fact appended to it.
    pub fn consult(&mut self, name: &str, program: &str) -> Result<(), EngineError> {
        if self.poisoned {
            return Err(EngineError::Poisoned);
        }
        self.loads += 1;
        let module = module_name(program);
        let sentinel = format!("'$hornet_loaded_{}'", self.loads);
        let text = format!("{program}\n{sentinel}.\n");
        // Module files load with `load_module_string` (consulting a second module into a
        // machine is refused as an invalid module declaration); plain code goes to `user`.
        let result = catch_unwind(AssertUnwindSafe(|| match module {
            Some(m) => self.machine.load_module_string(m, text),
            None => self.machine.consult_module_string(name, text),
        }));
        if result.is_err() {
            self.poisoned = true;
            return Err(EngineError::Load { name: name.into(), detail: "scryer panicked".into() });
        }
        let probe = match module {
            // A bare qualified atom is not run as a goal by the library interface.
            Some(m) => format!("{m}:{sentinel}, true."),
            None => format!("{sentinel}."),
        };
        match self.answers(&probe) {
            Ok(answers) if matches!(answers.first(), Some(LeafAnswer::True)) => Ok(()),
            _ => {
                self.poisoned = true;
                Err(EngineError::Load {
                    name: name.into(),
                    detail: "the text did not load completely (syntax error?)".into(),
                })
            }
        }
    }

    /// Runs `goal`, which must bind the variable `Text` to a list of characters, once, and
    /// returns that text. A Prolog exception becomes `EngineError::Query`; failure becomes an
    /// empty answer (`None`).
    pub fn query_text(&mut self, goal: &str) -> Result<Option<String>, EngineError> {
        if self.poisoned {
            return Err(EngineError::Poisoned);
        }
        let wrapped = format!(
            "catch(once(({goal})), E, true), \
             (var(E) -> Status = ok, Out = Text \
             ; Status = error, write_term_to_chars(E, [quoted(true)], Out))."
        );
        let answers = self.answers(&wrapped)?;
        match answers.into_iter().next() {
            Some(LeafAnswer::LeafAnswer { bindings, .. }) => {
                let out = bindings.get("Out").map(term_text).unwrap_or_default();
                match bindings.get("Status") {
                    Some(Term::Atom(s)) if s == "ok" => Ok(Some(out)),
                    _ => Err(EngineError::Query { goal: goal.into(), exception: out }),
                }
            }
            Some(LeafAnswer::Exception(t)) => {
                Err(EngineError::Query { goal: goal.into(), exception: format!("{t:?}") })
            }
            _ => Ok(None),
        }
    }

    /// All answers of a query, drained: a partly consumed query corrupts the machine.
    fn answers(&mut self, query: &str) -> Result<Vec<LeafAnswer>, EngineError> {
        let machine = &mut self.machine;
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut answers = Vec::new();
            for answer in machine.run_query(query.to_string()) {
                match answer {
                    Ok(a) => answers.push(a),
                    Err(t) => answers.push(LeafAnswer::Exception(t)),
                }
            }
            answers
        }));
        match result {
            Ok(answers) => Ok(answers),
            Err(_) => {
                self.poisoned = true;
                Err(EngineError::Query { goal: query.into(), exception: "scryer panicked".into() })
            }
        }
    }
}

/// The module a program text declares with `:- module(Name, ...)`, if any.
fn module_name(program: &str) -> Option<&str> {
    let start = program.find(":- module(")? + ":- module(".len();
    let rest = &program[start..];
    let end = rest.find(',')?;
    Some(rest[..end].trim())
}

/// A list of characters as scryer returns it: a string, or `[]` when empty.
fn term_text(term: &Term) -> String {
    match term {
        Term::String(s) => s.clone(),
        Term::List(items) => items
            .iter()
            .map(|t| match t {
                Term::Atom(a) => a.clone(),
                other => format!("{other:?}"),
            })
            .collect(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_cross_as_text() {
        let mut engine = Engine::new().expect("runtime loads");
        let text = engine
            .query_text("X #= 3 + 4, phrase(format_(\"~w\", [X]), Text)")
            .expect("query runs");
        assert_eq!(text.as_deref(), Some("7"));
    }

    #[test]
    fn long_texts_cross_whole_and_in_order() {
        // Built cell by cell by append/2 (all but the last piece, a literal that may stay a
        // partial string): 30000 characters, one of them outside ASCII.
        let mut engine = Engine::new().expect("runtime loads");
        let text = engine
            .query_text("length(Pieces, 10000), maplist(=(\"\u{e9}\\na\"), Pieces), append(Pieces, Text)")
            .expect("query runs");
        assert_eq!(text, Some("\u{e9}\na".repeat(10000)));
        // A list whose first element is no character is a list, not a string.
        let text = engine.query_text("Text = [ab, c, d]").expect("query runs");
        assert_eq!(text.as_deref(), Some("abcd"));
    }

    #[test]
    fn exceptions_are_caught_and_reported() {
        let mut engine = Engine::new().expect("runtime loads");
        let err = engine.query_text("atom_length(X, _), Text = []").unwrap_err();
        assert!(matches!(err, EngineError::Query { .. }), "{err:?}");
        // The machine is still usable afterwards.
        let text = engine.query_text("Text = \"ok\"").expect("query runs");
        assert_eq!(text.as_deref(), Some("ok"));
    }

    #[test]
    fn a_broken_program_is_reported_not_trusted() {
        let mut engine = Engine::new().expect("runtime loads");
        let err = engine.consult("broken.pl", "p(1).\nq(:- .\n").unwrap_err();
        assert!(matches!(err, EngineError::Load { .. }), "{err:?}");
    }

    #[test]
    fn strings_are_bounded_as_the_ir_says() {
        let mut engine = Engine::new().expect("runtime loads");
        let text = engine.query_text("strings:max_length(N), phrase(format_(\"~w\", [N]), Text)").expect("runs");
        assert_eq!(text, Some(crate::ir::STRING_MAX_LENGTH.to_string()));
    }

    #[test]
    fn arrays_are_bounded_as_the_ir_says() {
        let mut engine = Engine::new().expect("runtime loads");
        let text = engine.query_text("heap:max_array_length(N), phrase(format_(\"~w\", [N]), Text)").expect("runs");
        assert_eq!(text, Some(crate::ir::ARRAY_MAX_LENGTH.to_string()));
    }

    /// Every outcome of a query, as `~w` writes its Values term, one per line.
    fn all(engine: &mut Engine, goal: &str, values: &str) -> String {
        let query = format!(
            "findall(Line, ({goal}, phrase(format_(\"~w~n\", [{values}]), Line)), Lines), append(Lines, Text)"
        );
        engine.query_text(&query).expect("query runs").unwrap_or_default()
    }

    #[test]
    fn array_accesses_check_null_and_bounds_without_splitting_on_a_symbolic_index() {
        let mut engine = Engine::new().expect("runtime loads");
        // An input int array read at a symbolic index: null, out of bounds below or above, or
        // one element/3.
        let text = all(&mut engine, "state:initial(S0), heap:array_load(array(int), A, I, _, S0, _, Ex)", "Ex");
        let out_of_bounds = "exc(java.lang.ArrayIndexOutOfBoundsException)\n";
        assert_eq!(text, format!("exc(java.lang.NullPointerException)\n{out_of_bounds}{out_of_bounds}ok\n"));
        // A new array: default values, a store, a negative length.
        let text = all(
            &mut engine,
            "state:initial(S0), heap:new_array(array(long), 2, R, S0, S1, ok), heap:array_store(array(long), R, 1, 7, S1, S2, ok), \
             heap:array_load(array(long), R, 1, V, S2, _, ok), heap:array_load(array(long), R, 0, W, S2, _, ok), \
             heap:array_load(array(long), R, 2, _, S2, _, X)",
            "V-W-X",
        );
        assert_eq!(text, "7-0-exc(java.lang.ArrayIndexOutOfBoundsException)\n");
        let text = all(&mut engine, "state:initial(S0), heap:new_array(array(int), -1, _, S0, _, Ex)", "Ex");
        assert_eq!(text, "exc(java.lang.NegativeArraySizeException)\n");
        // A store at a symbolic index into numbers is one path; into references, one per index.
        let text = all(
            &mut engine,
            "state:initial(S0), heap:new_array(array(int), 3, R, S0, S1, ok), heap:array_store(array(int), R, I, 5, S1, _, ok)",
            "ok",
        );
        assert_eq!(text, "ok\n");
        let text = all(
            &mut engine,
            "state:initial(S0), heap:new_array(array(obj(c)), 3, R, S0, S1, ok), heap:array_store(array(obj(c)), R, I, null, S1, _, ok)",
            "I",
        );
        assert_eq!(text, "0\n1\n2\n");
    }

    #[test]
    fn input_arrays_are_null_fresh_or_an_input_array_of_the_same_type() {
        let mut engine = Engine::new().expect("runtime loads");
        let text = all(
            &mut engine,
            "state:initial(S0), heap:array_length(array(int), A, _, S0, S1, _), heap:array_length(array(int), B, _, S1, _, _)",
            "A-B",
        );
        assert_eq!(text, "null-null\nnull-r(0)\nr(0)-null\nr(0)-r(1)\nr(0)-r(0)\n");
        let text = all(
            &mut engine,
            "state:initial(S0), heap:array_length(array(int), A, _, S0, S1, ok), heap:array_length(array(long), B, _, S1, _, _)",
            "A-B",
        );
        assert_eq!(text, "r(0)-null\nr(0)-r(1)\n");
    }

    #[test]
    fn lists_grow_shift_and_check_their_indices() {
        let mut engine = Engine::new().expect("runtime loads");
        // The newest cell's size and elements, with a symbolic index labelled last.
        let cell = "state:heap(S, heap(_, [a(_, list(int), N, Es)|_], _))";
        let text = all(
            &mut engine,
            &format!(
                "state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_add(list(int), R, 8, S2, S3, ok), \
                 heap:list_insert(list(int), R, 1, 5, S3, S4, ok), heap:list_remove(list(int), R, 0, V, S4, S5, ok), heap:list_set(list(int), R, 1, 9, W, S5, S, ok), {cell}"
            ),
            "V-W-N-Es",
        );
        assert_eq!(text, "7-8-2-[5,9,0,0,0,0,0,0]
");
        // An insertion at a symbolic index: out of bounds below or above, or one path whose
        // elements follow the index.
        let text = all(
            &mut engine,
            &format!(
                "state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 1, S1, S2, ok), heap:list_add(list(int), R, 2, S2, S3, ok), \
                 heap:list_insert(list(int), R, I, 9, S3, S, Ex), ( Ex == ok -> {cell}, label([I]) ; Es = [] )"
            ),
            "Ex-Es",
        );
        let out_of_bounds = "exc(java.lang.IndexOutOfBoundsException)-[]\n";
        assert_eq!(
            text,
            format!(
                "{out_of_bounds}{out_of_bounds}ok-[9,1,2,0,0,0,0,0]\nok-[1,9,2,0,0,0,0,0]\nok-[1,2,9,0,0,0,0,0]\n"
            )
        );
        // A removal at a symbolic index, labelled afterwards.
        let text = all(
            &mut engine,
            &format!(
                "state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 1, S1, S2, ok), heap:list_add(list(int), R, 2, S2, S3, ok), \
                 heap:list_remove(list(int), R, I, V, S3, S, ok), {cell}, label([I])"
            ),
            "V-N-Es",
        );
        assert_eq!(text, "1-1-[2,0,0,0,0,0,0,0]\n2-1-[1,0,0,0,0,0,0,0]\n");
        // Search: contains is two paths, found or not; indexOf one per outcome.
        let text = all(
            &mut engine,
            "state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_add(list(int), R, 7, S2, S3, ok), \
             heap:list_contains(list(int), R, X, F, S3, _, ok), heap:list_index_of(list(int), R, X, I, S3, _, ok)",
            "F-I",
        );
        assert_eq!(text, "1-0\n0- -1\n");
        // A path that grows a list past the bound is cut.
        let adds: String = (0..crate::ir::ARRAY_MAX_LENGTH).map(|i| format!("heap:list_add(list(int), R, {i}, S{i}, S{}, ok), ", i + 1)).collect();
        let n = crate::ir::ARRAY_MAX_LENGTH;
        let text = all(&mut engine, &format!("state:initial(S), heap:new_list(list(int), R, S, S0), {adds}heap:list_add(list(int), R, 9, S{n}, _, Ex)"), "Ex");
        assert_eq!(text, "");
    }

    #[test]
    fn input_lists_are_null_fresh_or_an_input_list() {
        let mut engine = Engine::new().expect("runtime loads");
        let text = all(
            &mut engine,
            "state:initial(S0), heap:list_size(list(int), A, _, S0, S1, _), heap:list_size(list(int), B, _, S1, _, _)",
            "A-B",
        );
        assert_eq!(text, "null-null\nnull-r(0)\nr(0)-null\nr(0)-r(1)\nr(0)-r(0)\n");
        let text = all(
            &mut engine,
            "state:initial(S0), heap:list_size(list(int), A, _, S0, S1, ok), heap:array_length(array(int), B, _, S1, _, _)",
            "A-B",
        );
        assert_eq!(text, "r(0)-null\nr(0)-r(1)\n");
    }

    #[test]
    fn lists_of_objects_hold_references_and_input_ones_are_lazy() {
        let mut engine = Engine::new().expect("runtime loads");
        let person = "list(obj(p))";
        // A new list takes null and objects; removal shifts them down and pads with null.
        let text = all(
            &mut engine,
            &format!(
                "state:initial(S0), heap:new_list({person}, R, S0, S1), heap:new(layout(p, []), O, S1, S2), \
                 heap:list_add({person}, R, O, S2, S3, ok), heap:list_add({person}, R, null, S3, S4, ok), \
                 heap:list_remove({person}, R, 0, V, S4, S, ok), heap:list_get({person}, R, 0, W, S, _, ok), \
                 state:heap(S, heap(_, Cells, _)), memberchk(a(_, _, N, Es), Cells)"
            ),
            "V-W-N-Es",
        );
        assert_eq!(text, "r(1)-null-1-[null,null,null,null,null,null,null,null]\n");
        // An element of an input list is a reference nothing has looked at yet; an input list
        // of another element type is no alias.
        let text = all(
            &mut engine,
            &format!(
                "state:initial(S0), heap:list_get({person}, A, 0, V, S0, S1, ok), \
                 heap:list_size(list(int), B, _, S1, _, ok), ( var(V) -> E = lazy ; E = V )"
            ),
            "A-B-E",
        );
        assert_eq!(text, "r(0)-r(1)-lazy\n");
    }

    #[test]
    fn arraycopy_copies_as_through_a_temporary_array() {
        let mut engine = Engine::new().expect("runtime loads");
        let text = all(
            &mut engine,
            "state:initial(S0), heap:new_array(array(int), 3, A, S0, S1, ok), heap:array_store(array(int), A, 0, 5, S1, S2, ok), \
             heap:array_store(array(int), A, 1, 6, S2, S3, ok), heap:array_copy(A, 0, A, 1, 2, S3, S4, ok), \
             state:heap(S4, heap(_, [a(_, _, _, Es)|_], _)), Es = [E0, E1, E2|_]",
            "[E0, E1, E2]",
        );
        assert_eq!(text, "[5,5,6]\n");
        let text = all(
            &mut engine,
            "state:initial(S0), heap:new_array(array(int), 1, A, S0, S1, ok), heap:array_copy(A, 0, A, 1, 1, S1, _, Ex)",
            "Ex",
        );
        assert_eq!(text, "exc(java.lang.ArrayIndexOutOfBoundsException)\n");
    }

    #[test]
    fn contrary_orderings_of_two_ints_are_refuted_without_stalling() {
        let mut engine = Engine::new().expect("runtime loads");
        let goal = "jvm:value(int, A), jvm:value(int, B), jvm:stalled(false), jvm:compare(lt, A, B, t), \\+ jvm:compare(gt, B, A, f), jvm:stalled(S)";
        assert_eq!(all(&mut engine, goal, "S"), "false\n");
    }

    #[test]
    fn two_values_of_one_base_compare_by_their_offsets() {
        let mut engine = Engine::new().expect("runtime loads");
        // x + 1 < x + 2 fails only where x + 2 wraps around and x + 1 does not.
        let goal = "jvm:value(int, X), jvm:arith(add, int, X, 1, A), jvm:arith(add, int, X, 2, B), \
                    jvm:stalled(false), jvm:compare(lt, A, B, f), jvm:stalled(S)";
        assert_eq!(all(&mut engine, goal, "[X, S]"), "[2147483646,false]\n");
        // (x + 1) + 1 is x + 2: never below it, equal to it.
        let goal = "jvm:value(int, X), jvm:arith(add, int, X, 1, A), jvm:arith(add, int, X, 2, B), \
                    jvm:arith(add, int, A, 1, C), jvm:stalled(false), \\+ jvm:compare(lt, C, B, t), \
                    \\+ jvm:compare(eq, C, B, f), jvm:stalled(S)";
        assert_eq!(all(&mut engine, goal, "S"), "false\n");
    }

    #[test]
    fn java_int_arithmetic_wraps() {
        let mut engine = Engine::new().expect("runtime loads");
        let text = engine
            .query_text(
                "jvm:arith(add, int, 2147483647, 1, R), jvm:divide(div, int, -2147483648, -1, Q, ok), \
                 jvm:divide(rem, int, -7, 2, M, ok), phrase(format_(\"~w ~w ~w\", [R, Q, M]), Text)",
            )
            .expect("query runs");
        assert_eq!(text.as_deref(), Some("-2147483648 -2147483648 -1"));
    }
}
