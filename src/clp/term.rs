//! Ground Prolog terms as the engine writes them with `~q`: integers, atoms (quoted or not),
//! compound terms and lists. Only ground data crosses from Prolog into Rust, as text.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PTerm {
    Int(i128),
    Atom(String),
    Compound(String, Vec<PTerm>),
    List(Vec<PTerm>),
    /// A variable, as written in a summary clause (`A`, `_B`).
    Var(String),
}

impl fmt::Display for PTerm {
    /// Prolog syntax (atoms quoted only when they need it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, items: &[PTerm]| -> fmt::Result {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{item}")?;
            }
            Ok(())
        };
        match self {
            PTerm::Int(v) => write!(f, "{v}"),
            PTerm::Var(v) => f.write_str(v),
            PTerm::Atom(a) => f.write_str(&atom_text(a)),
            PTerm::Compound(name, args) => {
                write!(f, "{}(", atom_text(name))?;
                list(f, args)?;
                f.write_str(")")
            }
            PTerm::List(items) => {
                f.write_str("[")?;
                list(f, items)?;
                f.write_str("]")
            }
        }
    }
}

fn atom_text(a: &str) -> String {
    let plain = a.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && a.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain || a == "[]" { a.to_string() } else { super::translate::quote_atom(a) }
}

impl PTerm {
    pub fn functor(&self) -> (&str, usize) {
        match self {
            PTerm::Atom(a) => (a, 0),
            PTerm::Compound(f, args) => (f, args.len()),
            PTerm::Int(_) | PTerm::Var(_) => ("", 0),
            PTerm::List(_) => (".", 2),
        }
    }

    pub fn args(&self) -> &[PTerm] {
        match self {
            PTerm::Compound(_, args) => args,
            _ => &[],
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermError {
    pub at: usize,
    pub message: String,
}

impl fmt::Display for TermError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad term at byte {}: {}", self.at, self.message)
    }
}

/// Parses one term at the start of `text`; returns it and the rest of the text.
pub fn parse_prefix(text: &str) -> Result<(PTerm, &str), TermError> {
    let mut p = Parser { src: text.as_bytes(), pos: 0 };
    let term = p.term()?;
    Ok((term, &text[p.pos..]))
}

/// Parses the clauses of `text`: terms each followed by `.` and white space.
pub fn parse_terms(text: &str) -> Result<Vec<PTerm>, TermError> {
    let mut p = Parser { src: text.as_bytes(), pos: 0 };
    let mut terms = Vec::new();
    loop {
        p.skip_ws();
        if p.pos >= p.src.len() {
            return Ok(terms);
        }
        terms.push(p.term()?);
        p.skip_ws();
        p.expect(b'.')?;
    }
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn err<T>(&self, message: &str) -> Result<T, TermError> {
        Err(TermError { at: self.pos, message: message.into() })
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), TermError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(&format!("expected '{}'", c as char))
        }
    }

    /// A term, with `-` as the infix operator of pairs (`K-V`, as a summary case's recorded
    /// JDBC calls hold them), left-associative.
    fn term(&mut self) -> Result<PTerm, TermError> {
        let mut term = self.primary()?;
        loop {
            self.skip_ws();
            if self.peek() != Some(b'-') {
                return Ok(term);
            }
            self.pos += 1;
            let right = self.primary()?;
            term = PTerm::Compound("-".into(), vec![term, right]);
        }
    }

    fn primary(&mut self) -> Result<PTerm, TermError> {
        self.skip_ws();
        match self.peek() {
            Some(b'[') => self.list(),
            Some(b'-') if self.src.get(self.pos + 1).is_some_and(u8::is_ascii_digit) => self.int(),
            Some(c) if c.is_ascii_digit() => self.int(),
            Some(b'\'') => {
                let name = self.quoted()?;
                self.compound_rest(name)
            }
            Some(c) if c.is_ascii_uppercase() || c == b'_' => {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
                    self.pos += 1;
                }
                Ok(PTerm::Var(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned()))
            }
            Some(c) if c.is_ascii_lowercase() => {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
                    self.pos += 1;
                }
                let name = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
                self.compound_rest(name)
            }
            _ => self.err("expected a term"),
        }
    }

    fn int(&mut self) -> Result<PTerm, TermError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or_default();
        match digits.parse() {
            Ok(v) => Ok(PTerm::Int(v)),
            Err(_) => self.err("integer out of range"),
        }
    }

    fn quoted(&mut self) -> Result<String, TermError> {
        self.expect(b'\'')?;
        let mut bytes = Vec::new();
        loop {
            match self.peek() {
                None => return self.err("unterminated quoted atom"),
                Some(b'\'') if self.src.get(self.pos + 1) == Some(&b'\'') => {
                    bytes.push(b'\'');
                    self.pos += 2;
                }
                Some(b'\'') => {
                    self.pos += 1;
                    return Ok(String::from_utf8_lossy(&bytes).into_owned());
                }
                Some(b'\\') => {
                    let escaped = self.src.get(self.pos + 1).copied();
                    self.pos += 2;
                    bytes.push(match escaped {
                        Some(b'n') => b'\n',
                        Some(b't') => b'\t',
                        Some(c) => c,
                        None => return self.err("unterminated escape"),
                    });
                }
                Some(c) => {
                    bytes.push(c);
                    self.pos += 1;
                }
            }
        }
    }

    fn compound_rest(&mut self, name: String) -> Result<PTerm, TermError> {
        if self.peek() != Some(b'(') {
            return Ok(PTerm::Atom(name));
        }
        self.pos += 1;
        let args = self.sequence(b')')?;
        Ok(PTerm::Compound(name, args))
    }

    fn list(&mut self) -> Result<PTerm, TermError> {
        self.expect(b'[')?;
        Ok(PTerm::List(self.sequence(b']')?))
    }

    /// Comma-separated terms up to `close` (consumed).
    fn sequence(&mut self, close: u8) -> Result<Vec<PTerm>, TermError> {
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(close) {
            self.pos += 1;
            return Ok(items);
        }
        loop {
            items.push(self.term()?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(c) if c == close => {
                    self.pos += 1;
                    return Ok(items);
                }
                _ => return self.err("expected ',' or a closing bracket"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_what_format_q_writes() {
        let terms = parse_terms(
            "path([3,-4],return(-9223372036854775808),[br('a.B.c(int)',0,t)]).\nbudget_exhausted.\n",
        )
        .expect("parses");
        assert_eq!(terms.len(), 2);
        assert_eq!(terms[0].functor(), ("path", 3));
        assert_eq!(terms[0].args()[0], PTerm::List(vec![PTerm::Int(3), PTerm::Int(-4)]));
        assert_eq!(
            terms[0].args()[2],
            PTerm::List(vec![PTerm::Compound(
                "br".into(),
                vec![PTerm::Atom("a.B.c(int)".into()), PTerm::Int(0), PTerm::Atom("t".into())]
            )])
        );
        assert_eq!(terms[1], PTerm::Atom("budget_exhausted".into()));
    }

    #[test]
    fn reads_pairs() {
        let (term, _) = parse_prefix("[id-as(integer,param(1)),b-A- -5]").expect("term");
        let pair = |k: PTerm, v: PTerm| PTerm::Compound("-".into(), vec![k, v]);
        let first = pair(PTerm::Atom("id".into()), PTerm::Compound("as".into(), vec![PTerm::Atom("integer".into()), PTerm::Compound("param".into(), vec![PTerm::Int(1)])]));
        let second = pair(pair(PTerm::Atom("b".into()), PTerm::Var("A".into())), PTerm::Int(-5));
        assert_eq!(term, PTerm::List(vec![first, second]));
    }

    #[test]
    fn rejects_garbage_with_a_position() {
        let err = parse_terms("path(1,").unwrap_err();
        assert_eq!(err.at, 7);
    }
}
