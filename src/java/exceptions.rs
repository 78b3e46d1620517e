//! The exception classes whose superclasses hornet knows: the JDK's that the supported code can
//! meet, and those the analysed sources declare. Catching needs them: a catch clause gets an
//! exception of its class or of any subclass. A thrown exception also carries the message and
//! cause its constructor gives `Throwable`: `ExceptionArgs` follows a constructor of the
//! sources through its `super(...)`/`this(...)` calls down to the JDK's.

use super::index::Index;
use super::lower::string_literal_value;
use super::syntax::{children, text};
use crate::ir::THROWABLE;
use tree_sitter::Node;

/// (class, direct superclass) of the JDK exception classes hornet knows.
pub(crate) const JDK_EXCEPTIONS: &[(&str, &str)] = &[
    ("java.lang.Exception", THROWABLE),
    ("java.lang.Error", THROWABLE),
    ("java.lang.RuntimeException", "java.lang.Exception"),
    ("java.lang.ArithmeticException", "java.lang.RuntimeException"),
    ("java.lang.NullPointerException", "java.lang.RuntimeException"),
    ("java.lang.IllegalArgumentException", "java.lang.RuntimeException"),
    ("java.lang.NumberFormatException", "java.lang.IllegalArgumentException"),
    ("java.lang.IllegalStateException", "java.lang.RuntimeException"),
    ("java.lang.IndexOutOfBoundsException", "java.lang.RuntimeException"),
    ("java.lang.ArrayIndexOutOfBoundsException", "java.lang.IndexOutOfBoundsException"),
    ("java.lang.StringIndexOutOfBoundsException", "java.lang.IndexOutOfBoundsException"),
    ("java.lang.NegativeArraySizeException", "java.lang.RuntimeException"),
    ("java.lang.ClassCastException", "java.lang.RuntimeException"),
    ("java.lang.UnsupportedOperationException", "java.lang.RuntimeException"),
    ("java.util.NoSuchElementException", "java.lang.RuntimeException"),
    ("java.sql.SQLException", "java.lang.Exception"),
    ("java.lang.ReflectiveOperationException", "java.lang.Exception"),
    ("java.lang.ClassNotFoundException", "java.lang.ReflectiveOperationException"),
];

/// (class, direct superclass) of every known exception class: the JDK's, then `declared` (the
/// analysed sources' exception classes with their resolved superclass), which the JDK's do not
/// override.
pub(crate) fn known_superclasses(declared: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut known: Vec<(String, String)> =
        JDK_EXCEPTIONS.iter().map(|(c, s)| (c.to_string(), s.to_string())).collect();
    for (class, superclass) in declared {
        if !known.iter().any(|(c, _)| *c == class) {
            known.push((class, superclass));
        }
    }
    known
}

/// Whether `class` is `java.lang.Throwable` or its superclasses are known up to it.
pub(crate) fn is_known(superclasses: &[(String, String)], class: &str) -> bool {
    let mut current = class;
    for _ in 0..=superclasses.len() {
        if current == THROWABLE {
            return true;
        }
        match superclasses.iter().find(|(c, _)| c == current) {
            Some((_, superclass)) => current = superclass,
            None => return false,
        }
    }
    false
}

/// What an argument of an exception's constructor is, as far as choosing the constructor and
/// telling a cause from a message needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArgKind {
    /// An exception (a caught one, or a parameter of an exception type).
    Exception,
    /// The `null` literal.
    Null,
    /// Any other value (a `String`, a number).
    Value,
}

/// Where a thrown exception's message or cause comes from: an argument of the `new` (by
/// position), a literal, `null`, or something hornet does not follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Arg(usize),
    Text(String),
    Null,
    Unknown,
}

/// The message and cause an exception's constructor gives `Throwable`, in terms of its
/// arguments. The cause is never `Part::Unknown` or `Part::Text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ExceptionArgs {
    pub message: Part,
    pub cause: Part,
}

/// How deep `super(...)`/`this(...)` chains are followed (a cycle is a compile error).
const CONSTRUCTOR_DEPTH: usize = 8;

impl Index<'_> {
    /// The message and cause of `new class(args)`, for a JDK exception class hornet knows or
    /// an exception class of the sources whose chosen constructor only passes values on (to
    /// `super`/`this`, or into fields). None when the constructor is not one of those.
    pub(crate) fn exception_args(&self, class: &str, args: &[ArgKind]) -> Option<ExceptionArgs> {
        let mut found = self.constructor_args(class, args, 0)?;
        if self.overrides_get_message(class) {
            found.message = Part::Unknown;
        }
        Some(found)
    }

    fn constructor_args(&self, class: &str, args: &[ArgKind], depth: usize) -> Option<ExceptionArgs> {
        if depth > CONSTRUCTOR_DEPTH {
            return None;
        }
        if JDK_EXCEPTIONS.iter().any(|(c, _)| *c == class) {
            return jdk_constructor_args(args);
        }
        let info = self.classes.get(class)?;
        let source = info.file.source;
        let body = info.node.child_by_field_name("body")?;
        let constructors: Vec<Node> =
            children(body).into_iter().filter(|m| m.kind() == "constructor_declaration").collect();
        if constructors.is_empty() {
            // The default constructor calls `super()`.
            return if args.is_empty() { self.superclass_args(info, &[], depth) } else { None };
        }
        let matching: Vec<(Node, Vec<(String, ArgKind)>)> = constructors
            .into_iter()
            .filter_map(|c| Some((c, constructor_params(c, source)?)))
            .filter(|(_, params)| {
                params.len() == args.len()
                    && params.iter().zip(args).all(|((_, p), a)| *a == ArgKind::Null || p == a)
            })
            .collect();
        let [(constructor, params)] = matching.as_slice() else { return None };
        let body = constructor.child_by_field_name("body")?;
        let statements = children(body);
        let (invocation, rest) = match statements.split_first() {
            Some((first, rest)) if first.kind() == "explicit_constructor_invocation" => (Some(*first), rest),
            _ => (None, statements.as_slice()),
        };
        // The other statements may only store values: they change nothing a test sees.
        if !rest.iter().all(|s| stores_a_value(*s)) {
            return None;
        }
        let Some(invocation) = invocation else { return self.superclass_args(info, &[], depth) };
        let passed: Vec<Part> = invocation
            .child_by_field_name("arguments")
            .map(children)
            .unwrap_or_default()
            .into_iter()
            .map(|a| passed_part(a, params, source))
            .collect();
        let kinds: Vec<ArgKind> = passed
            .iter()
            .map(|p| match p {
                Part::Arg(i) => params[*i].1,
                Part::Null => ArgKind::Null,
                Part::Text(_) | Part::Unknown => ArgKind::Value,
            })
            .collect();
        let callee = invocation.child_by_field_name("constructor").map(|c| text(c, source));
        let inner = match callee {
            Some("this") => self.constructor_args(class, &kinds, depth + 1)?,
            Some("super") => self.superclass_args(info, &kinds, depth)?,
            _ => return None,
        };
        let substitute = |part: Part| match part {
            Part::Arg(i) => passed.get(i).cloned().unwrap_or(Part::Unknown),
            other => other,
        };
        let found = ExceptionArgs { message: substitute(inner.message), cause: substitute(inner.cause) };
        matches!(found.cause, Part::Arg(_) | Part::Null).then_some(found)
    }

    /// What the superclass's constructor taking `args` gives `Throwable`.
    fn superclass_args(&self, class: &super::index::ClassInfo, args: &[ArgKind], depth: usize) -> Option<ExceptionArgs> {
        let superclass = class.node.child_by_field_name("superclass")?;
        let name = children(superclass).into_iter().next()?;
        let superclass = self.exception_class(text(name, class.file.source), class.file);
        self.constructor_args(&superclass, args, depth + 1)
    }

    /// Whether `class` or one of its superclasses of the sources declares `getMessage()`: then
    /// the message is what that method computes, which hornet does not follow.
    fn overrides_get_message(&self, class: &str) -> bool {
        let mut current = class.to_string();
        for _ in 0..CONSTRUCTOR_DEPTH {
            let Some(info) = self.classes.get(&current) else { return false };
            let source = info.file.source;
            let members = info.node.child_by_field_name("body").map(children).unwrap_or_default();
            let declares = members.iter().any(|m| {
                m.kind() == "method_declaration"
                    && m.child_by_field_name("name").is_some_and(|n| text(n, source) == "getMessage")
                    && m.child_by_field_name("parameters").is_some_and(|p| children(p).is_empty())
            });
            if declares {
                return true;
            }
            let Some(name) = info.node.child_by_field_name("superclass").and_then(|s| children(s).into_iter().next())
            else {
                return false;
            };
            current = self.exception_class(text(name, source), info.file);
        }
        false
    }
}

/// `Throwable`'s constructors, which every JDK exception class hornet knows has (javac rejects
/// those a class lacks): `()`, `(String)`, `(Throwable)` (whose message is the cause's
/// `toString()`, not followed), `(String, Throwable)`.
fn jdk_constructor_args(args: &[ArgKind]) -> Option<ExceptionArgs> {
    let (message, cause) = match args {
        [] => (Part::Null, Part::Null),
        [ArgKind::Exception] => (Part::Unknown, Part::Arg(0)),
        [ArgKind::Value] => (Part::Arg(0), Part::Null),
        [_, ArgKind::Exception | ArgKind::Null] => (Part::Arg(0), Part::Arg(1)),
        _ => return None,
    };
    Some(ExceptionArgs { message, cause })
}

/// The parameters of a constructor, named, with what they hold; None for a varargs one.
fn constructor_params(constructor: Node, source: &str) -> Option<Vec<(String, ArgKind)>> {
    let parameters = constructor.child_by_field_name("parameters")?;
    children(parameters)
        .into_iter()
        .filter(|p| !p.kind().ends_with("comment"))
        .map(|p| {
            if p.kind() != "formal_parameter" {
                return None;
            }
            let name = text(p.child_by_field_name("name")?, source).to_string();
            let ty = text(p.child_by_field_name("type")?, source);
            let simple = ty.rsplit('.').next().unwrap_or(ty);
            let is_exception = simple == "Throwable" || simple.ends_with("Exception") || simple.ends_with("Error");
            Some((name, if is_exception { ArgKind::Exception } else { ArgKind::Value }))
        })
        .collect()
}

/// What an argument of `super(...)`/`this(...)` passes on, in terms of the constructor's own
/// parameters.
fn passed_part(argument: Node, params: &[(String, ArgKind)], source: &str) -> Part {
    match argument.kind() {
        "identifier" => {
            let name = text(argument, source);
            params.iter().position(|(p, _)| p == name).map_or(Part::Unknown, Part::Arg)
        }
        "null_literal" => Part::Null,
        "string_literal" => string_literal_value(text(argument, source)).map_or(Part::Unknown, Part::Text),
        _ => Part::Unknown,
    }
}

/// A statement of a constructor that only stores a name or a literal into a field
/// (`this.status = status;`): nothing a test of the code throwing the exception sees.
fn stores_a_value(statement: Node) -> bool {
    let expression = match children(statement).first() {
        Some(e) if statement.kind() == "expression_statement" => *e,
        _ => return false,
    };
    let field = |name| expression.child_by_field_name(name);
    expression.kind() == "assignment_expression"
        && field("left").is_some_and(|l| matches!(l.kind(), "identifier" | "field_access"))
        && field("right").is_some_and(|r| {
            matches!(r.kind(), "identifier" | "string_literal" | "decimal_integer_literal" | "null_literal" | "true" | "false")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_classes_extend_the_jdk_hierarchy() {
        let known = known_superclasses(vec![
            ("shop.LimitExceeded".into(), "java.lang.Exception".into()),
            ("shop.Odd".into(), "lib.Unknown".into()),
            ("shop.Loop".into(), "shop.Loop".into()),
        ]);
        assert!(is_known(&known, "java.lang.StringIndexOutOfBoundsException"));
        assert!(is_known(&known, "shop.LimitExceeded"));
        assert!(is_known(&known, THROWABLE));
        assert!(!is_known(&known, "shop.Odd"));
        assert!(!is_known(&known, "shop.Loop"));
        assert!(!is_known(&known, "java.util.ConcurrentModificationException"));
    }
}
