//! The few library methods and constants the analysis knows. Their behaviour is modelled
//! elsewhere by hand-written summaries; the front end only needs their signatures.

use crate::ir::{DateClass, Elem, MethodKey, Primitive, Ty};

/// A static method whose code is not analysed but whose behaviour a summary models: the
/// built-in `java.lang` ones, and those declared by the user's summary files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryMethod {
    pub key: MethodKey,
    pub ret: Ty,
}

const MATH: &str = "java.lang.Math";
const INTEGER: &str = "java.lang.Integer";
const LONG: &str = "java.lang.Long";
const BOOLEAN: &str = "java.lang.Boolean";
const DOUBLE: &str = "java.lang.Double";
const FLOAT: &str = "java.lang.Float";
const BYTE: &str = "java.lang.Byte";
const SHORT: &str = "java.lang.Short";
const CHARACTER: &str = "java.lang.Character";
/// Instance methods of String take the receiver as their first parameter.
pub(crate) const STRING: &str = "java.lang.String";
/// `java.sql.Types`: only its constants (the type codes `setNull` takes).
const SQL_TYPES: &str = "java.sql.Types";
/// `java.lang.System`: only `arraycopy`, whose arrays the front end checks (`lower/arrays.rs`).
const SYSTEM: &str = "java.lang.System";
/// `java.util.Objects`: `equals` of two boxes of the same type or of two Strings, and `requireNonNull`
/// (`lower/logging.rs`).
pub const OBJECTS: &str = "java.util.Objects";
/// `java.util.List`: its instance methods take the list first (`lower/lists.rs`). Their
/// signatures are erased: a list parameter is a list of any elements; an element argument is
/// an int for a list of Integers (boxed and unboxed by the caller), an `Object` for a list of
/// objects; the caller gives an element result (of `get`, `set`, `remove`) its list's
/// element type.
pub(crate) const LIST: &str = "java.util.List";
/// `java.util.ArrayList`: only its constructors (empty, of an initial capacity, a copy of a
/// list), as `<init>` returning the list.
pub(crate) const ARRAY_LIST: &str = "java.util.ArrayList";

/// `java.util.Map`: its instance methods take the map first (`lower/maps.rs`), with erased
/// signatures: a map parameter is a map of any keys and values (`ANY_MAP`), keys and values
/// are passed as an `Object` (boxed by the caller), and the caller gives a value result (of
/// `get`, `put`, ...) its map's value type.
pub(crate) const MAP: &str = "java.util.Map";
/// `java.util.HashMap` and `java.util.LinkedHashMap`: only their constructor without
/// arguments, as `<init>` returning the map.
pub(crate) const HASH_MAP: &str = "java.util.HashMap";
pub(crate) const LINKED_HASH_MAP: &str = "java.util.LinkedHashMap";
/// The erased type of a map in those signatures.
pub(crate) const ANY_MAP: Ty = Ty::Map(crate::ir::Held::Unknown, crate::ir::Held::Unknown);

/// `java.util.Optional`: its static factories and the instance methods `lower/optionals.rs`
/// lowers, the Optional first; their summaries take what it holds before the arguments.
pub(crate) const OPTIONAL: &str = "java.util.Optional";
/// The erased type of an Optional in those signatures.
pub(crate) const ANY_OPTIONAL: Ty = Ty::Optional(crate::ir::Held::Unknown);

/// `java.io.PrintStream`: `print` and `println` on `System.out` and `System.err`, which
/// change nothing a test observes (the front end checks the receiver).
pub(crate) const PRINT_STREAM: &str = "java.io.PrintStream";
/// `java.lang.Throwable`: only `printStackTrace()` of a caught exception.
pub(crate) const THROWABLE: &str = "java.lang.Throwable";
/// `java.sql.SQLException`: `getSQLState()` and `getErrorCode()` of a caught exception, the
/// exception first (`summaries/java_sql_exception.pl`).
pub(crate) const SQL_EXCEPTION: &str = "java.sql.SQLException";
/// `java.sql.DriverManager`: only `getConnection`, a connection to the test database
/// (`lower/jdbc.rs`).
pub(crate) const DRIVER_MANAGER: &str = "java.sql.DriverManager";

/// The logger interfaces hornet knows, with the factory class that makes them and their
/// methods that only write a record (called with no arguments: `lower/logging.rs` evaluates
/// the arguments, whose values only make the message; `summaries/logging.pl`).
pub(crate) const LOGGERS: &[(&str, &str, &[&str])] = &[
    (
        "java.util.logging.Logger",
        "java.util.logging.Logger",
        &["severe", "warning", "info", "config", "fine", "finer", "finest", "log", "entering", "exiting"],
    ),
    ("org.slf4j.Logger", "org.slf4j.LoggerFactory", &["trace", "debug", "info", "warn", "error"]),
    ("org.apache.logging.log4j.Logger", "org.apache.logging.log4j.LogManager", &["trace", "debug", "info", "warn", "error", "fatal"]),
];

/// `java.math.BigDecimal` (`ir::Ty::Decimal`).
pub(crate) const BIG_DECIMAL: &str = "java.math.BigDecimal";

/// The library classes whose modelled members code names them by (for on-demand imports).
pub(crate) const MODELLED_CLASSES: &[&str] =
    &[MATH, INTEGER, LONG, BOOLEAN, STRING, SQL_TYPES, SYSTEM, OBJECTS, LIST, ARRAY_LIST, MAP, HASH_MAP, LINKED_HASH_MAP, DRIVER_MANAGER, BIG_DECIMAL];

const INTEGER_BOX: Ty = Ty::Boxed(Primitive::Int);
const LONG_BOX: Ty = Ty::Boxed(Primitive::Long);
const BOOLEAN_BOX: Ty = Ty::Boxed(Primitive::Boolean);
const DOUBLE_BOX: Ty = Ty::Boxed(Primitive::Double);
const FLOAT_BOX: Ty = Ty::Boxed(Primitive::Float);
const BYTE_BOX: Ty = Ty::Boxed(Primitive::Byte);
const SHORT_BOX: Ty = Ty::Boxed(Primitive::Short);
const CHARACTER_BOX: Ty = Ty::Boxed(Primitive::Char);
const UTIL_DATE: Ty = Ty::Date(DateClass::Util);
const SQL_DATE: Ty = Ty::Date(DateClass::Sql);
const TIMESTAMP: Ty = Ty::Date(DateClass::Timestamp);
const TIME: Ty = Ty::Date(DateClass::Time);
const LOCAL_DATE: Ty = Ty::Date(DateClass::LocalDate);
const LOCAL_DATE_TIME: Ty = Ty::Date(DateClass::LocalDateTime);
const INSTANT: Ty = Ty::Date(DateClass::Instant);
const JT_DATE: &str = "java.time.LocalDate";
const JT_DATE_TIME: &str = "java.time.LocalDateTime";
const JT_INSTANT: &str = "java.time.Instant";

const BUILTIN: &[(&str, &str, &[Ty], Ty)] = &[
    (MATH, "abs", &[Ty::Int], Ty::Int),
    (MATH, "abs", &[Ty::Long], Ty::Long),
    (MATH, "max", &[Ty::Int, Ty::Int], Ty::Int),
    (MATH, "max", &[Ty::Long, Ty::Long], Ty::Long),
    (MATH, "min", &[Ty::Int, Ty::Int], Ty::Int),
    (MATH, "min", &[Ty::Long, Ty::Long], Ty::Long),
    (INTEGER, "compare", &[Ty::Int, Ty::Int], Ty::Int),
    (LONG, "compare", &[Ty::Long, Ty::Long], Ty::Int),
    (INTEGER, "toString", &[Ty::Int], Ty::String),
    (LONG, "toString", &[Ty::Long], Ty::String),
    (BOOLEAN, "toString", &[Ty::Boolean], Ty::String),
    (INTEGER, "parseInt", &[Ty::String], Ty::Int),
    (LONG, "parseLong", &[Ty::String], Ty::Long),
    (STRING, "valueOf", &[Ty::Int], Ty::String),
    (STRING, "valueOf", &[Ty::Long], Ty::String),
    (STRING, "valueOf", &[Ty::Boolean], Ty::String),
    (STRING, "valueOf", &[Ty::Char], Ty::String),
    // Java's text of a number: lowered to `Rvalue::FloatingText`, not called.
    (STRING, "valueOf", &[Ty::Double], Ty::String),
    (STRING, "valueOf", &[Ty::Float], Ty::String),
    (DOUBLE, "toString", &[Ty::Double], Ty::String),
    (FLOAT, "toString", &[Ty::Float], Ty::String),
    (CHARACTER, "toString", &[Ty::Char], Ty::String),
    (STRING, "charAt", &[Ty::String, Ty::Int], Ty::Char),
    (STRING, "length", &[Ty::String], Ty::Int),
    (STRING, "isEmpty", &[Ty::String], Ty::Boolean),
    (STRING, "hashCode", &[Ty::String], Ty::Int),
    (STRING, "equals", &[Ty::String, Ty::String], Ty::Boolean),
    (STRING, "startsWith", &[Ty::String, Ty::String], Ty::Boolean),
    (STRING, "endsWith", &[Ty::String, Ty::String], Ty::Boolean),
    (STRING, "contains", &[Ty::String, Ty::String], Ty::Boolean),
    (STRING, "indexOf", &[Ty::String, Ty::String], Ty::Int),
    (STRING, "equalsIgnoreCase", &[Ty::String, Ty::String], Ty::Boolean),
    (STRING, "compareTo", &[Ty::String, Ty::String], Ty::Int),
    (STRING, "toUpperCase", &[Ty::String], Ty::String),
    (STRING, "toLowerCase", &[Ty::String], Ty::String),
    (STRING, "trim", &[Ty::String], Ty::String),
    (STRING, "substring", &[Ty::String, Ty::Int], Ty::String),
    (STRING, "substring", &[Ty::String, Ty::Int, Ty::Int], Ty::String),
    // Boxes (`summaries/java_lang_boxes.pl`): instance methods take the receiver first.
    (INTEGER, "valueOf", &[Ty::Int], INTEGER_BOX),
    (LONG, "valueOf", &[Ty::Long], LONG_BOX),
    (BOOLEAN, "valueOf", &[Ty::Boolean], BOOLEAN_BOX),
    (INTEGER, "intValue", &[INTEGER_BOX], Ty::Int),
    (LONG, "longValue", &[LONG_BOX], Ty::Long),
    (BOOLEAN, "booleanValue", &[BOOLEAN_BOX], Ty::Boolean),
    (DOUBLE, "valueOf", &[Ty::Double], DOUBLE_BOX),
    (FLOAT, "valueOf", &[Ty::Float], FLOAT_BOX),
    (DOUBLE, "doubleValue", &[DOUBLE_BOX], Ty::Double),
    (FLOAT, "floatValue", &[FLOAT_BOX], Ty::Float),
    (BYTE, "valueOf", &[Ty::Byte], BYTE_BOX),
    (SHORT, "valueOf", &[Ty::Short], SHORT_BOX),
    (CHARACTER, "valueOf", &[Ty::Char], CHARACTER_BOX),
    (BYTE, "byteValue", &[BYTE_BOX], Ty::Byte),
    (SHORT, "shortValue", &[SHORT_BOX], Ty::Short),
    (CHARACTER, "charValue", &[CHARACTER_BOX], Ty::Char),
    (BYTE, "equals", &[BYTE_BOX, BYTE_BOX], Ty::Boolean),
    (SHORT, "equals", &[SHORT_BOX, SHORT_BOX], Ty::Boolean),
    (CHARACTER, "equals", &[CHARACTER_BOX, CHARACTER_BOX], Ty::Boolean),
    (INTEGER, "equals", &[INTEGER_BOX, INTEGER_BOX], Ty::Boolean),
    (LONG, "equals", &[LONG_BOX, LONG_BOX], Ty::Boolean),
    (BOOLEAN, "equals", &[BOOLEAN_BOX, BOOLEAN_BOX], Ty::Boolean),
    // `lower/logging.rs` calls them with the argument as it is, of any kind it models.
    (OBJECTS, "isNull", &[Ty::AnyObject], Ty::Boolean),
    (OBJECTS, "nonNull", &[Ty::AnyObject], Ty::Boolean),
    (OBJECTS, "equals", &[INTEGER_BOX, INTEGER_BOX], Ty::Boolean),
    (OBJECTS, "equals", &[LONG_BOX, LONG_BOX], Ty::Boolean),
    (OBJECTS, "equals", &[BOOLEAN_BOX, BOOLEAN_BOX], Ty::Boolean),
    (OBJECTS, "equals", &[Ty::String, Ty::String], Ty::Boolean),
    // The hash of a value `Objects.hash` boxes (`lower/equality.rs`), as `Objects.hashCode`.
    (OBJECTS, "hashCode", &[Ty::String], Ty::Int),
    (OBJECTS, "hashCode", &[INTEGER_BOX], Ty::Int),
    (OBJECTS, "hashCode", &[LONG_BOX], Ty::Int),
    (OBJECTS, "hashCode", &[BOOLEAN_BOX], Ty::Int),
    (OBJECTS, "hashCode", &[Ty::Long], Ty::Int),
    (OBJECTS, "hashCode", &[Ty::Boolean], Ty::Int),
    (OBJECTS, "requireNonNull", &[Ty::String], Ty::String),
    (OBJECTS, "requireNonNull", &[INTEGER_BOX], INTEGER_BOX),
    (OBJECTS, "requireNonNull", &[LONG_BOX], LONG_BOX),
    (OBJECTS, "requireNonNull", &[BOOLEAN_BOX], BOOLEAN_BOX),
    (OBJECTS, "requireNonNull", &[UTIL_DATE], UTIL_DATE),
    (OBJECTS, "requireNonNull", &[SQL_DATE], SQL_DATE),
    (OBJECTS, "requireNonNull", &[TIMESTAMP], TIMESTAMP),
    (OBJECTS, "requireNonNull", &[TIME], TIME),
    // Dates (`summaries/java_util_date.pl`): instance methods take the receiver first; every
    // date runs java.util.Date's (`lower/dates.rs`).
    ("java.util.Date", crate::ir::CONSTRUCTOR, &[Ty::Long], UTIL_DATE),
    ("java.sql.Date", crate::ir::CONSTRUCTOR, &[Ty::Long], SQL_DATE),
    ("java.sql.Timestamp", crate::ir::CONSTRUCTOR, &[Ty::Long], TIMESTAMP),
    ("java.sql.Time", crate::ir::CONSTRUCTOR, &[Ty::Long], TIME),
    // The clock (`dates:clock_read/3`).
    ("java.util.Date", crate::ir::CONSTRUCTOR, &[], UTIL_DATE),
    (JT_DATE, "now", &[], LOCAL_DATE),
    (JT_DATE_TIME, "now", &[], LOCAL_DATE_TIME),
    (JT_INSTANT, "now", &[], INSTANT),
    ("java.util.Date", "getTime", &[UTIL_DATE], Ty::Long),
    ("java.util.Date", "before", &[UTIL_DATE, UTIL_DATE], Ty::Boolean),
    ("java.util.Date", "after", &[UTIL_DATE, UTIL_DATE], Ty::Boolean),
    ("java.util.Date", "compareTo", &[UTIL_DATE, UTIL_DATE], Ty::Int),
    ("java.sql.Date", "equals", &[SQL_DATE, SQL_DATE], Ty::Boolean),
    ("java.sql.Timestamp", "equals", &[TIMESTAMP, TIMESTAMP], Ty::Boolean),
    ("java.sql.Time", "equals", &[TIME, TIME], Ty::Boolean),
    // Text parsed as the JDK parses it, in the zone the tests run in (`dates:text_parsed/4`).
    ("java.sql.Timestamp", "valueOf", &[Ty::String], TIMESTAMP),
    ("java.sql.Date", "valueOf", &[Ty::String], SQL_DATE),
    ("java.sql.Time", "valueOf", &[Ty::String], TIME),
    ("java.sql.Date", "toString", &[SQL_DATE], Ty::String),
    ("java.sql.Time", "toString", &[TIME], Ty::String),
    (STRING, "valueOf", &[SQL_DATE], Ty::String),
    (STRING, "valueOf", &[TIME], Ty::String),
    (STRING, "valueOf", &[TIMESTAMP], Ty::String),
    ("java.sql.Timestamp", "toString", &[TIMESTAMP], Ty::String),
    // java.time (`summaries/java_time.pl`, `lower/dates.rs`): instance methods take the
    // receiver first.
    (JT_DATE, "of", &[Ty::Int, Ty::Int, Ty::Int], LOCAL_DATE),
    (JT_DATE_TIME, "of", &[Ty::Int, Ty::Int, Ty::Int, Ty::Int, Ty::Int], LOCAL_DATE_TIME),
    (JT_DATE_TIME, "of", &[Ty::Int, Ty::Int, Ty::Int, Ty::Int, Ty::Int, Ty::Int], LOCAL_DATE_TIME),
    (JT_DATE, "parse", &[Ty::String], LOCAL_DATE),
    (JT_DATE_TIME, "parse", &[Ty::String], LOCAL_DATE_TIME),
    (JT_INSTANT, "ofEpochMilli", &[Ty::Long], INSTANT),
    (JT_INSTANT, "toEpochMilli", &[INSTANT], Ty::Long),
    (JT_DATE, "isBefore", &[LOCAL_DATE, LOCAL_DATE], Ty::Boolean),
    (JT_DATE, "isAfter", &[LOCAL_DATE, LOCAL_DATE], Ty::Boolean),
    (JT_DATE_TIME, "isBefore", &[LOCAL_DATE_TIME, LOCAL_DATE_TIME], Ty::Boolean),
    (JT_DATE_TIME, "isAfter", &[LOCAL_DATE_TIME, LOCAL_DATE_TIME], Ty::Boolean),
    (JT_INSTANT, "isBefore", &[INSTANT, INSTANT], Ty::Boolean),
    (JT_INSTANT, "isAfter", &[INSTANT, INSTANT], Ty::Boolean),
    (JT_DATE, "equals", &[LOCAL_DATE, LOCAL_DATE], Ty::Boolean),
    (JT_DATE_TIME, "equals", &[LOCAL_DATE_TIME, LOCAL_DATE_TIME], Ty::Boolean),
    (JT_INSTANT, "equals", &[INSTANT, INSTANT], Ty::Boolean),
    (JT_DATE, "compareTo", &[LOCAL_DATE, LOCAL_DATE], Ty::Int),
    (JT_DATE_TIME, "compareTo", &[LOCAL_DATE_TIME, LOCAL_DATE_TIME], Ty::Int),
    (JT_INSTANT, "compareTo", &[INSTANT, INSTANT], Ty::Int),
    (JT_DATE, "plusDays", &[LOCAL_DATE, Ty::Long], LOCAL_DATE),
    (JT_DATE, "minusDays", &[LOCAL_DATE, Ty::Long], LOCAL_DATE),
    (JT_DATE_TIME, "plusDays", &[LOCAL_DATE_TIME, Ty::Long], LOCAL_DATE_TIME),
    (JT_DATE_TIME, "minusDays", &[LOCAL_DATE_TIME, Ty::Long], LOCAL_DATE_TIME),
    (JT_DATE, "getYear", &[LOCAL_DATE], Ty::Int),
    (JT_DATE, "getMonthValue", &[LOCAL_DATE], Ty::Int),
    (JT_DATE, "getDayOfMonth", &[LOCAL_DATE], Ty::Int),
    (JT_DATE_TIME, "getYear", &[LOCAL_DATE_TIME], Ty::Int),
    (JT_DATE_TIME, "getMonthValue", &[LOCAL_DATE_TIME], Ty::Int),
    (JT_DATE_TIME, "getDayOfMonth", &[LOCAL_DATE_TIME], Ty::Int),
    ("java.sql.Date", "valueOf", &[LOCAL_DATE], SQL_DATE),
    ("java.sql.Date", "toLocalDate", &[SQL_DATE], LOCAL_DATE),
    ("java.sql.Timestamp", "valueOf", &[LOCAL_DATE_TIME], TIMESTAMP),
    ("java.sql.Timestamp", "toLocalDateTime", &[TIMESTAMP], LOCAL_DATE_TIME),
    ("java.sql.Timestamp", "from", &[INSTANT], TIMESTAMP),
    ("java.sql.Timestamp", "toInstant", &[TIMESTAMP], INSTANT),
    (JT_DATE, "atStartOfDay", &[LOCAL_DATE], LOCAL_DATE_TIME),
    (JT_DATE_TIME, "toLocalDate", &[LOCAL_DATE_TIME], LOCAL_DATE),
    (JT_DATE, "toString", &[LOCAL_DATE], Ty::String),
    (JT_DATE_TIME, "toString", &[LOCAL_DATE_TIME], Ty::String),
    (JT_INSTANT, "toString", &[INSTANT], Ty::String),
    (STRING, "valueOf", &[LOCAL_DATE], Ty::String),
    (STRING, "valueOf", &[LOCAL_DATE_TIME], Ty::String),
    (STRING, "valueOf", &[INSTANT], Ty::String),
    // BigDecimal (`summaries/java_math_bigdecimal.pl`, `lower/decimals.rs`): instance methods
    // take the receiver first; setScale's rounding mode is RoundingMode's ordinal.
    (BIG_DECIMAL, crate::ir::CONSTRUCTOR, &[Ty::Long], Ty::Decimal),
    (BIG_DECIMAL, "valueOf", &[Ty::Long], Ty::Decimal),
    (BIG_DECIMAL, "add", &[Ty::Decimal, Ty::Decimal], Ty::Decimal),
    (BIG_DECIMAL, "subtract", &[Ty::Decimal, Ty::Decimal], Ty::Decimal),
    (BIG_DECIMAL, "multiply", &[Ty::Decimal, Ty::Decimal], Ty::Decimal),
    (BIG_DECIMAL, "max", &[Ty::Decimal, Ty::Decimal], Ty::Decimal),
    (BIG_DECIMAL, "min", &[Ty::Decimal, Ty::Decimal], Ty::Decimal),
    (BIG_DECIMAL, "negate", &[Ty::Decimal], Ty::Decimal),
    (BIG_DECIMAL, "abs", &[Ty::Decimal], Ty::Decimal),
    (BIG_DECIMAL, "compareTo", &[Ty::Decimal, Ty::Decimal], Ty::Int),
    (BIG_DECIMAL, "signum", &[Ty::Decimal], Ty::Int),
    (BIG_DECIMAL, "setScale", &[Ty::Decimal, Ty::Int, Ty::Int], Ty::Decimal),
    // Optional (`summaries/java_util_optional.pl`, `lower/optionals.rs`): erased signatures,
    // the Optional first; the caller types the results.
    (OPTIONAL, "empty", &[], ANY_OPTIONAL),
    (OPTIONAL, "of", &[Ty::AnyObject], ANY_OPTIONAL),
    (OPTIONAL, "ofNullable", &[Ty::AnyObject], ANY_OPTIONAL),
    (OPTIONAL, "isPresent", &[ANY_OPTIONAL], Ty::Boolean),
    (OPTIONAL, "isEmpty", &[ANY_OPTIONAL], Ty::Boolean),
    (OPTIONAL, "get", &[ANY_OPTIONAL], Ty::AnyObject),
    (OPTIONAL, "orElseThrow", &[ANY_OPTIONAL], Ty::AnyObject),
    (OPTIONAL, "orElseThrow", &[ANY_OPTIONAL, Ty::String], Ty::AnyObject),
    (OPTIONAL, "orElse", &[ANY_OPTIONAL, Ty::AnyObject], Ty::AnyObject),
    (SYSTEM, "arraycopy", &[Ty::AnyObject, Ty::Int, Ty::AnyObject, Ty::Int, Ty::Int], Ty::Void),
    // The clock (`summaries/java_lang_system.pl`).
    (SYSTEM, "currentTimeMillis", &[], Ty::Long),
    (PRINT_STREAM, "println", &[], Ty::Void),
    (PRINT_STREAM, "println", &[Ty::String], Ty::Void),
    (PRINT_STREAM, "println", &[Ty::Int], Ty::Void),
    (PRINT_STREAM, "println", &[Ty::Long], Ty::Void),
    (PRINT_STREAM, "println", &[Ty::Boolean], Ty::Void),
    (PRINT_STREAM, "println", &[Ty::Double], Ty::Void),
    (PRINT_STREAM, "println", &[Ty::Float], Ty::Void),
    (PRINT_STREAM, "print", &[Ty::String], Ty::Void),
    (PRINT_STREAM, "print", &[Ty::Int], Ty::Void),
    (PRINT_STREAM, "print", &[Ty::Long], Ty::Void),
    (PRINT_STREAM, "print", &[Ty::Boolean], Ty::Void),
    (PRINT_STREAM, "print", &[Ty::Double], Ty::Void),
    (PRINT_STREAM, "print", &[Ty::Float], Ty::Void),
    (THROWABLE, "printStackTrace", &[], Ty::Void),
    (THROWABLE, "getMessage", &[Ty::Throwable], Ty::String),
    (THROWABLE, "getCause", &[Ty::Throwable], Ty::Throwable),
    // A getter of a field of a caught exception of the sources (`lower/thrown.rs`), by the
    // field's position and type.
    (THROWABLE, "intField", &[Ty::Throwable, Ty::Int], Ty::Int),
    (THROWABLE, "longField", &[Ty::Throwable, Ty::Int], Ty::Long),
    (THROWABLE, "booleanField", &[Ty::Throwable, Ty::Int], Ty::Boolean),
    (THROWABLE, "stringField", &[Ty::Throwable, Ty::Int], Ty::String),
    (SQL_EXCEPTION, "getSQLState", &[Ty::Throwable], Ty::String),
    (SQL_EXCEPTION, "getErrorCode", &[Ty::Throwable], Ty::Int),
    (ARRAY_LIST, crate::ir::CONSTRUCTOR, &[], Ty::List(Elem::Int)),
    (ARRAY_LIST, crate::ir::CONSTRUCTOR, &[Ty::Int], Ty::List(Elem::Int)),
    (ARRAY_LIST, crate::ir::CONSTRUCTOR, &[Ty::List(Elem::Int)], Ty::List(Elem::Int)),
    (LIST, "size", &[Ty::List(Elem::Int)], Ty::Int),
    (LIST, "isEmpty", &[Ty::List(Elem::Int)], Ty::Boolean),
    (LIST, "get", &[Ty::List(Elem::Int), Ty::Int], Ty::Int),
    (LIST, "set", &[Ty::List(Elem::Int), Ty::Int, Ty::Int], Ty::Int),
    (LIST, "add", &[Ty::List(Elem::Int), Ty::Int], Ty::Boolean),
    (LIST, "add", &[Ty::List(Elem::Int), Ty::Int, Ty::Int], Ty::Void),
    (LIST, "remove", &[Ty::List(Elem::Int), Ty::Int], Ty::Int),
    (LIST, "clear", &[Ty::List(Elem::Int)], Ty::Void),
    (LIST, "contains", &[Ty::List(Elem::Int), Ty::Int], Ty::Boolean),
    (LIST, "indexOf", &[Ty::List(Elem::Int), Ty::Int], Ty::Int),
    (LIST, "set", &[Ty::List(Elem::Int), Ty::Int, Ty::AnyObject], Ty::AnyObject),
    // A List<String>'s elements compare with equals.
    (LIST, "contains", &[Ty::List(Elem::Int), Ty::AnyObject], Ty::Boolean),
    (LIST, "indexOf", &[Ty::List(Elem::Int), Ty::AnyObject], Ty::Int),
    (LIST, "remove", &[Ty::List(Elem::Int), Ty::AnyObject], Ty::Boolean),
    // A List<Long> holds non-null longs, as a List<Integer> holds ints.
    (LIST, "set", &[Ty::List(Elem::Int), Ty::Int, Ty::Long], Ty::Long),
    (LIST, "add", &[Ty::List(Elem::Int), Ty::Long], Ty::Boolean),
    (LIST, "add", &[Ty::List(Elem::Int), Ty::Int, Ty::Long], Ty::Void),
    (LIST, "contains", &[Ty::List(Elem::Int), Ty::Long], Ty::Boolean),
    (LIST, "indexOf", &[Ty::List(Elem::Int), Ty::Long], Ty::Int),
    (LIST, "add", &[Ty::List(Elem::Int), Ty::AnyObject], Ty::Boolean),
    (LIST, "add", &[Ty::List(Elem::Int), Ty::Int, Ty::AnyObject], Ty::Void),
    (HASH_MAP, crate::ir::CONSTRUCTOR, &[], ANY_MAP),
    (LINKED_HASH_MAP, crate::ir::CONSTRUCTOR, &[], ANY_MAP),
    (MAP, "size", &[ANY_MAP], Ty::Int),
    (MAP, "isEmpty", &[ANY_MAP], Ty::Boolean),
    (MAP, "clear", &[ANY_MAP], Ty::Void),
    (MAP, "get", &[ANY_MAP, Ty::AnyObject], Ty::AnyObject),
    (MAP, "containsKey", &[ANY_MAP, Ty::AnyObject], Ty::Boolean),
    (MAP, "remove", &[ANY_MAP, Ty::AnyObject], Ty::AnyObject),
    (MAP, "getOrDefault", &[ANY_MAP, Ty::AnyObject, Ty::AnyObject], Ty::AnyObject),
    (MAP, "put", &[ANY_MAP, Ty::AnyObject, Ty::AnyObject], Ty::AnyObject),
    (MAP, "putIfAbsent", &[ANY_MAP, Ty::AnyObject, Ty::AnyObject], Ty::AnyObject),
];

/// The methods calls may target without their code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    methods: Vec<LibraryMethod>,
}

impl Default for Library {
    /// The built-in `java.lang` methods.
    fn default() -> Self {
        let logging = LOGGERS.iter().flat_map(|(interface, _, methods)| methods.iter().map(move |m| (*interface, *m, &[][..], Ty::Void)));
        let methods = BUILTIN
            .iter()
            .copied()
            .chain(logging)
            .map(|(class, name, params, ret)| LibraryMethod {
                key: MethodKey { class: class.to_string(), name: name.to_string(), params: params.to_vec() },
                ret,
            })
            .collect();
        Library { methods }
    }
}

impl Library {
    /// Adds a method declared by a user summary.
    pub fn add(&mut self, method: LibraryMethod) {
        self.methods.push(method);
    }

    /// The return type of a modelled method, `None` if it is not modelled. A list parameter
    /// takes a list of any elements (library signatures are erased).
    pub fn return_type(&self, key: &MethodKey) -> Option<Ty> {
        self.methods.iter().find(|m| same_erasure(&m.key, key)).map(|m| m.ret)
    }

    /// The modelled overloads of `class.name`.
    pub(crate) fn overloads<'a>(&'a self, class: &'a str, name: &'a str) -> impl Iterator<Item = &'a LibraryMethod> + 'a {
        self.methods.iter().filter(move |m| m.key.class == class && m.key.name == name)
    }

    /// The fully qualified name of a modelled class from its simple or qualified spelling
    /// (`Math` or `java.lang.Math`); simple names resolve only for `java.lang` classes, which
    /// need no import (others resolve through the file's imports before they get here).
    pub(crate) fn class<'a>(&'a self, name: &str) -> Option<&'a str> {
        if name == SQL_TYPES {
            return Some(SQL_TYPES);
        }
        self.methods.iter().map(|m| m.key.class.as_str()).find(|fq| {
            *fq == name || (crate::ir::package_of(fq) == "java.lang" && crate::ir::simple_name(fq) == name)
        })
    }
}

fn same_erasure(a: &MethodKey, b: &MethodKey) -> bool {
    let erased = |ty: &Ty| match ty {
        Ty::List(_) => Ty::List(Elem::Int),
        Ty::Map(..) => ANY_MAP,
        _ => *ty,
    };
    a.class == b.class
        && a.name == b.name
        && a.params.len() == b.params.len()
        && a.params.iter().zip(&b.params).all(|(p, q)| erased(p) == erased(q))
}

/// `Integer.MAX_VALUE` and friends, as a value and its type.
pub(crate) fn library_constant(class: &str, field: &str) -> Option<(i64, Ty)> {
    match (class, field) {
        (INTEGER, "MAX_VALUE") => Some((i32::MAX as i64, Ty::Int)),
        (INTEGER, "MIN_VALUE") => Some((i32::MIN as i64, Ty::Int)),
        (LONG, "MAX_VALUE") => Some((i64::MAX, Ty::Long)),
        (LONG, "MIN_VALUE") => Some((i64::MIN, Ty::Long)),
        // In units of 10^-DECIMAL_SCALE, as every BigDecimal of the model.
        (BIG_DECIMAL, "ZERO") => Some((0, Ty::Decimal)),
        (BIG_DECIMAL, "ONE") => Some((10_i64.pow(crate::ir::DECIMAL_SCALE), Ty::Decimal)),
        (BIG_DECIMAL, "TEN") => Some((10 * 10_i64.pow(crate::ir::DECIMAL_SCALE), Ty::Decimal)),
        (SQL_TYPES, field) => {
            let code = match field {
                "BIT" => -7,
                "TINYINT" => -6,
                "SMALLINT" => 5,
                "INTEGER" => 4,
                "BIGINT" => -5,
                "CHAR" => 1,
                "VARCHAR" => 12,
                "BOOLEAN" => 16,
                "DECIMAL" => 3,
                "NUMERIC" => 2,
                "DATE" => 91,
                "TIME" => 92,
                "TIMESTAMP" => 93,
                "NULL" => 0,
                _ => return None,
            };
            Some((code, Ty::Int))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_type_follows_the_argument_type() {
        let library = Library::default();
        let key = |params: Vec<Ty>| MethodKey { class: MATH.into(), name: "abs".into(), params };
        assert_eq!(library.return_type(&key(vec![Ty::Int])), Some(Ty::Int));
        assert_eq!(library.return_type(&key(vec![Ty::Long])), Some(Ty::Long));
        assert_eq!(library.return_type(&key(vec![Ty::Boolean])), None);
    }

    #[test]
    fn library_class_accepts_simple_and_qualified_names() {
        let mut library = Library::default();
        assert_eq!(library.class("Math"), Some(MATH));
        assert_eq!(library.class("java.lang.Long"), Some(LONG));
        assert_eq!(library.class("lang.Math"), None);
        let key = MethodKey { class: "vendor.Mixer".into(), name: "mix".into(), params: vec![Ty::Int] };
        library.add(LibraryMethod { key, ret: Ty::Int });
        assert_eq!(library.class("vendor.Mixer"), Some("vendor.Mixer"));
        assert_eq!(library.class("Mixer"), None);
    }
}
