//! Data-driven tests of the SQL statement layer: each `tests/cases/sql/<case>/` holds a
//! `schema.sql` and a `queries.sql` with one statement per line (`--` lines are comments, `{N}`
//! is `Hole(N)`); every statement's Prolog term or error (with a caret under its offset) is
//! compared with `tests/cases/sql/<case>.expected`.

mod common;

use hornet::clp::engine::Engine;
use hornet::sql::schema::Schema;
use hornet::sql::{Piece, compile_statement, join_pieces, offset_to_piece, parse_schema, render_sql_error};
use std::path::{Path, PathBuf};

/// A case line as pieces: `{N}` becomes `Hole(N)`, everything else text.
fn pieces_of(line: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map(|at| open + at);
        let hole = close.and_then(|close| rest[open + 1..close].parse::<u32>().ok());
        let (Some(close), Some(hole)) = (close, hole) else { break };
        if open > 0 {
            pieces.push(Piece::Text(rest[..open].to_string()));
        }
        pieces.push(Piece::Hole(hole));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest.to_string()));
    }
    pieces
}

struct Case {
    dir: PathBuf,
    schema: Schema,
    queries: Vec<String>,
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn load_cases() -> Vec<Case> {
    common::case_dirs("tests/cases/sql")
        .into_iter()
        .map(|dir| {
            let (schema, diagnostics) = parse_schema(Path::new("schema.sql"), &read(&dir.join("schema.sql")));
            assert!(diagnostics.is_empty(), "{}: schema diagnostics {diagnostics:?}", dir.display());
            let queries = read(&dir.join("queries.sql"))
                .lines()
                .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with("--"))
                .map(str::to_string)
                .collect();
            Case { dir, schema, queries }
        })
        .collect()
}

#[test]
fn statement_cases() {
    let results = load_cases()
        .into_iter()
        .map(|case| {
            let mut actual = String::new();
            for query in &case.queries {
                let pieces = pieces_of(query);
                let text = join_pieces(&pieces);
                actual.push_str(&format!("> {query}\n"));
                match compile_statement(&pieces, &case.schema) {
                    Ok(statement) => actual.push_str(&format!("{}\n", statement.to_prolog())),
                    Err(error) => {
                        let (piece, within) = offset_to_piece(&pieces, error.offset).expect("the offset is in the text");
                        actual.push_str(&format!("error at {} (piece {piece}, offset {within}):\n", error.offset));
                        actual.push_str(&render_sql_error(&text, &error));
                    }
                }
                actual.push('\n');
            }
            common::check(&case.dir.with_extension("expected"), &actual)
        })
        .collect();
    common::check_all(results);
}

/// Every compiled term is a ground term scryer reads.
#[test]
fn terms_are_valid_prolog() {
    let mut engine = Engine::new().expect("engine");
    for case in load_cases() {
        for query in &case.queries {
            if let Ok(statement) = compile_statement(&pieces_of(query), &case.schema) {
                let term = statement.to_prolog();
                let answer = engine.query_text(&format!("T = {term}, ground(T), Text = []"));
                assert!(matches!(answer, Ok(Some(_))), "{query}\n{term}\n{answer:?}");
            }
        }
    }
    // The check can fail: text scryer cannot read is no answer (and spoils the engine, so last).
    assert!(!matches!(engine.query_text("T = f(a b), Text = []"), Ok(Some(_))));
}

/// Statements cut off anywhere, as a front end may recover them, are errors, never panics.
#[test]
fn truncated_statements_do_not_panic() {
    for case in load_cases() {
        for query in &case.queries {
            for (end, _) in query.char_indices() {
                let pieces = pieces_of(&query[..end]);
                if let Err(error) = compile_statement(&pieces, &case.schema) {
                    let text = join_pieces(&pieces);
                    assert!(error.offset <= text.len(), "{query:?}[..{end}]: offset {} past the end", error.offset);
                    render_sql_error(&text, &error);
                }
            }
        }
    }
}

#[test]
fn offsets_map_back_to_pieces() {
    let pieces = [Piece::Text("ab".into()), Piece::Hole(4), Piece::Text("cd".into())];
    assert_eq!(join_pieces(&pieces), "ab?cd");
    assert_eq!(offset_to_piece(&pieces, 0), Some((0, 0)));
    assert_eq!(offset_to_piece(&pieces, 2), Some((1, 0)));
    assert_eq!(offset_to_piece(&pieces, 4), Some((2, 1)));
    assert_eq!(offset_to_piece(&pieces, 5), Some((2, 2)));
    assert_eq!(offset_to_piece(&pieces, 6), None);
}
