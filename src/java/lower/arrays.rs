//! Arrays: `new T[n]`, initialisers, `a.length`, `a[i]` read and written, `==` on array
//! references, and `System.arraycopy` (a library call whose summary is hand-written).
//!
//! Arrays are one-dimensional, of `int`, `long`, `boolean`, `String` or a class of the
//! sources. The JVM's null and bounds checks are part of the array instructions (as they are
//! in the bytecode): no branch, an exception path.

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{Elem, Inst, MethodKey, Operand, Rvalue, Ty};
use crate::java::syntax::{children, field_children};
use tree_sitter::Node;

impl<'t> MethodLowering<'_, 't> {
    /// `new T[n]` or `new T[] { ... }`.
    pub(super) fn array_creation(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let Some(type_node) = node.child_by_field_name("type") else { return self.error(node, "syntax error") };
        let dimensions = field_children(node, "dimensions");
        let rank: usize = dimensions
            .iter()
            .map(|d| if d.kind() == "dimensions_expr" { 1 } else { self.text(*d).matches('[').count() })
            .sum();
        if rank != 1 {
            return self.unsupported(node, "multi-dimensional array");
        }
        let element = self.declared_type(type_node)?;
        let Some(elem) = Elem::of(element) else {
            return self.unsupported(node, format!("array of '{}'", self.text(type_node)));
        };
        if let Some(initialiser) = node.child_by_field_name("value") {
            return self.array_initializer(initialiser, Ty::Array(elem));
        }
        let Some(length_node) = dimensions.iter().find(|d| d.kind() == "dimensions_expr").and_then(|d| children(*d).into_iter().last())
        else {
            return self.error(node, "array creation without a length");
        };
        let length = self.value(length_node)?;
        let length = self.index_value(length, length_node)?;
        let dst = self.new_temp(Ty::Array(elem));
        let span = self.span(node);
        self.emit(Inst::NewArray { dst, elem, length, span });
        Ok(Typed { operand: Operand::Local(dst), ty: Ty::Array(elem) })
    }

    /// `{ a, b }` for an array of type `ty`: a new array, then a store per element (as javac
    /// compiles it).
    pub(super) fn array_initializer(&mut self, node: Node<'t>, ty: Ty) -> Lowered<Typed> {
        let Ty::Array(elem) = ty else {
            return self.error(node, format!("illegal initializer for {ty}"));
        };
        let items = children(node);
        if items.len() > crate::ir::ARRAY_MAX_LENGTH {
            return self.unsupported(
                node,
                format!("an array of more than {} elements (longer arrays are not modelled)", crate::ir::ARRAY_MAX_LENGTH),
            );
        }
        let dst = self.new_temp(ty);
        let span = self.span(node);
        let length = Operand::Const(items.len() as i64, Ty::Int);
        self.emit(Inst::NewArray { dst, elem, length, span: span.clone() });
        for (i, item) in items.into_iter().enumerate() {
            if item.kind() == "array_initializer" {
                return self.unsupported(item, "multi-dimensional array");
            }
            let value = self.value(item)?;
            let value = self.coerce(value, elem.ty(), item)?;
            let span = self.span(item);
            self.emit(Inst::ArrayStore { array: Operand::Local(dst), index: Operand::Const(i as i64, Ty::Int), value, span });
        }
        Ok(Typed { operand: Operand::Local(dst), ty })
    }

    /// An initialiser of a variable or field of type `ty`: an array initialiser or an expression.
    pub(super) fn initial_value(&mut self, node: Node<'t>, ty: Ty) -> Lowered<Typed> {
        if node.kind() == "array_initializer" { self.array_initializer(node, ty) } else { self.value(node) }
    }

    /// An array index or length: an `int` after unary numeric promotion (a `long` is a
    /// compile-time error).
    fn index_value(&mut self, value: Typed, at: Node<'t>) -> Lowered<Operand> {
        match value.ty {
            Ty::Int => Ok(value.operand),
            Ty::Long => self.error(at, "incompatible types: possible lossy conversion from long to int"),
            ty => self.error(at, format!("incompatible types: {ty} cannot be converted to int")),
        }
    }

    /// The array and the index of `a[i]`, evaluated left to right.
    fn array_and_index(&mut self, node: Node<'t>) -> Lowered<(Operand, Elem, Operand)> {
        let (Some(array_node), Some(index_node)) = (node.child_by_field_name("array"), node.child_by_field_name("index"))
        else {
            return self.error(node, "syntax error");
        };
        let array = self.value(array_node)?;
        let Ty::Array(elem) = array.ty else {
            return self.error(array_node, format!("array required, but {} found", array.ty));
        };
        let array = self.stabilise(array, &[index_node]);
        let index = self.value(index_node)?;
        let index = self.index_value(index, index_node)?;
        Ok((array.operand, elem, index))
    }

    /// `a[i]` as a value.
    pub(super) fn array_access(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let (array, elem, index) = self.array_and_index(node)?;
        Ok(self.array_load(array, index, elem, node))
    }

    pub(super) fn array_load(&mut self, array: Operand, index: Operand, elem: Elem, at: Node<'t>) -> Typed {
        let dst = self.new_temp(elem.ty());
        let span = self.span(at);
        self.emit(Inst::ArrayLoad { dst, array, index, span });
        Typed { operand: Operand::Local(dst), ty: elem.ty() }
    }

    pub(super) fn array_store(&mut self, array: Operand, index: Operand, value: Operand, at: Node<'t>) {
        let span = self.span(at);
        self.emit(Inst::ArrayStore { array, index, value, span });
    }

    /// The place `a[i]` of an assignment: array and index evaluated (and kept in temporaries,
    /// as the right side may assign their variables).
    pub(super) fn element_place(&mut self, node: Node<'t>) -> Lowered<(Operand, Operand, Elem)> {
        let (array, elem, index) = self.array_and_index(node)?;
        let keep = |this: &mut Self, operand: Operand, ty: Ty| match operand {
            Operand::Local(id) if !this.is_temp(id) => this.temp(ty, Rvalue::Use(operand)).operand,
            operand => operand,
        };
        let array = keep(self, array, Ty::Array(elem));
        let index = keep(self, index, Ty::Int);
        Ok((array, index, elem))
    }

    /// `a.length`.
    pub(super) fn array_length(&mut self, array: Typed, at: Node<'t>) -> Typed {
        let dst = self.new_temp(Ty::Int);
        let span = self.span(at);
        self.emit(Inst::ArrayLength { dst, array: array.operand, span });
        Typed { operand: Operand::Local(dst), ty: Ty::Int }
    }

    /// `System.arraycopy(src, srcPos, dest, destPos, length)` between arrays of the same type.
    /// Both arrays' lengths are read first: that throws NullPointerException for a null array,
    /// as arraycopy does before anything else, and gives the summary (`summaries/
    /// java_lang_system.pl`) arrays whose cells are in the heap.
    pub(super) fn arraycopy(&mut self, node: Node<'t>, arguments: &[Node<'t>]) -> Lowered<Option<Typed>> {
        if arguments.len() != 5 {
            return self.error(node, "System.arraycopy takes 5 arguments");
        }
        let mut values = Vec::new();
        for (i, argument) in arguments.iter().enumerate() {
            let value = self.value(*argument)?;
            values.push(self.stabilise(value, &arguments[i + 1..]));
        }
        let (Ty::Array(from), Ty::Array(to)) = (values[0].ty, values[2].ty) else {
            return self.unsupported(node, "System.arraycopy of anything but two arrays of the same type");
        };
        if from != to {
            return self.unsupported(node, "System.arraycopy between arrays of different types (ArrayStoreException)");
        }
        let mut args = Vec::new();
        for (i, (value, argument)) in values.iter().zip(arguments).enumerate() {
            args.push(if i == 0 || i == 2 { value.operand } else { self.index_value(*value, *argument)? });
        }
        for array in [values[0], values[2]] {
            self.array_length(array, node);
        }
        let callee = MethodKey {
            class: "java.lang.System".into(),
            name: "arraycopy".into(),
            params: vec![Ty::AnyObject, Ty::Int, Ty::AnyObject, Ty::Int, Ty::Int],
        };
        let span = self.span(node);
        self.emit(Inst::Call { dst: None, callee, args, span });
        Ok(None)
    }
}
