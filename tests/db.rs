//! Data-driven tests of the symbolic database (`prolog/db.pl`): each `tests/cases/db/<case>/`
//! holds a `schema.sql` and a `script.txt` of SQL statements, one per line, run in sequence on
//! one symbolic database. An optional first line `params: int, string, ...` declares fresh
//! symbolic inputs, written `{1}`, `{2}`, ... in the statements; a line `commit` or `rollback`
//! calls `db:commit/2` or `db:rollback/3` (the first snapshot is the empty database, as after
//! `setAutoCommit(false)` on a fresh connection). Every path is labelled with
//! small values and printed (parameters, each statement's result, the fixture and the final
//! rows) into `tests/cases/db/<case>.expected`.

mod common;

use hornet::clp::engine::Engine;
use hornet::sql::{Piece, compile_statement, parse_schema, schema_term};
use std::path::Path;

/// Runs a case's statements on every path and writes one line per path.
const DRIVER: &str = r#"
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(clpz)).
:- use_module(library(format)).
:- use_module(library(dcgs)).

db_case(Schema, Types, Stmts, Text) :-
    findall(Line, db_path(Schema, Types, Stmts, Line), Lines),
    append(Lines, Text).

db_path(Schema, Types, Stmts, Line) :-
    db:empty(Schema, Db0),
    foldl(param, Types, Params, 1, _),
    pairs_values(Params, Inputs),
    foldl(run(Params), Stmts, Results, Db0-Db0, _-Db1),
    db:closed(Db1, Db),
    db:fixture(Db, Fixture),
    db:final(Db, Final),
    values_in(Inputs-Results-Fixture-Final, Values),
    once(explore:small_values(Values, 1000000, found)),
    maplist(shown, Inputs, InputsShown),
    shown_term(Results, ResultsShown),
    shown_term(Fixture, FixtureShown),
    shown_term(Final, FinalShown),
    phrase(format_("params ~q; results ~q; fixture ~q; final ~q~n",
                   [InputsShown, ResultsShown, FixtureShown, FinalShown]), Line).

param(int, hole(N)-V, N, N1) :- V in -2147483648..2147483647, N1 is N + 1.
param(string, hole(N)-_, N, N1) :- N1 is N + 1.

% The state is Committed-Db: the snapshot of the last commit (at first the empty database).
run(_, commit, commit, _-Db0, Committed-Db0) :- !, db:commit(Db0, Committed).
run(_, rollback, rollback, Committed-Db0, Committed-Db) :- !, db:rollback(Committed, Db0, Db).
run(Params, Stmt, Result, C-Db0, C-Db) :- db:execute(Stmt, Params, Result, Db0, Db).

% The values to label: variables, strings and nulls, wherever they sit in the term.
values_in(T, Vs) :- phrase(values_(T), Vs).
values_(T) --> { var(T) }, !, [T].
values_(T) --> { T = s(_, _) }, !, [T].
values_(T) --> { compound(T), T =.. [_|As] }, !, values_list(As).
values_(_) --> [].
values_list([]) --> [].
values_list([A|As]) --> values_(A), values_list(As).

shown(V, S) :-
    (   V = s(L, Codes) -> length(Prefix, L), append(Prefix, _, Codes), atom_codes(S, Prefix)
    ;   S = V
    ).
shown_term(T, S) :-
    (   T = s(_, _) -> shown(T, S)
    ;   compound(T) -> T =.. [F|As], maplist(shown_term, As, Ss), S =.. [F|Ss]
    ;   S = T
    ).
"#;

/// `{N}` becomes `Hole(N)`, everything else text.
fn pieces_of(line: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut rest = line;
    while let (Some(open), Some(close)) = (rest.find('{'), rest.find('}')) {
        if open > 0 {
            pieces.push(Piece::Text(rest[..open].to_string()));
        }
        pieces.push(Piece::Hole(rest[open + 1..close].parse().expect("a hole number")));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest.to_string()));
    }
    pieces
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn run_case(engine: &mut Engine, dir: &Path) -> String {
    let (schema, diagnostics) = parse_schema(Path::new("schema.sql"), &read(&dir.join("schema.sql")));
    assert!(diagnostics.is_empty(), "{}: {diagnostics:?}", dir.display());
    let script = read(&dir.join("script.txt"));
    let mut types = Vec::new();
    let mut statements = Vec::new();
    let mut out = String::new();
    for line in script.lines().filter(|line| !line.trim().is_empty()) {
        if let Some(declared) = line.strip_prefix("params:") {
            types.extend(declared.split(',').map(|t| t.trim().to_string()));
            out.push_str(&format!("{line}\n"));
            continue;
        }
        if matches!(line.trim(), "commit" | "rollback") {
            statements.push(line.trim().to_string());
            out.push_str(&format!("> {}\n", line.trim()));
            continue;
        }
        let statement = compile_statement(&pieces_of(line), &schema).unwrap_or_else(|e| panic!("{line}: {e}"));
        statements.push(statement.to_prolog());
        out.push_str(&format!("> {line}\n"));
    }
    let goal = format!(
        "db_case({}, [{}], [{}], Text)",
        schema_term(&schema),
        types.join(","),
        statements.join(",")
    );
    match engine.query_text(&goal) {
        Ok(Some(text)) => out.push_str(&text),
        Ok(None) => out.push_str("no paths\n"),
        Err(error) => out.push_str(&format!("error: {error}\n")),
    }
    out
}

#[test]
fn database_cases() {
    let mut engine = Engine::new().expect("engine");
    engine.consult("db_driver.pl", DRIVER).expect("driver loads");
    let results = common::case_dirs("tests/cases/db")
        .into_iter()
        // HORNET_DB_CASE=name runs only the cases whose folder name contains it.
        .filter(|dir| match std::env::var("HORNET_DB_CASE") {
            Ok(only) => dir.to_string_lossy().contains(&only),
            Err(_) => true,
        })
        .map(|dir| {
            let actual = run_case(&mut engine, &dir);
            common::check(&dir.with_extension("expected"), &actual)
        })
        .collect();
    common::check_all(results);
}

#[test]
fn schema_terms_are_compact() {
    let (schema, _) = parse_schema(
        Path::new("s.sql"),
        "CREATE TABLE a (id INT PRIMARY KEY, name VARCHAR(8) NOT NULL UNIQUE);\n\
         CREATE TABLE b (id INT PRIMARY KEY, a_id INT REFERENCES a(id), flag BOOLEAN DEFAULT TRUE);",
    );
    assert_eq!(
        schema_term(&schema),
        "schema([table('a',[column('id',int(-2147483648,2147483647),not_null,none),\
         column('name',string(8),not_null,none)],['id'],[['name']],[],[]),\
         table('b',[column('id',int(-2147483648,2147483647),not_null,none),\
         column('a_id',int(-2147483648,2147483647),null,none),column('flag',bool,null,lit(1))],\
         ['id'],[],[fk(['a_id'],'a',['id'])],[])])"
    );
}

/// The examples of `prolog/db.pl`'s comments, as the JDBC layer calls the transaction
/// predicates.
#[test]
fn documented_examples_hold() {
    let mut engine = Engine::new().expect("engine");
    engine.consult("db_driver.pl", DRIVER).expect("driver loads");
    let schema = "schema([table(t,[column(a,int(0,9),not_null,none)],[a],[],[],[])])";
    let examples = [
        (
            format!(
                "db:empty({schema}, Db0), db:execute(insert(t,[a-int(1)]), [], count(1), Db0, Db1), db:commit(Db1, C), \
                 db:execute(delete(t,t,true), [], _, Db1, Db2), db:rollback(C, Db2, Db), db:final(Db, F)"
            ),
            "[t-[[1]]]",
        ),
        (
            format!(
                "db:empty({schema}, Db0), db:execute(insert(t,[a-int(1)]), [], count(1), Db0, Db1), \
                 db:rollback(Db0, Db1, Db), db:final(Db, F)"
            ),
            "[t-[]]",
        ),
        ("db:pattern_items(str(\"a%_\"), [], _, F)".to_string(), "[lit(97),any,one]"),
    ];
    for (goal, expected) in examples {
        let text = engine
            .query_text(&format!("{goal}, phrase(format_(\"~q\", [F]), Text)"))
            .unwrap_or_else(|e| panic!("{goal}: {e}"));
        assert_eq!(text.as_deref(), Some(expected), "{goal}");
    }
}
