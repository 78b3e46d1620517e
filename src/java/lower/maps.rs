//! Maps: `java.util.Map<K, V>`, `HashMap<K, V>` and `LinkedHashMap<K, V>` locals and results
//! (`ir::Ty::Map`) of `String`, `Integer` or `Long` keys and `String`, `Integer`, `Long` or
//! `Boolean` values, `new HashMap<>()` and `new LinkedHashMap<>()`, and the calls `put`, `get`,
//! `containsKey`, `getOrDefault`, `remove(key)`, `size`, `isEmpty`, `clear` and
//! `putIfAbsent`: library calls with the map first, whose hand-written summaries
//! (`summaries/java_util_map.pl`) search the keys with `equals` (paths, never branches: the
//! search is in the library, where JaCoCo has no probe).
//!
//! Keys and values are passed boxed, as javac passes them (`put(id, 1)` boxes both), and a
//! value result is a box or a String, null when the key has none; unboxing it is the caller's
//! (a NullPointerException path when it is null). A key argument of another box than the
//! map's keys (an `int` for a `Map<Long, V>`: javac boxes it to an `Integer`, which no `Long`
//! equals) is reported, as are the methods not listed (iteration over `keySet()`, `values()`,
//! `entrySet()`, `forEach` among them). No input is a map: parameters and fields of a map type
//! are reported by the index.

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{CONSTRUCTOR, Held, Inst, MethodKey, Operand, Primitive, Ty};
use crate::java::library::{ANY_MAP, HASH_MAP, LINKED_HASH_MAP, MAP};
use crate::java::syntax::children;
use tree_sitter::Node;

/// The methods of `Map` hornet models, for the diagnostic of the others.
const MODELLED: &str = "put, get, containsKey, getOrDefault, remove(key), size, isEmpty, clear and putIfAbsent";

impl<'t> MethodLowering<'_, 't> {
    /// The map class an object creation creates (`HashMap` or `LinkedHashMap`), if it creates one.
    pub(super) fn created_map(&self, node: Node<'t>) -> Option<&'static str> {
        let type_node = node.child_by_field_name("type")?;
        let base = if type_node.kind() == "generic_type" { children(type_node).into_iter().next()? } else { type_node };
        match self.text(base) {
            "HashMap" | "java.util.HashMap" => Some(HASH_MAP),
            "LinkedHashMap" | "java.util.LinkedHashMap" => Some(LINKED_HASH_MAP),
            _ => None,
        }
    }

    /// `new HashMap<>()`, `new LinkedHashMap<K, V>()`: an empty map.
    pub(super) fn new_map(&mut self, node: Node<'t>, class: &'static str) -> Lowered<Typed> {
        let Some(type_node) = node.child_by_field_name("type") else { return self.error(node, "syntax error") };
        let simple = crate::ir::simple_name(class);
        let Some(type_arguments) = children(type_node).into_iter().find(|c| c.kind() == "type_arguments") else {
            return self.unsupported(type_node, format!("raw type '{simple}' (only {simple}<K, V> is modelled)"));
        };
        if children(node).iter().any(|c| c.kind() == "class_body") {
            return self.unsupported(node, "anonymous class");
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        if !arguments.is_empty() {
            return self.unsupported(node, format!("this {simple} constructor (hornet models new {simple}<>() without arguments)"));
        }
        // The diamond's type arguments are those of where the map goes (`coerce`).
        let diamond = children(type_arguments).is_empty();
        let ty = if diamond { ANY_MAP } else { self.declared_type(type_node)? };
        let dst = self.new_temp(ty);
        if diamond {
            self.diamond_maps.insert(dst);
        }
        let callee = MethodKey { class: class.into(), name: CONSTRUCTOR.into(), params: Vec::new() };
        let span = self.span(node);
        self.emit(Inst::Call { dst: Some(dst), callee, args: Vec::new(), span });
        Ok(Typed { operand: Operand::Local(dst), ty })
    }

    /// A call of a `Map` method on `map` (of keys `key` and values `value`): a library call
    /// with the map first, then the key and value arguments boxed as the map holds them.
    pub(super) fn map_method(
        &mut self,
        node: Node<'t>,
        map: Typed,
        (key, value): (Held, Held),
        name: &str,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        // Which arguments are keys and which values.
        let roles: &[Held] = match (name, arguments.len()) {
            ("size" | "isEmpty" | "clear", 0) => &[],
            ("get" | "containsKey" | "remove", 1) => &[key],
            ("getOrDefault" | "put" | "putIfAbsent", 2) => &[key, value],
            ("keySet" | "values" | "entrySet" | "forEach", _) => {
                return self.unsupported(node, format!("Map method '{name}' (iteration over a map is not modelled; hornet models {MODELLED})"));
            }
            _ => {
                return self.unsupported(
                    node,
                    format!("Map method '{name}' with {} argument(s) (not modelled; hornet models {MODELLED})", arguments.len()),
                );
            }
        };
        if key == Held::Unknown || value == Held::Unknown {
            return self.unsupported(node, "a map whose type arguments are not known here (declare its type)");
        }
        let mut values = vec![self.stabilise(map, &arguments)];
        for (i, (argument, role)) in arguments.iter().zip(roles).enumerate() {
            let given = self.value(*argument)?;
            // `get(Object)` and the like take any key: a primitive of another box than the
            // map's is boxed to a key no entry equals.
            if let (Some(primitive), Ty::Boxed(boxed)) = (Primitive::of(given.ty), role.ty())
                && primitive != boxed
            {
                let box_class = crate::ir::simple_name(primitive.box_class());
                return self.unsupported(
                    *argument,
                    format!(
                        "Map method '{name}' with an argument of type {} on a map of {} keys (javac boxes it to {box_class}, which no {} equals; pass a {})",
                        given.ty,
                        role.ty(),
                        role.ty(),
                        boxed.ty()
                    ),
                );
            }
            let operand = self.coerce(given, role.ty(), *argument)?;
            values.push(self.stabilise(Typed { operand, ty: Ty::AnyObject }, &arguments[i + 1..]));
        }
        let params = values.iter().map(|v| if matches!(v.ty, Ty::Map(..)) { ANY_MAP } else { v.ty }).collect();
        let callee = MethodKey { class: MAP.into(), name: name.to_string(), params };
        let Some(ret) = self.index.library.return_type(&callee) else {
            return self.unsupported(node, format!("Map method '{name}' (not modelled; hornet models {MODELLED})"));
        };
        let ret = if ret == Ty::AnyObject { value.ty() } else { ret };
        let args = values.into_iter().map(|v| v.operand).collect();
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Call { dst, callee, args, span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }
}
