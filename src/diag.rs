//! One diagnostic type for everything that comes from user input, rendered the same way
//! everywhere: `file:line:col: severity: message`.

use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// A position in a user's file. Lines and columns are 1-based, as editors show them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize)]
pub struct Span {
    pub file: PathBuf,
    pub line: u32,
    pub col: u32,
}

impl Span {
    pub fn new(file: impl Into<PathBuf>, line: u32, col: u32) -> Self {
        Span { file: file.into(), line, col }
    }

    /// The start of a file, for problems that concern the file as a whole.
    pub fn file_start(file: &Path) -> Self {
        Span::new(file, 1, 1)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.col)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, span, message: message.into() }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, span, message: message.into() }
    }

    /// A construct hornet does not model; the enclosing method is skipped.
    pub fn unsupported(span: Span, construct: impl fmt::Display) -> Self {
        Diagnostic::error(span, format!("unsupported: {construct}"))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.span, self.severity, self.message)
    }
}
