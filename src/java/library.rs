//! The few library methods and constants the analysis knows. Their behaviour is modelled
//! elsewhere by hand-written summaries; the front end only needs their signatures.

use crate::ir::{MethodKey, Ty};

/// A modelled static library method.
pub(crate) struct LibraryMethod {
    pub class: &'static str,
    pub name: &'static str,
    pub params: &'static [Ty],
    pub ret: Ty,
}

const fn method(class: &'static str, name: &'static str, params: &'static [Ty], ret: Ty) -> LibraryMethod {
    LibraryMethod { class, name, params, ret }
}

const MATH: &str = "java.lang.Math";
const INTEGER: &str = "java.lang.Integer";
const LONG: &str = "java.lang.Long";

const METHODS: &[LibraryMethod] = &[
    method(MATH, "abs", &[Ty::Int], Ty::Int),
    method(MATH, "abs", &[Ty::Long], Ty::Long),
    method(MATH, "max", &[Ty::Int, Ty::Int], Ty::Int),
    method(MATH, "max", &[Ty::Long, Ty::Long], Ty::Long),
    method(MATH, "min", &[Ty::Int, Ty::Int], Ty::Int),
    method(MATH, "min", &[Ty::Long, Ty::Long], Ty::Long),
    method(INTEGER, "compare", &[Ty::Int, Ty::Int], Ty::Int),
    method(LONG, "compare", &[Ty::Long, Ty::Long], Ty::Int),
];

/// The return type of a modelled library method, `None` if the method is not modelled.
pub fn library_return_type(key: &MethodKey) -> Option<Ty> {
    METHODS
        .iter()
        .find(|m| m.class == key.class && m.name == key.name && m.params == key.params.as_slice())
        .map(|m| m.ret)
}

/// The modelled overloads of `class.name`.
pub(crate) fn library_overloads<'a>(
    class: &'a str,
    name: &'a str,
) -> impl Iterator<Item = &'static LibraryMethod> + 'a {
    METHODS.iter().filter(move |m| m.class == class && m.name == name)
}

/// The fully qualified name of a library class the analysis knows, from its simple or
/// qualified spelling (`Math` or `java.lang.Math`).
pub(crate) fn library_class(name: &str) -> Option<&'static str> {
    [MATH, INTEGER, LONG].into_iter().find(|fq| *fq == name || crate::ir::simple_name(fq) == name)
}

/// `Integer.MAX_VALUE` and friends, as a value and its type.
pub(crate) fn library_constant(class: &str, field: &str) -> Option<(i64, Ty)> {
    match (class, field) {
        (INTEGER, "MAX_VALUE") => Some((i32::MAX as i64, Ty::Int)),
        (INTEGER, "MIN_VALUE") => Some((i32::MIN as i64, Ty::Int)),
        (LONG, "MAX_VALUE") => Some((i64::MAX, Ty::Long)),
        (LONG, "MIN_VALUE") => Some((i64::MIN, Ty::Long)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_type_follows_the_argument_type() {
        let key = |params: Vec<Ty>| MethodKey { class: MATH.into(), name: "abs".into(), params };
        assert_eq!(library_return_type(&key(vec![Ty::Int])), Some(Ty::Int));
        assert_eq!(library_return_type(&key(vec![Ty::Long])), Some(Ty::Long));
        assert_eq!(library_return_type(&key(vec![Ty::Boolean])), None);
    }

    #[test]
    fn library_class_accepts_simple_and_qualified_names() {
        assert_eq!(library_class("Math"), Some(MATH));
        assert_eq!(library_class("java.lang.Long"), Some(LONG));
        assert_eq!(library_class("lang.Math"), None);
    }
}
