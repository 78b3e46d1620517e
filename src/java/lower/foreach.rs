//! The enhanced `for`: over an array, lowered as javac compiles it (a copy of the array
//! reference, its length read once, which throws NullPointerException for a null array, then an
//! index loop); over a `List<Integer>`, an index loop over `size()` and `get(i)`, which is what
//! the list's iterator does as long as the body does not modify the list structurally (Java's
//! iterator would then throw ConcurrentModificationException: such bodies are reported); over
//! an enum's `values()`, an index loop over its constants. Either way the loop's one
//! conditional jump is one branch, as `hasNext()`'s or the index test's is in the bytecode.

use super::{Lowered, LoopTargets, MethodLowering, Typed};
use crate::ir::{BinOp, CmpOp, Cond, Elem, Inst, JdbcType, MethodKey, MethodKind, Operand, Rvalue, Ty};
use crate::java::library::LIST;
use crate::java::syntax::{children, field_children, skip_parens};
use std::collections::HashSet;
use tree_sitter::Node;

/// The `List` methods that change a list's size, which make its iterator fail.
const STRUCTURAL: &[&str] = &["add", "addAll", "remove", "removeAll", "removeIf", "retainAll", "clear"];

impl<'t> MethodLowering<'_, 't> {
    pub(super) fn enhanced_for(&mut self, node: Node<'t>) -> Lowered<()> {
        let field = |name| node.child_by_field_name(name);
        let (Some(type_node), Some(name), Some(iterable), Some(body)) =
            (field("type"), field("name"), field("value"), field("body"))
        else {
            return self.error(node, "syntax error: incomplete enhanced for statement");
        };
        if let Some(dims) = field("dimensions") {
            return self.unsupported(dims, "array brackets after a variable name (write 'int[] a')");
        }
        self.scopes.push(Vec::new());
        let result = self.enhanced_for_parts(node, type_node, name, iterable, body);
        self.scopes.pop();
        result
    }

    fn enhanced_for_parts(
        &mut self,
        node: Node<'t>,
        type_node: Node<'t>,
        name: Node<'t>,
        iterable: Node<'t>,
        body: Node<'t>,
    ) -> Lowered<()> {
        let spelled_type = self.text(type_node);
        let boxed = matches!(spelled_type, "Integer" | "java.lang.Integer" | "Long" | "java.lang.Long");
        // `for (E c : E.values())`: javac's loop over the fresh array of the constants, whose
        // length is their number and whose elements are the constants in order.
        let constants = self.enum_values_call(iterable);
        let collection = match constants {
            Some(_) => None,
            None => Some(self.value(iterable)?),
        };
        let element = match (constants, collection.map(|c| c.ty)) {
            (Some(e), _) => Ty::Enum(e),
            (None, Some(Ty::Array(elem))) => elem.ty(),
            (None, Some(Ty::List(elem))) => {
                self.check_unmodified(node, body)?;
                elem.ty()
            }
            (None, ty) => {
                let ty = ty.expect("a collection unless iterating an enum's constants");
                return self.unsupported(
                    iterable,
                    format!("enhanced for over a {ty} (hornet models it over arrays, lists and an enum's values())"),
                );
            }
        };
        let collection_ty = collection.map(|c| c.ty);
        let declared = match spelled_type {
            "var" => element,
            _ if boxed && collection_ty == Some(Ty::List(Elem::Int)) => Ty::Int,
            _ if boxed && collection_ty == Some(Ty::List(Elem::Long)) => Ty::Long,
            _ => self.declared_type(type_node)?,
        };
        // javac's copy of the reference: assignments in the body do not change what is iterated.
        let copy = collection.map(|c| self.temp(c.ty, Rvalue::Use(c.operand)));
        let length = match (constants, copy) {
            (Some(e), _) => Some(Typed { operand: Operand::Const(e.constants().len() as i64, Ty::Int), ty: Ty::Int }),
            (None, Some(copy)) if matches!(copy.ty, Ty::Array(_)) => Some(self.array_length(copy, iterable)),
            _ => None,
        };
        let index = self.new_local(format!("for${}", self.temp_count), Ty::Int);
        self.temp_count += 1;
        self.assign(index, Rvalue::Use(Operand::Const(0, Ty::Int)));
        // A loop over an enum's constants runs at most as many times as there are constants,
        // a number the source fixes: it is not bounded by k, so a lookup finds every constant.
        let loop_id = constants.is_none().then(|| self.new_loop(node));
        if let Some(loop_id) = loop_id {
            self.emit(Inst::LoopEnter(loop_id));
        }
        let (header, body_block, update, exit) = (self.new_block(), self.new_block(), self.new_block(), self.new_block());
        self.goto(header);
        self.switch_to(header);
        // A list's size is read on each test, as the iterator's `hasNext()` does; a null list
        // throws NullPointerException there the first time, as `iterator()` would.
        let length = match (length, copy) {
            (Some(length), _) => length,
            (None, Some(copy)) => self.list_call("size", vec![copy], Ty::Int, iterable),
            (None, None) => unreachable!("the constants' loop has its length"),
        };
        let cond = Cond { op: CmpOp::Lt, lhs: Operand::Local(index), rhs: length.operand };
        self.branch(cond, node, body_block, exit);
        self.switch_to(body_block);
        if let Some(loop_id) = loop_id {
            self.emit(Inst::LoopIter(loop_id));
        }
        let element = match (constants, copy) {
            (Some(e), _) => self.enum_constant_at(e, Operand::Local(index), iterable),
            (None, Some(copy)) => match copy.ty {
                Ty::Array(elem) => self.array_load(copy.operand, Operand::Local(index), elem, iterable),
                Ty::List(elem) => {
                    let index = Typed { operand: Operand::Local(index), ty: Ty::Int };
                    self.list_call("get", vec![copy, index], elem.ty(), iterable)
                }
                _ => unreachable!("an enhanced for over an array or a list"),
            },
            (None, None) => unreachable!("a collection unless iterating an enum's constants"),
        };
        let variable = self.declare(self.text(name), declared, None);
        let value = self.coerce(element, declared, name)?;
        self.assign(variable, Rvalue::Use(value));
        if boxed {
            // An `Integer` variable compares by reference (`lists.rs`).
            self.list_elements.insert(variable);
        }
        self.loop_targets.push(LoopTargets { break_to: exit, continue_to: Some(update), finalizers: self.finalizers.len() });
        let lowered = self.statement(body);
        self.loop_targets.pop();
        lowered?;
        self.goto(update);
        self.switch_to(update);
        let span = self.span(node);
        let next = Rvalue::Binary { op: BinOp::Add, lhs: Operand::Local(index), rhs: Operand::Const(1, Ty::Int), ty: Ty::Int, span };
        self.assign(index, next);
        self.goto(header);
        self.switch_to(exit);
        Ok(())
    }

    /// A call of a modelled `List` method (the list, then int arguments) returning a `ret`.
    fn list_call(&mut self, name: &str, args: Vec<Typed>, ret: Ty, at: Node<'t>) -> Typed {
        let params = args.iter().map(|a| a.ty).collect();
        let callee = MethodKey { class: LIST.into(), name: name.to_string(), params };
        let dst = self.new_temp(ret);
        let span = self.span(at);
        let args = args.into_iter().map(|a| a.operand).collect();
        self.emit(Inst::Call { dst: Some(dst), callee, args, span });
        Typed { operand: Operand::Local(dst), ty: ret }
    }

    /// Reports a loop over a list whose body may change the list's size, where Java's iterator
    /// would throw ConcurrentModificationException: a call of a size-changing `List` method (on
    /// any list: it may be an alias), or a call of a method of the sources that may reach a list:
    /// an instance method (its object's fields may), or a static one given a reference other
    /// than a String. Calls of String and List methods and static library calls are harmless.
    fn check_unmodified(&self, node: Node<'t>, body: Node<'t>) -> Lowered<()> {
        let plain = self.plain_names(node);
        let mut pending = vec![body];
        while let Some(node) = pending.pop() {
            pending.extend(children(node));
            if node.kind() != "method_invocation" {
                continue;
            }
            let name = node.child_by_field_name("name").map(|n| self.text(n)).unwrap_or("");
            let object = node.child_by_field_name("object").map(skip_parens);
            let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
            let object_ty = object
                .filter(|o| o.kind() == "identifier")
                .and_then(|o| self.lookup(self.text(o)))
                .map(|v| v.ty);
            let why = if STRUCTURAL.contains(&name) {
                Some(format!("it calls '{name}'"))
            } else if matches!(object_ty, Some(Ty::String | Ty::List(_) | Ty::Jdbc(_)))
                || object.is_some_and(|o| o.kind() == "identifier" && plain.contains(self.text(o)))
            {
                // A JDBC object reaches no list of the program (nor do Strings).
                None
            } else if object.is_some_and(|o| !self.names_class(o)) || (object.is_none() && self.kind != MethodKind::Static) {
                Some(format!("it calls '{name}', whose object may reach the list"))
            } else if arguments.iter().any(|a| self.may_be_reference(*a, &plain)) {
                Some(format!("it passes a reference to '{name}'"))
            } else {
                None
            };
            if let Some(why) = why {
                return self.unsupported(
                    node,
                    format!(
                        "enhanced for over a List whose body may change the list's size ({why}; Java's iterator would throw ConcurrentModificationException; loop over the indices)"
                    ),
                );
            }
        }
        Ok(())
    }

    /// Whether an expression may be (or contain) a reference other than a String: it names a
    /// local of such a type, a field, or `this`; `plain` names the body's locals (declared
    /// later than the check) whose types are not such references. A call in it is checked on
    /// its own, so only its arguments count.
    fn may_be_reference(&self, node: Node<'t>, plain: &HashSet<&'t str>) -> bool {
        if self.constant(node).is_some() {
            return false;
        }
        match node.kind() {
            "method_invocation" => node
                .child_by_field_name("arguments")
                .map(children)
                .unwrap_or_default()
                .into_iter()
                .any(|a| self.may_be_reference(a, plain)),
            "this" | "field_access" | "object_creation_expression" | "array_access" => true,
            "identifier" => match self.lookup(self.text(node)) {
                Some(variable) => variable.ty.is_reference() && !matches!(variable.ty, Ty::String | Ty::Jdbc(_)),
                None => !plain.contains(self.text(node)),
            },
            _ => children(node).into_iter().any(|c| self.may_be_reference(c, plain)),
        }
    }

    /// The names the loop declares (its variable, the body's locals) with a type that is not a
    /// reference other than a String or a JDBC object.
    fn plain_names(&self, node: Node<'t>) -> HashSet<&'t str> {
        let plain_type = |t: Option<Node<'t>>| {
            t.is_some_and(|t| {
                matches!(self.text(t), "int" | "long" | "boolean" | "String" | "Integer" | "java.lang.Integer")
                    || JdbcType::from_name(self.text(t)).is_some()
            })
        };
        let mut names = HashSet::new();
        let mut pending = vec![node];
        while let Some(node) = pending.pop() {
            pending.extend(children(node));
            let declared = match node.kind() {
                "enhanced_for_statement" => vec![node.child_by_field_name("name")],
                "local_variable_declaration" => {
                    field_children(node, "declarator").into_iter().map(|d| d.child_by_field_name("name")).collect()
                }
                _ => continue,
            };
            if plain_type(node.child_by_field_name("type")) {
                names.extend(declared.into_iter().flatten().map(|n| self.text(n)));
            }
        }
        names
    }
}
