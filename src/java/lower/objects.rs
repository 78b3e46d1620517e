//! Objects of the analysed classes: `this`, fields, `new`, constructors and instance calls.
//!
//! Classes may extend analysed classes and implement analysed interfaces. A call on a receiver
//! runs the implementation of the receiver's class: when every class the receiver may have
//! (`Index::concrete_classes` of its static type, or the class of the `new C(...)` a local
//! holds) has the same one, the call is static; otherwise it is an `Inst::Dispatch` on the
//! class of the object. An implicit null check (a field access or a call on `null`) is no
//! branch, as in the bytecode: the instruction itself throws NullPointerException.

use super::{Lowered, MethodLowering, Typed, Variable, choose_overload};
use crate::ir::{
    CONSTRUCTOR, ClassName, ConnectionSource, FieldRef, Inst, JdbcCall, JdbcType, MethodKey, MethodKind, Operand, Rvalue, Ty,
};
use crate::java::index::{ClassRef, declared_type};
use crate::java::syntax::{children, skip_parens};
use tree_sitter::Node;

/// What an assignment or `++` writes to.
pub(super) enum Place {
    Local(Variable),
    Field { object: Operand, field: FieldRef, ty: Ty },
    /// `array[index]`.
    Element { array: Operand, index: Operand, elem: crate::ir::Elem },
}

impl<'t> MethodLowering<'_, 't> {
    /// A type as written in this method's file.
    pub(super) fn declared_type(&self, node: Node<'t>) -> Lowered<Ty> {
        declared_type(node, self.class.file, &self.index.types)
    }

    fn in_static_context(&self) -> bool {
        self.kind == MethodKind::Static
    }

    /// `this`, in an instance method or constructor.
    pub(super) fn this(&self, at: Node<'t>) -> Lowered<Typed> {
        if self.in_static_context() {
            return self.error(at, "non-static variable 'this' cannot be referenced from a static context");
        }
        Ok(Typed { operand: Operand::Local(crate::ir::LocalId(0)), ty: Ty::Object(ClassName::new(&self.class.fq_name)) })
    }

    /// Whether `name` (not a local) is an instance field of the method's class, its own or
    /// inherited.
    pub(super) fn is_own_instance_field(&self, name: &str) -> bool {
        self.index
            .supertypes(&self.class.fq_name)
            .iter()
            .find_map(|c| c.fields.get(name))
            .is_some_and(|f| !f.is_static)
    }

    /// Whether `name` (not a local) is a field of the method's class, its own or inherited,
    /// that is not a static final one: a variable, not a class name.
    pub(super) fn is_own_field(&self, name: &str) -> bool {
        self.index
            .supertypes(&self.class.fq_name)
            .iter()
            .find_map(|c| c.fields.get(name))
            .is_some_and(|f| !f.is_static_final)
    }

    /// The field `name` of objects of `class` (the nearest declaration among its supertypes),
    /// and its type. The field is named by `class`, whose layout holds it at the position it
    /// has in every subclass's.
    fn field(&self, class: ClassName, name: &str, at: Node<'t>) -> Lowered<(FieldRef, Ty)> {
        if !self.index.classes.contains_key(class.as_str()) {
            return self.error(at, format!("cannot find class '{}'", class.as_str()));
        }
        let Some(field) = self.index.supertypes(class.as_str()).into_iter().find_map(|c| c.fields.get(name)) else {
            return self.error(at, format!("cannot find symbol: field '{name}' of '{}'", class.as_str()));
        };
        if field.is_static {
            return self.unsupported(at, format!("static field '{name}' read through an object (name its class instead)"));
        }
        let Some(ty) = field.ty else {
            let supertypes = self.index.supertypes(class.as_str());
            // A hiding field is an instance field of the class and of a superclass; otherwise
            // the type is what was left unknown.
            let declaring = supertypes.iter().filter(|c| c.fields.get(name).is_some_and(|f| !f.is_static)).count();
            if declaring > 1 {
                return self.unsupported(at, format!("field '{name}', which hides an inherited field"));
            }
            // The type as its declaring class, maybe in another file, spells it.
            let declaring = supertypes.iter().find(|c| c.fields.contains_key(name));
            let spelled = field
                .type_node
                .zip(declaring)
                .map(|(t, c)| crate::java::syntax::text(t, c.file.source))
                .unwrap_or("?");
            return self.unsupported(at, format!("field '{name}' of type '{spelled}'{}", map_field_note(spelled)));
        };
        Ok((FieldRef { class, name: name.to_string() }, ty))
    }

    /// `object.name` read into a temporary.
    pub(super) fn get_field(&mut self, object: Typed, name: &str, at: Node<'t>) -> Lowered<Typed> {
        if let (Ty::Array(_), "length") = (object.ty, name) {
            return Ok(self.array_length(object, at));
        }
        if let Ty::Enum(e) = object.ty
            && let Some(value) = self.enum_field_read(object, e, name, at)
        {
            return Ok(value);
        }
        let Ty::Object(class) = object.ty else {
            return self.error(at, format!("cannot access field '{name}' of a {}", object.ty));
        };
        let (field, ty) = self.field(class, name, at)?;
        let dst = self.new_temp(ty);
        let span = self.span(at);
        self.emit(Inst::GetField { dst, object: object.operand, field, span });
        Ok(Typed { operand: Operand::Local(dst), ty })
    }

    /// The object of a field access `object.field`, evaluated; `None` when `object` names a
    /// class (a static field).
    fn field_object(&mut self, object: Node<'t>) -> Lowered<Option<Typed>> {
        let object = skip_parens(object);
        match object.kind() {
            "this" => self.this(object).map(Some),
            "super" => self.super_object(object).map(Some),
            "identifier" if self.lookup(self.text(object)).is_none() && !self.is_own_field(self.text(object)) => {
                Ok(None)
            }
            "field_access" if self.names_class(object) => Ok(None),
            _ => self.value(object).map(Some),
        }
    }

    /// Whether a dotted name is a class name rather than a chain of field accesses.
    pub(super) fn names_class(&self, node: Node<'t>) -> bool {
        let mut root = node;
        while root.kind() == "field_access" {
            match root.child_by_field_name("object") {
                Some(object) => root = skip_parens(object),
                None => return false,
            }
        }
        root.kind() == "identifier" && self.lookup(self.text(root)).is_none() && !self.is_own_field(self.text(root))
    }

    /// `a.b` as a value: a field of an object (constants were tried before).
    pub(super) fn field_access(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let (Some(object), Some(field)) = (node.child_by_field_name("object"), node.child_by_field_name("field")) else {
            return self.error(node, "syntax error");
        };
        match self.field_object(object)? {
            Some(object) => self.get_field(object, self.text(field), node),
            None => {
                let place = self.named_static_field(object, field, node)?;
                Ok(self.read_place(&place, node))
            }
        }
    }

    /// The static field `name` of `class` or of its nearest supertype declaring it, as a
    /// place: a field of the object holding that class's static fields. `None` when no
    /// analysed class declares a static field of that name.
    pub(super) fn static_field(&mut self, class: &str, name: &str, at: Node<'t>) -> Lowered<Option<Place>> {
        let Some(declaring) = self.index.supertypes(class).into_iter().find(|c| c.fields.get(name).is_some_and(|f| f.is_static))
        else {
            return Ok(None);
        };
        let info = &declaring.fields[name];
        if let Some(value) = crate::java::configuration::configured_field(declaring, name) {
            return self.unsupported(at, super::jdbc::configuration_value_use(&value.resource, name));
        }
        let Some(ty) = info.ty.filter(|_| !info.is_static_final) else {
            let eager_singleton = info.initialiser.is_some_and(|i| i.kind() == "object_creation_expression");
            let what = if info.is_static_final && eager_singleton {
                format!(
                    "static final field '{name}', an object made when the class is loaded, which a test can neither set \
                     nor reset (an eager singleton: a static field that is not final, set where it is first needed \
                     when it is null, is analysed, or pass the object as a parameter)"
                )
            } else if info.is_static_final {
                format!("static final field '{name}', whose value is not a constant (a test cannot set it)")
            } else {
                let spelled = info.type_node.map(|t| crate::java::syntax::text(t, declaring.file.source)).unwrap_or("?");
                format!("static field '{name}' of type '{spelled}'{}", map_field_note(spelled))
            };
            return self.unsupported(at, what);
        };
        let statics = ClassName::statics_of(&declaring.fq_name);
        let dst = self.new_temp(Ty::Object(statics));
        self.emit(Inst::Statics { dst, class: statics });
        Ok(Some(Place::Field { object: Operand::Local(dst), field: FieldRef { class: statics, name: name.to_string() }, ty }))
    }

    /// `C.name` where `C` names a class (`object`).
    fn named_static_field(&mut self, object: Node<'t>, field: Node<'t>, at: Node<'t>) -> Lowered<Place> {
        let class = match self.index.resolve_class(self.text(object), self.class.file) {
            ClassRef::Analysed(class) => class.fq_name.clone(),
            _ => return self.unsupported(at, format!("field '{}' of a class that is not analysed", self.text(at))),
        };
        match self.static_field(&class, self.text(field), at)? {
            Some(place) => Ok(place),
            None => self.error(at, format!("cannot find symbol: field '{}' of '{class}'", self.text(field))),
        }
    }

    /// A simple name that is an instance field of the method's class: `this.name`.
    pub(super) fn implicit_field(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let name = self.text(node);
        if self.in_static_context() {
            return self.error(node, format!("non-static variable '{name}' cannot be referenced from a static context"));
        }
        let this = self.this(node)?;
        self.get_field(this, name, node)
    }

    /// The place an assignment or `++` writes: a local variable or a field.
    pub(super) fn place(&mut self, target: Node<'t>) -> Lowered<Place> {
        let target = skip_parens(target);
        match target.kind() {
            "identifier" if self.lookup(self.text(target)).is_none() && self.is_own_instance_field(self.text(target)) => {
                if self.in_static_context() {
                    return self.error(
                        target,
                        format!("non-static variable '{}' cannot be referenced from a static context", self.text(target)),
                    );
                }
                let this = self.this(target)?;
                self.field_place(this, target, target)
            }
            "field_access" => {
                let (Some(object), Some(field)) =
                    (target.child_by_field_name("object"), target.child_by_field_name("field"))
                else {
                    return self.error(target, "syntax error");
                };
                match self.field_object(object)? {
                    Some(object) => self.field_place(object, field, target),
                    None => self.named_static_field(object, field, target),
                }
            }
            "identifier" if self.lookup(self.text(target)).is_none() => {
                let class = self.class.fq_name.clone();
                match self.static_field(&class, self.text(target), target)? {
                    Some(place) => Ok(place),
                    None => self.assigned_variable(target).map(Place::Local),
                }
            }
            "array_access" => {
                let (array, index, elem) = self.element_place(target)?;
                Ok(Place::Element { array, index, elem })
            }
            _ => self.assigned_variable(target).map(Place::Local),
        }
    }

    fn field_place(&mut self, object: Typed, field: Node<'t>, at: Node<'t>) -> Lowered<Place> {
        let name = self.text(field);
        if let Ty::Array(_) = object.ty {
            return self.error(at, format!("cannot assign a value to final variable '{name}'"));
        }
        let Ty::Object(class) = object.ty else {
            return self.error(at, format!("cannot access field '{name}' of a {}", object.ty));
        };
        let (field, ty) = self.field(class, name, at)?;
        // The object is read before the value is evaluated, which may assign its variable.
        let object = match object.operand {
            Operand::Local(id) if !self.is_temp(id) && id.0 != 0 => self.temp(object.ty, Rvalue::Use(object.operand)).operand,
            operand => operand,
        };
        Ok(Place::Field { object, field, ty })
    }

    pub(super) fn put_field(&mut self, object: Operand, field: FieldRef, value: Operand, at: Node<'t>) {
        let span = self.span(at);
        self.emit(Inst::PutField { object, field, value, span });
    }

    /// The current value of a field or array element.
    pub(super) fn read_place(&mut self, place: &Place, at: Node<'t>) -> Typed {
        match place {
            Place::Field { object, field, ty } => {
                let dst = self.new_temp(*ty);
                let span = self.span(at);
                self.emit(Inst::GetField { dst, object: *object, field: field.clone(), span });
                Typed { operand: Operand::Local(dst), ty: *ty }
            }
            Place::Element { array, index, elem } => self.array_load(*array, *index, *elem, at),
            Place::Local(variable) => Typed { operand: Operand::Local(variable.id), ty: variable.ty },
        }
    }

    fn write_place(&mut self, place: &Place, value: Operand, at: Node<'t>) {
        match place {
            Place::Field { object, field, .. } => self.put_field(*object, field.clone(), value, at),
            Place::Element { array, index, .. } => self.array_store(*array, *index, value, at),
            Place::Local(variable) => self.assign(variable.id, Rvalue::Use(value)),
        }
    }

    fn place_ty(place: &Place) -> Ty {
        match place {
            Place::Field { ty, .. } => *ty,
            Place::Element { elem, .. } => elem.ty(),
            Place::Local(variable) => variable.ty,
        }
    }

    /// `o.f = e`, `a[i] = e` and their `op=` forms; the value is the new value.
    pub(super) fn place_assignment(&mut self, node: Node<'t>, token: &str, place: Place, right: Node<'t>) -> Lowered<Typed> {
        let ty = Self::place_ty(&place);
        if token == "=" {
            let value = self.initial_value(right, ty)?;
            let value = self.coerce(value, ty, right)?;
            self.write_place(&place, value, node);
            return Ok(Typed { operand: value, ty });
        }
        // `o.f op= e` reads the field (`a[i] op= e` the element, with its checks) before
        // evaluating e.
        let current = self.read_place(&place, node);
        if ty == Ty::String && token == "+=" {
            let value = self.value(right)?;
            let rhs = self.as_string(value, right)?;
            let result = self.temp(Ty::String, Rvalue::Concat { lhs: current.operand, rhs });
            self.write_place(&place, result.operand, node);
            return Ok(result);
        }
        let Some(op) = token.strip_suffix('=').and_then(super::arithmetic_op) else {
            return self.unsupported(node, format!("operator '{token}'"));
        };
        let current = self.numeric(current, node)?;
        let value = self.value(right)?;
        let value = self.numeric(value, right)?;
        let wide = super::promote(current.ty, value.ty);
        let lhs = self.coerce(current, wide, node)?;
        let rhs = self.coerce(value, wide, right)?;
        let span = self.operator_span(node);
        let mut result = self.temp(wide, Rvalue::Binary { op, lhs, rhs, ty: wide, span });
        match ty {
            _ if wide == ty => {}
            // `o.f += e` on a box stores `Integer.valueOf(o.f.intValue() + e)`.
            Ty::Boxed(primitive) if primitive.ty() == wide => result = self.boxed(result, primitive, node),
            Ty::Boxed(_) => return self.error(node, format!("incompatible types: {wide} cannot be converted to {ty}")),
            _ => result = self.temp(ty, Rvalue::Convert { operand: result.operand, to: ty }),
        }
        self.write_place(&place, result.operand, node);
        Ok(result)
    }

    /// `o.f++`, `++a[i]`, `--`: the old value for postfix, the new one for prefix.
    pub(super) fn place_update(&mut self, node: Node<'t>, target: Node<'t>, place: Place) -> Lowered<Typed> {
        let ty = Self::place_ty(&place);
        let old = self.read_place(&place, target);
        // A box is unboxed, incremented and boxed again.
        let value = self.numeric(old, target)?;
        let is_prefix = node.child(0).is_some_and(|first| !first.is_named());
        let op = if super::operator(node, self.source()) == "++" { crate::ir::BinOp::Add } else { crate::ir::BinOp::Sub };
        let span = self.span(node);
        let one = Operand::Const(super::one_of(value.ty), value.ty);
        let mut new = self.temp(value.ty, Rvalue::Binary { op, lhs: value.operand, rhs: one, ty: value.ty, span });
        if let Ty::Boxed(primitive) = ty {
            new = self.boxed(new, primitive, node);
        }
        self.write_place(&place, new.operand, node);
        Ok(if is_prefix { new } else { old })
    }

    /// The field initialisers of the method's class, in order, as a constructor runs them.
    pub(super) fn field_initialisers(&mut self) -> Lowered<()> {
        let initialisers: Vec<(String, Ty, Node<'t>)> = self
            .class
            .instance_fields
            .iter()
            .filter_map(|(name, ty, init)| init.map(|init| (name.clone(), *ty, init)))
            .collect();
        for (name, ty, init) in initialisers {
            let this = self.this(init)?;
            let value = self.initial_value(init, ty)?;
            let value = self.coerce(value, ty, init)?;
            let field = FieldRef { class: ClassName::new(&self.class.fq_name), name };
            self.put_field(this.operand, field, value, init);
        }
        // Fields of other types keep their default value: an initialiser there is not modelled.
        for (name, field) in &self.class.fields {
            if let (false, None, Some(init)) = (field.is_static, field.ty, field.initialiser) {
                let spelled = field.type_node.map(|t| self.text(t)).unwrap_or("?");
                return self.unsupported(init, format!("initialiser of field '{name}' of type '{spelled}'"));
            }
        }
        Ok(())
    }

    /// `this(...)` or `super(...)` at the start of a constructor.
    pub(super) fn explicit_constructor_invocation(&mut self, node: Node<'t>) -> Lowered<()> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let this = self.this(node)?;
        match (node.child_by_field_name("constructor").map(|c| c.kind()), self.class.superclass.as_deref()) {
            (Some("this"), _) => {
                let class = ClassName::new(&self.class.fq_name);
                self.constructor_call(class, this.operand, &arguments, node)
            }
            (Some("super"), Some(superclass)) => {
                let superclass = ClassName::new(superclass);
                self.constructor_call(superclass, this.operand, &arguments, node)
            }
            // Object's constructor does nothing.
            (Some("super"), None) if arguments.is_empty() => Ok(()),
            _ => self.unsupported(node, "this call of a superclass constructor"),
        }
    }

    /// The `super()` javac inserts at the start of a constructor that calls no other one: the
    /// analysed superclass's constructor without parameters (Object's does nothing).
    pub(super) fn implicit_super_call(&mut self, at: Node<'t>) -> Lowered<()> {
        let Some(superclass) = self.class.superclass.as_deref() else { return Ok(()) };
        let superclass = ClassName::new(superclass);
        let this = self.this(at)?;
        self.constructor_call(superclass, this.operand, &[], at)
    }

    /// `super` as the object of a field access: `this`, seen as its superclass.
    fn super_object(&self, at: Node<'t>) -> Lowered<Typed> {
        let this = self.this(at)?;
        match self.class.superclass.as_deref() {
            Some(superclass) => Ok(Typed { operand: this.operand, ty: Ty::Object(ClassName::new(superclass)) }),
            None => self.unsupported(at, format!("'super' in '{}', whose superclass is not analysed", self.class.fq_name)),
        }
    }

    /// `super.name(...)`: the implementation the superclass has, called on `this` without
    /// dispatch.
    pub(super) fn super_call(&mut self, node: Node<'t>, object: Node<'t>, name: &str, want_value: bool) -> Lowered<Option<Typed>> {
        let receiver = self.super_object(object)?;
        let Ty::Object(superclass) = receiver.ty else { return self.error(object, "'super' is no object") };
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let candidates = self.overloads(superclass.as_str(), name, |k| k != MethodKind::Constructor);
        if candidates.is_empty() {
            return self.error(node, format!("cannot find symbol: method '{name}' of '{}'", superclass.as_str()));
        }
        let (callee, args, ret) = self.resolve_call(&candidates, &arguments, name, name, node)?;
        if self.method_kind(&callee) == MethodKind::Static {
            return self.method_call(node, None, superclass, callee, args, want_value);
        }
        let Some(implementation) = self.index.implementation(superclass.as_str(), name, &callee.params) else {
            return self.error(node, format!("abstract method '{name}' cannot be accessed directly"));
        };
        let mut all = vec![receiver.operand];
        all.extend(args);
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Call { dst, callee: implementation, args: all, span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// `object instanceof C` of an analysed class C.
    pub(super) fn instance_of(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let (Some(object), Some(type_node)) = (node.child_by_field_name("left"), node.child_by_field_name("right")) else {
            return self.error(node, "syntax error");
        };
        if node.child_by_field_name("name").is_some() || node.child_by_field_name("pattern").is_some() {
            return self.unsupported(node, "instanceof with a pattern");
        }
        if let Some(exception) = self.caught_exception_value(object) {
            return self.exception_instance_of(exception?, type_node);
        }
        let value = self.value(object)?;
        let Ty::Object(class) = self.declared_type(type_node)? else {
            return self.unsupported(node, format!("instanceof '{}'", self.text(type_node)));
        };
        if !matches!(value.ty, Ty::Object(_) | Ty::Null) {
            return self.error(node, format!("incompatible types: {} cannot be converted to {}", value.ty, class.as_str()));
        }
        let dst = self.new_temp(Ty::Boolean);
        let classes = self.index.concrete_classes(class.as_str());
        self.emit(Inst::InstanceOf { dst, object: value.operand, classes });
        Ok(Typed { operand: Operand::Local(dst), ty: Ty::Boolean })
    }

    /// `new C(...)` of an analysed class.
    pub(super) fn new_object(&mut self, node: Node<'t>) -> Lowered<Option<Typed>> {
        let Some(type_node) = node.child_by_field_name("type") else { return Ok(None) };
        let ClassRef::Analysed(class) = self.index.resolve_class(self.text(type_node), self.class.file) else {
            return Ok(None);
        };
        if !class.is_object_class {
            return self.unsupported(
                node,
                format!("creating a '{}' (its superclass is not analysed)", class.fq_name),
            );
        }
        if class.is_abstract {
            return self.error(node, format!("'{}' is abstract; cannot be instantiated", class.fq_name));
        }
        if children(node).iter().any(|c| c.kind() == "class_body") {
            return self.unsupported(node, "anonymous class");
        }
        let class = ClassName::new(&class.fq_name);
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let dst = self.new_temp(Ty::Object(class));
        self.allocated.insert(dst, class);
        self.emit(Inst::New { dst, class });
        self.constructor_call(class, Operand::Local(dst), &arguments, node)?;
        Ok(Some(Typed { operand: Operand::Local(dst), ty: Ty::Object(class) }))
    }

    fn constructor_call(&mut self, class: ClassName, receiver: Operand, arguments: &[Node<'t>], at: Node<'t>) -> Lowered<()> {
        let candidates = self.overloads(class.as_str(), CONSTRUCTOR, |k| k == MethodKind::Constructor);
        let called = format!("new {}", class.as_str());
        let (callee, args, _) = self.resolve_call(&candidates, arguments, CONSTRUCTOR, &called, at)?;
        let mut all = vec![receiver];
        all.extend(args);
        let span = self.span(at);
        self.emit(Inst::Call { dst: None, callee, args: all, span });
        Ok(())
    }

    /// `receiver.name(...)` of an instance method of the receiver's class.
    pub(super) fn instance_call(
        &mut self,
        node: Node<'t>,
        receiver: Typed,
        class: ClassName,
        name: &str,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        if class.as_str() == crate::ir::OBJECT_CLASS {
            return self.unsupported(
                node,
                format!("calling '{name}' on the Object parameter of equals (hornet models comparing it, its getClass() with another's, instanceof and casts)"),
            );
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let receiver = self.stabilise(receiver, &arguments);
        let candidates = self.overloads(class.as_str(), name, |k| k != MethodKind::Constructor);
        if candidates.is_empty() {
            return self.error(node, format!("cannot find symbol: method '{name}' of '{}'", class.as_str()));
        }
        let (callee, args, ret) = self.resolve_call(&candidates, &arguments, name, name, node)?;
        let is_interface = self.index.classes.get(class.as_str()).is_some_and(|c| c.is_interface);
        if is_interface && ret == Ty::Jdbc(JdbcType::Connection) {
            // Where the code's connections come from (a JNDI lookup, a pool in production):
            // the test gives it an implementation of the interface opening its database. The
            // arguments were evaluated for what they do.
            let call = JdbcCall::OpenConnection(ConnectionSource::Interface { interface: class });
            let dst = want_value.then(|| self.new_temp(ret));
            let span = self.span(node);
            self.emit(Inst::Jdbc { dst, call, receiver: receiver.operand, args: Vec::new(), span });
            return Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }));
        }
        self.method_call(node, Some(receiver), class, callee, args, want_value)
    }

    /// `name(...)` without a receiver, in a class declaring an instance method `name`: the
    /// overload is chosen among its static and instance methods alike (JLS 15.12.2), and an
    /// instance one is called on `this`.
    pub(super) fn unqualified_call(&mut self, node: Node<'t>, name: &str, want_value: bool) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let class = ClassName::new(&self.class.fq_name);
        let candidates = self.overloads(class.as_str(), name, |k| k != MethodKind::Constructor);
        let (callee, args, _) = self.resolve_call(&candidates, &arguments, name, name, node)?;
        let receiver = match self.method_kind(&callee) {
            MethodKind::Static => None,
            _ if self.in_static_context() => {
                return self.error(node, format!("non-static method '{name}' cannot be referenced from a static context"));
            }
            _ => Some(self.this(node)?),
        };
        self.method_call(node, receiver, class, callee, args, want_value)
    }

    /// The kind of an analysed method.
    fn method_kind(&self, callee: &MethodKey) -> MethodKind {
        self.index.classes[callee.class.as_str()]
            .methods
            .iter()
            .find(|m| m.name == callee.name && m.params == callee.params)
            .map_or(MethodKind::Static, |m| m.kind)
    }

    /// The classes the object in `receiver` may have: that of the `new C(...)` a local holds,
    /// else every class its static type allows.
    fn receiver_classes(&self, receiver: Operand, class: ClassName) -> Vec<ClassName> {
        match receiver {
            Operand::Local(id) if self.allocated.contains_key(&id) => vec![self.allocated[&id]],
            _ => self.index.concrete_classes(class.as_str()),
        }
    }

    /// The call of a resolved method of `class` with its converted arguments: a static one
    /// ignores the receiver (a static method called through an object does not use it); an
    /// instance one gets the receiver first, checked for null unless it is `this`.
    fn method_call(
        &mut self,
        node: Node<'t>,
        receiver: Option<Typed>,
        class: ClassName,
        callee: MethodKey,
        args: Vec<Operand>,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        let ret = self.index.classes[callee.class.as_str()]
            .methods
            .iter()
            .find(|m| m.name == callee.name && m.params == callee.params)
            .map_or(Ty::Void, |m| m.ret);
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        let span = self.span(node);
        let receiver = receiver.filter(|_| self.method_kind(&callee) != MethodKind::Static);
        let Some(receiver) = receiver else {
            self.emit(Inst::Call { dst, callee, args, span });
            return Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }));
        };
        let mut targets: Vec<(ClassName, MethodKey)> = Vec::new();
        for object_class in self.receiver_classes(receiver.operand, class) {
            match self.index.implementation(object_class.as_str(), &callee.name, &callee.params) {
                Some(implementation) => targets.push((object_class, implementation)),
                None => {
                    let message = format!("'{}' does not implement '{}'", object_class.as_str(), callee.name);
                    return self.error(node, message);
                }
            }
        }
        let is_this = matches!(receiver.operand, Operand::Local(id) if id.0 == 0) && !self.in_static_context();
        if !is_this {
            self.emit(Inst::CheckNotNull { object: receiver.operand, span: span.clone() });
        }
        let mut all = vec![receiver.operand];
        all.extend(args);
        let single = match targets.as_slice() {
            [] => Some(callee),
            [(_, first), rest @ ..] if rest.iter().all(|(_, m)| m == first) => Some(first.clone()),
            _ => None,
        };
        match single {
            Some(callee) => self.emit(Inst::Call { dst, callee, args: all, span }),
            None => self.emit(Inst::Dispatch { dst, targets, args: all, span }),
        }
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// The overloads of `name` in `class` of the kinds `accept` takes: (class, parameters,
    /// return). Methods are inherited (the nearest declaration of each signature); constructors
    /// are not.
    fn overloads(&self, class: &str, name: &str, accept: impl Fn(MethodKind) -> bool) -> Vec<(String, Vec<Ty>, Ty)> {
        let mut found: Vec<(String, Vec<Ty>, Ty)> = Vec::new();
        let owners = if name == CONSTRUCTOR {
            self.index.classes.get(class).into_iter().collect()
        } else {
            self.index.supertypes(class)
        };
        for info in owners {
            for m in info.methods.iter().filter(|m| m.name == name && accept(m.kind)) {
                if !found.iter().any(|(_, params, _)| *params == m.params) {
                    found.push((info.fq_name.clone(), m.params.clone(), m.ret));
                }
            }
        }
        found
    }

    /// Evaluates the arguments and chooses the overload of method `name` they apply to, among
    /// candidates given as (class, parameter types, return type): the callee, the arguments
    /// converted to its parameter types, and its return type. `called` is how errors name it.
    pub(super) fn resolve_call(
        &mut self,
        candidates: &[(String, Vec<Ty>, Ty)],
        arguments: &[Node<'t>],
        name: &str,
        called: &str,
        at: Node<'t>,
    ) -> Lowered<(MethodKey, Vec<Operand>, Ty)> {
        let mut values = Vec::new();
        for (i, argument) in arguments.iter().enumerate() {
            let value = self.value(*argument)?;
            values.push(self.stabilise(value, &arguments[i + 1..]));
        }
        let argument_types: Vec<Ty> = values.iter().map(|v| v.ty).collect();
        let object = Ty::Object(ClassName::new(crate::ir::OBJECT_CLASS));
        if candidates.iter().any(|(_, params, _)| params.contains(&object)) {
            return self.unsupported(
                at,
                format!("calling '{called}(Object)' of a class of the sources (its parameter is modelled where equals is analysed, not at its call sites)"),
            );
        }
        let Some(chosen) = choose_overload(candidates, &argument_types, self.index) else {
            let types: Vec<&str> = argument_types.iter().map(|t| t.java_name()).collect();
            return self.error(at, format!("no single method '{called}' applicable to ({})", types.join(", ")));
        };
        let (class, params, ret) = candidates[chosen].clone();
        let mut args = Vec::new();
        for ((value, param), argument) in values.into_iter().zip(&params).zip(arguments) {
            args.push(self.coerce(value, *param, *argument)?);
        }
        Ok((MethodKey { class, name: name.to_string(), params }, args, ret))
    }
}

/// Why a field of a map type is not modelled, for its diagnostic (empty for other types).
fn map_field_note(spelled: &str) -> &'static str {
    let base = spelled.split('<').next().unwrap_or(spelled).trim();
    if crate::java::index::is_map_class(base) {
        " (a map is modelled as a local and a result a method builds: no field or input is a map)"
    } else {
        ""
    }
}
