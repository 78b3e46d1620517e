//! Library calls real data-access code makes around its JDBC calls: logging through
//! `java.util.logging`, SLF4J or Log4j 2 loggers (a final field of the class initialised by the
//! library's factory, or the factory's result called directly), each call a library call with
//! no arguments whose summary (`summaries/logging.pl`) changes nothing; the text a caught
//! exception gives a log message or a thrown exception's message (`e.getMessage()`, which a
//! test never observes there); what a caught SQLException tells (`getSQLState()`,
//! `getErrorCode()`: `summaries/java_sql_exception.pl`); `Objects.requireNonNull`, a
//! NullPointerException path when its argument is null, and `Objects.isNull`/`nonNull`, a
//! path each way (no branch: the checks are inside the library methods, where JaCoCo has no
//! probe); and `Class.forName` of a constant class name, the
//! way connection code loads its JDBC driver, which loads that class and changes no path (the
//! application's build puts its driver on the test classpath: docs/connections.md).

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{Held, Inst, MethodKey, Operand, Ty};
use crate::java::library::{LOGGERS, SQL_EXCEPTION};
use crate::java::syntax::{children, operator, skip_parens};
use tree_sitter::Node;

/// The methods of a caught exception whose result only describes it: calling them on the
/// exception a catch clause received has no effect and cannot throw.
const DESCRIBING: &[&str] = &["getMessage", "getLocalizedMessage", "toString", "getSQLState", "getErrorCode"];

/// `java.util.Objects`, whose `requireNonNull` is lowered here.
const OBJECTS: &str = "java.util.Objects";

/// `java.lang.Class`, whose `forName` loads a JDBC driver in connection code.
const CLASS: &str = "java.lang.Class";

impl<'t> MethodLowering<'_, 't> {
    /// A call of a logging method on a logger, as a call of `Logger.name()` that changes
    /// nothing; its arguments are evaluated first, as Java does. None when `object` is not a
    /// logger.
    pub(super) fn logging_call(&mut self, node: Node<'t>, object: Node<'t>, name: &str) -> Option<Lowered<Option<Typed>>> {
        let (interface, methods) = self.logger(object)?;
        Some((|| {
            if !methods.contains(&name) {
                return self.unsupported(
                    node,
                    format!("calling '{name}' on a logger (hornet models the calls that write a record: {})", methods.join(", ")),
                );
            }
            let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
            for argument in arguments {
                self.log_argument(argument)?;
            }
            let callee = MethodKey { class: interface.into(), name: name.into(), params: Vec::new() };
            let span = self.span(node);
            self.emit(Inst::Call { dst: None, callee, args: Vec::new(), span });
            Ok(None)
        })())
    }

    /// The logger interface `object` is, with its logging methods: a field of the class
    /// (final, initialised by the factory) or the factory's call itself.
    fn logger(&self, object: Node<'t>) -> Option<(&'static str, &'static [&'static str])> {
        let object = skip_parens(object);
        let initialiser = match object.kind() {
            "identifier" if self.lookup(self.text(object)).is_none() => {
                let field = self.class.fields.get(self.text(object))?;
                let declaration = field.type_node?.parent()?;
                if !declaration.children(&mut declaration.walk()).any(|c| c.kind() == "modifiers" && self.text(c).split_whitespace().any(|m| m == "final")) {
                    return None;
                }
                let interface = self.qualified(self.text(field.type_node?));
                LOGGERS.iter().find(|(i, ..)| *i == interface)?;
                field.initialiser?
            }
            "method_invocation" => object,
            _ => return None,
        };
        let factory = initialiser.child_by_field_name("object")?;
        let method = self.text(initialiser.child_by_field_name("name")?);
        let factory = self.qualified(self.text(factory));
        let (interface, _, methods) = LOGGERS.iter().find(|(_, f, _)| *f == factory)?;
        let arguments = initialiser.child_by_field_name("arguments").map(children).unwrap_or_default();
        let named = arguments.iter().all(|a| self.names_logger(*a));
        (matches!(method, "getLogger" | "getRootLogger") && named).then_some((*interface, *methods))
    }

    /// Whether a logger factory's argument is a name that has no effect: a string literal, a
    /// class literal, or a class literal's `getName()`/`getSimpleName()`.
    fn names_logger(&self, argument: Node<'t>) -> bool {
        let argument = skip_parens(argument);
        match argument.kind() {
            "string_literal" | "class_literal" => true,
            "method_invocation" => {
                let name = argument.child_by_field_name("name").map(|n| self.text(n));
                let object = argument.child_by_field_name("object");
                matches!(name, Some("getName" | "getSimpleName"))
                    && object.is_some_and(|o| skip_parens(o).kind() == "class_literal")
                    && argument.child_by_field_name("arguments").is_some_and(|a| children(a).is_empty())
            }
            _ => false,
        }
    }

    /// A simple class name as the file's imports qualify it.
    pub(super) fn qualified(&self, spelled: &str) -> String {
        self.class.file.imports.get(spelled).cloned().unwrap_or_else(|| spelled.to_string())
    }

    /// An argument of a logging call, evaluated for its effects (its value is only written to
    /// the log): a caught exception and what describes it, a `java.util.logging.Level`, and
    /// concatenations of those with values.
    fn log_argument(&mut self, argument: Node<'t>) -> Lowered<()> {
        let argument = skip_parens(argument);
        // A literal has no effect, and its text, of any length, only makes the message.
        let literal = argument.kind().ends_with("_literal") || matches!(argument.kind(), "true" | "false");
        if literal || self.describes_caught_exception(argument) || self.names_level(argument) {
            return Ok(());
        }
        if argument.kind() == "binary_expression" && operator(argument, self.source()) == "+" {
            for side in ["left", "right"] {
                if let Some(operand) = argument.child_by_field_name(side) {
                    self.log_argument(operand)?;
                }
            }
            return Ok(());
        }
        let value = self.value(argument)?;
        if let Ty::Object(class) = value.ty
            && self.index.supertypes(class.as_str()).iter().any(|c| c.methods.iter().any(|m| m.name == "toString"))
        {
            return self.unsupported(
                argument,
                format!("logging an object of '{}', whose toString() the logger may call (not modelled)", class.as_str()),
            );
        }
        Ok(())
    }

    /// `Level.SEVERE` and the other constants of `java.util.logging.Level`.
    fn names_level(&self, node: Node<'t>) -> bool {
        node.kind() == "field_access"
            && node.child_by_field_name("object").is_some_and(|o| {
                self.lookup(self.text(o)).is_none() && self.qualified(self.text(o)) == "java.util.logging.Level"
            })
    }

    /// Whether `node` is a caught exception, or one of its describing methods called on it.
    pub(super) fn describes_caught_exception(&self, node: Node<'t>) -> bool {
        let node = skip_parens(node);
        if self.caught_exception(node).is_some() {
            return true;
        }
        node.kind() == "method_invocation"
            && node.child_by_field_name("object").is_some_and(|o| self.caught_exception(skip_parens(o)).is_some())
            && node.child_by_field_name("name").is_some_and(|n| DESCRIBING.contains(&self.text(n)))
            && node.child_by_field_name("arguments").is_some_and(|a| children(a).is_empty())
    }

    /// Whether `node` describes a caught exception somewhere inside (`"failed: " + e.getMessage()`).
    pub(super) fn describes_caught_exception_in(&self, node: Node<'t>) -> bool {
        self.describes_caught_exception(node) || children(node).into_iter().any(|c| self.describes_caught_exception_in(c))
    }

    /// `e.getSQLState()` and `e.getErrorCode()` of a caught SQLException, as library calls
    /// taking the exception. None when the call is something else.
    pub(super) fn sql_exception_call(&mut self, node: Node<'t>, object: Node<'t>, name: &str, want_value: bool) -> Option<Lowered<Option<Typed>>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        if !matches!(name, "getSQLState" | "getErrorCode") || !arguments.is_empty() {
            return None;
        }
        let exception = match self.sql_exception_receiver(object)? {
            Ok(exception) => exception,
            Err(diag) => return Some(Err(diag)),
        };
        let ret = if name == "getSQLState" { Ty::String } else { Ty::Int };
        let callee = MethodKey { class: SQL_EXCEPTION.into(), name: name.into(), params: vec![Ty::Throwable] };
        let dst = want_value.then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Call { dst, callee, args: vec![Operand::Local(exception)], span });
        Some(Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret })))
    }

    /// `Objects.requireNonNull(x)` and `(x, message)`: x, or a NullPointerException when it is
    /// null. None when the call is something else.
    pub(super) fn require_non_null(&mut self, node: Node<'t>, object: Node<'t>, name: &str) -> Option<Lowered<Option<Typed>>> {
        if name != "requireNonNull" || self.lookup(self.text(object)).is_some() || self.qualified(self.text(object)) != OBJECTS {
            return None;
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        Some((|| {
            let (checked, message) = match arguments.as_slice() {
                [checked] => (*checked, None),
                [checked, message] => (*checked, Some(*message)),
                _ => return self.unsupported(node, "this Objects.requireNonNull overload (hornet models (x) and (x, String))"),
            };
            let value = self.value(checked)?;
            if let Some(message) = message
                && !self.describes_caught_exception(message)
            {
                let text = self.value(message)?;
                if !matches!(text.ty, Ty::String | Ty::Null) {
                    return self.unsupported(message, "a message supplier (hornet models a String message)");
                }
            }
            let span = self.span(node);
            match value.ty {
                Ty::Object(_) | Ty::Array(_) | Ty::List(_) => {
                    self.emit(Inst::CheckNotNull { object: value.operand, span });
                }
                Ty::String | Ty::Boxed(_) | Ty::Date(_) => {
                    let callee = MethodKey { class: OBJECTS.into(), name: name.into(), params: vec![value.ty] };
                    self.emit(Inst::Call { dst: None, callee, args: vec![value.operand], span });
                }
                ty => return self.unsupported(checked, format!("Objects.requireNonNull of a {ty}")),
            }
            Ok(Some(value))
        })())
    }

    /// `Objects.isNull(x)` and `Objects.nonNull(x)`: a library call whose null test is inside
    /// the library (a path each way, no branch: JaCoCo has no probe there), taking first what
    /// kind of value `x` is, as Optional's summaries do (`summaries/java_util_objects.pl`).
    /// None when the call is something else.
    pub(super) fn objects_null_test(&mut self, node: Node<'t>, object: Node<'t>, name: &str) -> Option<Lowered<Option<Typed>>> {
        if !matches!(name, "isNull" | "nonNull") || self.lookup(self.text(object)).is_some() || self.qualified(self.text(object)) != OBJECTS {
            return None;
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        Some((|| {
            let [argument] = arguments.as_slice() else {
                return self.error(node, format!("method '{name}' in class Objects takes one argument"));
            };
            let value = self.value(*argument)?;
            if value.ty != Ty::Null && Held::of(value.ty).is_none() {
                return self.unsupported(
                    *argument,
                    format!("Objects.{name} of a {} (hornet models it for Strings, boxes, enums, dates, BigDecimals and objects of the sources)", value.ty),
                );
            }
            let callee = MethodKey { class: OBJECTS.into(), name: name.into(), params: vec![Ty::AnyObject] };
            let dst = self.new_temp(Ty::Boolean);
            let span = self.span(node);
            self.emit(Inst::Call { dst: Some(dst), callee, args: vec![value.operand], span });
            Ok(Some(Typed { operand: Operand::Local(dst), ty: Ty::Boolean }))
        })())
    }

    /// `Class.forName("...")` as a statement: it loads the named class (a JDBC driver) and
    /// changes nothing a path depends on. None when the call is something else.
    pub(super) fn class_for_name(&mut self, node: Node<'t>, object: Node<'t>, name: &str, want_value: bool) -> Option<Lowered<Option<Typed>>> {
        if name != "forName" || self.lookup(self.text(object)).is_some() || !matches!(self.qualified(self.text(object)).as_str(), "Class" | CLASS) {
            return None;
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        Some(match arguments.as_slice() {
            [class_name] if (class_name.kind() == "string_literal" || self.string_constant(*class_name).is_some()) && !want_value => Ok(None),
            [_] if want_value => self.unsupported(node, "the Class object Class.forName returns (hornet models Class.forName as a statement)"),
            _ => self.unsupported(node, "Class.forName of a class name that is not a string literal or constant"),
        })
    }
}
