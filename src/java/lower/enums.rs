//! Enums of the sources in the front end (`ir::Ty::Enum`): the constants `Role.ADMIN` (and a
//! constant's bare name as a case label), `==`/`!=` (the constants are the only objects of the
//! type, so identity is the constant's position), and the methods of `java.lang.Enum` an enum
//! that lists its constants only has: `ordinal()`, `name()`, `toString()`, `equals`,
//! `compareTo` and the static `valueOf(String)`, each an `Inst::EnumCall` whose behaviour
//! `prolog/enums.pl` gives (NullPointerException on a null receiver: a path, not a branch).
//! A `switch` on an enum calls `ordinal()` first, as javac's `$SwitchMap$` lookup does
//! (`switches.rs`).

use super::{Lowered, MethodLowering, Typed};
use crate::ir::{EnumOp, EnumType, Inst, MethodKind, Operand, Ty};
use crate::java::syntax::{children, skip_parens};
use tree_sitter::Node;

impl<'t> MethodLowering<'_, 't> {
    /// `E.C` for a constant `C` of an enum `E` of the sources (`E` possibly qualified).
    pub(super) fn enum_constant(&self, node: Node<'t>) -> Option<Typed> {
        let node = skip_parens(node);
        if node.kind() != "field_access" {
            return None;
        }
        let (object, field) = (node.child_by_field_name("object")?, node.child_by_field_name("field")?);
        let spelled = self.text(object);
        if !self.names_class(object) {
            return None;
        }
        let e = self.index.types.enum_named(spelled, self.class.file)?;
        let index = e.index_of(self.text(field))?;
        Some(Typed { operand: Operand::Const(index as i64, Ty::Enum(e)), ty: Ty::Enum(e) })
    }

    /// A case label of a switch on the enum `e`: a constant's bare name, as its position.
    pub(super) fn enum_label(&mut self, label: Node<'t>, e: EnumType) -> Lowered<Operand> {
        match e.index_of(self.text(label)).filter(|_| label.kind() == "identifier") {
            Some(index) => Ok(Operand::Const(index as i64, Ty::Int)),
            None => self.error(
                label,
                format!("an enum switch case label must be the unqualified name of a constant of {}", e.class().as_str()),
            ),
        }
    }

    /// `e.ordinal()` of the selector of a switch: NullPointerException on null, as javac's
    /// `$SwitchMap$...[e.ordinal()]` throws.
    pub(super) fn switch_ordinal(&mut self, selector: Typed, e: EnumType, at: Node<'t>) -> Typed {
        let dst = self.new_temp(Ty::Int);
        let span = self.span(at);
        self.emit(Inst::EnumCall { dst, op: EnumOp::Ordinal, ty: e, args: vec![selector.operand], span });
        Typed { operand: Operand::Local(dst), ty: Ty::Int }
    }

    /// A call of a method of `java.lang.Enum` on a value of the enum `e`.
    pub(super) fn enum_method(&mut self, node: Node<'t>, value: Typed, e: EnumType, name: &str) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let receiver = self.stabilise(value, &arguments);
        let (op, ret) = match (name, arguments.as_slice()) {
            // A getter, or a method of the enum whose value per constant is known (its own
            // `toString()` included).
            (getter, []) if e.fields().iter().any(|f| f.getters.iter().any(|g| g == getter)) => {
                let k = e.fields().iter().position(|f| f.getters.iter().any(|g| g == getter)).expect("checked by the guard");
                (EnumOp::Field(k as u32), e.fields()[k].ty)
            }
            ("ordinal", []) => (EnumOp::Ordinal, Ty::Int),
            ("name" | "toString", []) => (EnumOp::Name, Ty::String),
            ("equals", [_]) => (EnumOp::Equals, Ty::Boolean),
            ("compareTo", [_]) => (EnumOp::CompareTo, Ty::Int),
            _ => {
                return self.unsupported(
                    node,
                    format!("enum method '{name}' with these arguments (ordinal, name, toString, equals, compareTo, valueOf and the getters of its fields are modelled)"),
                );
            }
        };
        let mut args = vec![receiver.operand];
        if let [argument] = arguments.as_slice() {
            let other = self.value(*argument)?;
            match other.ty {
                Ty::Enum(o) if o == e => {}
                Ty::Null => {}
                ty => {
                    return self.unsupported(
                        *argument,
                        format!("'{name}' of a {} with a {ty} (only a value of the same enum, or null, is modelled)", e.class().as_str()),
                    );
                }
            }
            args.push(other.operand);
        }
        Ok(Some(self.enum_call(node, op, e, args, ret)))
    }

    /// A static method of `java.lang.Enum` on the enum `e`: `valueOf(String)`; `values()` is
    /// reported. (The enum's own static methods are static calls of its class.)
    pub(super) fn enum_static_method(&mut self, node: Node<'t>, e: EnumType, name: &str) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        match (name, arguments.as_slice()) {
            ("valueOf", [argument]) => {
                let text = self.value(*argument)?;
                if !matches!(text.ty, Ty::String | Ty::Null) {
                    return self.error(*argument, format!("incompatible types: {} cannot be converted to String", text.ty));
                }
                Ok(Some(self.enum_call(node, EnumOp::ValueOf, e, vec![text.operand], Ty::Enum(e))))
            }
            ("values", []) => self.unsupported(
                node,
                "'values()' of an enum other than iterated by an enhanced for or read for its length (arrays of enum constants are not modelled)",
            ),
            _ => self.unsupported(
                node,
                format!("static method '{name}' of the enum {}, which is not analysed (see the diagnostics at its declaration)", e.class().as_str()),
            ),
        }
    }

    /// The enum `E` of a call `E.values()` of an enum of the sources.
    pub(super) fn enum_values_call(&self, node: Node<'t>) -> Option<EnumType> {
        let node = skip_parens(node);
        if node.kind() != "method_invocation"
            || node.child_by_field_name("name").map(|n| self.text(n)) != Some("values")
            || node.child_by_field_name("arguments").is_some_and(|a| !children(a).is_empty())
        {
            return None;
        }
        match node.child_by_field_name("object") {
            // `values()` in the enum's own code.
            None => self.index.types.enum_named(&self.class.fq_name, self.class.file),
            Some(object) if self.names_class(object) => self.index.types.enum_named(self.text(object), self.class.file),
            Some(_) => None,
        }
    }

    /// `E.values().length`: the number of constants (the array is fresh and never null).
    pub(super) fn enum_values_length(&self, node: Node<'t>) -> Option<Typed> {
        let node = skip_parens(node);
        if node.kind() != "field_access" || node.child_by_field_name("field").map(|f| self.text(f)) != Some("length") {
            return None;
        }
        let e = self.enum_values_call(node.child_by_field_name("object")?)?;
        Some(Typed { operand: Operand::Const(e.constants().len() as i64, Ty::Int), ty: Ty::Int })
    }

    /// The constant at position `index` of `E.values()`, `index` within the constants.
    pub(super) fn enum_constant_at(&mut self, e: EnumType, index: Operand, at: Node<'t>) -> Typed {
        self.enum_call(at, EnumOp::Constant, e, vec![index], Ty::Enum(e))
    }

    /// `e.code` for a final field of the enum whose value per constant is known (read in the
    /// enum's own code, as its getter would): NullPointerException on null.
    pub(super) fn enum_field_read(&mut self, value: Typed, e: EnumType, name: &str, at: Node<'t>) -> Option<Typed> {
        let k = e.fields().iter().position(|f| f.name == name)?;
        Some(self.enum_call(at, EnumOp::Field(k as u32), e, vec![value.operand], e.fields()[k].ty))
    }

    /// Whether the class (an enum's static side) declares a static method `name` of the sources.
    pub(super) fn declares_static_method(&self, class: &str, name: &str) -> bool {
        self.index.classes.get(class).is_some_and(|c| c.methods.iter().any(|m| m.name == name && m.kind == MethodKind::Static))
    }

    fn enum_call(&mut self, at: Node<'t>, op: EnumOp, e: EnumType, args: Vec<Operand>, ret: Ty) -> Typed {
        let dst = self.new_temp(ret);
        let span = self.span(at);
        self.emit(Inst::EnumCall { dst, op, ty: e, args, span });
        Typed { operand: Operand::Local(dst), ty: ret }
    }
}
