//! The SQL dialect of a project: given (`--dialect`) or detected from its schema. It chooses
//! sqlparser's dialect for the schema and for the SQL in the code, and the compatibility mode
//! of the H2 database the generated tests run on, so that the code's SQL runs there as on its
//! own engine.

use serde::{Deserialize, Serialize};
use sqlparser::dialect::{GenericDialect, MySqlDialect, PostgreSqlDialect, SQLiteDialect};
use sqlparser::tokenizer::{Token, Tokenizer};
use std::fmt;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
pub enum Dialect {
    #[value(name = "mysql")]
    MySql,
    #[value(name = "postgres")]
    Postgres,
    #[value(name = "sqlite")]
    Sqlite,
    #[value(name = "h2")]
    H2,
    /// What most databases accept; the tests use H2's own mode.
    #[default]
    #[value(name = "generic")]
    Generic,
}

/// The dialect a schema is read in, and why.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DialectChoice {
    pub dialect: Dialect,
    /// "given by --dialect", "detected from `ENGINE=` at 7:3", ...
    pub reason: String,
}

impl Dialect {
    /// sqlparser's dialect for this one: the tokenizer's quotes and the grammar's extensions.
    pub fn parser(self) -> Box<dyn sqlparser::dialect::Dialect> {
        match self {
            Dialect::MySql => Box::new(MySqlDialect {}),
            Dialect::Postgres => Box::new(PostgreSqlDialect {}),
            Dialect::Sqlite => Box::new(SQLiteDialect {}),
            Dialect::H2 | Dialect::Generic => Box::new(GenericDialect {}),
        }
    }

    /// H2's compatibility mode for this dialect (H2 2.1 has none for SQLite).
    pub fn h2_mode(self) -> Option<&'static str> {
        match self {
            Dialect::MySql => Some("MySQL"),
            Dialect::Postgres => Some("PostgreSQL"),
            Dialect::Sqlite | Dialect::H2 | Dialect::Generic => None,
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::MySql => "mysql",
            Dialect::Postgres => "postgres",
            Dialect::Sqlite => "sqlite",
            Dialect::H2 => "h2",
            Dialect::Generic => "generic",
        })
    }
}

/// The dialect `text` is written in: the first construct only one dialect writes decides.
/// Returns the generic dialect when there is none.
pub fn detect(text: &str) -> DialectChoice {
    let generic = || DialectChoice { dialect: Dialect::Generic, reason: "no dialect-specific syntax found".to_string() };
    // Unterminated strings and the like are reported by the schema reader; the statements
    // before them still tell the dialect.
    let tokens = match Tokenizer::new(&GenericDialect {}, text).tokenize_with_location() {
        Ok(tokens) => tokens,
        Err(error) => {
            let end = super::schema::offset_of(text, error.location);
            match Tokenizer::new(&GenericDialect {}, &text[..end]).tokenize_with_location() {
                Ok(tokens) => tokens,
                Err(_) => return generic(),
            }
        }
    };
    let significant: Vec<_> = tokens.iter().filter(|token| !matches!(token.token, Token::Whitespace(_))).collect();
    let word = |index: usize| match significant.get(index).map(|token| &token.token) {
        Some(Token::Word(word)) if word.quote_style.is_none() => word.value.to_uppercase(),
        _ => String::new(),
    };
    let starts_line = |index: usize| {
        index == 0 || significant[index - 1].span.end.line < significant[index].span.start.line
    };
    for (index, token) in significant.iter().enumerate() {
        let clue = match &token.token {
            Token::Word(word) if word.quote_style == Some('`') => Some((Dialect::MySql, "backquoted names".to_string())),
            Token::DoubleColon => Some((Dialect::Postgres, "`::` casts".to_string())),
            // MySQL's `#` line comments (the generic tokenizer reads `#` as a sign or a name).
            Token::Sharp if starts_line(index) => Some((Dialect::MySql, "`#` comments".to_string())),
            Token::Word(word) if word.quote_style.is_none() && word.value.starts_with('#') && starts_line(index) => {
                Some((Dialect::MySql, "`#` comments".to_string()))
            }
            Token::Word(_) => {
                let this = word(index);
                let next = word(index + 1);
                let equals = significant.get(index + 1).is_some_and(|token| token.token == Token::Eq);
                match this.as_str() {
                    "ENGINE" | "CHARSET" if equals => Some((Dialect::MySql, format!("`{this}=`"))),
                    // Not AUTO_INCREMENT, DATETIME or MEDIUMINT, nor double quotes: H2 writes them too.
                    "UNSIGNED" | "TINYTEXT" | "MEDIUMTEXT" | "LONGTEXT" => {
                        Some((Dialect::MySql, format!("`{this}`")))
                    }
                    "SERIAL" | "BIGSERIAL" | "SMALLSERIAL" | "BYTEA" | "JSONB" => Some((Dialect::Postgres, format!("`{this}`"))),
                    "OWNER" if next == "TO" => Some((Dialect::Postgres, "`OWNER TO`".to_string())),
                    "TABLE" if next == "ONLY" && word(index.wrapping_sub(1)) == "ALTER" => {
                        Some((Dialect::Postgres, "`ALTER TABLE ONLY`".to_string()))
                    }
                    "AUTOINCREMENT" => Some((Dialect::Sqlite, format!("`{this}`"))),
                    "WITHOUT" if next == "ROWID" => Some((Dialect::Sqlite, "`WITHOUT ROWID`".to_string())),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some((dialect, construct)) = clue {
            let at = token.span.start;
            return DialectChoice { dialect, reason: format!("detected from {construct} at {}:{}", at.line, at.column) };
        }
    }
    generic()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_the_first_clue() {
        let mysql = detect("CREATE TABLE t (id INT) ENGINE=InnoDB;");
        assert_eq!((mysql.dialect, mysql.reason.as_str()), (Dialect::MySql, "detected from `ENGINE=` at 1:25"));
        assert_eq!(detect("CREATE TABLE t (id SERIAL PRIMARY KEY);").dialect, Dialect::Postgres);
        assert_eq!(detect("ALTER TABLE ONLY t ADD PRIMARY KEY (id);").dialect, Dialect::Postgres);
        assert_eq!(detect("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT);").dialect, Dialect::Sqlite);
        assert_eq!(detect("CREATE TABLE t (id INT);").dialect, Dialect::Generic);
        let comment = detect("# the tables\nCREATE TABLE t (id INT NOT NULL AUTO_INCREMENT);");
        assert_eq!((comment.dialect, comment.reason.as_str()), (Dialect::MySql, "detected from `#` comments at 1:1"));
        assert_eq!(detect("CREATE TABLE t (note VARCHAR(9) DEFAULT 'x);").dialect, Dialect::Generic);
    }
}
