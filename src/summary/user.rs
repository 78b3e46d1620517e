//! Summaries the user writes for methods whose code hornet cannot see (native code, third-party
//! libraries, a clock or a random source): `--summaries DIR` loads every `*.pl` file in DIR.
//!
//! A file declares each method it models and gives its clauses in the translated format (see
//! README.md, "Hand-written summaries"):
//!
//! ```prolog
//! :- summary('vendor.Mixer.mix(int,int)', int).
//! 'vendor.Mixer.mix(int,int)'([A, B], R, S, S, ok) :- R #= A * 31 + B.
//! ```
//!
//! Declarations are read here; the clauses go to the engine as they are (the declaration lines
//! blanked, so that line numbers stay those of the file), but for the SQL a case runs on the
//! method's Connection, which is compiled against the schema (`user_sql.rs`).

use crate::clp::engine::{Engine, EngineError};
use crate::diag::{Diagnostic, Span};
use crate::ir::{JdbcType, MethodKey, Ty};
use crate::java::LibraryMethod;
use crate::sql::Schema;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, Default)]
pub struct UserSummaries {
    /// The methods the files declare.
    pub methods: Vec<LibraryMethod>,
    /// Each file's Prolog text, declarations blanked, to load into every engine.
    pub texts: Vec<(PathBuf, String)>,
}

/// Reads every `*.pl` file of `dir` (sorted), checks declarations, clause syntax and the SQL
/// of the cases against `schema`, and reports problems with their file and line. A file with
/// an error is left out whole.
pub fn load_dir(dir: &Path, schema: Option<&Schema>) -> (UserSummaries, Vec<Diagnostic>) {
    let mut summaries = UserSummaries::default();
    let mut diagnostics = Vec::new();
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "pl")).collect(),
        Err(e) => {
            diagnostics.push(Diagnostic::error(Span::file_start(dir), format!("cannot read the summaries folder: {e}")));
            return (summaries, diagnostics);
        }
    };
    files.sort();
    let mut checker: Option<Engine> = None;
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                diagnostics.push(Diagnostic::error(Span::file_start(&file), format!("cannot read: {e}")));
                continue;
            }
        };
        let before = diagnostics.len();
        let (methods, clauses) = declarations(&file, &text, &mut diagnostics);
        let clauses = super::user_sql::compile_goals(&file, &clauses, &methods, schema, &mut diagnostics);
        if methods.is_empty() && diagnostics.len() == before {
            diagnostics.push(Diagnostic::warning(
                Span::file_start(&file),
                "declares no method: add `:- summary('pkg.Class.method(int)', int).`",
            ));
        }
        if checker.is_none() {
            match Engine::new() {
                Ok(engine) => checker = Some(engine),
                Err(e) => {
                    diagnostics.push(Diagnostic::error(Span::file_start(&file), format!("cannot check: {e}")));
                    return (summaries, diagnostics);
                }
            }
        }
        if let Some(engine) = checker.as_mut() {
            check_clauses(engine, &file, &clauses, &mut diagnostics);
        }
        if diagnostics[before..].iter().any(|d| d.severity == crate::diag::Severity::Error) {
            continue;
        }
        summaries.methods.extend(methods);
        summaries.texts.push((file, clauses));
    }
    (summaries, diagnostics)
}

/// The `:- summary(Signature, ReturnType).` declarations of a file, and its text with them
/// blanked.
fn declarations(file: &Path, text: &str, diagnostics: &mut Vec<Diagnostic>) -> (Vec<LibraryMethod>, String) {
    let mut methods = Vec::new();
    let mut clauses = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix(":- summary(") {
            let col = (line.len() - trimmed.len()) as u32 + 1;
            let span = Span::new(file, i as u32 + 1, col);
            match declaration(rest) {
                Ok(method) => methods.push(method),
                Err(problem) => diagnostics.push(Diagnostic::error(span, problem)),
            }
            clauses.push('\n');
        } else {
            clauses.push_str(line);
            clauses.push('\n');
        }
    }
    (methods, clauses)
}

/// Parses `'pkg.Class.name(int,long)', int).` (what follows `:- summary(`).
fn declaration(rest: &str) -> Result<LibraryMethod, String> {
    let usage = "expected `:- summary('pkg.Class.method(int,long)', int).`";
    let rest = rest.trim_end();
    let inner = rest.strip_suffix(").").ok_or(usage)?;
    let (signature, ret) = inner.rsplit_once(',').ok_or(usage)?;
    let signature = signature.trim().strip_prefix('\'').and_then(|s| s.strip_suffix('\'')).ok_or(usage)?;
    let (qualified, params) = signature.split_once('(').ok_or(usage)?;
    let params = params.strip_suffix(')').ok_or(usage)?;
    let (class, name) = qualified.rsplit_once('.').ok_or("the method must be qualified by its class: `pkg.Class.method`")?;
    let ty = |t: &str| match t.trim() {
        "int" => Ok(Ty::Int),
        "long" => Ok(Ty::Long),
        "boolean" => Ok(Ty::Boolean),
        "void" => Ok(Ty::Void),
        "String" | "java.lang.String" => Ok(Ty::String),
        "Connection" | "java.sql.Connection" => Ok(Ty::Jdbc(JdbcType::Connection)),
        other => Err(format!("unsupported type '{other}' (int, long, boolean, String, Connection or void)")),
    };
    let params = if params.trim().is_empty() {
        Vec::new()
    } else {
        params.split(',').map(|p| ty(p).and_then(|t| if t == Ty::Void { Err("a parameter cannot be void".into()) } else { Ok(t) })).collect::<Result<Vec<_>, _>>()?
    };
    let ret = ty(ret)?;
    if ret == Ty::Jdbc(JdbcType::Connection) {
        return Err("a summary cannot return a Connection".into());
    }
    Ok(LibraryMethod {
        key: MethodKey { class: class.to_string(), name: name.to_string(), params },
        ret,
    })
}

/// Reads the text term by term in Prolog and reports each syntax error at the line where
/// its clause starts.
fn check_clauses(engine: &mut Engine, file: &Path, text: &str, diagnostics: &mut Vec<Diagnostic>) {
    for (line, clause) in clause_chunks(text) {
        let chars = crate::clp::translate::quote_atom(&clause);
        let goal = format!("atom_chars({chars}, Cs), read_from_chars(Cs, _), Text = []");
        if let Err(e) = engine.query_text(&goal) {
            let detail = match &e {
                EngineError::Query { exception, .. } => exception
                    .split_once("syntax_error(")
                    .and_then(|(_, rest)| rest.split_once(')'))
                    .map(|(what, _)| format!("syntax error ({})", what.replace('_', " ")))
                    .unwrap_or_else(|| exception.clone()),
                other => other.to_string(),
            };
            diagnostics.push(Diagnostic::error(Span::new(file, line, 1), format!("not a Prolog clause: {detail}")));
        }
    }
}

/// The clauses of a text with the line each starts on: a clause ends with a full stop at the
/// end of a line (outside comments), as in ordinarily formatted Prolog.
fn clause_chunks(text: &str) -> Vec<(u32, String)> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    for (i, line) in text.lines().enumerate() {
        let code = super::user_sql::without_comment(line);
        if current.trim().is_empty() {
            current.clear();
            start = i as u32 + 1;
            if code.trim().is_empty() {
                continue;
            }
        }
        current.push_str(code);
        current.push('\n');
        if code.trim_end().ends_with('.') {
            chunks.push((start, std::mem::take(&mut current)));
        }
    }
    if !current.trim().is_empty() {
        chunks.push((start, current));
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_read_and_bad_ones_located() {
        let mut diagnostics = Vec::new();
        let text = ":- summary('v.M.mix(int,long)', long).\n:- summary('mix(int)', int).\np.\n";
        let (methods, clauses) = declarations(Path::new("s.pl"), text, &mut diagnostics);
        assert_eq!(methods.len(), 1);
        assert_eq!(methods[0].key.to_string(), "v.M.mix(int,long)");
        assert_eq!(methods[0].ret, Ty::Long);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].span.line, 2);
        assert_eq!(clauses, "\n\np.\n");
    }

    #[test]
    fn clauses_are_split_where_they_end() {
        let chunks = clause_chunks("% header\na(1).\nb(X) :-\n    X > 1. % done\n\nc.\n");
        let lines: Vec<u32> = chunks.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, vec![2, 3, 6]);
    }
}
