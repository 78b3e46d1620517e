//! Test names from what a path does: the method, the iterations of its loops, the outcome
//! (`buy_returnsNoStock` after the constant the code returns, `count_returns3`,
//! `find_returnsEmptyList`, `transfer_throwsSQLException_onDuplicateKey`), and only where two
//! tests of a method would share that name, what tells their inputs apart (a null argument,
//! the rows the database starts with), a number being the last resort. Names depend on the
//! paths alone, so they are the same on every run.

use super::{DatabaseCase, Expectation, HeapCase, JavaValue, ObjectKind, Origin, TestCase};
use crate::ir::{ConstantValue, Method, MethodKind, Ty, simple_name};
use std::collections::HashMap;

/// Integers returned are named by their value up to this magnitude, by their sign beyond.
const NAMED_INTEGERS: i64 = 9999;

/// Gives each of a method's cases (whose `name` is empty) a name unique among them.
pub(super) fn name_cases(method: &Method, cases: &mut [TestCase], iterations: &[usize]) {
    let mut names: Vec<String> = cases.iter().zip(iterations).map(|(case, n)| base_name(method, *n, case)).collect();
    let qualifiers: [fn(&Method, &TestCase) -> String; 2] = [null_arguments, initial_rows];
    for qualifier in qualifiers {
        for group in collisions(&names) {
            let words: Vec<String> = group.iter().map(|&i| qualifier(method, &cases[i])).collect();
            if words.iter().any(|w| *w != words[0]) {
                for (&i, word) in group.iter().zip(words) {
                    if !word.is_empty() {
                        names[i] = format!("{}_{word}", names[i]);
                    }
                }
            }
        }
    }
    // The last resort: a number after the first test of a name.
    for group in collisions(&names) {
        for (n, &i) in group.iter().enumerate().skip(1) {
            names[i] = format!("{}_{}", names[i], n + 1);
        }
    }
    for (case, name) in cases.iter_mut().zip(names) {
        case.name = name;
    }
}

/// The groups of indices (in order) that share a name.
fn collisions(names: &[String]) -> Vec<Vec<usize>> {
    let mut groups: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, name) in names.iter().enumerate() {
        groups.entry(name.as_str()).or_default().push(i);
    }
    let mut shared: Vec<Vec<usize>> = groups.into_values().filter(|g| g.len() > 1).collect();
    shared.sort();
    shared
}

/// `gcd_loop2_returns4`: the method, the iterations of its own loops (when it has any), and
/// the outcome.
fn base_name(method: &Method, iterations: usize, case: &TestCase) -> String {
    let mut name = match method.kind {
        MethodKind::Constructor | MethodKind::ExceptionConstructor => format!("new{}", simple_name(&method.key.class)),
        MethodKind::Static | MethodKind::Instance => method.key.name.clone(),
    };
    if !method.loops.is_empty() {
        name.push_str(&format!("_loop{iterations}"));
    }
    name.push('_');
    name.push_str(&outcome(method, case));
    name
}

fn outcome(method: &Method, case: &TestCase) -> String {
    let value = match &case.expect {
        Expectation::Completes => return "completes".to_string(),
        Expectation::Throws(class, None, _) => return format!("throws{}", simple_name(class)),
        Expectation::Throws(class, Some(violation), _) => {
            return format!("throws{}_on{}", simple_name(class), violation_words(violation));
        }
        // A box returned is named after its value.
        Expectation::Returns(JavaValue::Boxed(value)) => &**value,
        Expectation::Returns(value) => value,
    };
    if let Some(constant) = returned_constant(method, value) {
        return format!("returns{}", upper_snake_words(constant));
    }
    match value {
        JavaValue::Boolean(b) => if *b { "returnsTrue" } else { "returnsFalse" }.to_string(),
        JavaValue::Int(v) => integer_words(i64::from(*v)),
        JavaValue::Long(v) => integer_words(*v),
        JavaValue::Byte(v) => integer_words(i64::from(*v)),
        JavaValue::Short(v) => integer_words(i64::from(*v)),
        JavaValue::Char(v) => integer_words(i64::from(*v)),
        // Binary fixed-point units: their sign is the value's.
        JavaValue::Double(v) | JavaValue::Float(v) => sign_words(*v),
        JavaValue::Str(s) => if s.is_empty() { "returnsEmpty" } else { "returnsText" }.to_string(),
        JavaValue::Null => "returnsNull".to_string(),
        JavaValue::Enum { constant, .. } => format!("returns{}", upper_snake_words(constant)),
        JavaValue::Connection | JavaValue::OpenedConnection => "returnsConnection".to_string(),
        JavaValue::DataSource => "returnsDataSource".to_string(),
        JavaValue::ConnectionProxy(_) => "returnsConnectionSource".to_string(),
        JavaValue::Scanner(_) => "returnsScanner".to_string(),
        JavaValue::Object(id) => match method.ret {
            Ty::Array(_) => sized("Array", result_length(case.heap.as_ref(), *id)),
            Ty::List(_) => sized("List", result_length(case.heap.as_ref(), *id)),
            Ty::Map(..) => sized("Map", result_length(case.heap.as_ref(), *id).map(|slots| slots / 2)),
            _ => "returnsObject".to_string(),
        },
        JavaValue::Unchecked => "returns".to_string(),
        JavaValue::Date(..) => "returnsDate".to_string(),
        JavaValue::Clock { .. } => "returnsClockReading".to_string(),
        JavaValue::Decimal { units, .. } => sign_words(i64::try_from(*units).unwrap_or(i64::MAX)),
        JavaValue::Boxed(_) => unreachable!("a box holds a primitive value"),
        JavaValue::Optional(None) => "returnsEmpty".to_string(),
        JavaValue::Optional(Some(_)) => "returnsPresent".to_string(),
        JavaValue::Exception(class, _) => format!("returns{}", crate::ir::simple_name(class)),
    }
}

/// The name of the one constant of the method's `return` statements that has this value;
/// none when no constant or several have it.
fn returned_constant<'m>(method: &'m Method, value: &JavaValue) -> Option<&'m str> {
    let wanted = match value {
        JavaValue::Int(v) => ConstantValue::Integer(i64::from(*v)),
        JavaValue::Long(v) => ConstantValue::Integer(*v),
        JavaValue::Str(s) => ConstantValue::Text(s.clone()),
        _ => return None,
    };
    let mut named = method.returned_constants.iter().filter(|c| c.value == wanted);
    match (named.next(), named.next()) {
        (Some(constant), None) => Some(&constant.name),
        _ => None,
    }
}

/// `returnsEmptyList`, `returnsListOf2`; `returnsList` when its elements are not known.
fn sized(kind: &str, length: Option<usize>) -> String {
    match length {
        Some(0) => format!("returnsEmpty{kind}"),
        Some(n) => format!("returns{kind}Of{n}"),
        None => format!("returns{kind}"),
    }
}

/// The number of elements of the array or list the method returned (of keys and values, for a
/// map).
fn result_length(heap: Option<&HeapCase>, id: u32) -> Option<usize> {
    let object = heap?.after.iter().find(|o| o.id == id && o.origin == Origin::Result)?;
    matches!(object.kind, ObjectKind::Array | ObjectKind::List | ObjectKind::Map).then_some(object.fields.len())
}

/// `returns3`, `returnsMinus1`; large values by their sign (`returnsPositive`).
fn integer_words(v: i64) -> String {
    match v {
        0..=NAMED_INTEGERS => format!("returns{v}"),
        _ if (-NAMED_INTEGERS..0).contains(&v) => format!("returnsMinus{}", -v),
        _ => sign_words(v),
    }
}

fn sign_words(v: i64) -> String {
    match v.signum() {
        0 => "returnsZero",
        1 => "returnsPositive",
        _ => "returnsNegative",
    }
    .to_string()
}

/// What a violation the database reports is, as words of a test name.
fn violation_words(violation: &str) -> String {
    match violation {
        "unique" => "DuplicateKey".to_string(),
        "foreign_key" => "MissingReference".to_string(),
        "not_null" => "NullValue".to_string(),
        "check" => "CheckFailed".to_string(),
        "too_long" => "TooLongValue".to_string(),
        "conversion" => "ConversionError".to_string(),
        other => upper_snake_words(other),
    }
}

/// `NO_STOCK`, `READ_ONLY` or `foreign_key` as words of a test name: `NoStock`, `ReadOnly`,
/// `ForeignKey`.
fn upper_snake_words(constant: &str) -> String {
    constant
        .split('_')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase()).into_iter();
            first.chain(chars.flat_map(char::to_lowercase)).collect::<String>()
        })
        .collect()
}

/// `whenNickNull`, `whenNameAndNickNull`: the parameters given null; empty for none.
fn null_arguments(method: &Method, case: &TestCase) -> String {
    // `this` is never null: the test calls the method on an object.
    let first = usize::from(method.kind != MethodKind::Static);
    let nulls: Vec<String> = case
        .args
        .iter()
        .zip(&method.param_names)
        .skip(first)
        .filter(|(value, _)| **value == JavaValue::Null)
        .map(|(_, name)| capitalised(name))
        .collect();
    if nulls.is_empty() { String::new() } else { format!("when{}Null", nulls.join("And")) }
}

/// `givenNoRows`, `given1Member`, `given2Member1Post`: the rows the database starts with,
/// per table; empty without a database.
fn initial_rows(_: &Method, case: &TestCase) -> String {
    let Some(DatabaseCase { fixture, .. }) = &case.database else { return String::new() };
    let counts: Vec<String> = fixture
        .iter()
        .filter(|table| !table.rows.is_empty())
        .map(|table| format!("{}{}", table.rows.len(), identifier_words(&table.table)))
        .collect();
    if counts.is_empty() { "givenNoRows".to_string() } else { format!("given{}", counts.concat()) }
}

/// A table's name as words of a Java identifier: `order_line` gives `OrderLine`.
fn identifier_words(name: &str) -> String {
    name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|part| !part.is_empty()).map(capitalised).collect()
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_named_by_value_up_to_a_bound() {
        assert_eq!(integer_words(3), "returns3");
        assert_eq!(integer_words(-1), "returnsMinus1");
        assert_eq!(integer_words(2147483647), "returnsPositive");
        assert_eq!(integer_words(-10000), "returnsNegative");
    }

    #[test]
    fn constants_and_tables_become_words() {
        assert_eq!(upper_snake_words("NO_STOCK"), "NoStock");
        assert_eq!(upper_snake_words("READ_ONLY"), "ReadOnly");
        assert_eq!(identifier_words("order_line"), "OrderLine");
        assert_eq!(identifier_words("\"Order Line\""), "OrderLine");
    }
}
