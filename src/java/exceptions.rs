//! The exception classes whose superclasses hornet knows: the JDK's that the supported code can
//! meet, and those the analysed sources declare. Catching needs them: a catch clause gets an
//! exception of its class or of any subclass.

use crate::ir::THROWABLE;

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
