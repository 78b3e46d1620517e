//! How a test builds its input objects: through a constructor of the sources (then setters)
//! when one gives the object the state its path needs, by reflection only where none can;
//! and which states no code of the sources can produce, so that no test starts from one.
//!
//! A constructor is read when its body is straight-line code that assigns fields of `this`
//! (or of objects it creates with such constructors) from its parameters, constants and new
//! objects, calls constructors read the same way, and checks parameters with
//! `Objects.requireNonNull`. Its effect is then each field's value as a function of the
//! parameters (`Init`). A setter is `setX(x) { this.x = x; }`.

use super::{Construction, HeapCase, JavaValue, ObjectKind, TestObject};
use crate::ir::{
    CONSTRUCTOR, ClassLayout, DeclaredMethod, Inst, JdbcType, LocalId, Method, MethodKind, Operand, Rvalue, Terminator, Ty, package_of,
};
use std::collections::{BTreeSet, HashMap};

/// A field's value after a constructor, in terms of its parameters.
#[derive(Clone, Debug, PartialEq)]
enum Init {
    /// The constructor's parameter of this index (`this` not counted).
    Param(usize),
    Value(JavaValue),
    /// A new object of `class` with these fields (every field of its layout).
    New { class: String, fields: Vec<(String, Init)> },
    /// Anything else: the constructor is of no use for this field.
    Unknown,
    /// While a constructor is read: the object of this index it is building.
    Building(usize),
}

#[derive(Clone, Debug)]
struct Constructor {
    /// The Java types of the parameters (qualified), for the arguments' casts; None for a
    /// type a test cannot pass.
    params: Vec<Option<String>>,
    /// Every field of the class's layout and its value.
    fields: Vec<(String, Init)>,
    /// The parameters the constructor checks not null.
    non_null: BTreeSet<usize>,
    /// A test may call it (not private).
    callable: bool,
}

/// What the constructors and setters of the sources can give objects.
#[derive(Debug, Default)]
pub struct Constructions {
    /// Per class, its constructors that could be read; classes with one that could not are
    /// in `unread`.
    constructors: HashMap<String, Vec<Constructor>>,
    unread: BTreeSet<String>,
    /// (class, field) → the name of its setter.
    setters: HashMap<(String, String), String>,
    /// The names of the fields some code assigns outside a constructor of their class (or to
    /// another object than the one it builds): any value may be there later.
    assigned: BTreeSet<(String, String)>,
    /// Per class, the classes whose objects are its (itself and its subclasses).
    kinds: HashMap<String, Vec<String>>,
}

/// The input objects a constructor makes on the way: (id, owner, field of the owner).
type Made = Vec<(u32, u32, String)>;

/// A reason a path was dropped: its pre-state holds an object no code of the sources can make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable(pub String);

impl Constructions {
    /// `skipped` are the methods of the sources hornet could not lower: what they do is
    /// unknown, so no path of their classes' objects is dropped.
    pub fn new(methods: &[Method], skipped: &[DeclaredMethod], classes: &[ClassLayout]) -> Constructions {
        let mut out = Constructions::default();
        out.unread.extend(skipped.iter().map(|m| m.class.clone()));
        let by_key: HashMap<String, &Method> = methods.iter().map(|m| (m.key.to_string(), m)).collect();
        for method in methods.iter().filter(|m| m.kind == MethodKind::Constructor) {
            let class = method.key.class.clone();
            match read_constructor(method, &by_key, classes, 0) {
                Some(constructor) => out.constructors.entry(class).or_default().push(constructor),
                None => {
                    out.unread.insert(class);
                }
            }
        }
        for method in methods.iter().filter(|m| m.kind == MethodKind::Instance && !m.is_private) {
            if let Some(field) = setter_field(method) {
                out.setters.insert((method.key.class.clone(), field), method.key.name.clone());
            }
        }
        // Fields assigned outside a constructor of their class (or on another object there).
        let mut assigned: BTreeSet<(String, String)> = BTreeSet::new();
        for method in methods {
            for inst in method.blocks.iter().flat_map(|b| &b.insts) {
                if let Inst::PutField { object, field, .. } = inst {
                    let own = method.kind == MethodKind::Constructor && *object == Operand::Local(LocalId(0));
                    if !own || method.key.class != field.class.as_str() {
                        assigned.insert((field.class.as_str().to_string(), field.name.clone()));
                    }
                }
            }
        }
        out.assigned = assigned;
        out.kinds = classes
            .iter()
            .map(|l| (l.class.as_str().to_string(), l.concrete.iter().map(|c| c.as_str().to_string()).collect()))
            .collect();
        out
    }

    /// How the test of a path with these objects builds each input object, or why no code of
    /// the sources can make them so. `args` are the call's arguments; `package` is the test's.
    /// With `database`, a parameter no field needs that is a DataSource or a Connection gets
    /// the test's own.
    pub fn plan(
        &self,
        heap: &HeapCase,
        args: &[JavaValue],
        package: &str,
        database: bool,
    ) -> Result<Vec<(u32, Construction)>, Unreachable> {
        let unseen = |id: u32, field: &str| heap.unseen.iter().any(|(o, f)| *o == id && f == field);
        for object in heap.inputs.iter().filter(|o| o.kind == ObjectKind::Object) {
            if let Some(reason) = self.unreachable(object, heap, &unseen) {
                return Err(Unreachable(reason));
            }
        }
        // References to each object: from arguments and from input objects' fields.
        let mut references: HashMap<u32, usize> = HashMap::new();
        let refs = args.iter().chain(heap.inputs.iter().flat_map(|o| o.fields.iter().map(|(_, v)| v)));
        for value in refs {
            if let JavaValue::Object(id) = value {
                *references.entry(*id).or_default() += 1;
            }
        }
        let objects: Vec<&TestObject> = heap.inputs.iter().filter(|o| o.kind == ObjectKind::Object).collect();
        let referenced_by_object = |id: u32| heap.inputs.iter().any(|o| o.fields.iter().any(|(_, v)| *v == JavaValue::Object(id)));
        let mut order: Vec<&TestObject> = objects.iter().copied().filter(|o| !referenced_by_object(o.id)).collect();
        order.extend(objects.iter().copied().filter(|o| referenced_by_object(o.id)));
        let mut plans: HashMap<u32, Construction> = HashMap::new();
        for object in order {
            if plans.contains_key(&object.id) {
                continue;
            }
            let matcher = Matcher { heap, references: &references, claimed: &plans, unseen: &unseen };
            match self.constructor_for(object, package, database, &matcher) {
                Some((construction, inner)) => {
                    plans.insert(object.id, construction);
                    for (id, owner, field) in inner {
                        plans.insert(id, Construction::Inner { owner, field });
                    }
                }
                None => {
                    plans.insert(object.id, Construction::Reflection);
                }
            }
        }
        let mut plans: Vec<(u32, Construction)> = objects.iter().map(|o| (o.id, plans[&o.id].clone())).collect();
        order_by_dependencies(&mut plans);
        Ok(plans)
    }

    /// Whether code other than a constructor building the object assigns `field` of objects
    /// of `class` (through the class, a superclass or a subclass).
    fn is_assigned(&self, class: &str, field: &str) -> bool {
        self.assigned.iter().any(|(owner, name)| {
            name == field
                && (owner == class
                    || self.kinds.get(owner).is_some_and(|k| k.iter().any(|c| c == class))
                    || self.kinds.get(class).is_some_and(|k| k.iter().any(|c| c == owner)))
        })
    }

    /// Why no code of the sources can make `object` as the path needs it, if that is sure:
    /// every constructor of its class could be read, and each gives some field a value other
    /// than the path's where no code but a constructor assigns that field.
    fn unreachable(&self, object: &TestObject, heap: &HeapCase, unseen: &dyn Fn(u32, &str) -> bool) -> Option<String> {
        if self.unread.contains(&object.class) {
            return None;
        }
        let constructors = self.constructors.get(&object.class)?;
        let mut first = None;
        for constructor in constructors {
            let mut bound = HashMap::new();
            let found = constructor.fields.iter().find_map(|(field, init)| {
                let value = object.fields.iter().find(|(f, _)| f == field).map(|(_, v)| v)?;
                self.conflict(init, value, object, field, constructor, heap, unseen, &mut bound)
            })?;
            first.get_or_insert(found);
        }
        first
    }

    /// Where `init` (of `constructor`) can never be `value` (field `field` of `object`), and no
    /// code assigns the field afterwards: what the path needs there, said for a reader.
    #[allow(clippy::too_many_arguments)]
    fn conflict(
        &self,
        init: &Init,
        value: &JavaValue,
        object: &TestObject,
        field: &str,
        constructor: &Constructor,
        heap: &HeapCase,
        unseen: &dyn Fn(u32, &str) -> bool,
        bound: &mut HashMap<usize, (JavaValue, String)>,
    ) -> Option<String> {
        if unseen(object.id, field) || self.is_assigned(&object.class, field) {
            return None;
        }
        let class = crate::ir::simple_name(&object.class);
        let null = *value == JavaValue::Null;
        match init {
            Init::New { .. } if null => Some(format!("'{class}.{field}' is null there, but a constructor makes it a new object")),
            Init::Value(JavaValue::Str(_)) if null => Some(format!("'{class}.{field}' is null there, but a constructor sets it to a text")),
            Init::Param(i) if null && constructor.non_null.contains(i) => {
                Some(format!("'{class}.{field}' is null there, but a constructor sets it to a parameter it checks not null"))
            }
            // Two fields of one parameter: the same value.
            Init::Param(i) => match bound.get(i) {
                Some((other, where_)) if other != value => {
                    Some(format!("'{where_}' and '{class}.{field}' differ there, but a constructor sets both to one parameter"))
                }
                Some(_) => None,
                None => {
                    bound.insert(*i, (value.clone(), format!("{class}.{field}")));
                    None
                }
            },
            Init::New { class: made, fields } => {
                let JavaValue::Object(id) = value else { return None };
                let inner = heap.inputs.iter().find(|o| o.id == *id && o.class == *made)?;
                fields.iter().find_map(|(f, init)| {
                    let v = inner.fields.iter().find(|(name, _)| name == f).map(|(_, v)| v)?;
                    self.conflict(init, v, inner, f, constructor, heap, unseen, bound)
                })
            }
            _ => None,
        }
    }

    /// The first constructor (fewest setters after it) that gives `object` its state, and the
    /// input objects it creates on the way: (id, owner, field).
    fn constructor_for(&self, object: &TestObject, package: &str, database: bool, matcher: &Matcher) -> Option<(Construction, Made)> {
        if package_of(&object.class) != package {
            // Its constructors may not be visible from the test's package.
            return None;
        }
        let mut best: Option<(Construction, Made, usize)> = None;
        for constructor in self.constructors.get(&object.class)?.iter().filter(|c| c.callable) {
            let mut bindings: Vec<Option<JavaValue>> = vec![None; constructor.params.len()];
            let mut inner = Vec::new();
            let mut setters = Vec::new();
            let mut fits = true;
            for (field, init) in &constructor.fields {
                if (matcher.unseen)(object.id, field) {
                    continue;
                }
                let Some(value) = object.fields.iter().find(|(f, _)| f == field).map(|(_, v)| v) else { continue };
                let mut trial_bindings = bindings.clone();
                let mut trial_inner = inner.clone();
                if matcher.fits(init, value, object.id, field, &mut trial_bindings, &mut trial_inner) {
                    bindings = trial_bindings;
                    inner = trial_inner;
                } else if let Some(setter) = self.setters.get(&(object.class.clone(), field.clone()))
                    && matcher.passable(value)
                {
                    setters.push((setter.clone(), value.clone()));
                } else {
                    fits = false;
                    break;
                }
            }
            // A checked parameter no field needs gets a value the check lets through.
            for i in &constructor.non_null {
                if bindings[*i].is_none() {
                    bindings[*i] = constructor.params[*i].as_deref().and_then(|ty| non_null_of(ty, database));
                }
            }
            let checked = constructor.non_null.iter().all(|i| bindings[*i].as_ref().is_some_and(|v| *v != JavaValue::Null));
            if !fits || !checked || constructor.params.iter().any(Option::is_none) {
                continue;
            }
            let args = bindings
                .into_iter()
                .zip(&constructor.params)
                .map(|(value, ty)| {
                    let ty = ty.clone().unwrap_or_default();
                    let value = value.unwrap_or_else(|| default_of(&ty, database));
                    (value, ty)
                })
                .collect();
            if best.as_ref().is_none_or(|(_, _, n)| setters.len() < *n) {
                let n = setters.len();
                best = Some((Construction::Constructor { args, setters }, inner, n));
            }
        }
        best.map(|(construction, inner, _)| (construction, inner))
    }
}

/// Matches constructor effects against the objects of a path's heap.
struct Matcher<'a> {
    heap: &'a HeapCase,
    references: &'a HashMap<u32, usize>,
    claimed: &'a HashMap<u32, Construction>,
    unseen: &'a dyn Fn(u32, &str) -> bool,
}

impl Matcher<'_> {
    /// Whether `init` can be `value` (the field `field` of object `owner`), binding parameters
    /// and claiming the new objects it makes.
    fn fits(
        &self,
        init: &Init,
        value: &JavaValue,
        owner: u32,
        field: &str,
        bindings: &mut [Option<JavaValue>],
        inner: &mut Made,
    ) -> bool {
        match init {
            Init::Param(i) => {
                if !self.passable(value) {
                    return false;
                }
                match &bindings[*i] {
                    Some(bound) => bound == value,
                    None => {
                        bindings[*i] = Some(value.clone());
                        true
                    }
                }
            }
            Init::Value(constant) => constant == value,
            Init::New { class, fields } => {
                let JavaValue::Object(id) = value else { return false };
                let Some(object) = self.heap.inputs.iter().find(|o| o.id == *id) else { return false };
                // Made by the constructor: no other reference may reach it before the call.
                if object.class != *class
                    || self.references.get(id) != Some(&1)
                    || self.claimed.contains_key(id)
                    || inner.iter().any(|(claimed, _, _)| claimed == id)
                {
                    return false;
                }
                inner.push((*id, owner, field.to_string()));
                fields.iter().all(|(name, init)| {
                    (self.unseen)(*id, name)
                        || object
                            .fields
                            .iter()
                            .find(|(f, _)| f == name)
                            .is_some_and(|(_, v)| self.fits(init, v, *id, name, bindings, inner))
                })
            }
            Init::Unknown | Init::Building(_) => false,
        }
    }

    /// Whether a test can pass `value` as an argument: an object only if it is an object of
    /// the sources the test builds (not an array or a list).
    fn passable(&self, value: &JavaValue) -> bool {
        match value {
            JavaValue::Object(id) => self.heap.inputs.iter().any(|o| o.id == *id && o.kind == ObjectKind::Object),
            JavaValue::Scanner(_) | JavaValue::Unchecked | JavaValue::OpenedConnection => false,
            _ => true,
        }
    }
}

/// Orders the plans so that an object comes after the objects its constructor takes and after
/// the object whose constructor made it; objects caught in a cycle are built by reflection.
fn order_by_dependencies(plans: &mut Vec<(u32, Construction)>) {
    let needs = |construction: &Construction| -> Vec<u32> {
        match construction {
            Construction::Constructor { args, setters } => args
                .iter()
                .map(|(v, _)| v)
                .chain(setters.iter().map(|(_, v)| v))
                .filter_map(|v| if let JavaValue::Object(id) = v { Some(*id) } else { None })
                .collect(),
            Construction::Inner { owner, .. } => vec![*owner],
            Construction::Reflection => Vec::new(),
        }
    };
    let mut done: Vec<(u32, Construction)> = plans.iter().filter(|(_, c)| *c == Construction::Reflection).cloned().collect();
    let mut pending: Vec<(u32, Construction)> = plans.iter().filter(|(_, c)| *c != Construction::Reflection).cloned().collect();
    loop {
        let ready = pending.iter().position(|(_, c)| needs(c).iter().all(|id| done.iter().any(|(d, _)| d == id)));
        match ready {
            Some(i) => done.push(pending.remove(i)),
            None if pending.is_empty() => break,
            None => {
                // A cycle: the first left is allocated by reflection, with what it creates.
                let (id, _) = pending.remove(0);
                done.insert(0, (id, Construction::Reflection));
                let mut orphans = vec![id];
                while let Some(owner) = orphans.pop() {
                    while let Some(i) = pending.iter().position(|(_, c)| matches!(c, Construction::Inner { owner: o, .. } if *o == owner)) {
                        let (inner, _) = pending.remove(i);
                        done.insert(0, (inner, Construction::Reflection));
                        orphans.push(inner);
                    }
                }
            }
        }
    }
    *plans = done;
}

/// A value a test can pass for a parameter that must not be null and that no field needs.
fn non_null_of(ty: &str, database: bool) -> Option<JavaValue> {
    match ty {
        "String" => Some(JavaValue::Str(String::new())),
        "javax.sql.DataSource" if database => Some(JavaValue::DataSource),
        "java.sql.Connection" if database => Some(JavaValue::Connection),
        _ => None,
    }
}

/// The value a test passes for a parameter no field needs.
fn default_of(ty: &str, database: bool) -> JavaValue {
    match ty {
        "javax.sql.DataSource" if database => JavaValue::DataSource,
        "java.sql.Connection" if database => JavaValue::Connection,
        "int" => JavaValue::Int(0),
        "long" => JavaValue::Long(0),
        "boolean" => JavaValue::Boolean(false),
        _ => JavaValue::Null,
    }
}

/// The qualified Java type a test passes for a parameter of type `ty`, if it can.
fn parameter_type(ty: Ty) -> Option<String> {
    Some(match ty {
        Ty::Int | Ty::Long | Ty::Boolean | Ty::String | Ty::Object(_) | Ty::Enum(_) | Ty::Decimal => ty.java_name().to_string(),
        Ty::Boxed(p) => p.box_class().to_string(),
        Ty::Date(class) => class.class_name().to_string(),
        Ty::Jdbc(JdbcType::DataSource) => "javax.sql.DataSource".to_string(),
        Ty::Jdbc(JdbcType::Connection) => "java.sql.Connection".to_string(),
        _ => return None,
    })
}

/// The constructor's effect, if its body is one the module doc describes. `depth` bounds the
/// constructors it calls.
fn read_constructor(method: &Method, methods: &HashMap<String, &Method>, classes: &[ClassLayout], depth: u32) -> Option<Constructor> {
    if depth > 8 || !method.handlers.is_empty() {
        return None;
    }
    // The objects being built (`Init::Building` indexes them): 0 is `this`; fields as assigned.
    let mut objects: Vec<(String, Vec<(String, Init)>)> = vec![(method.key.class.clone(), Vec::new())];
    let mut locals: HashMap<u32, Init> = HashMap::new();
    locals.insert(0, Init::Building(0));
    for i in 1..method.param_count {
        locals.insert(i, Init::Param(i as usize - 1));
    }
    let mut non_null = BTreeSet::new();
    let eval = |locals: &HashMap<u32, Init>, op: &Operand| -> Init {
        match op {
            Operand::Local(id) => locals.get(&id.0).cloned().unwrap_or(Init::Unknown),
            Operand::Const(v, Ty::Int) => Init::Value(JavaValue::Int(*v as i32)),
            Operand::Const(v, Ty::Long) => Init::Value(JavaValue::Long(*v)),
            Operand::Const(v, Ty::Boolean) => Init::Value(JavaValue::Boolean(*v != 0)),
            Operand::Const(..) => Init::Unknown,
            Operand::Str(i) => method.strings.get(*i as usize).map_or(Init::Unknown, |s| Init::Value(JavaValue::Str(s.clone()))),
            Operand::Null => Init::Value(JavaValue::Null),
        }
    };
    // A value the constructor checks not null: a parameter becomes a condition of its use.
    let check = |value: Init, non_null: &mut BTreeSet<usize>| -> Option<()> {
        match value {
            Init::Param(i) => {
                non_null.insert(i);
                Some(())
            }
            Init::Building(_) | Init::New { .. } | Init::Value(JavaValue::Str(_)) => Some(()),
            _ => None,
        }
    };
    let mut block = 0usize;
    let mut visited = BTreeSet::new();
    loop {
        if !visited.insert(block) {
            return None;
        }
        let b = method.blocks.get(block)?;
        if b.handler.is_some() {
            return None;
        }
        for inst in &b.insts {
            match inst {
                Inst::Assign { dst, value: Rvalue::Use(op) } => {
                    let value = eval(&locals, op);
                    locals.insert(dst.0, value);
                }
                Inst::Assign { dst, .. } => {
                    locals.insert(dst.0, Init::Unknown);
                }
                Inst::Shape { .. } => {}
                Inst::CheckNotNull { object, .. } => check(eval(&locals, object), &mut non_null)?,
                Inst::Call { dst: None, callee, args, .. }
                    if callee.class == "java.util.Objects" && callee.name == "requireNonNull" =>
                {
                    check(eval(&locals, args.first()?), &mut non_null)?
                }
                Inst::New { dst, class } => {
                    objects.push((class.as_str().to_string(), Vec::new()));
                    locals.insert(dst.0, Init::Building(objects.len() - 1));
                }
                Inst::Call { dst: None, callee, args, .. } if callee.name == CONSTRUCTOR => {
                    let Init::Building(target) = eval(&locals, args.first()?) else { return None };
                    let called = read_constructor(methods.get(&callee.to_string())?, methods, classes, depth + 1)?;
                    let actual: Vec<Init> = args[1..].iter().map(|a| eval(&locals, a)).collect();
                    for i in &called.non_null {
                        check(actual.get(*i)?.clone(), &mut non_null)?;
                    }
                    // A superclass's or another constructor of the class, or that of a new
                    // object: its effect with its parameters replaced by what is passed.
                    for (field, init) in &called.fields {
                        let init = substituted(init, &actual);
                        let fields = &mut objects[target].1;
                        fields.retain(|(f, _)| f != field);
                        fields.push((field.clone(), init));
                    }
                }
                Inst::PutField { object, field, value, .. } => {
                    let Init::Building(target) = eval(&locals, object) else { return None };
                    let init = eval(&locals, value);
                    let fields = &mut objects[target].1;
                    fields.retain(|(f, _)| *f != field.name);
                    fields.push((field.name.clone(), init));
                }
                _ => return None,
            }
        }
        match &b.term {
            Terminator::Goto(next) => block = next.0 as usize,
            Terminator::Return(None) => break,
            _ => return None,
        }
    }
    let Init::New { fields, .. } = resolved(0, &objects, classes, 0) else { return None };
    let params = method.key.params.iter().map(|ty| parameter_type(*ty)).collect();
    Some(Constructor { params, fields, non_null, callable: !method.is_private })
}

/// Object `k` of a constructor's `objects` as its full value: every field of its layout, the
/// defaults for those nothing assigned, the objects it holds resolved in turn.
fn resolved(k: usize, objects: &[(String, Vec<(String, Init)>)], classes: &[ClassLayout], depth: u32) -> Init {
    let (class, assigned) = &objects[k];
    let Some(layout) = classes.iter().find(|l| l.class.as_str() == class) else { return Init::Unknown };
    if depth > 8 {
        return Init::Unknown;
    }
    let fields = layout
        .fields
        .iter()
        .map(|field| {
            let init = match assigned.iter().rev().find(|(f, _)| *f == field.name) {
                None => Init::Value(default_value(field.ty)),
                Some((_, init)) => resolve_nested(init, objects, classes, depth),
            };
            (field.name.clone(), init)
        })
        .collect();
    Init::New { class: class.clone(), fields }
}

fn resolve_nested(init: &Init, objects: &[(String, Vec<(String, Init)>)], classes: &[ClassLayout], depth: u32) -> Init {
    match init {
        Init::Building(inner) if depth <= 8 => resolved(*inner, objects, classes, depth + 1),
        Init::New { class, fields } if depth <= 8 => Init::New {
            class: class.clone(),
            fields: fields.iter().map(|(f, i)| (f.clone(), resolve_nested(i, objects, classes, depth + 1))).collect(),
        },
        Init::Building(_) | Init::New { .. } => Init::Unknown,
        other => other.clone(),
    }
}

/// `init` of a called constructor with its parameters replaced by the caller's arguments.
fn substituted(init: &Init, actual: &[Init]) -> Init {
    match init {
        Init::Param(i) => actual.get(*i).cloned().unwrap_or(Init::Unknown),
        Init::New { class, fields } => {
            Init::New { class: class.clone(), fields: fields.iter().map(|(f, i)| (f.clone(), substituted(i, actual))).collect() }
        }
        other => other.clone(),
    }
}

/// A field's value in a new object.
fn default_value(ty: Ty) -> JavaValue {
    match ty {
        Ty::Int => JavaValue::Int(0),
        Ty::Long => JavaValue::Long(0),
        Ty::Boolean => JavaValue::Boolean(false),
        _ => JavaValue::Null,
    }
}

/// The field a setter `setX(x) { this.x = x; }` assigns.
fn setter_field(method: &Method) -> Option<String> {
    if method.param_count != 2 || !method.key.name.starts_with("set") || method.blocks.len() != 1 {
        return None;
    }
    let block = &method.blocks[0];
    let assigns: Vec<&Inst> = block.insts.iter().filter(|i| !matches!(i, Inst::Shape { .. })).collect();
    match (assigns.as_slice(), &block.term) {
        ([Inst::PutField { object: Operand::Local(LocalId(0)), field, value: Operand::Local(LocalId(1)), .. }], Terminator::Return(None))
            if field.class.as_str() == method.key.class =>
        {
            Some(field.name.clone())
        }
        _ => None,
    }
}
