//! `java.util.Date`, `java.sql.Date`, `Time` and `Timestamp` in the front end
//! (`ir::Ty::Date`): `new C(long)`, and the methods real data-access code calls on them
//! (`getTime`, `before`, `after`, `compareTo`, `equals`) as library calls with the receiver
//! first, whose summaries are `summaries/java_util_date.pl` (a null receiver or argument throws
//! NullPointerException there: a path, not a branch); comparisons with `null`. The clock
//! (`new java.util.Date()`, `now()` of the `java.time` classes) is a library call reading it
//! (`dates:clock_read/3`); `==` between two dates (reference identity) is reported.
//! `Timestamp.valueOf(String)`, `java.sql.Date.valueOf(String)` and `Time.valueOf(String)`
//! parse text as the JDK does (`dates:text_parsed/4`), in the zone the tests run in (UTC).
//! `java.time`'s `LocalDate`, `LocalDateTime` and `Instant` are dates of their own classes
//! (no `java.util.Date`), whose factories, methods and conversions to and from the
//! `java.sql` dates are library calls too (`summaries/java_time.pl`).

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{CONSTRUCTOR, CmpOp, Cond, DateClass, Inst, MethodKey, Operand, Ty};
use crate::java::index::date_class;
use crate::java::syntax::children;
use tree_sitter::Node;

/// `java.util.Date`, the class whose methods every date runs (the subclasses' overrides
/// agree with it on millisecond instants, the only ones modelled).
const UTIL_DATE: Ty = Ty::Date(DateClass::Util);

impl<'t> MethodLowering<'_, 't> {
    /// The date class `new C(...)` creates, if it creates one.
    pub(super) fn created_date(&self, node: Node<'t>) -> Option<DateClass> {
        let type_node = node.child_by_field_name("type")?;
        date_class(self.text(type_node), self.class.file)
    }

    /// `new java.sql.Date(millis)` (and of `Timestamp`, `java.util.Date`).
    pub(super) fn new_date(&mut self, node: Node<'t>, class: DateClass) -> Lowered<Typed> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let span = self.span(node);
        if arguments.is_empty() && class == DateClass::Util {
            // The clock.
            let callee = MethodKey { class: class.class_name().into(), name: CONSTRUCTOR.into(), params: Vec::new() };
            let dst = self.new_temp(Ty::Date(class));
            self.emit(Inst::Call { dst: Some(dst), callee, args: Vec::new(), span });
            return Ok(Typed { operand: Operand::Local(dst), ty: Ty::Date(class) });
        }
        let [millis] = arguments.as_slice() else {
            let what = format!("this {} constructor (hornet models new {}(long))", class.class_name(), class.class_name());
            return self.unsupported(node, what);
        };
        let value = self.value(*millis)?;
        let millis = self.coerce(value, Ty::Long, *millis)?;
        let callee = MethodKey { class: class.class_name().into(), name: CONSTRUCTOR.into(), params: vec![Ty::Long] };
        let dst = self.new_temp(Ty::Date(class));
        self.emit(Inst::Call { dst: Some(dst), callee, args: vec![millis], span });
        Ok(Typed { operand: Operand::Local(dst), ty: Ty::Date(class) })
    }

    /// A static method of a date class: `Timestamp.valueOf(text)`, `java.sql.Date.valueOf(text)`,
    /// `Time.valueOf(text)` (the date the text stands for, or IllegalArgumentException),
    /// `java.sql.Date.valueOf(localDate)`, `Timestamp.valueOf(localDateTime)`,
    /// `Timestamp.from(instant)`, `LocalDate.of`, `LocalDateTime.of`, their `parse(text)`,
    /// `Instant.ofEpochMilli` and the clock (`now()`): library calls. None when `object` does not name a date class.
    pub(super) fn date_factory(&mut self, node: Node<'t>, object: Node<'t>, name: &str) -> Option<Lowered<Option<Typed>>> {
        let spelled = self.text(object);
        if !matches!(object.kind(), "identifier" | "scoped_identifier" | "field_access") || self.lookup(spelled).is_some() {
            return None;
        }
        let class = date_class(spelled, self.class.file)?;
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        Some((|| {
            let mut values = Vec::new();
            for argument in &arguments {
                values.push(self.value(*argument)?);
            }
            let types: Vec<Ty> = values.iter().map(|v| v.ty).collect();
            let int_fields = |n: usize| types.len() == n && types.iter().all(|t| matches!(t, Ty::Int | Ty::Short | Ty::Byte | Ty::Char));
            let params: Vec<Ty> = match (class, name, types.as_slice()) {
                (DateClass::Sql | DateClass::Time | DateClass::Timestamp, "valueOf", [Ty::String | Ty::Null]) => vec![Ty::String],
                (DateClass::Sql, "valueOf", [Ty::Date(DateClass::LocalDate)]) => vec![Ty::Date(DateClass::LocalDate)],
                (DateClass::Timestamp, "valueOf", [Ty::Date(DateClass::LocalDateTime)]) => vec![Ty::Date(DateClass::LocalDateTime)],
                (DateClass::Timestamp, "from", [Ty::Date(DateClass::Instant)]) => vec![Ty::Date(DateClass::Instant)],
                (DateClass::LocalDate, "of", _) if int_fields(3) => vec![Ty::Int; 3],
                (DateClass::LocalDateTime, "of", _) if int_fields(5) || int_fields(6) => vec![Ty::Int; types.len()],
                (DateClass::LocalDate | DateClass::LocalDateTime, "parse", [Ty::String | Ty::Null]) => vec![Ty::String],
                (DateClass::Instant, "ofEpochMilli", [Ty::Int | Ty::Long | Ty::Short | Ty::Byte | Ty::Char]) => vec![Ty::Long],
                // The clock.
                (DateClass::LocalDate | DateClass::LocalDateTime | DateClass::Instant, "now", []) => Vec::new(),
                _ => {
                    let listed: Vec<String> = types.iter().map(|t| t.to_string()).collect();
                    return self.unsupported(
                        node,
                        format!(
                            "{}.{name}({}) (hornet models valueOf(String) of java.sql.Date, Time and Timestamp, their valueOf of a LocalDate or LocalDateTime, Timestamp.from(Instant), LocalDate.of and parse, LocalDateTime.of and parse, Instant.ofEpochMilli, now())",
                            class.class_name(),
                            listed.join(", ")
                        ),
                    );
                }
            };
            let mut args = Vec::new();
            for ((value, param), argument) in values.into_iter().zip(params.iter()).zip(&arguments) {
                args.push(match value.ty {
                    Ty::Null => Operand::Null,
                    _ => self.coerce(value, *param, *argument)?,
                });
            }
            let callee = MethodKey { class: class.class_name().into(), name: name.into(), params };
            let dst = self.new_temp(Ty::Date(class));
            let span = self.span(node);
            self.emit(Inst::Call { dst: Some(dst), callee, args, span });
            Ok(Some(Typed { operand: Operand::Local(dst), ty: Ty::Date(class) }))
        })())
    }

    /// A call of a method of a date (the receiver, not yet checked).
    pub(super) fn date_method(
        &mut self,
        node: Node<'t>,
        receiver: Typed,
        class: DateClass,
        name: &str,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        use DateClass::{Instant, LocalDate, LocalDateTime, Sql, Timestamp};
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let own = Ty::Date(class);
        let (key_class, params, ret) = match (name, arguments.as_slice()) {
            ("getTime", []) if class.is_util_date() => (DateClass::Util, vec![UTIL_DATE], Ty::Long),
            ("before" | "after", [_]) if class.is_util_date() => (DateClass::Util, vec![UTIL_DATE, UTIL_DATE], Ty::Boolean),
            ("compareTo", [_]) if class.is_util_date() => (DateClass::Util, vec![UTIL_DATE, UTIL_DATE], Ty::Int),
            // Timestamp.equals is false for a java.util.Date of the same instant, and a
            // java.util.Date may hold a Timestamp: only dates of one class compare.
            ("equals", [_]) if class != DateClass::Util => (class, vec![own; 2], Ty::Boolean),
            // The text of a java.util.Date has names of days and zones, and it may hold a
            // java.sql.Date or Timestamp, whose text differs.
            ("toString", []) if class != DateClass::Util => (class, vec![own], Ty::String),
            ("isBefore" | "isAfter", [_]) if class.is_java_time() => (class, vec![own; 2], Ty::Boolean),
            // As the JDK computes them: LocalDate's a difference of fields, LocalDateTime's and
            // Instant's a mix of differences and signs (`dates:local_compared/4`,
            // `dates:time_compared/5`).
            ("compareTo", [_]) if class.is_java_time() => (class, vec![own; 2], Ty::Int),
            ("plusDays" | "minusDays", [_]) if matches!(class, LocalDate | LocalDateTime) => (class, vec![own, Ty::Long], own),
            ("getYear" | "getMonthValue" | "getDayOfMonth", []) if matches!(class, LocalDate | LocalDateTime) => {
                (class, vec![own], Ty::Int)
            }
            ("toEpochMilli", []) if class == Instant => (class, vec![own], Ty::Long),
            ("atStartOfDay", []) if class == LocalDate => (class, vec![own], Ty::Date(LocalDateTime)),
            ("toLocalDate", []) if matches!(class, Sql | LocalDateTime) => (class, vec![own], Ty::Date(LocalDate)),
            ("toLocalDateTime", []) if class == Timestamp => (class, vec![own], Ty::Date(LocalDateTime)),
            ("toInstant", []) if class == Timestamp => (class, vec![own], Ty::Date(Instant)),
            _ => {
                return self.unsupported(
                    node,
                    format!(
                        "{} method '{name}' with {} argument(s) (hornet models getTime, before, after, compareTo, equals and toString of the java.sql dates; isBefore, isAfter, equals, toString of java.time's LocalDate, LocalDateTime and Instant, plusDays, minusDays, getYear, getMonthValue, getDayOfMonth, compareTo, Instant.toEpochMilli; toLocalDate, toLocalDateTime, atStartOfDay)",
                        receiver.ty,
                        arguments.len()
                    ),
                );
            }
        };
        let receiver = self.stabilise(receiver, &arguments);
        let mut args = vec![receiver.operand];
        if let Some(argument) = arguments.first() {
            let other = self.value(*argument)?;
            let other = match (other.ty, params[1]) {
                (Ty::Null, _) => Operand::Null,
                (Ty::Date(from), UTIL_DATE) if from.is_util_date() => other.operand,
                (from, to) if from == to => other.operand,
                (_, Ty::Long) => self.coerce(other, Ty::Long, *argument)?,
                (from, _) => {
                    return self.unsupported(
                        *argument,
                        format!("'{name}' between {} and {from} (only dates of the same class compare with equals)", receiver.ty),
                    );
                }
            };
            args.push(other);
        }
        let callee = MethodKey { class: key_class.class_name().into(), name: name.into(), params };
        let dst = self.new_temp(ret);
        let span = self.span(node);
        self.emit(Inst::Call { dst: Some(dst), callee, args, span });
        Ok(want_value.then_some(Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// The condition of a comparison one of whose operands is a date: a null test with the
    /// null literal; `==` between two dates (reference identity) is reported. `None` when
    /// neither operand is a date.
    pub(super) fn date_comparison(&mut self, node: Node<'t>, token: &str, op: CmpOp, lhs: Typed, rhs: Typed) -> Lowered<Option<Cond>> {
        match (lhs.ty, rhs.ty) {
            (Ty::Date(_), Ty::Null) | (Ty::Null, Ty::Date(_)) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Some(Cond { op, lhs: lhs.operand, rhs: rhs.operand }))
            }
            (Ty::Date(_), _) | (_, Ty::Date(_)) => self.unsupported(
                node,
                format!("'{token}' between {} and {} (dates compare with before, after, compareTo or equals)", lhs.ty, rhs.ty),
            ),
            _ => Ok(None),
        }
    }
}
