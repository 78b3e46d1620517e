//! Lists: `java.util.List<E>` and `ArrayList<E>` locals, parameters, fields and results, of
//! `Integer`, of `String` or of a class of the sources, `new ArrayList<>()` (also of a capacity, or a copy
//! of a list), and the calls
//! `add(x)`, `add(i, x)`, `get(i)`, `set(i, x)`, `remove(int i)`, `size()`, `isEmpty()`,
//! `clear()`, `contains(x)` and `indexOf(x)`: library calls with the list first,
//! whose hand-written summaries (`summaries/java_util_list.pl`) do the null and index checks
//! (paths, never branches, as in the bytecode).
//!
//! The elements of a `List<Integer>` are ints: an `int` argument is boxed, and an `Integer`
//! result unboxed where it is used, which is exact as no element is ever null. A `List<Long>`
//! is the same with longs, as a DAO collecting ids builds it. What would
//! differ is reported: removal by value (`remove(Object)`, which an `Integer` argument
//! selects), `==` between two `Integer`s (reference identity), a null element, and the methods
//! not listed (iterators among them; the enhanced `for` over a `List<Integer>` is an index
//! loop, `foreach.rs`).
//!
//! The elements of a list of objects, and of a `List<String>`, are references (null
//! included); the calls are those above, and for a `List<String>` `contains`, `indexOf` and
//! `remove(Object)`, which compare Strings with `equals` (a list of objects of the sources
//! would call their own `equals`: reported).

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{CONSTRUCTOR, Elem, Inst, MethodKey, Operand, Ty};
use crate::java::index::is_list_class;
use crate::java::library::{ARRAY_LIST, LIST};
use crate::java::syntax::{children, skip_parens};
use tree_sitter::Node;

/// The methods of `List` hornet models, for the diagnostic of the others.
const MODELLED: &str = "add, get, set, remove(int), size, isEmpty, clear, contains and indexOf";
/// The methods of a `List` of objects hornet models (and, for a `List<String>`, contains,
/// indexOf and remove(Object)).
const MODELLED_FOR_OBJECTS: &str = "add, get, set, remove(int), size, isEmpty and clear";

impl<'t> MethodLowering<'_, 't> {
    /// Whether an object creation creates an `ArrayList`.
    pub(super) fn is_list_creation(&self, node: Node<'t>) -> bool {
        let Some(type_node) = node.child_by_field_name("type") else { return false };
        let base = if type_node.kind() == "generic_type" { children(type_node).into_iter().next() } else { Some(type_node) };
        base.is_some_and(|base| is_list_class(self.text(base)))
    }

    /// `new ArrayList<>()` or `new ArrayList<Integer>()`, empty, of an initial capacity, or a
    /// copy of a list.
    pub(super) fn new_list(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let Some(type_node) = node.child_by_field_name("type") else { return self.error(node, "syntax error") };
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let type_arguments = children(type_node).into_iter().find(|c| c.kind() == "type_arguments");
        let Some(type_arguments) = type_arguments else {
            return self.unsupported(type_node, "raw type 'ArrayList' (only ArrayList<E> of Integer or of a class of the sources is modelled)");
        };
        // The diamond's element type is that of where the list goes (`coerce`); until then,
        // and where it goes nowhere typed, Integer.
        let diamond = children(type_arguments).is_empty();
        let ty = if diamond { Ty::List(Elem::Int) } else { self.declared_type(type_node)? };
        if children(node).iter().any(|c| c.kind() == "class_body") {
            return self.unsupported(node, "anonymous class");
        }
        let mut values = Vec::new();
        for (i, argument) in arguments.iter().enumerate() {
            let value = self.value(*argument)?;
            values.push(self.stabilise(value, &arguments[i + 1..]));
        }
        let params: Vec<Ty> = values.iter().map(|v| v.ty).collect();
        let copies_another_type = values.first().is_some_and(|v| matches!(v.ty, Ty::List(_)) && v.ty != ty && !diamond);
        let callee = MethodKey { class: ARRAY_LIST.into(), name: CONSTRUCTOR.into(), params };
        if self.index.library.return_type(&callee).is_none() || copies_another_type {
            return self.unsupported(
                node,
                "this ArrayList constructor (hornet models new ArrayList<>(), of an int capacity, and of a list of the same elements to copy)",
            );
        }
        let ty = match (diamond, values.first().map(|v| v.ty)) {
            (true, Some(source @ Ty::List(_))) => source,
            _ => ty,
        };
        let dst = self.new_temp(ty);
        if diamond && ty == Ty::List(Elem::Int) {
            self.diamond_lists.insert(dst);
        }
        let args = values.into_iter().map(|v| v.operand).collect();
        let span = self.span(node);
        self.emit(Inst::Call { dst: Some(dst), callee, args, span });
        Ok(Typed { operand: Operand::Local(dst), ty })
    }

    /// A call of a `List` method on `list`: a library call with the list first.
    pub(super) fn list_method(&mut self, node: Node<'t>, list: Typed, name: &str, want_value: bool) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        match list.ty {
            Ty::List(Elem::Object(class)) => return self.object_list_method(node, list, Ty::Object(class), name, want_value),
            Ty::List(Elem::String) => return self.object_list_method(node, list, Ty::String, name, want_value),
            _ => {}
        }
        let removes_by_value = |this: &Self, argument: Node<'t>| {
            let argument = skip_parens(argument);
            match argument.kind() {
                "cast_expression" => argument
                    .child_by_field_name("type")
                    .is_some_and(|t| matches!(this.text(t), "Integer" | "java.lang.Integer" | "Object" | "java.lang.Object")),
                "method_invocation" => argument.child_by_field_name("name").is_some_and(|n| this.text(n) == "valueOf"),
                _ => false,
            }
        };
        if name == "remove" && arguments.len() == 1 && removes_by_value(self, arguments[0]) {
            return self.remove_by_value(node);
        }
        // A List<Long>'s element arguments are longs, its indices ints. An int argument is not
        // widened: javac boxes it to an Integer, which no Long equals (`contains(7)` is false).
        let of_longs = list.ty == Ty::List(Elem::Long);
        let element_position = match name {
            "add" | "set" => Some(arguments.len().saturating_sub(1)),
            "contains" | "indexOf" => Some(0),
            _ => None,
        };
        let mut values = vec![self.stabilise(list, &arguments)];
        for (i, argument) in arguments.iter().enumerate() {
            let value = self.value(*argument)?;
            if name == "remove" && arguments.len() == 1 && self.is_list_element(value.operand) {
                return self.remove_by_value(node);
            }
            match value.ty {
                Ty::Int if of_longs && element_position == Some(i) => {
                    return self.unsupported(
                        *argument,
                        format!("List method '{name}' on a List<Long> with an int argument (javac boxes it to an Integer, which no Long equals; pass a long)"),
                    );
                }
                Ty::Int => {}
                Ty::Long if of_longs && element_position == Some(i) => {}
                Ty::Boxed(_) => {
                    let (kind, primitive) = if of_longs { ("long", "a long") } else { ("int", "an int") };
                    return self.unsupported(
                        *argument,
                        format!("List method '{name}' with an argument of type {}, which may be null (only non-null {kind} elements are modelled; unbox it into {primitive})", value.ty),
                    );
                }
                Ty::Null => return self.unsupported(*argument, "a null element in a List (only non-null Integers are modelled)"),
                ty => {
                    return self.unsupported(
                        *argument,
                        format!("List method '{name}' with a {ty} argument (only int elements and indices are modelled)"),
                    );
                }
            }
            values.push(self.stabilise(value, &arguments[i + 1..]));
        }
        let params = values.iter().map(|v| v.ty).collect();
        let callee = MethodKey { class: LIST.into(), name: name.to_string(), params };
        let Some(ret) = self.index.library.return_type(&callee) else {
            return self.unsupported(
                node,
                format!(
                    "List method '{name}' with {} argument(s) (not modelled; hornet models {MODELLED})",
                    arguments.len()
                ),
            );
        };
        let ret = if of_longs && matches!(name, "get" | "set" | "remove") { Ty::Long } else { ret };
        let args = values.into_iter().map(|v| v.operand).collect();
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        if let (Some(dst), "get" | "set" | "remove") = (dst, name) {
            self.list_elements.insert(dst);
        }
        let span = self.span(node);
        self.emit(Inst::Call { dst, callee, args, span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// A call of a `List` method on a list of references (objects of a class of the sources,
    /// or Strings) of type `element`: an element argument is converted to the element type and
    /// passed as an `Object` (the erased signature), an element result is of the element type.
    fn object_list_method(
        &mut self,
        node: Node<'t>,
        list: Typed,
        element: Ty,
        name: &str,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let elements = match element {
            Ty::Object(class) => crate::ir::simple_name(class.as_str()),
            other => other.java_name(),
        };
        let by_equals = |this: &Self, name: &str| {
            this.unsupported(
                node,
                format!("List method '{name}' on a list of {elements} (it compares with equals, not modelled for lists of objects of the sources)"),
            )
        };
        // Strings compare by their text; objects of the sources with their own equals (not read).
        let by_text = element == Ty::String;
        if name == "lastIndexOf" || (!by_text && matches!(name, "contains" | "indexOf")) {
            return by_equals(self, name);
        }
        // The element argument is the last one of add and set, the only one of contains and
        // indexOf; the others are indices.
        let element_position = match name {
            "add" | "set" => Some(arguments.len().saturating_sub(1)),
            "contains" | "indexOf" => Some(0),
            _ => None,
        };
        let mut removes_element = false;
        let mut values = vec![self.stabilise(list, &arguments)];
        for (i, argument) in arguments.iter().enumerate() {
            let value = self.value(*argument)?;
            let value = if Some(i) == element_position {
                let operand = self.coerce(value, element, *argument)?;
                Typed { operand, ty: Ty::AnyObject }
            } else if value.ty == Ty::Int {
                value
            } else if name == "remove" && by_text {
                removes_element = true;
                let operand = self.coerce(value, element, *argument)?;
                Typed { operand, ty: Ty::AnyObject }
            } else if name == "remove" {
                return by_equals(self, "remove(Object)");
            } else {
                return self.unsupported(
                    *argument,
                    format!("List method '{name}' with a {} argument (only int indices are modelled)", value.ty),
                );
            };
            values.push(self.stabilise(value, &arguments[i + 1..]));
        }
        let params = values.iter().map(|v| v.ty).collect();
        let callee = MethodKey { class: LIST.into(), name: name.to_string(), params };
        let Some(ret) = self.index.library.return_type(&callee) else {
            return self.unsupported(
                node,
                format!(
                    "List method '{name}' with {} argument(s) on a list of objects (not modelled; hornet models {MODELLED_FOR_OBJECTS})",
                    arguments.len()
                ),
            );
        };
        let ret = if matches!(name, "get" | "set" | "remove") && !removes_element { element } else { ret };
        let args = values.into_iter().map(|v| v.operand).collect();
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Call { dst, callee, args, span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// Whether an operand is an `Integer` a list returned, not yet unboxed into an `int`.
    pub(super) fn is_list_element(&self, operand: Operand) -> bool {
        matches!(operand, Operand::Local(id) if self.list_elements.contains(&id))
    }

    fn remove_by_value<T>(&self, node: Node<'t>) -> Lowered<T> {
        self.unsupported(
            node,
            "List.remove(Object), the removal of an element equal to an Integer (only remove(int index) is modelled)",
        )
    }
}
