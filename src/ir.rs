//! The intermediate representation: methods as control-flow graphs of basic blocks over typed
//! locals, in three-address form. The Java front end produces it; the translation to Horn
//! clauses consumes it. It knows nothing of tree-sitter nor of Prolog.
//!
//! Invariants the front end guarantees and the translation relies on:
//! * block 0 is the entry; every block ends in exactly one terminator;
//! * the first `params.len()` locals are the parameters, in order;
//! * operands of an instruction are locals or constants, never nested expressions, and Java's
//!   left-to-right evaluation order is already explicit in the order of instructions;
//! * every conditional jump of the Java source (`if`, loop conditions, each operand of `&&`/`||`,
//!   `?:`, a comparison used as a value) is one `Terminator::Branch` with its own `BranchId`, so
//!   that branch counts match the bytecode's (what JaCoCo measures); a constant condition is no
//!   branch; a `switch` is a chain of `Branch`es, one per case label, whose `BranchPoint::arm`
//!   maps their outcomes to the switch's distinct targets, which are what the bytecode's one
//!   `tableswitch` or `lookupswitch` has;
//! * `LoopEnter(l)` runs once before loop `l` is entered, `LoopIter(l)` at the start of each
//!   iteration of its body;
//! * instance methods and constructors have `this` as local 0 (never null) and callers pass the
//!   receiver as a call's first argument, after a `CheckNotNull` unless it is `this` (so a
//!   `Dispatch` finds the receiver's class known); an object local's class is one of the
//!   `ClassLayout::concrete` classes of its static type, and a value of a class used at a
//!   supertype passes a `Shape` first;
//! * arrays are one-dimensional, of a primitive, `String` or a class of the sources; their
//!   null and bounds checks are part of the array instructions, never branches;
//! * a list (of `Integer`s, or of objects of a class of the sources) is used only through
//!   library calls of `java.util.List` (receiver first) and `java.util.ArrayList.<init>`,
//!   whose keys name the erased signature (`java.util.List.add(List,Object)`); their null and
//!   index checks are in their summaries, never branches;
//! * a box (`Ty::Boxed`) is made and opened only by calls of its library methods
//!   (`Integer.valueOf(int)`, `Integer.intValue(Integer)`, ...), whose summaries throw
//!   NullPointerException for null (never a branch), and compared only with `null`;
//! * a value of an enum (`Ty::Enum`) is `null` or one of its constants
//!   (`Operand::Const(position, Ty::Enum(..))`), compared with `==`/`!=` only with `null` or a
//!   value of the same enum, and used otherwise only through `Inst::EnumCall`, whose
//!   NullPointerException is never a branch; a `switch` on one switches on its `ordinal()`;
//! * exceptions: an instruction that may throw (`/`, `%`, a call, a field access, a receiver
//!   check, an array creation, length, load or store) and a `Throw` or `Rethrow` in a
//!   block whose `handler` is set go to the first catch clause of that handler (then of its
//!   `outer` handlers) whose class is the exception's class or a superclass of it
//!   (`Method::catching`), with the locals as they are at the throw point and the clause's
//!   `exception` local holding the exception; with no such clause the method throws it. A
//!   `finally` block is copied onto every way out of its try statement, as javac does, and the
//!   branches of every copy share the copied source's `BranchId` (JaCoCo merges javac's copies);
//! * `EnterTry(h)` is the first instruction of the body of the try statement whose handler is
//!   `h` (where a bytecode coverage tool has a probe).

use crate::diag::Span;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Ty {
    Int,
    Long,
    Boolean,
    /// `double` and `float`: a number kept exactly as an integer of units of
    /// 2^-`FLOATING_UNIT_BITS` (`prolog/floating.pl`), within bounds where every such number,
    /// and every sum, difference and product the model keeps, is one IEEE 754 represents, so
    /// the arithmetic is the JVM's. What would round (`/`, a literal such as `0.1`) is reported
    /// or its path abandoned, never approximated. NaN, the infinities and -0.0 never arise.
    Double,
    Float,
    /// `byte`, `short` and `char`: integers of their Java ranges (a char is its UTF-16 code
    /// unit, 0..65535), promoted to int by arithmetic and narrowed with wrap-around by casts,
    /// compound assignments and `++`, as the JVM does.
    Byte,
    Short,
    Char,
    Void,
    /// `java.lang.String`: `null` or a sequence of characters.
    String,
    /// The type of the `null` literal, assignable to every reference type.
    Null,
    /// A `java.sql` interface, whose methods the runtime models (`summaries/jdbc.pl`).
    Jdbc(JdbcType),
    /// `java.util.Scanner`, a source of input tokens (`prolog/state.pl`'s input).
    Scanner,
    /// A caught exception (a catch parameter, or the exception a `finally` rethrows): its value
    /// is its class, with the message and cause a `throw new` gave it (`ThrownDetail`).
    Throwable,
    /// A reference to an object of a class of the analysed sources (`null` included); the class
    /// is exactly this one, as classes that extend analysed classes are not analysed.
    Object(ClassName),
    /// A one-dimensional array (`null` included) of the element type.
    Array(Elem),
    /// `java.util.List<E>` or `java.util.ArrayList<E>` (`null` included) of `Integer`s
    /// (`Elem::Int`: non-null, unboxed to ints), of `Long`s (`Elem::Long`, likewise), of
    /// `String`s or of references to objects of a class of the sources (`Elem::Object`, null
    /// included), kept on the heap like an array whose length is
    /// its size (`prolog/heap.pl`), of at most `ARRAY_MAX_LENGTH` elements; its methods are
    /// library calls with the receiver first (`summaries/java_util_list.pl`).
    List(Elem),
    /// `java.lang.Object`: only as a parameter type of a modelled library method
    /// (`System.arraycopy`); no local has it.
    AnyObject,
    /// `java.lang.Integer`, `Long` or `Boolean`: `null` or a box of a value of the primitive
    /// type. Boxes are immutable and compared by value (`==` between two boxes, which compares
    /// references, is reported), so the runtime keeps them as values, `null` or `box(V)`
    /// (`prolog/boxes.pl`); boxing and unboxing are calls of `valueOf` and `intValue` (...),
    /// as javac compiles them.
    Boxed(Primitive),
    /// An enum of the sources whose body lists constants only: `null` or one of its constants,
    /// never another object. The runtime keeps a value as `null` or `e(Index)`, the constant's
    /// position in the declaration (`prolog/enums.pl`); an enum constant in the IR is
    /// `Operand::Const(index, Ty::Enum(..))`.
    Enum(EnumType),
    /// `java.util.Date`, `java.sql.Date`, `Time` or `Timestamp` ([`DateClass`]): `null` or an instant, kept
    /// like a box as a value, `null` or `box(Millis)` (milliseconds since 1970-01-01T00:00 UTC;
    /// the generated tests run in UTC). Made and read only by calls of its library methods
    /// (`new java.sql.Date(long)`, `getTime()`, ...), compared only with `null`.
    Date(DateClass),
    /// `java.math.BigDecimal`: `null` or a number, kept like a box as `null` or `box(Units)`,
    /// the number in units of 10^-`DECIMAL_SCALE` (`prolog/decimals.pl`). Only what depends on
    /// the value alone is modelled (`compareTo`, `signum`, `add`, ...): a value's scale is not
    /// (`equals`, `toString` and `scale()` are reported), so the units say all the JVM shows.
    Decimal,
    /// `java.util.Optional<T>` (`null` included) of a value the model keeps (`Held`): the
    /// runtime keeps it as `null`, `empty` or `present(V)` (`summaries/java_util_optional.pl`),
    /// immutable like a box. Only locals and results have it: no input is an Optional.
    Optional(Held),
    /// `java.util.Map<K, V>`, `HashMap` or `LinkedHashMap` (`null` included) of keys and values
    /// kept like an Optional's (`Held`: keys Strings, Integers or Longs; values Strings,
    /// Integers, Longs or Booleans; `Unknown` for the diamond's before its target types it),
    /// on the heap like a list of its entries, key then value, of at most `ARRAY_MAX_LENGTH`
    /// entries (`prolog/heap.pl`); its methods are library calls with the receiver first
    /// (`summaries/java_util_map.pl`). Only locals and results have it: no input is a map.
    Map(Held, Held),
}

/// What an `Optional` holds: the type argument of `Optional<T>`, `Unknown` for the
/// `Optional.empty()` whose target type has not yet given it one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Held {
    Unknown,
    String,
    Boxed(Primitive),
    Enum(EnumType),
    Object(ClassName),
    Date(DateClass),
    Decimal,
}

impl Held {
    /// What an `Optional<T>` of the value type `ty` holds, or `None` for a type that is not
    /// modelled in one.
    pub fn of(ty: Ty) -> Option<Held> {
        match ty {
            Ty::String => Some(Held::String),
            Ty::Boxed(primitive) => Some(Held::Boxed(primitive)),
            Ty::Enum(e) => Some(Held::Enum(e)),
            Ty::Object(class) => Some(Held::Object(class)),
            Ty::Date(class) => Some(Held::Date(class)),
            Ty::Decimal => Some(Held::Decimal),
            _ => None,
        }
    }

    /// The type of the held value (`Unknown` holds nothing but `null`).
    pub fn ty(self) -> Ty {
        match self {
            Held::Unknown => Ty::Null,
            Held::String => Ty::String,
            Held::Boxed(primitive) => Ty::Boxed(primitive),
            Held::Enum(e) => Ty::Enum(e),
            Held::Object(class) => Ty::Object(class),
            Held::Date(class) => Ty::Date(class),
            Held::Decimal => Ty::Decimal,
        }
    }
}

/// The decimal places every `BigDecimal` and DECIMAL value of the model has room for: values
/// are integers of units of 10^-4 (`Ty::Decimal`, `prolog/decimals.pl`), exact for the sums,
/// differences and products of the money amounts (scale 2) data-access code handles.
pub const DECIMAL_SCALE: u32 = 4;

/// The binary places every `double` and `float` of the model has room for: values are integers
/// of units of 2^-8 (`Ty::Double`, `prolog/floating.pl`). Inputs have 4 places (sixteenths),
/// so the product of two inputs is exact in units.
pub const FLOATING_UNIT_BITS: u32 = 8;

/// The exact decimal text of a number of `units` (2^-`FLOATING_UNIT_BITS`), as a Java
/// floating-point literal reads it back: `12.25`, `-0.00390625`, `3.0`.
pub fn floating_text(units: i64) -> String {
    let one = 1_i128 << FLOATING_UNIT_BITS;
    let magnitude = i128::from(units).abs();
    // The fraction in units times 10^bits / 2^bits is an integer of `bits` decimal places.
    let fraction = (magnitude % one) * 5_i128.pow(FLOATING_UNIT_BITS);
    let places = format!("{fraction:0>width$}", width = FLOATING_UNIT_BITS as usize);
    let places = places.trim_end_matches('0');
    let sign = if units < 0 { "-" } else { "" };
    format!("{sign}{}.{}", magnitude / one, if places.is_empty() { "0" } else { places })
}

/// The units (2^-`FLOATING_UNIT_BITS`) of a Java floating-point literal such as `12.25`,
/// `0.5f` or `1e3`, if its value is exactly a number of units (then it is also the double or
/// float the JVM reads, as the model's bounds keep it representable); `None` for `0.1` (which
/// the JVM rounds), hexadecimal literals and values beyond 2^40.
pub fn floating_units(spelled: &str) -> Option<i64> {
    let text: String = spelled.chars().filter(|c| *c != '_').collect();
    let text = text.strip_suffix(['d', 'D', 'f', 'F']).unwrap_or(&text);
    if text.starts_with("0x") || text.starts_with("0X") {
        return None;
    }
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if (whole.is_empty() && fraction.is_empty()) || !(whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit())) {
        return None;
    }
    // value = digits * 10^(exponent - fraction.len()); units = value * 2^bits, exactly.
    let digits: i128 = format!("{whole}{fraction}").trim_start_matches('0').parse().unwrap_or(0);
    let power = exponent - i32::try_from(fraction.len()).ok()?;
    let scaled = digits.checked_mul(1_i128 << FLOATING_UNIT_BITS)?;
    let units = if power >= 0 {
        scaled.checked_mul(10_i128.checked_pow(u32::try_from(power).ok()?)?)?
    } else {
        let divisor = 10_i128.checked_pow(power.unsigned_abs())?;
        if scaled % divisor != 0 {
            return None;
        }
        scaled / divisor
    };
    (units.abs() <= 1_i128 << (40 + FLOATING_UNIT_BITS)).then_some(units as i64)
}

/// The units (10^-`DECIMAL_SCALE`) of a decimal text such as `-12.50`, if it is one of at most
/// `DECIMAL_SCALE` significant places that fits the model.
pub fn decimal_units(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let fraction = fraction.trim_end_matches('0');
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) || fraction.len() > DECIMAL_SCALE as usize {
        return None;
    }
    let padded = format!("{whole}{fraction:0<width$}", width = DECIMAL_SCALE as usize);
    let units: i64 = padded.parse().ok()?;
    Some(if negative { -units } else { units })
}

/// An enum of the sources and its constants in declaration order, interned like `ClassName`
/// so that `Ty` stays `Copy` and a method's IR (its cache key) holds the constants it uses.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EnumType(&'static EnumDecl);

#[derive(PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EnumDecl {
    pub class: ClassName,
    pub constants: Vec<String>,
    /// The final instance fields its constructor sets from its constants' arguments.
    pub fields: Vec<EnumField>,
}

/// A final instance field of an enum: its value for each constant, in declaration order,
/// known from the constant's constructor arguments (literals and constants).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EnumField {
    pub name: String,
    /// `Int`, `Long`, `Boolean` or `String`.
    pub ty: Ty,
    pub values: Vec<EnumFieldValue>,
    /// The instance methods that only return it.
    pub getters: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EnumFieldValue {
    /// An int, a long or a boolean (0/1).
    Number(i64),
    Text(String),
}

impl EnumType {
    pub fn new(class: &str, constants: Vec<String>) -> EnumType {
        EnumType::with_fields(class, constants, Vec::new())
    }

    pub fn with_fields(class: &str, constants: Vec<String>, fields: Vec<EnumField>) -> EnumType {
        use std::collections::HashSet;
        use std::sync::{Mutex, OnceLock};
        static ENUMS: OnceLock<Mutex<HashSet<&'static EnumDecl>>> = OnceLock::new();
        let decl = EnumDecl { class: ClassName::new(class), constants, fields };
        let mut enums = ENUMS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        match enums.get(&decl) {
            Some(known) => EnumType(known),
            None => {
                let leaked: &'static EnumDecl = Box::leak(Box::new(decl));
                enums.insert(leaked);
                EnumType(leaked)
            }
        }
    }

    pub fn class(self) -> ClassName {
        self.0.class
    }

    /// The constants' names, in declaration order (`ordinal()` is the position).
    pub fn constants(self) -> &'static [String] {
        &self.0.constants
    }

    /// The position of the constant `name`.
    pub fn index_of(self, name: &str) -> Option<usize> {
        self.0.constants.iter().position(|c| c == name)
    }

    /// Its final instance fields, with their values per constant.
    pub fn fields(self) -> &'static [EnumField] {
        &self.0.fields
    }
}

impl fmt::Debug for EnumType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0.class)
    }
}

impl Serialize for EnumType {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for EnumType {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        EnumDecl::deserialize(deserializer).map(|decl| EnumType::with_fields(decl.class.as_str(), decl.constants, decl.fields))
    }
}

/// A class of instants in the model. A `java.sql.Timestamp`, `Date` or `Time` may be used
/// where a `java.util.Date` is expected (they extend it), and the value stays the same. The
/// `java.time` classes are no `java.util.Date`: they convert only by their methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DateClass {
    /// `java.util.Date`.
    Util,
    /// `java.sql.Date`: what JDBC's `setDate`/`getDate` take and give (a day, in SQL).
    Sql,
    /// `java.sql.Timestamp`: what `setTimestamp`/`getTimestamp` take and give.
    Timestamp,
    /// `java.sql.Time`: what `setTime`/`getTime` take and give (a time of day, in SQL).
    Time,
    /// `java.time.LocalDate`: a day, kept as the instant it starts in UTC (the zone the tests
    /// run in), so that it converts to a `java.sql.Date` unchanged.
    LocalDate,
    /// `java.time.LocalDateTime`: a date and time, kept as its instant in UTC, in milliseconds.
    LocalDateTime,
    /// `java.time.Instant`, in milliseconds.
    Instant,
}

impl DateClass {
    /// Fully qualified: `java.sql.Timestamp`.
    pub fn class_name(self) -> &'static str {
        match self {
            DateClass::Util => "java.util.Date",
            DateClass::Sql => "java.sql.Date",
            DateClass::Timestamp => "java.sql.Timestamp",
            DateClass::Time => "java.sql.Time",
            DateClass::LocalDate => "java.time.LocalDate",
            DateClass::LocalDateTime => "java.time.LocalDateTime",
            DateClass::Instant => "java.time.Instant",
        }
    }

    /// The class a fully qualified name spells.
    pub fn from_class_name(name: &str) -> Option<DateClass> {
        [
            DateClass::Util,
            DateClass::Sql,
            DateClass::Timestamp,
            DateClass::Time,
            DateClass::LocalDate,
            DateClass::LocalDateTime,
            DateClass::Instant,
        ]
        .into_iter()
        .find(|c| c.class_name() == name)
    }

    /// Whether a value of this class is a `java.util.Date` (the `java.sql` classes extend it).
    pub fn is_util_date(self) -> bool {
        !self.is_java_time()
    }

    /// Whether this is a class of `java.time`.
    pub fn is_java_time(self) -> bool {
        matches!(self, DateClass::LocalDate | DateClass::LocalDateTime | DateClass::Instant)
    }

    /// The kind of value the runtime shapes for an input of this class (`boxes:shape/2`): a
    /// `LocalDate` is the start of a day, the others any millisecond.
    pub fn box_kind(self) -> &'static str {
        if self == DateClass::LocalDate { "local_date" } else { "date" }
    }
}

/// A primitive type that has a box type in the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Primitive {
    Int,
    Long,
    Boolean,
    Double,
    Float,
    Byte,
    Short,
    Char,
}

impl Primitive {
    /// The primitive type, or `None` for a type other than int, long, boolean, double and
    /// float.
    pub fn of(ty: Ty) -> Option<Primitive> {
        match ty {
            Ty::Int => Some(Primitive::Int),
            Ty::Long => Some(Primitive::Long),
            Ty::Boolean => Some(Primitive::Boolean),
            Ty::Double => Some(Primitive::Double),
            Ty::Float => Some(Primitive::Float),
            Ty::Byte => Some(Primitive::Byte),
            Ty::Short => Some(Primitive::Short),
            Ty::Char => Some(Primitive::Char),
            _ => None,
        }
    }

    pub fn ty(self) -> Ty {
        match self {
            Primitive::Int => Ty::Int,
            Primitive::Long => Ty::Long,
            Primitive::Boolean => Ty::Boolean,
            Primitive::Double => Ty::Double,
            Primitive::Float => Ty::Float,
            Primitive::Byte => Ty::Byte,
            Primitive::Short => Ty::Short,
            Primitive::Char => Ty::Char,
        }
    }

    /// The box class, fully qualified: `java.lang.Integer`.
    pub fn box_class(self) -> &'static str {
        match self {
            Primitive::Int => "java.lang.Integer",
            Primitive::Long => "java.lang.Long",
            Primitive::Boolean => "java.lang.Boolean",
            Primitive::Double => "java.lang.Double",
            Primitive::Float => "java.lang.Float",
            Primitive::Byte => "java.lang.Byte",
            Primitive::Short => "java.lang.Short",
            Primitive::Char => "java.lang.Character",
        }
    }

    /// The method that unboxes a box of this type: `intValue`.
    pub fn unboxing_method(self) -> &'static str {
        match self {
            Primitive::Int => "intValue",
            Primitive::Long => "longValue",
            Primitive::Boolean => "booleanValue",
            Primitive::Double => "doubleValue",
            Primitive::Float => "floatValue",
            Primitive::Byte => "byteValue",
            Primitive::Short => "shortValue",
            Primitive::Char => "charValue",
        }
    }
}

/// The element type of an array: a primitive, `String`, or a class of the sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Elem {
    Int,
    Long,
    Boolean,
    String,
    Object(ClassName),
}

impl Elem {
    /// The element type, or `None` for a type arrays of which are not modelled.
    pub fn of(ty: Ty) -> Option<Elem> {
        match ty {
            Ty::Int => Some(Elem::Int),
            Ty::Long => Some(Elem::Long),
            Ty::Boolean => Some(Elem::Boolean),
            Ty::String => Some(Elem::String),
            Ty::Object(class) => Some(Elem::Object(class)),
            _ => None,
        }
    }

    pub fn ty(self) -> Ty {
        match self {
            Elem::Int => Ty::Int,
            Elem::Long => Ty::Long,
            Elem::Boolean => Ty::Boolean,
            Elem::String => Ty::String,
            Elem::Object(class) => Ty::Object(class),
        }
    }
}

/// Arrays longer than this are not modelled (`prolog/heap.pl` has the same bound): an input
/// array has at most this many elements, and a path that creates a longer one is cut.
pub const ARRAY_MAX_LENGTH: usize = 8;

/// The fully qualified name of a class of the analysed sources, interned so that `Ty` stays
/// `Copy` (the program holds few classes; their names live as long as the process).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassName(&'static str);

impl ClassName {
    pub fn new(name: &str) -> ClassName {
        use std::collections::HashSet;
        use std::sync::{Mutex, OnceLock};
        static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
        let mut names = NAMES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        match names.get(name) {
            Some(known) => ClassName(known),
            None => {
                let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
                names.insert(leaked);
                ClassName(leaked)
            }
        }
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// The pseudo-class whose one object holds the static fields of `class` (`prolog/heap.pl`
    /// keeps it as an input object; a test sets and checks those fields by reflection).
    pub fn statics_of(class: &str) -> ClassName {
        ClassName::new(&format!("{STATICS_PREFIX}{class}"))
    }

    /// The class whose static fields this pseudo-class holds, if it is one.
    pub fn statics_owner(self) -> Option<&'static str> {
        self.0.strip_prefix(STATICS_PREFIX)
    }
}

/// What names the pseudo-class of a class's static fields: no Java name contains a space.
const STATICS_PREFIX: &str = "static ";

/// `java.lang.Object`, as the class of the parameter of `equals(Object)` of a class of the
/// sources (`Ty::Object` of it, the one place it is a type): an object that is null, of a
/// class of the receiver's, or of any other class, which `java.lang.Object` itself stands for
/// (the method can only compare it, test its class against the receiver's and cast it to the
/// receiver's class: no other class behaves differently there). Its layout
/// (`lower::layouts`) has no fields, and the receiver's classes and itself as its classes.
pub const OBJECT_CLASS: &str = "java.lang.Object";

impl fmt::Debug for ClassName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl Serialize for ClassName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for ClassName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(|name| ClassName::new(&name))
    }
}

/// The instance fields of a class of the sources whose types hornet models, in declaration
/// order: the order of an object's field values everywhere (`prolog/heap.pl`, the tests).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassLayout {
    pub class: ClassName,
    /// The instance fields, the superclasses' first (the farthest first).
    pub fields: Vec<LocalDecl>,
    /// The classes an object of this static type may have (itself unless it is abstract, and
    /// its analysed subclasses and implementations that are not), sorted.
    pub concrete: Vec<ClassName>,
}

impl ClassLayout {
    /// The position of a field in the layout: the nearest declaration, as a field access
    /// through this static type reads it.
    pub fn index_of(&self, field: &str) -> Option<usize> {
        self.fields.iter().rposition(|f| f.name == field)
    }
}

/// The JDBC interfaces a method may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum JdbcType {
    Connection,
    Statement,
    PreparedStatement,
    ResultSet,
    /// `javax.sql.DataSource`: where the code gets its connections; in a test, one opening
    /// the test database.
    DataSource,
}

impl JdbcType {
    pub const ALL: [JdbcType; 5] = [
        JdbcType::Connection,
        JdbcType::Statement,
        JdbcType::PreparedStatement,
        JdbcType::ResultSet,
        JdbcType::DataSource,
    ];

    pub fn simple_name(self) -> &'static str {
        match self {
            JdbcType::Connection => "Connection",
            JdbcType::Statement => "Statement",
            JdbcType::PreparedStatement => "PreparedStatement",
            JdbcType::ResultSet => "ResultSet",
            JdbcType::DataSource => "DataSource",
        }
    }

    pub fn qualified_name(self) -> &'static str {
        match self {
            JdbcType::Connection => "java.sql.Connection",
            JdbcType::Statement => "java.sql.Statement",
            JdbcType::PreparedStatement => "java.sql.PreparedStatement",
            JdbcType::ResultSet => "java.sql.ResultSet",
            JdbcType::DataSource => "javax.sql.DataSource",
        }
    }

    /// The type a simple or qualified name spells.
    pub fn from_name(name: &str) -> Option<JdbcType> {
        JdbcType::ALL.into_iter().find(|t| t.simple_name() == name || t.qualified_name() == name)
    }
}

impl Ty {
    /// The Java spelling, as in a method signature.
    pub fn java_name(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Long => "long",
            Ty::Boolean => "boolean",
            Ty::Double => "double",
            Ty::Float => "float",
            Ty::Byte => "byte",
            Ty::Short => "short",
            Ty::Char => "char",
            Ty::Void => "void",
            Ty::String => "String",
            Ty::Null => "null",
            Ty::Jdbc(t) => t.simple_name(),
            Ty::Scanner => "Scanner",
            Ty::Throwable => "Throwable",
            Ty::Object(class) => class.as_str(),
            // Interned like class names, so that the spelling lives as long as the process.
            Ty::Array(elem) => ClassName::new(&format!("{}[]", elem.ty().java_name())).as_str(),
            Ty::AnyObject => "Object",
            Ty::List(_) => "List",
            Ty::Boxed(p) => simple_name(p.box_class()),
            Ty::Enum(e) => e.class().as_str(),
            Ty::Date(class) => class.class_name(),
            Ty::Decimal => "java.math.BigDecimal",
            Ty::Optional(_) => "java.util.Optional",
            Ty::Map(..) => "java.util.Map",
        }
    }

    /// Whether values of the type are references (`null` included).
    pub fn is_reference(self) -> bool {
        matches!(
            self,
            Ty::String
                | Ty::Null
                | Ty::Jdbc(_)
                | Ty::Scanner
                | Ty::Throwable
                | Ty::Object(_)
                | Ty::Array(_)
                | Ty::AnyObject
                | Ty::List(_)
                | Ty::Boxed(_)
                | Ty::Enum(_)
                | Ty::Date(_)
                | Ty::Decimal
                | Ty::Optional(_)
                | Ty::Map(..)
        )
    }

    /// Inclusive value range of an integral type (booleans are 0 and 1).
    pub fn range(self) -> Option<(i64, i64)> {
        match self {
            Ty::Int => Some((i32::MIN as i64, i32::MAX as i64)),
            Ty::Long => Some((i64::MIN, i64::MAX)),
            Ty::Boolean => Some((0, 1)),
            Ty::Byte => Some((i8::MIN.into(), i8::MAX.into())),
            Ty::Short => Some((i16::MIN.into(), i16::MAX.into())),
            Ty::Char => Some((0, u16::MAX.into())),
            Ty::Double
            | Ty::Float
            | Ty::Void
            | Ty::String
            | Ty::Null
            | Ty::Jdbc(_)
            | Ty::Scanner
            | Ty::Throwable
            | Ty::Object(_)
            | Ty::Array(_)
            | Ty::AnyObject
            | Ty::List(_)
            | Ty::Boxed(_)
            | Ty::Enum(_)
            | Ty::Date(_)
            | Ty::Decimal
            | Ty::Optional(_)
            | Ty::Map(..) => None,
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.java_name())
    }
}

/// Strings longer than this are not modelled (`prolog/strings.pl` has the same bound): the
/// front end rejects longer literals, and a path that builds a longer string is cut.
pub const STRING_MAX_LENGTH: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LocalId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BlockId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BranchId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LoopId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct HandlerId(pub u32);

/// A loop whose iterations k bounds (`Inst::LoopIter`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loop {
    pub span: Span,
    /// How many times the loop runs when the source fixes it (a `for` whose counter starts,
    /// ends and steps by constants and that its body does not assign): a path cut by k there is
    /// every path through it, and `--k` of this number would keep them (`pipeline.rs`).
    pub trip_count: Option<u32>,
}

/// A method's identity: fully qualified class, name and parameter types (overloads differ).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MethodKey {
    /// Fully qualified class name, `shop.Calc` (no package: `Calc`).
    pub class: String,
    pub name: String,
    pub params: Vec<Ty>,
}

impl MethodKey {
    /// `Calc.gcd`, the form users type after `--method`.
    pub fn short(&self) -> String {
        format!("{}.{}", simple_name(&self.class), self.name)
    }

    /// Whether this library method reads the JVM's default time zone: `valueOf(String)` of
    /// `java.sql.Date`, `Time` and `Timestamp` give the instant of the text in that zone, the
    /// text of a `java.sql.Date`, `Time` or `Timestamp` (`toString`, `String.valueOf`) is the
    /// fields of its instant there, and so are their conversions to and from `LocalDate` and
    /// `LocalDateTime`.
    pub fn reads_time_zone(&self) -> bool {
        let dated = |ty: &Ty| matches!(ty, Ty::Date(DateClass::Sql | DateClass::Time | DateClass::Timestamp));
        let local = |ty: &Ty| matches!(ty, Ty::Date(DateClass::LocalDate | DateClass::LocalDateTime));
        match (self.name.as_str(), self.params.as_slice()) {
            ("valueOf" | "toString", [ty]) if dated(ty) => true,
            // The conversions between the java.sql dates and LocalDate, LocalDateTime.
            ("valueOf", [ty]) if local(ty) => true,
            ("toLocalDate" | "toLocalDateTime", [ty]) if dated(ty) => true,
            // The clock's day and time of day are those of the default zone.
            ("now", []) => matches!(DateClass::from_class_name(&self.class), Some(DateClass::LocalDate | DateClass::LocalDateTime)),
            _ => self.parses_date_text(),
        }
    }

    /// Whether this library method is `valueOf(String)` of `java.sql.Date`, `Time` or
    /// `Timestamp`, or `parse(String)` of `LocalDate` or `LocalDateTime`, whose summary parses
    /// known text as the JDK does and describes unknown text by kinds (`dates:text_parsed/4`,
    /// `dates:iso_parsed/4`).
    pub fn parses_date_text(&self) -> bool {
        let class = DateClass::from_class_name(&self.class);
        self.params == [Ty::String]
            && match self.name.as_str() {
                "valueOf" => matches!(class, Some(DateClass::Sql | DateClass::Time | DateClass::Timestamp)),
                "parse" => matches!(class, Some(DateClass::LocalDate | DateClass::LocalDateTime)),
                _ => false,
            }
    }
}

impl fmt::Display for MethodKey {
    /// `shop.Calc.gcd(int,int)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}(", self.class, self.name)?;
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(p.java_name())?;
        }
        f.write_str(")")
    }
}

/// The root of Java's exception classes; a `finally` catches it.
pub const THROWABLE: &str = "java.lang.Throwable";

/// The last segment of a dotted name.
pub fn simple_name(qualified: &str) -> &str {
    qualified.rsplit('.').next().unwrap_or(qualified)
}

/// The package part of a dotted class name (`""` for the default package).
pub fn package_of(qualified: &str) -> &str {
    qualified.rsplit_once('.').map(|(p, _)| p).unwrap_or("")
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocalDecl {
    /// The source name; temporaries introduced by lowering start with `$`.
    pub name: String,
    pub ty: Ty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Operand {
    Local(LocalId),
    /// An integral or boolean constant (booleans are 0/1) of the given type.
    Const(i64, Ty),
    /// A string literal: an index into `Method::strings`.
    Str(u32),
    Null,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Truncating division; throws ArithmeticException on a zero divisor.
    Div,
    /// Remainder with the dividend's sign; throws ArithmeticException on a zero divisor.
    Rem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rvalue {
    Use(Operand),
    /// Arithmetic in `ty` (Int or Long, after binary numeric promotion), with Java's
    /// wrap-around on overflow.
    Binary { op: BinOp, lhs: Operand, rhs: Operand, ty: Ty, span: Span },
    Neg { operand: Operand, ty: Ty },
    /// String concatenation (`+` with a String operand); both operands are Strings or `null`
    /// (which concatenates as the text "null").
    Concat { lhs: Operand, rhs: Operand },
    /// Primitive conversion between Int and Long (narrowing keeps the low 32 bits).
    Convert { operand: Operand, to: Ty },
    /// `String.valueOf` of an Int, Long or Boolean `operand` of type `ty` (its decimal text,
    /// or true/false), or of a box of one (`null` for null), as string concatenation converts
    /// it.
    Text { operand: Operand, ty: Ty },
    /// `String.valueOf` of a Double or Float `operand` of type `ty` (a primitive or a box):
    /// Java's `Double.toString`/`Float.toString`, which the runtime writes where it can
    /// (`floating:text_of/4`). `unsigned_zero`: the value is never -0.0 (it comes straight
    /// from a literal, a parameter or a `ResultSet` getter), so a zero is written `0.0`.
    FloatingText { operand: Operand, ty: Ty, unsigned_zero: bool },
}

/// Where the analysed code gets a connection: the boundary a test supplies its database at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConnectionSource {
    /// `getConnection()` of a `javax.sql.DataSource`: a test gives the code one of its own.
    DataSource,
    /// `DriverManager.getConnection(url, ...)` with this constant URL: a test registers a
    /// driver that opens its database for the URL.
    DriverManager { url: String },
    /// `DriverManager.getConnection(url, ...)` with the URL read from a `Properties` loaded from
    /// the class-path resource `resource`, at `key` (or `default` where the resource has no
    /// such key): a test registers a driver for the URL it finds there, and supplies the
    /// resource with a URL of its own when the class path has none.
    Configured { resource: String, key: String, default: Option<String> },
    /// A method of an interface of the sources returning a Connection: a test gives the code
    /// an implementation whose connection-returning methods open its database.
    Interface { interface: ClassName },
}

/// A JDBC method, called on a receiver of its interface. Arguments follow the Java call's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JdbcCall {
    /// `Connection.createStatement()`.
    CreateStatement,
    /// `Connection.prepareStatement(sql)`.
    PrepareStatement(SqlRef),
    /// `Connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)`.
    PrepareStatementReturningKeys(SqlRef),
    /// `getGeneratedKeys()` of a PreparedStatement: the keys of the rows its last execution
    /// inserted.
    GetGeneratedKeys,
    /// `Connection.setAutoCommit(boolean)`.
    SetAutoCommit,
    /// `Connection.getAutoCommit()`.
    GetAutoCommit,
    Commit,
    Rollback,
    /// `executeQuery`, `executeUpdate` and `execute`: of a `Statement`, with its SQL text; of a
    /// `PreparedStatement`, with `None` (the text it was prepared with).
    ExecuteQuery(Option<SqlRef>),
    ExecuteUpdate(Option<SqlRef>),
    Execute(Option<SqlRef>),
    /// `close()` of a Connection, Statement, PreparedStatement or ResultSet.
    Close,
    /// A new connection to the database, from where the analysed code gets it: the receiver
    /// is the `DataSource`, or the URL given to `DriverManager.getConnection`.
    OpenConnection(ConnectionSource),
    /// The implicit `close()` at the end of try-with-resources: nothing for a null resource.
    CloseResource,
    /// `setInt`, `setLong`, `setString`, `setBoolean` (index, value).
    SetParameter(Ty),
    /// `setString(index, text)` where the text is literal characters and Java values joined
    /// by `+`: its pieces, with `Piece::Hole(i)` the value `args[1 + i]`.
    SetText(Vec<crate::sql::Piece>),
    /// `setNull(index, sqlType)`.
    SetNull,
    /// `ResultSet.next()`.
    Next,
    /// `getInt`, `getLong`, `getString`, `getBoolean`, by label (a String) or index (an int).
    Get(Ty),
    WasNull,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SqlId(pub u32);

/// The SQL text a JDBC call runs (`Method::sql`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SqlRef {
    /// The one text the code builds.
    One(SqlId),
    /// Text built by appending literals under conditions (`if (id != null) sql.append(" AND
    /// id = ?")`): the int local `selector` holds the sum of the bits (`1 << k`) of the
    /// conditional appends the path ran, and `texts` pairs each sum a path can reach (no two
    /// appends from the two arms of one `if`) with the text those appends built.
    Chosen { selector: LocalId, texts: Vec<(u32, SqlId)> },
}

/// What a method does with its input, through a `java.util.Scanner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum InputCall {
    /// `new Scanner(System.in)` (the receiver is unused).
    OpenStandardInput,
    NextInt,
    NextLong,
    /// `hasNextInt()` and `hasNext()`: whether another token follows (the input holds only the
    /// tokens the path reads).
    HasNext,
    Close,
}

/// The text of an SQL statement as recovered from the Java code that builds it: literal text
/// and holes, each hole a Java value spliced in with `+`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SqlText {
    pub pieces: Vec<crate::sql::Piece>,
    /// The value of each hole, indexed by the hole's number in `pieces`.
    pub holes: Vec<Operand>,
    /// The expression the text comes from.
    pub span: Span,
    /// Filled in by `sql::check_method`: the statement checked against the schema.
    pub compiled: Option<CompiledSql>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompiledSql {
    /// The term `prolog/db.pl` executes.
    pub term: String,
    /// The result column labels of a query, lower-cased (empty for other statements).
    pub labels: Vec<String>,
    /// For each label, whether its values are a DECIMAL's units (`sql::statement::SelectItem`).
    pub decimal: Vec<bool>,
    /// For each label, whether its values are a TIME's (`sql::statement::SelectItem`).
    #[serde(default)]
    pub time_of_day: Vec<bool>,
    /// For each label, whether its values are a DOUBLE's or REAL's (`sql::statement::SelectItem`).
    #[serde(default)]
    pub floating: Vec<bool>,
    /// The table the statement writes, if any.
    pub writes: Option<String>,
    /// A query listing its rows in an order of the engine's own (without ORDER BY, SQL promises
    /// none: H2 scans a table or an index, sorts DISTINCT and GROUP BY rows, and PostgreSQL
    /// lists them as it hashes them); a test compares the numbers it lists in any order.
    #[serde(default)]
    pub engine_order: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Inst {
    Assign { dst: LocalId, value: Rvalue },
    /// A static call, or an instance call whose implementation is known statically (the
    /// receiver first); `dst` is None for void calls or discarded results.
    Call { dst: Option<LocalId>, callee: MethodKey, args: Vec<Operand>, span: Span },
    /// An instance call whose implementation depends on the class of the receiver (`args[0]`,
    /// checked not null before): one target per class it may have, sorted by class.
    Dispatch { dst: Option<LocalId>, targets: Vec<(ClassName, MethodKey)>, args: Vec<Operand>, span: Span },
    /// `dst = object instanceof C` (0 or 1), `classes` being the classes whose objects are
    /// C's (`Index::concrete_classes`); null is no instance.
    InstanceOf { dst: LocalId, object: Operand, classes: Vec<ClassName> },
    /// The check of a cast to a class: ClassCastException unless the object is null or has
    /// one of `classes`.
    CheckCast { object: Operand, classes: Vec<ClassName>, span: Span },
    /// An input reference gets its shape from its static type `class` before it is used as
    /// a value of a supertype (which would let it take a class `class` does not allow).
    Shape { object: Operand, class: ClassName },
    /// `new Scanner(System.in)` or a `Scanner` method; reading past the end of the input throws
    /// `java.util.NoSuchElementException`.
    Input { dst: Option<LocalId>, call: InputCall, receiver: Operand, span: Span },
    /// A call of a JDBC method; it may throw `java.sql.SQLException`.
    Jdbc { dst: Option<LocalId>, call: JdbcCall, receiver: Operand, args: Vec<Operand>, span: Span },
    LoopEnter(LoopId),
    LoopIter(LoopId),
    /// The start of the body of the try statement whose handler this is.
    EnterTry(HandlerId),
    /// `new C(...)` before its constructor runs: a new object with its fields at their default
    /// values (0, false, null).
    New { dst: LocalId, class: ClassName },
    /// `dst = object.field`; throws NullPointerException on a null object.
    GetField { dst: LocalId, object: Operand, field: FieldRef, span: Span },
    /// `dst` refers to the one object holding the static fields of a class (`class` is its
    /// pseudo-class, `ClassName::statics_of`): an input object, first seen where it is used.
    Statics { dst: LocalId, class: ClassName },
    /// `object.field = value`; throws NullPointerException on a null object.
    PutField { object: Operand, field: FieldRef, value: Operand, span: Span },
    /// The receiver of an instance call (passed as the call's first argument) must not be null:
    /// NullPointerException otherwise. Not a branch: the JVM checks it inside the call.
    CheckNotNull { object: Operand, span: Span },
    /// `new T[length]`: every element at its default value; throws
    /// NegativeArraySizeException on a negative length.
    NewArray { dst: LocalId, elem: Elem, length: Operand, span: Span },
    /// `dst = array.length`; throws NullPointerException on a null array.
    ArrayLength { dst: LocalId, array: Operand, span: Span },
    /// `dst = array[index]`; throws NullPointerException on a null array, and
    /// ArrayIndexOutOfBoundsException on an index outside `0..length`. Not a branch: the JVM
    /// checks both inside the instruction.
    ArrayLoad { dst: LocalId, array: Operand, index: Operand, span: Span },
    /// `array[index] = value`, with the exceptions of `ArrayLoad`.
    ArrayStore { array: Operand, index: Operand, value: Operand, span: Span },
    /// A method of an enum of the sources (`prolog/enums.pl`): the instance ones take the
    /// receiver first and throw NullPointerException on null, as the JVM's do.
    EnumCall { dst: LocalId, op: EnumOp, ty: EnumType, args: Vec<Operand>, span: Span },
    /// `dst = new X(...)` of an exception class whose constructor the front end follows, made
    /// as a value (a method returning it) rather than thrown: its value is what a `throw new`
    /// would throw (`summaries/java_lang_throwable.pl`), wrapped as `exception(Term)`.
    NewException { dst: LocalId, class: String, detail: Option<ThrownDetail>, span: Span },
}

/// The methods of an enum of the sources that are modelled (all final in `java.lang.Enum`, or
/// generated by javac, so no enum of the sources changes them, `toString` aside: an enum that
/// overrides it is not analysed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EnumOp {
    /// `e.ordinal()`: the constant's position.
    Ordinal,
    /// `e.name()` and `e.toString()`: the constant's name.
    Name,
    /// `e.equals(o)`: whether `o` is the same constant (false for null).
    Equals,
    /// `e.compareTo(o)`: the difference of the positions; NullPointerException on a null `o`.
    CompareTo,
    /// `E.valueOf(s)`: the constant named `s`; IllegalArgumentException for another name,
    /// NullPointerException for null.
    ValueOf,
    /// `e.getCode()` of a getter returning the enum's field at this position in
    /// `EnumType::fields`: the constant's value of it.
    Field(u32),
    /// `E.values()[i]` for an index within the constants (an enhanced `for` over `values()`):
    /// the constant at position `i`. `values()` returns a fresh array nothing else can change,
    /// so its elements are the constants in declaration order.
    Constant,
}

impl EnumOp {
    pub fn method_name(self) -> &'static str {
        match self {
            EnumOp::Ordinal => "ordinal",
            EnumOp::Name => "name",
            EnumOp::Equals => "equals",
            EnumOp::CompareTo => "compareTo",
            EnumOp::ValueOf => "valueOf",
            EnumOp::Field(_) => "field",
            EnumOp::Constant => "values",
        }
    }
}

/// A field of a class of the sources, as its layout (`Method::classes`) lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldRef {
    pub class: ClassName,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cond {
    pub op: CmpOp,
    pub lhs: Operand,
    pub rhs: Operand,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Terminator {
    Goto(BlockId),
    Branch { cond: Cond, then_block: BlockId, else_block: BlockId, id: BranchId },
    Return(Option<Operand>),
    /// `throw new C(...)`; `class` is fully qualified (`java.lang.IllegalStateException`);
    /// `detail`: the message and cause its constructor gives it, when the front end knows them.
    Throw { class: String, detail: Option<ThrownDetail>, span: Span },
    /// `throw e` of a caught exception, and the end of a `finally` copy run on an exception.
    Rethrow { exception: LocalId, span: Span },
}

/// What a thrown exception carries besides its class, as `Throwable`'s constructors set it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThrownDetail {
    /// A `String` operand (or `Operand::Null`); `None` when it is not known (a constructor
    /// that computes it, a class overriding `getMessage()`, a message made from a cause).
    pub message: Option<Operand>,
    /// A caught exception (`Ty::Throwable` local) or `Operand::Null`.
    pub cause: Operand,
    /// The fields of an exception class of the sources (`Index::exception_fields`), in
    /// layout order; empty for the others.
    pub fields: Vec<ThrownField>,
}

/// A field a thrown exception of the sources carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThrownField {
    /// The getter returning it, which a test calls on the exception it caught.
    pub getter: Option<String>,
    /// `int`, `long`, `boolean` or `String`.
    pub ty: Ty,
    /// Its value; `None` when the constructor stores what the front end does not follow.
    pub value: Option<Operand>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Block {
    pub insts: Vec<Inst>,
    pub term: Terminator,
    /// Where an exception thrown in the block goes; `None`: out of the method.
    pub handler: Option<HandlerId>,
}

/// The catch clauses of a try statement (a `finally` is one more, catching everything).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Handler {
    /// In the order the JVM tries them.
    pub catches: Vec<Catch>,
    /// The handler of the enclosing try statement, tried when no clause matches.
    pub outer: Option<HandlerId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catch {
    /// The caught classes, fully qualified: several for a multi-catch, `java.lang.Throwable`
    /// for a `finally`.
    pub classes: Vec<String>,
    /// The local that receives the exception.
    pub exception: LocalId,
    pub target: BlockId,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BranchPoint {
    /// Where the condition is in the source.
    pub span: Span,
    /// For a test of the chain a `switch` is lowered to, the targets its outcomes reach.
    pub arm: Option<SwitchArm>,
}

/// A `switch` is a chain of tests, one per case label, but the bytecode's `tableswitch` or
/// `lookupswitch` is one instruction, of one outcome per distinct target (the default's
/// included), and that is what a bytecode coverage tool counts: the outcomes of a switch's
/// tests stand for its targets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwitchArm {
    /// Which switch of the method (its order of lowering).
    pub switch: u32,
    /// How many distinct targets the switch has (at least 2).
    pub targets: u32,
    /// The target the test's true outcome reaches.
    pub on_true: u32,
    /// The target its false outcome reaches, if it leaves the chain (to the default).
    pub on_false: Option<u32>,
}

/// Whether a method has a receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MethodKind {
    Static,
    /// Local 0 is `this` (never null); the declared parameters follow.
    Instance,
    /// A constructor (`MethodKey::name` is `<init>`, its JVM name): an instance method whose
    /// receiver is the object being created.
    Constructor,
    /// A constructor of an exception class of the sources (`<init>` too): exceptions are
    /// values, not objects of the heap, so it has no receiver, and its result is the exception
    /// it makes (`Inst::NewException`), as `return new X(...)` of its parameters would give it.
    ExceptionConstructor,
}

/// The JVM's name of constructors.
pub const CONSTRUCTOR: &str = "<init>";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Method {
    pub key: MethodKey,
    pub ret: Ty,
    pub kind: MethodKind,
    /// Private methods are analysed as callees but get no tests of their own.
    pub is_private: bool,
    /// An implicit default constructor: not declared in the sources, so neither tested nor
    /// reported on its own.
    pub is_implicit: bool,
    /// Where the method's name is in its declaration.
    pub span: Span,
    /// Number of inputs (`this` first for an instance method or constructor, then the
    /// parameters); they are locals `0..param_count`.
    pub param_count: u32,
    pub param_names: Vec<String>,
    pub locals: Vec<LocalDecl>,
    pub blocks: Vec<Block>,
    pub branches: Vec<BranchPoint>,
    /// The method's loops bounded by k, indexed by `LoopId`.
    pub loops: Vec<Loop>,
    /// The string literals of the method, indexed by `Operand::Str`.
    pub strings: Vec<String>,
    /// The SQL statements the method runs, indexed by `SqlId`.
    pub sql: Vec<SqlText>,
    /// The exception handlers, indexed by `HandlerId`.
    pub handlers: Vec<Handler>,
    /// (class, direct superclass) of every exception class the handlers can tell apart: the
    /// JDK's that hornet knows and the analysed sources' own. Empty without handlers; kept in
    /// the method so that its translation (and summary) depends on nothing else.
    pub exception_superclasses: Vec<(String, String)>,
    /// The layouts of the classes whose objects the method may see: those of its locals' types
    /// and, transitively, of their fields' types. Kept in the method (like
    /// `exception_superclasses`) so that its translation and summary depend on nothing else.
    pub classes: Vec<ClassLayout>,
    /// For an instance method, the classes of the objects whose implementation of it this is
    /// (its class unless abstract, and the subclasses that do not override it): those its
    /// own tests may call it on. Their layouts are in `classes`.
    pub receivers: Vec<ClassName>,
    /// The pseudo-classes of the static fields the method or its callees use
    /// (`ClassName::statics_of`), sorted; their layouts are in `classes`.
    pub statics: Vec<ClassName>,
    /// The `static final` constants its `return` statements name, which javac (and the
    /// lowering) replace by their values: a test of a path returning such a value is named
    /// after its constant (`buy_returnsNoStock`).
    pub returned_constants: Vec<NamedConstant>,
    /// The list parameters (positions among the declared parameters) and list result that the
    /// signature declares `ArrayList` rather than `List`: the IR has one list type, the JVM
    /// descriptor (which the report gives coverage tools) tells them apart.
    pub array_lists: ArrayListSlots,
    /// Whether the method or a callee turns date text into an instant
    /// (`MethodKey::reads_time_zone`), which the JVM does in its default time zone: its test
    /// class then runs in UTC, the zone the model computes in.
    pub zoned: bool,
    /// Whether its tests load (themselves, or through the code they run) a class that reads a
    /// configuration file from the class path when it is loaded: its test class then has the
    /// database helper supply the files the class path lacks before any test runs.
    pub configured: bool,
}

/// Where a signature spells a list `ArrayList`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrayListSlots {
    pub params: Vec<usize>,
    pub result: bool,
    /// The exception class (fully qualified) a `Ty::Throwable` result is declared as.
    pub result_exception: Option<String>,
    /// The map class (`java.util.HashMap`, `java.util.LinkedHashMap`) a `Ty::Map` result is
    /// declared as, when not `Map`.
    pub result_map: Option<String>,
    /// The exception classes (fully qualified) the `Ty::Throwable` parameters (positions among
    /// the declared parameters) are declared as: the class of the cause a test passes.
    pub param_exceptions: Vec<(usize, String)>,
}

/// A constant of the sources by its name, with the value it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedConstant {
    pub name: String,
    pub value: ConstantValue,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConstantValue {
    /// An `int`, `long`, `short`, `byte` or `char` constant.
    Integer(i64),
    Text(String),
}

/// Where an exception goes from a handler's region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caught<'m> {
    By(&'m Catch),
    /// No clause catches it: the method throws it.
    Uncaught,
    /// The class's superclasses are not known, so no clause can be chosen.
    Unknown,
}

impl Method {
    /// How many branch outcomes a bytecode coverage tool counts in the method: two per
    /// conditional jump, one per distinct target of each switch.
    pub fn branch_outcomes(&self) -> usize {
        let mut switches = std::collections::BTreeMap::new();
        let mut outcomes = 0;
        for point in &self.branches {
            match &point.arm {
                None => outcomes += 2,
                Some(arm) => {
                    switches.insert(arm.switch, arm.targets as usize);
                }
            }
        }
        outcomes + switches.values().sum::<usize>()
    }

    /// The catch clause that receives an exception of `class` thrown in `handler`'s region.
    pub fn catching(&self, handler: HandlerId, class: &str) -> Caught<'_> {
        self.catching_descendant_of(handler, self.exception_ancestors(class).as_deref())
    }

    /// The catch clause that receives an exception of a class whose superclasses are not known:
    /// one that catches everything, if the JVM tries it before any other.
    pub fn catching_any_class(&self, handler: HandlerId) -> Caught<'_> {
        self.catching_descendant_of(handler, None)
    }

    /// The first catch clause, from `handler` outwards, that catches one of `ancestors` (or
    /// everything, when they are not known).
    fn catching_descendant_of(&self, handler: HandlerId, ancestors: Option<&[&str]>) -> Caught<'_> {
        let mut next = Some(handler);
        while let Some(h) = next {
            let Some(handler) = self.handlers.get(h.0 as usize) else { return Caught::Unknown };
            for catch in &handler.catches {
                let catches = match ancestors {
                    Some(ancestors) => catch.classes.iter().any(|k| ancestors.contains(&k.as_str())),
                    None if catch.classes.iter().any(|k| k == THROWABLE) => true,
                    None => return Caught::Unknown,
                };
                if catches {
                    return Caught::By(catch);
                }
            }
            next = handler.outer;
        }
        Caught::Uncaught
    }

    /// `class` and its superclasses up to `java.lang.Throwable`, or `None` if the chain is not
    /// known that far.
    fn exception_ancestors<'a>(&'a self, class: &'a str) -> Option<Vec<&'a str>> {
        let mut chain = vec![class];
        let mut current = class;
        while current != THROWABLE {
            let (_, superclass) = self.exception_superclasses.iter().find(|(c, _)| c == current)?;
            if chain.contains(&superclass.as_str()) {
                return None;
            }
            chain.push(superclass);
            current = superclass;
        }
        Some(chain)
    }

    /// The exception classes whose superclasses are known up to `java.lang.Throwable`.
    pub fn known_exceptions(&self) -> impl Iterator<Item = &str> {
        std::iter::once(THROWABLE)
            .chain(self.exception_superclasses.iter().map(|(c, _)| c.as_str()))
            .filter(|c| self.exception_ancestors(c).is_some())
    }

    pub fn layout(&self, class: ClassName) -> Option<&ClassLayout> {
        self.classes.iter().find(|l| l.class == class)
    }

    /// Whether the method's inputs or result may be objects of the sources, arrays or lists,
    /// static fields included (its tests then build and check objects, and callers execute it
    /// inline).
    pub fn has_object_interface(&self) -> bool {
        !self.statics.is_empty()
            || matches!(self.ret, Ty::Object(_) | Ty::Array(_) | Ty::List(_) | Ty::Map(..) | Ty::Optional(Held::Object(_)))
            || self.locals[..self.param_count as usize].iter().any(|l| matches!(l.ty, Ty::Object(_) | Ty::Array(_) | Ty::List(_)))
    }

    /// Whether the method itself calls a library method that reads the default time zone.
    pub fn reads_time_zone(&self) -> bool {
        self.callees().any(MethodKey::reads_time_zone)
    }

    pub fn callees(&self) -> impl Iterator<Item = &MethodKey> {
        self.blocks.iter().flat_map(|b| b.insts.iter()).flat_map(|i| match i {
            Inst::Call { callee, .. } => vec![callee],
            Inst::Dispatch { targets, .. } => targets.iter().map(|(_, callee)| callee).collect(),
            _ => Vec::new(),
        })
    }
}

/// A method declared in the sources that was not lowered (its diagnostics say why).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclaredMethod {
    /// Fully qualified class name.
    pub class: String,
    pub name: String,
    /// The JVM descriptor, `(ILjava/lang/String;)D`, resolved as far as the file's imports
    /// allow (unresolved simple names are taken from `java.lang`).
    pub descriptor: String,
    pub is_private: bool,
    /// Its branch outcomes per source line (ascending) as a coverage tool counts them, read
    /// from the syntax.
    pub branch_lines: Vec<(u32, usize)>,
    /// Where the method's name is (as a lowered method's span).
    pub span: Span,
}

/// Everything the front end understood of the analysed sources.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Program {
    pub methods: Vec<Method>,
    /// Source file of each class, by fully qualified name.
    pub class_files: Vec<(String, PathBuf)>,
    /// Methods declared in the sources but not lowered.
    pub skipped: Vec<DeclaredMethod>,
    /// The layout of every class of the sources, for the tests that build and check objects.
    pub classes: Vec<ClassLayout>,
}

impl Method {
    /// A readable listing, one instruction per line, for snapshot tests and debugging.
    /// Locals are shown by name, with `#id` when several share a name.
    pub fn render(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let private = if self.is_private { "private " } else { "" };
        let kind = match self.kind {
            MethodKind::Static => "",
            MethodKind::Instance => "instance ",
            MethodKind::Constructor => "constructor ",
            MethodKind::ExceptionConstructor => "exception constructor ",
        };
        let _ = writeln!(out, "{private}{kind}method {} -> {}  @ {}", self.key, self.ret, self.span);
        let local = |id: LocalId| -> String {
            let Some(decl) = self.locals.get(id.0 as usize) else { return format!("?{}", id.0) };
            let shared = self.locals.iter().filter(|l| l.name == decl.name).count() > 1;
            if shared { format!("{}#{}", decl.name, id.0) } else { decl.name.clone() }
        };
        let operand = |op: &Operand| -> String {
            match *op {
                Operand::Local(id) => local(id),
                Operand::Const(v, Ty::Boolean) => (if v != 0 { "true" } else { "false" }).to_string(),
                Operand::Const(v, Ty::Long) => format!("{v}L"),
                Operand::Const(v, Ty::Double) => floating_text(v),
                Operand::Const(v, Ty::Float) => format!("{}f", floating_text(v)),
                Operand::Const(v, Ty::Enum(e)) => {
                    let name = e.constants().get(v as usize).map_or("?", |c| c.as_str());
                    format!("{}.{name}", simple_name(e.class().as_str()))
                }
                Operand::Const(v, _) => v.to_string(),
                Operand::Null => "null".to_string(),
                Operand::Str(i) => format!("{:?}", self.strings.get(i as usize).map_or("?", String::as_str)),
            }
        };
        let pos = |span: &Span| format!("{}:{}", span.line, span.col);
        let list = |items: Vec<String>| if items.is_empty() { "-".to_string() } else { items.join(", ") };

        let params: Vec<String> = (0..self.param_count).map(|i| local(LocalId(i))).collect();
        let _ = writeln!(out, "  params: {}", list(params));
        let locals = self.locals.iter().enumerate().skip(self.param_count as usize);
        let locals: Vec<String> = locals.map(|(i, l)| format!("{}: {}", local(LocalId(i as u32)), l.ty)).collect();
        let _ = writeln!(out, "  locals: {}", list(locals));
        let branches = self.branches.iter().enumerate().map(|(i, b)| match &b.arm {
            None => format!("b{i} @ {}", pos(&b.span)),
            Some(arm) => {
                let on_false = arm.on_false.map(|t| format!(", f: target {t}")).unwrap_or_default();
                format!("b{i} @ {} (switch {} of {} targets, t: target {}{on_false})", pos(&b.span), arm.switch, arm.targets, arm.on_true)
            }
        });
        let _ = writeln!(out, "  branches: {}", list(branches.collect()));
        let loops = self.loops.iter().enumerate().map(|(i, l)| match l.trip_count {
            Some(n) => format!("L{i} @ {} (runs {n} times)", pos(&l.span)),
            None => format!("L{i} @ {}", pos(&l.span)),
        });
        let _ = writeln!(out, "  loops: {}", list(loops.collect()));
        for (i, handler) in self.handlers.iter().enumerate() {
            let catches = handler.catches.iter().map(|c| {
                format!("catch {} {} -> bb{}", c.classes.join(" | "), local(c.exception), c.target.0)
            });
            let outer = handler.outer.map(|h| format!("; outer H{}", h.0)).unwrap_or_default();
            let _ = writeln!(out, "  handler H{i}: {}{outer}", catches.collect::<Vec<_>>().join("; "));
        }

        for (i, block) in self.blocks.iter().enumerate() {
            let handler = block.handler.map(|h| format!(" [H{}]", h.0)).unwrap_or_default();
            let _ = writeln!(out, "  bb{i}{handler}:");
            for inst in &block.insts {
                let line = match inst {
                    Inst::Assign { dst, value } => {
                        let value = match value {
                            Rvalue::Use(op) => operand(op),
                            Rvalue::Binary { op, lhs, rhs, ty, span } => {
                                let symbol = match op {
                                    BinOp::Add => "+",
                                    BinOp::Sub => "-",
                                    BinOp::Mul => "*",
                                    BinOp::Div => "/",
                                    BinOp::Rem => "%",
                                };
                                let at = if matches!(op, BinOp::Div | BinOp::Rem) {
                                    format!("  @ {}", pos(span))
                                } else {
                                    String::new()
                                };
                                format!("{} {symbol}{ty} {}{at}", operand(lhs), operand(rhs))
                            }
                            Rvalue::Neg { operand: op, ty } => format!("-{ty} {}", operand(op)),
                            Rvalue::Convert { operand: op, to } => format!("({to}) {}", operand(op)),
                            Rvalue::Text { operand: op, ty } => format!("text_of({ty} {})", operand(op)),
                            Rvalue::FloatingText { operand: op, ty, unsigned_zero } => {
                                let zero = if *unsigned_zero { "" } else { ", may be -0.0" };
                                format!("text_of({ty} {}{zero})", operand(op))
                            }
                            Rvalue::Concat { lhs, rhs } => format!("{} ++ {}", operand(lhs), operand(rhs)),
                        };
                        format!("{} = {value}", local(*dst))
                    }
                    Inst::Call { dst, callee, args, .. } => {
                        let args: Vec<String> = args.iter().map(operand).collect();
                        let call = format!("call {callee} ({})", args.join(", "));
                        match dst {
                            Some(dst) => format!("{} = {call}", local(*dst)),
                            None => call,
                        }
                    }
                    Inst::Dispatch { dst, targets, args, .. } => {
                        let args: Vec<String> = args.iter().map(operand).collect();
                        let targets: Vec<String> =
                            targets.iter().map(|(class, callee)| format!("{}: {callee}", class.as_str())).collect();
                        let call = format!("dispatch [{}] ({})", targets.join(", "), args.join(", "));
                        match dst {
                            Some(dst) => format!("{} = {call}", local(*dst)),
                            None => call,
                        }
                    }
                    Inst::Shape { object, class } => format!("shape {} as {}", operand(object), class.as_str()),
                    Inst::InstanceOf { dst, object, classes } => {
                        let classes: Vec<&str> = classes.iter().map(|c| c.as_str()).collect();
                        format!("{} = {} instanceof [{}]", local(*dst), operand(object), classes.join(", "))
                    }
                    Inst::CheckCast { object, classes, .. } => {
                        let classes: Vec<&str> = classes.iter().map(|c| c.as_str()).collect();
                        format!("check_cast {} [{}]", operand(object), classes.join(", "))
                    }
                    Inst::Jdbc { dst, call, receiver, args, .. } => {
                        let args: Vec<String> = args.iter().map(operand).collect();
                        let sql_ref = |sql: &SqlRef| match sql {
                            SqlRef::One(id) => format!("sql{}", id.0),
                            SqlRef::Chosen { selector, texts } => {
                                let texts: Vec<String> = texts.iter().map(|(bits, id)| format!("{bits}: sql{}", id.0)).collect();
                                format!("{{{}}}[{}]", texts.join(", "), local(*selector))
                            }
                        };
                        let sql = |sql: &Option<SqlRef>| match sql {
                            Some(sql) => format!(" {}", sql_ref(sql)),
                            None => String::new(),
                        };
                        let call = match call {
                            JdbcCall::PrepareStatement(sql) => format!("prepareStatement {}", sql_ref(sql)),
                            JdbcCall::PrepareStatementReturningKeys(SqlRef::One(id)) => format!("PrepareStatementReturningKeys({id:?})"),
                            JdbcCall::PrepareStatementReturningKeys(sql) => format!("PrepareStatementReturningKeys({})", sql_ref(sql)),
                            JdbcCall::ExecuteQuery(id) => format!("executeQuery{}", sql(id)),
                            JdbcCall::ExecuteUpdate(id) => format!("executeUpdate{}", sql(id)),
                            JdbcCall::Execute(id) => format!("execute{}", sql(id)),
                            JdbcCall::SetParameter(ty) => format!("set {ty}"),
                            JdbcCall::SetText(pieces) => format!("set text {}", crate::sql::join_pieces(pieces)),
                            JdbcCall::Get(ty) => format!("get {ty}"),
                            other => format!("{other:?}"),
                        };
                        let call = format!("jdbc {}.{call} ({})", operand(receiver), args.join(", "));
                        match dst {
                            Some(dst) => format!("{} = {call}", local(*dst)),
                            None => call,
                        }
                    }
                    Inst::Input { dst, call, receiver, .. } => {
                        let call = format!("input {}.{call:?}", operand(receiver));
                        match dst {
                            Some(dst) => format!("{} = {call}", local(*dst)),
                            None => call,
                        }
                    }
                    Inst::LoopEnter(l) => format!("loop_enter L{}", l.0),
                    Inst::LoopIter(l) => format!("loop_iter L{}", l.0),
                    Inst::EnterTry(h) => format!("enter_try H{}", h.0),
                    Inst::New { dst, class } => format!("{} = new {}", local(*dst), class.as_str()),
                    Inst::Statics { dst, class } => format!("{} = {}", local(*dst), class.as_str()),
                    Inst::GetField { dst, object, field, .. } => {
                        format!("{} = {}.{}", local(*dst), operand(object), field.name)
                    }
                    Inst::PutField { object, field, value, .. } => {
                        format!("{}.{} = {}", operand(object), field.name, operand(value))
                    }
                    Inst::CheckNotNull { object, span } => format!("check_not_null {}  @ {}", operand(object), pos(span)),
                    Inst::NewArray { dst, elem, length, span } => {
                        format!("{} = new {}[{}]  @ {}", local(*dst), elem.ty(), operand(length), pos(span))
                    }
                    Inst::ArrayLength { dst, array, span } => {
                        format!("{} = {}.length  @ {}", local(*dst), operand(array), pos(span))
                    }
                    Inst::ArrayLoad { dst, array, index, span } => {
                        format!("{} = {}[{}]  @ {}", local(*dst), operand(array), operand(index), pos(span))
                    }
                    Inst::ArrayStore { array, index, value, span } => {
                        format!("{}[{}] = {}  @ {}", operand(array), operand(index), operand(value), pos(span))
                    }
                    Inst::NewException { dst, class, span, .. } => {
                        format!("{} = new exception {}  @ {}", local(*dst), simple_name(class), pos(span))
                    }
                    Inst::EnumCall { dst, op, ty, args, span } => {
                        let args: Vec<String> = args.iter().map(operand).collect();
                        format!(
                            "{} = enum {}.{} ({})  @ {}",
                            local(*dst),
                            simple_name(ty.class().as_str()),
                            op.method_name(),
                            args.join(", "),
                            pos(span)
                        )
                    }
                };
                let _ = writeln!(out, "    {line}");
            }
            let term = match &block.term {
                Terminator::Goto(t) => format!("goto bb{}", t.0),
                Terminator::Branch { cond, then_block, else_block, id } => {
                    let op = match cond.op {
                        CmpOp::Eq => "==",
                        CmpOp::Ne => "!=",
                        CmpOp::Lt => "<",
                        CmpOp::Le => "<=",
                        CmpOp::Gt => ">",
                        CmpOp::Ge => ">=",
                    };
                    format!(
                        "branch b{} if {} {op} {} then bb{} else bb{}",
                        id.0,
                        operand(&cond.lhs),
                        operand(&cond.rhs),
                        then_block.0,
                        else_block.0
                    )
                }
                Terminator::Return(None) => "return".to_string(),
                Terminator::Return(Some(op)) => format!("return {}", operand(op)),
                Terminator::Throw { class, detail: None, span } => format!("throw {class}  @ {}", pos(span)),
                Terminator::Throw { class, detail: Some(detail), span } => {
                    let message = detail.message.as_ref().map_or_else(|| "?".to_string(), &operand);
                    format!("throw {class}(message {message}, cause {})  @ {}", operand(&detail.cause), pos(span))
                }
                Terminator::Rethrow { exception, span } => format!("rethrow {}  @ {}", local(*exception), pos(span)),
            };
            let _ = writeln!(out, "    {term}");
        }
        for layout in &self.classes {
            let fields: Vec<String> = layout.fields.iter().map(|f| format!("{}: {}", f.name, f.ty)).collect();
            let fields = if fields.is_empty() { String::new() } else { format!(" {} ", fields.join(", ")) };
            let _ = writeln!(out, "  class {} {{{fields}}}", layout.class.as_str());
        }
        for (i, sql) in self.sql.iter().enumerate() {
            let holes: Vec<String> = sql.holes.iter().map(operand).collect();
            let _ = writeln!(
                out,
                "  sql{i} @ {}: {:?} holes [{}]",
                pos(&sql.span),
                crate::sql::join_pieces(&sql.pieces),
                holes.join(", ")
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floating_literals_become_units() {
        assert_eq!(floating_units("12.25"), Some(3136));
        assert_eq!(floating_units("0.5f"), Some(128));
        assert_eq!(floating_units("1e3"), Some(256_000));
        assert_eq!(floating_units("2.5E-1"), Some(64));
        assert_eq!(floating_units(".00390625"), Some(1));
        assert_eq!(floating_units("100.0d"), Some(25_600));
        assert_eq!(floating_units("0.1"), None);
        assert_eq!(floating_units("0x1p3"), None);
        assert_eq!(floating_units("1e300"), None);
        assert_eq!(floating_text(3136), "12.25");
        assert_eq!(floating_text(-1), "-0.00390625");
        assert_eq!(floating_text(768), "3.0");
        assert_eq!(floating_text(0), "0.0");
    }

    #[test]
    fn decimal_text_becomes_units() {
        assert_eq!(decimal_units("12.50"), Some(125_000));
        assert_eq!(decimal_units("-0.0001"), Some(-1));
        assert_eq!(decimal_units("7"), Some(70_000));
        assert_eq!(decimal_units(".5"), Some(5_000));
        assert_eq!(decimal_units("1.230000"), Some(12_300));
        assert_eq!(decimal_units("1.23456"), None);
        assert_eq!(decimal_units("1e3"), None);
        assert_eq!(decimal_units(""), None);
        assert_eq!(decimal_units("-"), None);
    }

    /// `try { try { .. } catch (IllegalStateException | ArithmeticException a) { .. } }
    ///  catch (RuntimeException b) { .. } finally { .. }`, in a method whose exception classes
    /// are RuntimeException and its subclasses ArithmeticException and IllegalStateException.
    fn nested() -> Method {
        let catch = |classes: &[&str], local: u32, target: u32| Catch {
            classes: classes.iter().map(|c| c.to_string()).collect(),
            exception: LocalId(local),
            target: BlockId(target),
        };
        let superclasses = [
            ("java.lang.Exception", THROWABLE),
            ("java.lang.RuntimeException", "java.lang.Exception"),
            ("java.lang.ArithmeticException", "java.lang.RuntimeException"),
            ("java.lang.IllegalStateException", "java.lang.RuntimeException"),
        ];
        Method {
            key: MethodKey { class: "T".into(), name: "m".into(), params: vec![] },
            ret: Ty::Void,
            kind: MethodKind::Static,
            is_private: false,
            is_implicit: false,
            span: Span::new("T.java", 1, 1),
            param_count: 0,
            param_names: vec![],
            locals: vec![],
            blocks: vec![],
            branches: vec![],
            loops: vec![],
            strings: vec![],
            sql: vec![],
            handlers: vec![
                Handler { catches: vec![catch(&[THROWABLE], 0, 1)], outer: None },
                Handler { catches: vec![catch(&["java.lang.RuntimeException"], 1, 2)], outer: Some(HandlerId(0)) },
                Handler {
                    catches: vec![catch(&["java.lang.IllegalStateException", "java.lang.ArithmeticException"], 2, 3)],
                    outer: Some(HandlerId(1)),
                },
            ],
            exception_superclasses: superclasses.iter().map(|(c, s)| (c.to_string(), s.to_string())).collect(),
            classes: vec![],
            receivers: vec![],
            statics: vec![],
            returned_constants: vec![],
            array_lists: ArrayListSlots::default(),
            zoned: false,
            configured: false,
        }
    }

    fn target(caught: Caught) -> Option<u32> {
        match caught {
            Caught::By(catch) => Some(catch.target.0),
            Caught::Uncaught | Caught::Unknown => None,
        }
    }

    #[test]
    fn the_first_clause_of_a_superclass_catches_from_the_inside_out() {
        let m = nested();
        let inner = HandlerId(2);
        assert_eq!(target(m.catching(inner, "java.lang.ArithmeticException")), Some(3));
        assert_eq!(target(m.catching(inner, "java.lang.IllegalStateException")), Some(3));
        assert_eq!(target(m.catching(inner, "java.lang.RuntimeException")), Some(2));
        assert_eq!(target(m.catching(inner, "java.lang.Exception")), Some(1));
        assert_eq!(target(m.catching(HandlerId(1), "java.lang.ArithmeticException")), Some(2));
        assert_eq!(m.known_exceptions().count(), 5);
    }

    #[test]
    fn a_class_of_unknown_superclasses_is_caught_only_by_a_catch_of_everything_tried_first() {
        let m = nested();
        assert_eq!(m.catching(HandlerId(2), "vendor.Oops"), Caught::Unknown);
        assert_eq!(target(m.catching(HandlerId(0), "vendor.Oops")), Some(1));
        assert_eq!(target(m.catching_any_class(HandlerId(0))), Some(1));
        assert_eq!(m.catching_any_class(HandlerId(1)), Caught::Unknown);
    }

    #[test]
    fn without_a_matching_clause_the_method_throws() {
        let mut m = nested();
        m.handlers.remove(0);
        m.handlers[0].outer = None;
        m.handlers[1].outer = Some(HandlerId(0));
        assert_eq!(m.catching(HandlerId(1), "java.lang.Exception"), Caught::Uncaught);
    }
}
