//! Lowering of one method's or constructor's body to a control-flow graph of basic blocks.
//!
//! Conditions are lowered as jumping code, the way javac compiles them, so that every
//! conditional jump of the bytecode is exactly one `Terminator::Branch` here: `cond` lowers a
//! boolean expression to jumps to two blocks, `value` lowers any expression to an operand.

use super::index::{
    ClassInfo, ClassRef, Const, Index, LocalName, MethodInfo, arithmetic_op, assignment_conversion,
    comparison_op, is_number, promote,
};
use super::exceptions::is_known;
use super::syntax::{
    children, field_children, has_modifier, operator, skip_parens, span_of, text,
};
use crate::diag::{Diagnostic, Span};
use crate::ir::{
    BinOp, Block, BlockId, BranchId, BranchPoint, Catch, ClassLayout, ClassName, CmpOp, Cond, ConstantValue, DateClass,
    Handler, Held, HandlerId, InputCall, Inst, JdbcCall, JdbcType, LocalDecl, LocalId, Loop, LoopId, Method, MethodKey, MethodKind, NamedConstant,
    Operand,
    Primitive, Rvalue, THROWABLE, Terminator, Ty,
};
use std::collections::{BTreeSet, HashMap};
use tree_sitter::Node;

mod arrays;
mod boxes;
mod dates;
mod decimals;
mod builders;
mod enums;
mod equality;
mod foreach;
mod format;
mod jdbc;
mod lists;
mod logging;
mod loops;
mod maps;
mod objects;
mod optionals;
pub(super) mod resources;
mod switches;
mod thrown;

use jdbc::LocalText;
use objects::Place;
use std::collections::HashSet;

type Lowered<T> = Result<T, Diagnostic>;

/// What the diagnostic for a string too long to model says.
pub(crate) const LONG_STRING: &str = "a string longer than hornet models as a Java value";

/// An operand with its Java type.
#[derive(Clone, Copy, Debug)]
struct Typed {
    operand: Operand,
    ty: Ty,
}

#[derive(Clone, Copy)]
struct Variable {
    id: LocalId,
    ty: Ty,
    /// A `final` local initialised with a constant expression is itself a constant.
    constant: Option<Const>,
}

/// Where `break` and `continue` go inside a loop or a switch statement (which `continue`
/// passes through).
struct LoopTargets {
    break_to: BlockId,
    continue_to: Option<BlockId>,
    /// How many finalizers were active outside the loop: a jump out of it runs the others.
    finalizers: usize,
}

/// A catch clause as written.
struct CatchClause<'t> {
    /// Fully qualified.
    classes: Vec<String>,
    name: &'t str,
    body: Node<'t>,
}

/// A block under construction: its terminator is set once it is complete.
#[derive(Default)]
struct PendingBlock {
    insts: Vec<Inst>,
    term: Option<Terminator>,
    handler: Option<HandlerId>,
}

/// What leaving a try statement must run, whichever way it is left.
#[derive(Clone)]
enum Cleanup<'t> {
    /// A `finally` block, lowered again on each way out (as javac copies it).
    Finally(Node<'t>),
    /// A try-with-resources resource, closed on each way out; `closing` is the body's closing
    /// brace, `filtered_exit` the exit whose null check a coverage tool does not count
    /// (`resources.rs`).
    Close { resource: LocalId, span: Span, closing: Span, filtered_exit: Option<usize> },
}

/// An active cleanup with the context of its try statement, where its code runs: exceptions
/// there go to the handler around the try, and names and loops are those around it.
struct Finalizer<'t> {
    cleanup: Cleanup<'t>,
    handler: Option<HandlerId>,
    scopes: usize,
    loops: usize,
}

pub(crate) fn lower_method<'t>(
    index: &Index<'t>,
    class: &ClassInfo<'t>,
    method: &MethodInfo<'t>,
) -> Lowered<Method> {
    let mut lowering = MethodLowering {
        index,
        class,
        kind: method.kind,
        ret: method.ret,
        locals: Vec::new(),
        blocks: Vec::new(),
        current: None,
        branches: Vec::new(),
        loops: Vec::new(),
        scopes: vec![Vec::new()],
        loop_targets: Vec::new(),
        temp_count: 0,
        strings: Vec::new(),
        sql: Vec::new(),
        texts: HashMap::new(),
        text_only: HashSet::new(),
        exception_causes: HashSet::new(),
        list_elements: HashSet::new(),
        diamond_lists: HashSet::new(),
        diamond_maps: HashSet::new(),
        builders: HashSet::new(),
        declared_depth: HashMap::new(),
        control_depth: 0,
        loop_depths: Vec::new(),
        arms: Vec::new(),
        known_at: HashMap::new(),
        handlers: Vec::new(),
        current_handler: None,
        finalizers: Vec::new(),
        branch_of_node: HashMap::new(),
        loop_of_node: HashMap::new(),
        close_branches: HashMap::new(),
        leaving_by: None,
        allocated: HashMap::new(),
        reassigned: method.body.map(|b| assigned_names(b, class.file.source)).unwrap_or_default(),
        parameters: 0,
        constructor_invocation: None,
        yield_targets: Vec::new(),
        switch_count: 0,
        returned_constants: Vec::new(),
    };
    let mut param_names = Vec::new();
    if !matches!(method.kind, MethodKind::Static | MethodKind::ExceptionConstructor) {
        lowering.declare("this", Ty::Object(ClassName::new(&class.fq_name)), None);
        param_names.push("this".to_string());
    }
    for (name, ty) in method.param_names.iter().zip(&method.params) {
        lowering.declare(name, *ty, None);
    }
    param_names.extend(method.param_names.iter().cloned());
    lowering.parameters = lowering.locals.len() as u32;
    let entry = lowering.new_block();
    lowering.switch_to(entry);
    if method.kind == MethodKind::Constructor {
        // A constructor first calls another one (`this(...)`, `super(...)`, or implicitly the
        // superclass's `super()`); field initialisers run after `super(...)`, in every
        // constructor that does not delegate with `this(...)`.
        let first = method.body.and_then(|b| children(b).into_iter().next());
        let invocation = first.filter(|f| f.kind() == "explicit_constructor_invocation");
        let delegates = invocation.is_some_and(|f| f.child_by_field_name("constructor").is_some_and(|c| c.kind() == "this"));
        match invocation {
            Some(invocation) => {
                lowering.explicit_constructor_invocation(invocation)?;
                lowering.constructor_invocation = Some(invocation.id());
            }
            None => lowering.implicit_super_call(method.node)?,
        }
        if !delegates {
            lowering.field_initialisers()?;
        }
    }
    if method.kind == MethodKind::ExceptionConstructor {
        // What `new X(parameters)` makes, as a thrown or returned exception carries it.
        let parameters = method.node.child_by_field_name("parameters").map(children).unwrap_or_default();
        let names: Vec<Node> = parameters.into_iter().filter_map(|p| p.child_by_field_name("name")).collect();
        let made = lowering.made_exception(&class.fq_name, &names, method.node)?;
        lowering.terminate(Terminator::Return(Some(made)));
    } else if let Some(body) = method.body {
        lowering.statement(body)?;
    }
    // A method is located by its name: annotations and modifiers may come lines before it.
    let span = lowering.span(method.node.child_by_field_name("name").unwrap_or(method.node));
    let falls_off_end = lowering.current;
    if falls_off_end.is_some() {
        lowering.terminate(Terminator::Return(None));
    }
    let blocks = lowering.reachable_blocks(span.clone())?;
    if let Some(end) = falls_off_end
        && method.ret != Ty::Void
        && blocks.iter().any(|(old, _)| *old == end)
    {
        return Err(Diagnostic::error(span, "missing return statement"));
    }
    let (blocks, handlers) = renumber_handlers(blocks, &lowering.handlers);
    let (blocks, branches, loops) = renumber(blocks, &lowering.branches, &lowering.loops);
    let exception_superclasses =
        if handlers.is_empty() { Vec::new() } else { lowering.index.exception_superclasses.clone() };
    let classes = layouts(index, &lowering.locals);
    let receivers = match method.kind {
        MethodKind::Instance => index
            .concrete_classes(&class.fq_name)
            .into_iter()
            .filter(|c| {
                index.implementation(c.as_str(), &method.name, &method.params).is_some_and(|m| m.class == class.fq_name)
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(Method {
        key: MethodKey {
            class: class.fq_name.clone(),
            name: method.name.clone(),
            params: method.params.clone(),
        },
        ret: method.ret,
        kind: method.kind,
        is_private: method.is_private,
        is_implicit: method.body.is_none(),
        span,
        param_count: param_names.len() as u32,
        param_names,
        locals: lowering.locals,
        blocks,
        branches,
        loops,
        strings: lowering.strings,
        sql: lowering.sql,
        handlers,
        exception_superclasses,
        statics: classes.iter().map(|l| l.class).filter(|c| c.statics_owner().is_some()).collect(),
        classes,
        receivers,
        returned_constants: lowering.returned_constants,
        array_lists: method.array_lists.clone(),
        zoned: false,
        configured: false,
    })
}

/// The layouts of the classes of the locals' types and, transitively, of their fields' types
/// and of the classes their objects may have.
pub(super) fn layouts(index: &Index, locals: &[LocalDecl]) -> Vec<ClassLayout> {
    let class_of = |ty: Ty| match ty {
        Ty::Object(class) | Ty::Array(crate::ir::Elem::Object(class)) | Ty::List(crate::ir::Elem::Object(class)) => {
            Some(class)
        }
        _ => None,
    };
    let mut pending: Vec<ClassName> = locals.iter().filter_map(|l| class_of(l.ty)).collect();
    let mut found: Vec<ClassLayout> = Vec::new();
    while let Some(class) = pending.pop() {
        if found.iter().any(|l| l.class == class) {
            continue;
        }
        let layout = match class.statics_owner() {
            // The parameter of `equals(Object)`: the receiver's classes, or any other.
            None if class.as_str() == crate::ir::OBJECT_CLASS => {
                let mut concrete = match locals.first().map(|l| l.ty) {
                    Some(Ty::Object(receiver)) if receiver != class => index.concrete_classes(receiver.as_str()),
                    _ => Vec::new(),
                };
                concrete.push(class);
                concrete.sort();
                ClassLayout { class, fields: Vec::new(), concrete }
            }
            Some(owner) => {
                let Some(info) = index.classes.get(owner) else { continue };
                index.statics_layout(info)
            }
            None => {
                let Some(info) = index.classes.get(class.as_str()) else { continue };
                index.layout(info)
            }
        };
        pending.extend(layout.fields.iter().filter_map(|f| class_of(f.ty)));
        pending.extend(layout.concrete.iter().copied());
        found.push(layout);
    }
    found.sort_by_key(|layout| layout.class);
    found
}

struct MethodLowering<'i, 't> {
    index: &'i Index<'t>,
    class: &'i ClassInfo<'t>,
    /// Instance methods and constructors have `this` as local 0.
    kind: MethodKind,
    ret: Ty,
    locals: Vec<LocalDecl>,
    blocks: Vec<PendingBlock>,
    /// The block being filled; `None` after a jump, where code is unreachable.
    current: Option<BlockId>,
    branches: Vec<BranchPoint>,
    loops: Vec<Loop>,
    /// Innermost last; a name's `Variable` is in the scope of its declaration.
    scopes: Vec<Vec<(String, Variable)>>,
    loop_targets: Vec<LoopTargets>,
    temp_count: u32,
    /// String literals, indexed by `Operand::Str`.
    strings: Vec<String>,
    /// SQL texts, indexed by `SqlId`.
    sql: Vec<crate::ir::SqlText>,
    /// What is known of the text of String locals (`jdbc.rs`).
    texts: HashMap<LocalId, LocalText>,
    /// String locals that hold SQL text too long to be a runtime value.
    text_only: HashSet<LocalId>,
    /// Locals holding `e.getCause()` of a caught exception (`thrown.rs`): null when it has none.
    exception_causes: HashSet<LocalId>,
    /// Temporaries holding the `Integer` a list method returned (`lists.rs`): `==` between two
    /// of them compares references, and one passed to `remove` removes by value.
    list_elements: HashSet<LocalId>,
    /// Temporaries holding a `new ArrayList<>()` not yet assigned: the first assignment,
    /// argument or return gives them the element type of their target (`coerce`).
    diamond_lists: HashSet<LocalId>,
    /// Temporaries holding a `new HashMap<>()` not yet assigned: like `diamond_lists`, they take
    /// the key and value types of their target (`coerce`).
    diamond_maps: HashSet<LocalId>,
    /// `StringBuilder` and `StringBuffer` locals, lowered as String locals (`builders.rs`).
    builders: HashSet<LocalId>,
    /// The `control_depth` where each local was declared.
    declared_depth: HashMap<LocalId, u32>,
    /// How many conditional or repeated statements enclose the code being lowered: a local
    /// assigned deeper than it was declared holds a value that depends on the path.
    control_depth: u32,
    /// The `control_depth` inside each enclosing loop, innermost last: a local assigned in a
    /// loop it was declared outside of may be assigned many times on one path.
    loop_depths: Vec<u32>,
    /// The arms of the enclosing `if` statements (the statement's node id, and whether it is
    /// the `else`), outermost first: code in two arms of one `if` never runs on one path.
    arms: Vec<(usize, bool)>,
    /// Where the text of a String local was last made known on every path (`jdbc.rs`): the
    /// block and the position after that assignment, where a selector of the text its
    /// conditional appends build starts (`LocalText::Appended`).
    known_at: HashMap<LocalId, (BlockId, usize)>,
    handlers: Vec<Handler>,
    /// The handler of the blocks being created: that of the innermost enclosing try statement.
    current_handler: Option<HandlerId>,
    /// The cleanups of the enclosing try statements, innermost last.
    finalizers: Vec<Finalizer<'t>>,
    /// The branch and loop of each source construct lowered so far (by node id): a `finally`
    /// lowered several times shares them between its copies.
    branch_of_node: HashMap<usize, BranchId>,
    loop_of_node: HashMap<usize, LoopId>,
    /// The null check of a resource closed at an exit (by the exit's node id), a branch of its own.
    close_branches: HashMap<(usize, LocalId), BranchId>,
    /// The `return`, `break` or `continue` whose cleanups are being lowered.
    leaving_by: Option<Node<'t>>,
    /// Locals that hold the object of a `new C(...)` and nothing else: calls on them need no
    /// dispatch.
    allocated: HashMap<LocalId, ClassName>,
    /// The names a statement of the method assigns (`x = ...`, `x++`): a local declared with
    /// `new C(...)` and named here may hold another object later.
    reassigned: HashSet<String>,
    /// How many locals are the method's parameters (`this` first): the first ones.
    parameters: u32,
    /// The `this(...)` or `super(...)` that starts a constructor, lowered before the field
    /// initialisers (the body skips it).
    constructor_invocation: Option<usize>,
    /// The switch expressions being lowered, innermost last.
    yield_targets: Vec<switches::YieldTarget>,
    /// How many switches have been lowered (`ir::SwitchArm::switch`).
    switch_count: u32,
    /// The constants named by `return` statements (`ir::Method::returned_constants`).
    returned_constants: Vec<NamedConstant>,
}

impl<'t> MethodLowering<'_, 't> {
    // ---- building blocks -------------------------------------------------------------------

    fn source(&self) -> &'t str {
        self.class.file.source
    }

    fn span(&self, node: Node<'t>) -> Span {
        span_of(self.class.file.path, node)
    }

    fn text(&self, node: Node<'t>) -> &'t str {
        text(node, self.source())
    }

    fn unsupported<T>(&self, node: Node<'t>, what: impl std::fmt::Display) -> Lowered<T> {
        Err(Diagnostic::unsupported(self.span(node), what))
    }

    fn error<T>(&self, node: Node<'t>, message: impl Into<String>) -> Lowered<T> {
        Err(Diagnostic::error(self.span(node), message))
    }

    fn new_block(&mut self) -> BlockId {
        self.blocks.push(PendingBlock { handler: self.current_handler, ..PendingBlock::default() });
        BlockId(self.blocks.len() as u32 - 1)
    }

    fn switch_to(&mut self, block: BlockId) {
        self.current = Some(block);
    }

    /// The block being filled; after a jump, a fresh block that nothing reaches (it is dropped
    /// at the end, with everything only it leads to).
    fn current_block(&mut self) -> BlockId {
        match self.current {
            Some(block) => block,
            None => {
                let block = self.new_block();
                self.current = Some(block);
                block
            }
        }
    }

    fn emit(&mut self, inst: Inst) {
        let block = self.current_block();
        self.blocks[block.0 as usize].insts.push(inst);
    }

    fn terminate(&mut self, term: Terminator) {
        let block = self.current_block();
        self.blocks[block.0 as usize].term = Some(term);
        self.current = None;
    }

    fn goto(&mut self, target: BlockId) {
        self.terminate(Terminator::Goto(target));
    }

    fn branch(&mut self, cond: Cond, at: Node<'t>, then_block: BlockId, else_block: BlockId) {
        let span = self.span(at);
        self.branch_point(cond, at, BranchPoint { span, arm: None }, then_block, else_block);
    }

    /// A conditional jump whose `BranchId` is that of the source construct `at` (shared by the
    /// copies of a `finally`), described by `point` the first time.
    fn branch_point(&mut self, cond: Cond, at: Node<'t>, point: BranchPoint, then_block: BlockId, else_block: BlockId) {
        let id = match self.branch_of_node.get(&at.id()) {
            Some(id) => *id,
            None => {
                let id = BranchId(self.branches.len() as u32);
                self.branches.push(point);
                self.branch_of_node.insert(at.id(), id);
                id
            }
        };
        self.terminate(Terminator::Branch { cond, then_block, else_block, id });
    }

    fn assign(&mut self, dst: LocalId, value: Rvalue) {
        self.emit(Inst::Assign { dst, value });
    }

    fn new_local(&mut self, name: String, ty: Ty) -> LocalId {
        self.locals.push(LocalDecl { name, ty });
        LocalId(self.locals.len() as u32 - 1)
    }

    fn new_temp(&mut self, ty: Ty) -> LocalId {
        let name = format!("$t{}", self.temp_count);
        self.temp_count += 1;
        self.new_local(name, ty)
    }

    /// A temporary holding `value`.
    fn temp(&mut self, ty: Ty, value: Rvalue) -> Typed {
        let dst = self.new_temp(ty);
        self.assign(dst, value);
        Typed { operand: Operand::Local(dst), ty }
    }

    /// Temporaries are assigned once, where they are introduced.
    fn is_temp(&self, id: LocalId) -> bool {
        self.locals.get(id.0 as usize).is_some_and(|l| l.name.starts_with('$'))
    }

    /// Where the operator of an expression is: the location of a division by zero.
    fn operator_span(&self, node: Node<'t>) -> Span {
        let op = node.child_by_field_name("operator").unwrap_or(node);
        self.span(op)
    }

    fn declare(&mut self, name: &str, ty: Ty, constant: Option<Const>) -> LocalId {
        let id = self.new_local(name.to_string(), ty);
        self.declared_depth.insert(id, self.control_depth);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name.to_string(), Variable { id, ty, constant }));
        }
        id
    }

    fn lookup(&self, name: &str) -> Option<Variable> {
        self.scopes.iter().rev().flat_map(|s| s.iter().rev()).find(|(n, _)| n == name).map(|(_, v)| *v)
    }

    fn new_loop(&mut self, node: Node<'t>) -> LoopId {
        if let Some(id) = self.loop_of_node.get(&node.id()) {
            return *id;
        }
        self.loops.push(Loop { span: self.span(node), trip_count: None });
        let id = LoopId(self.loops.len() as u32 - 1);
        self.loop_of_node.insert(node.id(), id);
        id
    }

    // ---- statements ------------------------------------------------------------------------

    fn statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let nested = matches!(
            node.kind(),
            "if_statement" | "while_statement" | "do_statement" | "for_statement" | "try_statement"
                | "try_with_resources_statement" | "switch_expression" | "enhanced_for_statement"
        );
        let repeated = matches!(node.kind(), "while_statement" | "do_statement" | "for_statement" | "enhanced_for_statement");
        self.control_depth += u32::from(nested);
        if repeated {
            self.loop_depths.push(self.control_depth);
        }
        let lowered = self.statement_kind(node);
        if repeated {
            self.loop_depths.pop();
        }
        self.control_depth -= u32::from(nested);
        lowered
    }

    fn statement_kind(&mut self, node: Node<'t>) -> Lowered<()> {
        match node.kind() {
            "block" | "constructor_body" => {
                self.scopes.push(Vec::new());
                for statement in children(node) {
                    self.statement(statement)?;
                }
                self.scopes.pop();
                Ok(())
            }
            "local_variable_declaration" => self.declaration(node),
            "expression_statement" => match children(node).first() {
                Some(expression) => self.expression_statement(*expression),
                None => Ok(()),
            },
            "if_statement" => self.if_statement(node),
            "while_statement" => self.while_statement(node),
            "do_statement" => self.do_statement(node),
            "for_statement" => self.for_statement(node),
            "break_statement" | "continue_statement" => self.jump(node),
            "return_statement" => self.return_statement(node),
            "throw_statement" => self.throw_statement(node),
            "explicit_constructor_invocation" if self.constructor_invocation == Some(node.id()) => Ok(()),
            "explicit_constructor_invocation" => {
                self.error(node, "call to this or super must be the first statement in a constructor")
            }
            "labeled_statement" => self.unsupported(node, "labelled statement"),
            "enhanced_for_statement" => self.enhanced_for(node),
            "switch_expression" => self.switch_statement(node),
            "yield_statement" => self.yield_statement(node),
            "try_statement" => self.try_statement(node),
            "try_with_resources_statement" => self.try_with_resources_statement(node),
            "assert_statement" => self.unsupported(node, "assert statement"),
            "synchronized_statement" => self.synchronized_statement(node),
            "class_declaration" | "interface_declaration" | "enum_declaration" | "record_declaration" => {
                self.unsupported(node, "local class")
            }
            kind => self.unsupported(node, format!("statement '{kind}'")),
        }
    }

    /// `synchronized (lock) { ... }`: a test runs on one thread, so taking the lock never waits
    /// and the statement is its body, after the lock expression is evaluated, which throws
    /// NullPointerException when it is null (as `monitorenter` does). A class literal or
    /// `this` is never null.
    fn synchronized_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let parts = children(node);
        let (Some(lock), Some(body)) = (parts.iter().find(|c| c.kind() == "parenthesized_expression"), parts.last()) else {
            return self.error(node, "syntax error");
        };
        let lock = skip_parens(*lock);
        if !matches!(lock.kind(), "class_literal" | "this") {
            let value = self.value(lock)?;
            let span = self.span(lock);
            match value.ty {
                Ty::Object(_) | Ty::Array(_) | Ty::List(_) => self.emit(Inst::CheckNotNull { object: value.operand, span }),
                Ty::String | Ty::Boxed(_) | Ty::Date(_) => {
                    let callee = MethodKey { class: "java.util.Objects".into(), name: "requireNonNull".into(), params: vec![value.ty] };
                    self.emit(Inst::Call { dst: None, callee, args: vec![value.operand], span });
                }
                ty => return self.unsupported(lock, format!("synchronized on a {ty} (hornet models a lock that is an object of the sources, a String, a box, a date, this or a class literal)")),
            }
        }
        self.statement(*body)
    }

    fn declaration(&mut self, node: Node<'t>) -> Lowered<()> {
        let Some(type_node) = node.child_by_field_name("type") else {
            return self.error(node, "syntax error: declaration without a type");
        };
        if builders::is_builder_type(self.text(type_node)) {
            return self.builder_declaration(node);
        }
        if let Some(declared) = self.exception_declaration(node) {
            return declared;
        }
        if self.text(type_node) == "var" {
            return self.var_declaration(node);
        }
        let ty = self.declared_type(type_node)?;
        if ty == Ty::Void {
            return self.error(type_node, "'void' is not a type for variables");
        }
        let is_final = has_modifier(node, self.source(), "final");
        for declarator in field_children(node, "declarator") {
            if let Some(dims) = declarator.child_by_field_name("dimensions") {
                return self.unsupported(dims, "array brackets after a variable name (write 'int[] a')");
            }
            let Some(name) = declarator.child_by_field_name("name") else {
                return self.error(declarator, "syntax error: declaration without a name");
            };
            // A String's initialiser may be SQL text (`jdbc.rs`), lowered after the declaration.
            let text_initialiser = declarator.child_by_field_name("value").filter(|_| ty == Ty::String);
            let initial = match declarator.child_by_field_name("value") {
                Some(value) if ty == Ty::Jdbc(JdbcType::Connection) => {
                    let initial = self.initial_value(value, ty).map_err(|d| self.unfollowed_connection(d, value));
                    Some((value, initial?))
                }
                Some(value) if ty != Ty::String => Some((value, self.initial_value(value, ty)?)),
                _ => None,
            };
            let constant = match initial {
                Some((value, _)) if is_final => {
                    self.constant(value).and_then(|c| assignment_conversion(c, ty))
                }
                _ => None,
            };
            let id = self.declare(self.text(name), ty, constant);
            if let Some((value, typed)) = initial {
                if let Operand::Local(new) = typed.operand
                    && let Some(class) = self.allocated.get(&new).copied()
                    && !self.reassigned.contains(self.text(name))
                {
                    self.allocated.insert(id, class);
                }
                let operand = self.coerce(typed, ty, value)?;
                self.assign(id, Rvalue::Use(operand));
            } else if let Some(value) = text_initialiser {
                self.string_assignment(id, value, false)?;
            }
        }
        Ok(())
    }

    /// `var x = e;` (local variable type inference): `x` takes the type of `e`. Text is
    /// recognised from its syntax first, so that SQL text keeps its pieces as in `String x = e`.
    fn var_declaration(&mut self, node: Node<'t>) -> Lowered<()> {
        let declarators = field_children(node, "declarator");
        let [declarator] = declarators.as_slice() else {
            return self.error(node, "'var' is not allowed in a compound declaration");
        };
        let (Some(name), Some(value)) = (declarator.child_by_field_name("name"), declarator.child_by_field_name("value")) else {
            return self.error(*declarator, "cannot infer type for local variable (variable initializer is missing)");
        };
        if declarator.child_by_field_name("dimensions").is_some() {
            return self.error(*declarator, "'var' is not allowed as an element type of an array");
        }
        if value.kind() == "array_initializer" {
            return self.error(value, "cannot infer type for local variable (array initializer needs an explicit target-type)");
        }
        if self.is_text_expression(value) {
            let id = self.declare(self.text(name), Ty::String, None);
            return self.string_assignment(id, value, false);
        }
        let typed = match self.value(value) {
            Err(problem) if self.is_connection_source(value) => return Err(self.unfollowed_connection(problem, value)),
            typed => typed?,
        };
        let ty = match typed.ty {
            Ty::Null => return self.error(value, "cannot infer type for local variable (variable initializer is 'null')"),
            Ty::Void => return self.error(value, "cannot infer type for local variable (variable initializer is 'void')"),
            ty => ty,
        };
        let constant = match typed.operand {
            Operand::Const(value, _) if has_modifier(node, self.source(), "final") => Some(crate::java::index::Const { value, ty }),
            _ => None,
        };
        let id = self.declare(self.text(name), ty, constant);
        if let Operand::Local(new) = typed.operand
            && let Some(class) = self.allocated.get(&new).copied()
            && !self.reassigned.contains(self.text(name))
        {
            self.allocated.insert(id, class);
        }
        self.assign(id, Rvalue::Use(typed.operand));
        Ok(())
    }

    fn expression_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        match node.kind() {
            "assignment_expression" => match node.child_by_field_name("left").and_then(|l| self.builder_receiver(l)) {
                Some(builder) => self.builder_reassignment(node, builder),
                None => self.assignment(node).map(|_| ()),
            },
            "update_expression" => self.update(node, false).map(|_| ()),
            "method_invocation" => self.call(node, false).map(|_| ()),
            _ => self.error(node, "not a statement"),
        }
    }

    fn if_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let (Some(condition), Some(consequence)) =
            (node.child_by_field_name("condition"), node.child_by_field_name("consequence"))
        else {
            return self.error(node, "syntax error: incomplete if statement");
        };
        let then_block = self.new_block();
        let join = self.new_block();
        match node.child_by_field_name("alternative") {
            Some(alternative) => {
                let else_block = self.new_block();
                self.cond(condition, then_block, else_block)?;
                self.switch_to(then_block);
                self.arm(node, false, consequence)?;
                self.goto(join);
                self.switch_to(else_block);
                self.arm(node, true, alternative)?;
            }
            None => {
                self.cond(condition, then_block, join)?;
                self.switch_to(then_block);
                self.statement(consequence)?;
            }
        }
        self.goto(join);
        self.switch_to(join);
        Ok(())
    }

    /// The statement of one arm of the `if` statement `node` (`otherwise`: its `else`).
    fn arm(&mut self, node: Node<'t>, otherwise: bool, statement: Node<'t>) -> Lowered<()> {
        self.arms.push((node.id(), otherwise));
        let lowered = self.statement(statement);
        self.arms.pop();
        lowered
    }

    /// The body of a loop, in a block that starts with `LoopIter`.
    fn loop_body(
        &mut self,
        body_block: BlockId,
        loop_id: LoopId,
        body: Node<'t>,
        targets: LoopTargets,
    ) -> Lowered<()> {
        self.switch_to(body_block);
        self.emit(Inst::LoopIter(loop_id));
        self.loop_targets.push(targets);
        let result = self.statement(body);
        self.loop_targets.pop();
        result
    }

    fn while_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let (Some(condition), Some(body)) =
            (node.child_by_field_name("condition"), node.child_by_field_name("body"))
        else {
            return self.error(node, "syntax error: incomplete while statement");
        };
        let loop_id = self.new_loop(node);
        self.emit(Inst::LoopEnter(loop_id));
        let (header, body_block, exit) = (self.new_block(), self.new_block(), self.new_block());
        self.goto(header);
        self.switch_to(header);
        self.cond(condition, body_block, exit)?;
        self.loop_body(body_block, loop_id, body, LoopTargets { break_to: exit, continue_to: Some(header), finalizers: self.finalizers.len() })?;
        self.goto(header);
        self.switch_to(exit);
        Ok(())
    }

    fn do_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let (Some(condition), Some(body)) =
            (node.child_by_field_name("condition"), node.child_by_field_name("body"))
        else {
            return self.error(node, "syntax error: incomplete do statement");
        };
        let loop_id = self.new_loop(node);
        self.emit(Inst::LoopEnter(loop_id));
        let (body_block, condition_block, exit) = (self.new_block(), self.new_block(), self.new_block());
        self.goto(body_block);
        self.loop_body(
            body_block,
            loop_id,
            body,
            LoopTargets { break_to: exit, continue_to: Some(condition_block), finalizers: self.finalizers.len() },
        )?;
        self.goto(condition_block);
        self.switch_to(condition_block);
        self.cond(condition, body_block, exit)?;
        self.switch_to(exit);
        Ok(())
    }

    fn for_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let Some(body) = node.child_by_field_name("body") else {
            return self.error(node, "syntax error: for statement without a body");
        };
        self.scopes.push(Vec::new());
        for init in field_children(node, "init") {
            if init.kind() == "local_variable_declaration" {
                self.declaration(init)?;
            } else {
                self.expression_statement(init)?;
            }
        }
        let trip_count = self.trip_count(node);
        let loop_id = self.new_loop(node);
        self.emit(Inst::LoopEnter(loop_id));
        let (header, body_block, update, exit) =
            (self.new_block(), self.new_block(), self.new_block(), self.new_block());
        self.goto(header);
        self.switch_to(header);
        match node.child_by_field_name("condition") {
            Some(condition) => self.cond(condition, body_block, exit)?,
            None => self.goto(body_block),
        }
        let body_blocks = self.blocks.len();
        self.loop_body(body_block, loop_id, body, LoopTargets { break_to: exit, continue_to: Some(update), finalizers: self.finalizers.len() })?;
        self.goto(update);
        self.switch_to(update);
        for expression in field_children(node, "update") {
            self.expression_statement(expression)?;
        }
        match trip_count {
            Some(n) if n <= loops::UNBOUNDED_TRIPS && self.straight_body(body_block, body_blocks) => self.unbound(loop_id),
            _ => self.loops[loop_id.0 as usize].trip_count = trip_count,
        }
        self.goto(header);
        self.switch_to(exit);
        self.scopes.pop();
        Ok(())
    }

    fn jump(&mut self, node: Node<'t>) -> Lowered<()> {
        let is_break = node.kind() == "break_statement";
        let keyword = if is_break { "break" } else { "continue" };
        if !children(node).is_empty() {
            return self.unsupported(node, format!("labelled {keyword}"));
        }
        let targets = if is_break {
            self.loop_targets.last().map(|t| (t.break_to, t.finalizers))
        } else {
            self.loop_targets.iter().rev().find_map(|t| Some((t.continue_to?, t.finalizers)))
        };
        let Some((target, finalizers)) = targets else {
            let outside = if is_break { "a switch or loop" } else { "a loop" };
            return self.error(node, format!("'{keyword}' outside of {outside}"));
        };
        let outer = self.leaving_by.replace(node);
        let finalized = self.run_finalizers(finalizers);
        self.leaving_by = outer;
        finalized?;
        self.goto(target);
        Ok(())
    }

    fn return_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let value = match (children(node).first(), self.ret) {
            (None, Ty::Void) => None,
            (None, _) => return self.error(node, "missing return value"),
            (Some(_), Ty::Void) => return self.error(node, "a void method cannot return a value"),
            (Some(expression), Ty::Throwable) => Some(self.new_exception_value(*expression)?),
            (Some(expression), ret) => {
                self.note_returned_constants(*expression);
                let typed = self.value(*expression)?;
                Some(self.coerce(typed, ret, *expression)?)
            }
        };
        // The value is the one before the `finally` blocks run, which may assign its variable.
        let value = match value {
            Some(Operand::Local(id)) if !self.finalizers.is_empty() && !self.is_temp(id) => {
                let ty = self.locals[id.0 as usize].ty;
                Some(self.temp(ty, Rvalue::Use(Operand::Local(id))).operand)
            }
            value => value,
        };
        let outer = self.leaving_by.replace(node);
        let finalized = self.run_finalizers(0);
        self.leaving_by = outer;
        finalized?;
        self.terminate(Terminator::Return(value));
        Ok(())
    }

    /// Records the `static final` constants a returned expression names, itself or as an arm
    /// of `?:`, for the names of the tests (`ir::Method::returned_constants`). Local
    /// constants and literals name nothing.
    fn note_returned_constants(&mut self, node: Node<'t>) {
        let node = skip_parens(node);
        let name = match node.kind() {
            "ternary_expression" => {
                for arm in ["consequence", "alternative"] {
                    if let Some(arm) = node.child_by_field_name(arm) {
                        self.note_returned_constants(arm);
                    }
                }
                return;
            }
            "identifier" if self.lookup(self.text(node)).is_none() => self.text(node),
            "field_access" => match node.child_by_field_name("field") {
                Some(field) => self.text(field),
                None => return,
            },
            _ => return,
        };
        let value = match self.constant(node) {
            Some(c) if c.ty == Ty::Boolean => return,
            Some(c) => ConstantValue::Integer(c.value),
            None => match self.string_constant(node) {
                Some(text) => ConstantValue::Text(text),
                None => return,
            },
        };
        let constant = NamedConstant { name: name.to_string(), value };
        if !self.returned_constants.contains(&constant) {
            self.returned_constants.push(constant);
        }
    }

    /// `throw new X(...)`: the exception carries the message and cause its constructor gives
    /// it when hornet follows that constructor (`thrown.rs`); the arguments that give neither
    /// are not evaluated, so they must have no effect.
    fn throw_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let Some(thrown) = children(node).first().map(|n| skip_parens(*n)) else {
            return self.error(node, "syntax error: throw without an exception");
        };
        if let Some(exception) = self.caught_exception(thrown) {
            if self.exception_causes.contains(&exception) {
                return self.unsupported(
                    thrown,
                    format!("throwing '{}', the cause of a caught exception (it may be null)", self.text(thrown)),
                );
            }
            let span = self.span(node);
            self.terminate(Terminator::Rethrow { exception, span });
            return Ok(());
        }
        if thrown.kind() != "object_creation_expression" {
            return self.unsupported(thrown, "throw of anything but 'new X(...)'");
        }
        let type_node = thrown.child_by_field_name("type");
        let type_node =
            type_node.filter(|t| matches!(t.kind(), "type_identifier" | "scoped_type_identifier"));
        let Some(type_node) = type_node else {
            return self.unsupported(thrown, "thrown exception type");
        };
        if children(thrown).iter().any(|c| c.kind() == "class_body") {
            return self.unsupported(thrown, "anonymous class");
        }
        let class = self.index.exception_class(self.text(type_node), self.class.file);
        if self.current_handler.is_some() && !is_known(&self.index.exception_superclasses, &class) {
            return self.unsupported(
                type_node,
                format!("throwing '{class}' inside a try statement (its superclasses are not known)"),
            );
        }
        let arguments = thrown.child_by_field_name("arguments").map(children).unwrap_or_default();
        let detail = self.thrown_detail(&class, &arguments)?;
        if detail.is_none() {
            arguments.iter().try_for_each(|a| self.check_unevaluated(*a))?;
        }
        let span = self.span(node);
        self.terminate(Terminator::Throw { class, detail, span });
        Ok(())
    }

    /// Reject what would have an effect in an exception's constructor arguments.
    fn check_unevaluated(&self, node: Node<'t>) -> Lowered<()> {
        if self.describes_caught_exception(node) {
            return Ok(());
        }
        let what = match node.kind() {
            "method_invocation" => Some("method call in the arguments of a thrown exception"),
            "object_creation_expression" | "array_creation_expression" => {
                Some("object creation in the arguments of a thrown exception")
            }
            "assignment_expression" | "update_expression" => {
                Some("assignment in the arguments of a thrown exception")
            }
            "binary_expression" if matches!(operator(node, self.source()), "/" | "%") => {
                Some("division in the arguments of a thrown exception")
            }
            "lambda_expression" | "switch_expression" => {
                Some("complex expression in the arguments of a thrown exception")
            }
            _ => None,
        };
        if let Some(what) = what {
            return self.unsupported(node, what);
        }
        children(node).into_iter().try_for_each(|child| self.check_unevaluated(child))
    }

    // ---- try statements --------------------------------------------------------------------

    fn try_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let Some(body) = node.child_by_field_name("body") else {
            return self.error(node, "syntax error: try without a block");
        };
        let (catches, finally) = self.catches_and_finally(node)?;
        if catches.is_empty() && finally.is_none() {
            return self.error(node, "'try' without 'catch' or 'finally'");
        }
        // javac generates no catch code for an empty try block, which cannot throw.
        let catches = if children(body).is_empty() { Vec::new() } else { catches };
        self.protected(&catches, finally.map(Cleanup::Finally), |this| this.statement(body))
    }

    fn try_with_resources_statement(&mut self, node: Node<'t>) -> Lowered<()> {
        let (Some(body), Some(specification)) =
            (node.child_by_field_name("body"), node.child_by_field_name("resources"))
        else {
            return self.error(node, "syntax error: incomplete try statement");
        };
        let (catches, finally) = self.catches_and_finally(node)?;
        let resources = children(specification);
        self.protected(&catches, finally.map(Cleanup::Finally), |this| {
            this.scopes.push(Vec::new());
            let result = this.resources(&resources, body);
            this.scopes.pop();
            result
        })
    }

    /// `try (R r = e; more) body` is `R r = e; try (more) body finally { close r }`, so that the
    /// resources are closed in reverse order, before the catch clauses run.
    fn resources(&mut self, resources: &[Node<'t>], body: Node<'t>) -> Lowered<()> {
        let Some((first, rest)) = resources.split_first() else { return self.statement(body) };
        let resource = self.resource(*first)?;
        let span = self.span(*first);
        let end = body.end_position();
        let closing = Span::new(self.class.file.path, end.row as u32 + 1, end.column as u32);
        let filtered_exit = resources::filtered_exit(body);
        let close = Cleanup::Close { resource, span, closing, filtered_exit };
        self.protected(&[], Some(close), |this| this.resources(rest, body))
    }

    /// Declares and initialises a resource, or finds the variable it names.
    fn resource(&mut self, node: Node<'t>) -> Lowered<LocalId> {
        let field = |name| node.child_by_field_name(name);
        if let (Some(type_node), Some(name), Some(value)) = (field("type"), field("name"), field("value")) {
            let inferred = self.text(type_node) == "var";
            let ty = if inferred { None } else { Some(self.declared_type(type_node)?) };
            let typed = match self.value(value) {
                Err(problem) if ty == Some(Ty::Jdbc(JdbcType::Connection)) || inferred && self.is_connection_source(value) => {
                    return Err(self.unfollowed_connection(problem, value));
                }
                typed => typed?,
            };
            // `var r = e`: the resource takes the type of `e`.
            let ty = ty.unwrap_or(typed.ty);
            let operand = self.coerce(typed, ty, value)?;
            let id = self.declare(self.text(name), ty, None);
            self.assign(id, Rvalue::Use(operand));
            return Ok(id);
        }
        match children(node).first() {
            Some(name) if name.kind() == "identifier" => match self.lookup(self.text(*name)) {
                Some(variable) => Ok(variable.id),
                None => self.error(*name, format!("cannot find symbol '{}'", self.text(*name))),
            },
            _ => self.unsupported(node, "this resource (a field access)"),
        }
    }

    /// Whether an initialiser of a `var` gets a connection (`getConnection()`), so that its
    /// failure is worded as for a declared `Connection`.
    fn is_connection_source(&self, value: Node<'t>) -> bool {
        let value = skip_parens(value);
        value.kind() == "method_invocation" && value.child_by_field_name("name").is_some_and(|n| self.text(n) == "getConnection")
    }

    /// The diagnostic of a Connection whose source hornet could not follow: where it came from
    /// and what a user can do, after what stopped the analysis there.
    fn unfollowed_connection(&self, problem: Diagnostic, source: Node<'t>) -> Diagnostic {
        let message = format!(
            "{}; the connection comes from '{}', which hornet cannot follow to a javax.sql.DataSource, \
             DriverManager.getConnection or an interface method returning a Connection (the tests supply their \
             database there): get it from one of those, or take the Connection as a parameter",
            problem.message,
            self.text(source)
        );
        Diagnostic { message, ..problem }
    }

    /// The catch clauses and the `finally` block of a try statement.
    fn catches_and_finally(&self, node: Node<'t>) -> Lowered<(Vec<CatchClause<'t>>, Option<Node<'t>>)> {
        let mut catches = Vec::new();
        let mut finally = None;
        for child in children(node) {
            match child.kind() {
                "catch_clause" => catches.push(self.catch_clause(child)?),
                "finally_clause" => finally = children(child).first().copied(),
                _ => {}
            }
        }
        Ok((catches, finally))
    }

    fn catch_clause(&self, node: Node<'t>) -> Lowered<CatchClause<'t>> {
        let parameter = children(node).into_iter().find(|c| c.kind() == "catch_formal_parameter");
        let (Some(parameter), Some(body)) = (parameter, node.child_by_field_name("body")) else {
            return self.error(node, "syntax error: incomplete catch clause");
        };
        let Some(name) = parameter.child_by_field_name("name").filter(|n| n.kind() == "identifier") else {
            return self.unsupported(parameter, "unnamed catch parameter");
        };
        let Some(catch_type) = children(parameter).into_iter().find(|c| c.kind() == "catch_type") else {
            return self.error(parameter, "syntax error: catch without a type");
        };
        let mut classes = Vec::new();
        for ty in children(catch_type) {
            let class = self.index.exception_class(self.text(ty), self.class.file);
            if !is_known(&self.index.exception_superclasses, &class) {
                return self.unsupported(ty, format!("catching '{class}' (its superclasses are not known)"));
            }
            classes.push(class);
        }
        Ok(CatchClause { classes, name: self.text(name), body })
    }

    /// A try statement: `body` with its exceptions going to `catches`, then `cleanup` (a
    /// `finally`, or closing a resource) on every way out, as javac compiles it: a copy after
    /// the block and after each catch clause, one before each jump out of them, and one in a
    /// catch of everything that rethrows.
    fn protected(
        &mut self,
        catches: &[CatchClause<'t>],
        cleanup: Option<Cleanup<'t>>,
        body: impl FnOnce(&mut Self) -> Lowered<()>,
    ) -> Lowered<()> {
        let outer = self.current_handler;
        // The catch of everything covers the try block and the catch clauses.
        let catch_all = cleanup.as_ref().map(|_| {
            let exception = self.new_temp(Ty::Throwable);
            let target = self.new_block();
            let catch = Catch { classes: vec![THROWABLE.to_string()], exception, target };
            (self.new_handler(vec![catch], outer), exception, target)
        });
        let catch_region = catch_all.map(|(handler, ..)| handler).or(outer);
        self.current_handler = catch_region;
        let mut clauses = Vec::new();
        for clause in catches {
            let exception = self.new_local(clause.name.to_string(), Ty::Throwable);
            let target = self.new_block();
            clauses.push(Catch { classes: clause.classes.clone(), exception, target });
        }
        let try_region = if clauses.is_empty() {
            catch_region
        } else {
            Some(self.new_handler(clauses.clone(), catch_region))
        };
        if let Some(cleanup) = &cleanup {
            let (scopes, loops) = (self.scopes.len(), self.loop_targets.len());
            self.finalizers.push(Finalizer { cleanup: cleanup.clone(), handler: outer, scopes, loops });
        }

        self.current_handler = try_region;
        let start = self.new_block();
        self.goto(start);
        self.switch_to(start);
        if let Some(handler) = try_region.filter(|h| Some(*h) != outer) {
            self.emit(Inst::EnterTry(handler));
        }
        body(self)?;
        self.current_handler = outer;
        let after = self.new_block();
        self.leave_normally(cleanup.is_some(), after)?;
        for (clause, catch) in catches.iter().zip(&clauses) {
            self.current_handler = catch_region;
            self.switch_to(catch.target);
            let variable = Variable { id: catch.exception, ty: Ty::Throwable, constant: None };
            self.scopes.push(vec![(clause.name.to_string(), variable)]);
            self.statement(clause.body)?;
            self.scopes.pop();
            self.leave_normally(cleanup.is_some(), after)?;
        }
        if cleanup.is_some() {
            self.finalizers.pop();
        }
        self.current_handler = outer;
        if let (Some(cleanup), Some((_, exception, target))) = (cleanup, catch_all) {
            self.switch_to(target);
            let span = match &cleanup {
                Cleanup::Finally(block) => self.span(*block),
                Cleanup::Close { span, .. } => span.clone(),
            };
            self.cleanup(cleanup)?;
            self.terminate(Terminator::Rethrow { exception, span });
        }
        self.switch_to(after);
        Ok(())
    }

    /// The end of a try block or catch clause, if it is reachable: the try statement's own
    /// cleanup (the innermost finalizer), then on to `after`.
    fn leave_normally(&mut self, has_cleanup: bool, after: BlockId) -> Lowered<()> {
        if self.current.is_none() {
            return Ok(());
        }
        if has_cleanup {
            self.run_finalizers(self.finalizers.len() - 1)?;
        }
        self.goto(after);
        Ok(())
    }

    fn new_handler(&mut self, catches: Vec<Catch>, outer: Option<HandlerId>) -> HandlerId {
        self.handlers.push(Handler { catches, outer });
        HandlerId(self.handlers.len() as u32 - 1)
    }

    /// Lowers copies of the cleanups of the try statements being left, innermost first, until
    /// `down_to` remain.
    fn run_finalizers(&mut self, down_to: usize) -> Lowered<()> {
        for index in (down_to..self.finalizers.len()).rev() {
            self.run_finalizer(index)?;
        }
        Ok(())
    }

    /// A copy of a cleanup, in the context of its try statement.
    fn run_finalizer(&mut self, index: usize) -> Lowered<()> {
        let finalizers = self.finalizers.split_off(index);
        let Finalizer { cleanup, handler, scopes, loops } = &finalizers[0];
        let (cleanup, handler, scopes, loops) = (cleanup.clone(), *handler, *scopes, *loops);
        let scopes = self.scopes.split_off(scopes);
        let loops = self.loop_targets.split_off(loops);
        let inner_handler = std::mem::replace(&mut self.current_handler, handler);
        let result = self.cleanup(cleanup);
        // Only a jump follows the copy, which cannot throw: the current block may stay.
        self.current_handler = inner_handler;
        self.loop_targets.extend(loops);
        self.scopes.extend(scopes);
        self.finalizers.extend(finalizers);
        result
    }

    fn cleanup(&mut self, cleanup: Cleanup<'t>) -> Lowered<()> {
        if let Some(block) = self.current
            && self.blocks[block.0 as usize].handler != self.current_handler
        {
            let next = self.new_block();
            self.goto(next);
            self.switch_to(next);
        }
        match cleanup {
            Cleanup::Finally(block) => self.statement(block),
            Cleanup::Close { resource, span, closing, filtered_exit } => {
                let early_exit = self.leaving_by.filter(|exit| Some(exit.start_byte()) != filtered_exit);
                match early_exit {
                    Some(exit) if matches!(self.locals[resource.0 as usize].ty, Ty::Jdbc(_) | Ty::Object(_)) => {
                        self.checked_close(resource, span, closing, exit)
                    }
                    _ => self.close_resource(resource, span),
                }
                Ok(())
            }
        }
    }

    /// Closes a resource at an exit whose `if (r != null)` a coverage tool counts: a branch on the
    /// line of the body's closing brace, one per exit and resource (`resources.rs`).
    fn checked_close(&mut self, resource: LocalId, span: Span, closing: Span, exit: Node<'t>) {
        let id = match self.close_branches.get(&(exit.id(), resource)) {
            Some(id) => *id,
            None => {
                let id = BranchId(self.branches.len() as u32);
                self.branches.push(BranchPoint { span: closing, arm: None });
                self.close_branches.insert((exit.id(), resource), id);
                id
            }
        };
        let (close, after) = (self.new_block(), self.new_block());
        let cond = Cond { op: CmpOp::Ne, lhs: Operand::Local(resource), rhs: Operand::Null };
        self.terminate(Terminator::Branch { cond, then_block: close, else_block: after, id });
        self.switch_to(close);
        self.close_resource(resource, span);
        self.goto(after);
        self.switch_to(after);
    }

    /// Closes a try-with-resources resource, as javac's generated `if (r != null) r.close()`
    /// does (a check JaCoCo does not count as a branch, hence no branch here either).
    fn close_resource(&mut self, resource: LocalId, span: Span) {
        if let Ty::Jdbc(_) = self.locals[resource.0 as usize].ty {
            let receiver = Operand::Local(resource);
            self.emit(Inst::Jdbc { dst: None, call: JdbcCall::CloseResource, receiver, args: Vec::new(), span });
        }
    }

    /// The local of the caught exception that `node` names, if it names one.
    fn caught_exception(&self, node: Node) -> Option<LocalId> {
        if node.kind() != "identifier" {
            return None;
        }
        self.lookup(self.text(node)).filter(|v| v.ty == Ty::Throwable).map(|v| v.id)
    }

    fn check_not_exception_receiver(&self, object: Option<Node>, method: &str) -> Lowered<()> {
        match object {
            Some(object) if self.caught_exception(object).is_some() => self.unsupported(
                object,
                format!(
                    "calling '{method}' on the caught exception '{}' (hornet models getMessage(), printStackTrace(), getCause() held in a local, compared with null, tested with instanceof or called getMessage() on, and an SQLException's getSQLState() and getErrorCode(), of the exception or of its cause cast to SQLException)",
                    self.text(object)
                ),
            ),
            _ => Ok(()),
        }
    }

    // ---- conditions ------------------------------------------------------------------------

    /// Lower a boolean expression as jumps to `then_block` if it is true, else `else_block`.
    fn cond(&mut self, node: Node<'t>, then_block: BlockId, else_block: BlockId) -> Lowered<()> {
        let node = skip_parens(node);
        if let Some(c) = self.constant(node) {
            if c.ty != Ty::Boolean {
                return self
                    .error(node, format!("incompatible types: {} cannot be converted to boolean", c.ty));
            }
            self.goto(if c.value != 0 { then_block } else { else_block });
            return Ok(());
        }
        let field = |name| node.child_by_field_name(name);
        match (node.kind(), operator(node, self.source())) {
            ("unary_expression", "!") => {
                let Some(operand) = field("operand") else { return self.error(node, "syntax error") };
                self.cond(operand, else_block, then_block)
            }
            ("binary_expression", op @ ("&&" | "||")) => {
                let (Some(left), Some(right)) = (field("left"), field("right")) else {
                    return self.error(node, "syntax error");
                };
                let right_block = self.new_block();
                if op == "&&" {
                    self.cond(left, right_block, else_block)?;
                } else {
                    self.cond(left, then_block, right_block)?;
                }
                self.switch_to(right_block);
                self.cond(right, then_block, else_block)
            }
            ("binary_expression", op) if comparison_op(op).is_some() => {
                let cond = self.comparison(node)?;
                self.branch(cond, node, then_block, else_block);
                Ok(())
            }
            ("ternary_expression", _) => {
                let (Some(condition), Some(yes), Some(no)) =
                    (field("condition"), field("consequence"), field("alternative"))
                else {
                    return self.error(node, "syntax error");
                };
                let (yes_block, no_block) = (self.new_block(), self.new_block());
                self.cond(condition, yes_block, no_block)?;
                self.switch_to(yes_block);
                self.cond(yes, then_block, else_block)?;
                self.switch_to(no_block);
                self.cond(no, then_block, else_block)
            }
            _ => {
                let value = self.value(node)?;
                let value = self.unboxed(value, node);
                if value.ty != Ty::Boolean {
                    return self.error(
                        node,
                        format!("incompatible types: {} cannot be converted to boolean", value.ty),
                    );
                }
                let cond = Cond { op: CmpOp::Ne, lhs: value.operand, rhs: Operand::Const(0, Ty::Boolean) };
                self.branch(cond, node, then_block, else_block);
                Ok(())
            }
        }
    }

    fn comparison(&mut self, node: Node<'t>) -> Lowered<Cond> {
        let token = operator(node, self.source());
        let (Some(op), Some(left), Some(right)) =
            (comparison_op(token), node.child_by_field_name("left"), node.child_by_field_name("right"))
        else {
            return self.error(node, "syntax error");
        };
        if let Some(cond) = self.exception_null_comparison(op, left, right) {
            return cond;
        }
        if let Some(cond) = self.class_comparison(node, op, left, right) {
            return cond;
        }
        let lhs = self.value(left)?;
        let lhs_is_list_element = self.is_list_element(lhs.operand);
        let lhs = self.stabilise(lhs, &[right]);
        let rhs = self.value(right)?;
        let rhs_is_list_element = self.is_list_element(rhs.operand);
        if lhs_is_list_element && rhs_is_list_element && matches!(op, CmpOp::Eq | CmpOp::Ne) {
            return self.unsupported(
                node,
                format!("'{token}' between two Integers of a List (reference identity; unbox one into an int)"),
            );
        }
        if (lhs_is_list_element && rhs.ty == Ty::Null) || (lhs.ty == Ty::Null && rhs_is_list_element) {
            return self.unsupported(node, "comparing an Integer of a List with null (null elements are not modelled)");
        }
        self.check_optional_comparison(node, token, lhs.ty, rhs.ty)?;
        if let Some(cond) = self.date_comparison(node, token, op, lhs, rhs)? {
            return Ok(cond);
        }
        if let Some(cond) = self.decimal_comparison(node, token, op, lhs, rhs)? {
            return Ok(cond);
        }
        if let Some(cond) = self.boxed_comparison(node, token, op, (lhs, left), (rhs, right))? {
            return Ok(cond);
        }
        match (lhs.ty, rhs.ty) {
            (Ty::Boolean, Ty::Boolean) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::String, Ty::Null) | (Ty::Null, Ty::String) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::Object(a), Ty::Object(b))
                if (a == b || a.as_str() == crate::ir::OBJECT_CLASS || b.as_str() == crate::ir::OBJECT_CLASS)
                    && matches!(op, CmpOp::Eq | CmpOp::Ne) =>
            {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::Jdbc(_), Ty::Null) | (Ty::Null, Ty::Jdbc(_)) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::Object(_), Ty::Null) | (Ty::Null, Ty::Object(_)) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::Enum(a), Ty::Enum(b)) if a == b && matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::Enum(_), Ty::Null) | (Ty::Null, Ty::Enum(_)) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::Array(a), Ty::Array(b)) if a == b && matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::Array(_), Ty::Null) | (Ty::Null, Ty::Array(_)) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::List(_), Ty::List(_) | Ty::Null) | (Ty::Null, Ty::List(_)) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::Map(..), Ty::Map(..) | Ty::Null) | (Ty::Null, Ty::Map(..)) if matches!(op, CmpOp::Eq | CmpOp::Ne) => {
                Ok(Cond { op, lhs: lhs.operand, rhs: rhs.operand })
            }
            (Ty::String, Ty::String) if matches!(op, CmpOp::Eq | CmpOp::Ne) => self.unsupported(
                node,
                format!("'{token}' between two Strings (reference identity; use equals)"),
            ),
            (a, b) if is_number(a) && is_number(b) => {
                let ty = promote(lhs.ty, rhs.ty);
                let lhs = self.coerce(lhs, ty, left)?;
                let rhs = self.coerce(rhs, ty, right)?;
                Ok(Cond { op, lhs, rhs })
            }
            (a, b) => self.error(node, format!("bad operand types for '{token}': {a} and {b}")),
        }
    }

    // ---- values ----------------------------------------------------------------------------

    fn constant(&self, node: Node<'t>) -> Option<Const> {
        let locals = |name: &str| match self.lookup(name) {
            None => LocalName::NotLocal,
            Some(Variable { constant: Some(c), .. }) => LocalName::Constant(c),
            Some(_) => LocalName::Variable,
        };
        self.index.constant(node, self.class, &locals)
    }

    /// The text of a `static final` String constant named by `node` (or `+` of constants),
    /// as javac folds it.
    fn string_constant(&self, node: Node<'t>) -> Option<String> {
        if !matches!(node.kind(), "identifier" | "field_access" | "binary_expression") {
            return None;
        }
        self.index.string_constant(node, self.class, &|name| self.lookup(name).is_some() || self.is_own_instance_field(name))
    }

    /// Lower an expression whose value is used.
    fn value(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let node = skip_parens(node);
        if let Some(c) = self.constant(node) {
            return Ok(Typed { operand: Operand::Const(c.value, c.ty), ty: c.ty });
        }
        if let Some(text) = self.string_constant(node) {
            return Ok(Typed { operand: self.intern(text), ty: Ty::String });
        }
        let token = operator(node, self.source());
        match node.kind() {
            "identifier" => self.name(node),
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal" => self.error(node, "integer number too large"),
            "string_literal" => self.string_literal(node),
            "character_literal" => match char_literal(self.text(node)) {
                Some(code) => Ok(Typed { operand: Operand::Const(code, Ty::Char), ty: Ty::Char }),
                None => self.unsupported(node, format!("character literal {}", self.text(node))),
            },
            "decimal_floating_point_literal" => {
                let spelled = self.text(node);
                let ty = if spelled.ends_with(['f', 'F']) { Ty::Float } else { Ty::Double };
                match crate::ir::floating_units(spelled) {
                    Some(units) => Ok(Typed { operand: Operand::Const(units, ty), ty }),
                    None => self.unsupported(
                        node,
                        format!("{ty} literal '{spelled}' (not a multiple of 2^-8 within 2^40: the JVM rounds it, the model keeps exact values only)"),
                    ),
                }
            }
            "null_literal" => Ok(Typed { operand: Operand::Null, ty: Ty::Null }),
            "binary_expression" => {
                if token == "+" {
                    self.plus(node)
                } else if let Some(op) = arithmetic_op(token) {
                    self.arithmetic(node, op)
                } else if comparison_op(token).is_some() || matches!(token, "&&" | "||") {
                    self.boolean_value(node)
                } else if matches!(token, "<<" | ">>" | ">>>") {
                    self.unsupported(node, format!("shift operator '{token}'"))
                } else {
                    self.unsupported(
                        node,
                        format!("operator '{token}' (bitwise and non-short-circuit operators)"),
                    )
                }
            }
            "unary_expression" => self.unary(node, token),
            "cast_expression" => self.cast(node),
            "instanceof_expression" => self.instance_of(node),
            "ternary_expression" => self.ternary(node),
            "assignment_expression" => self.assignment(node),
            "update_expression" => self.update(node, true),
            "method_invocation" => match self.call(node, true)? {
                Some(value) => Ok(value),
                None => self.error(node, "a void method call has no value"),
            },
            "field_access" => match self.enum_constant(node).or_else(|| self.enum_values_length(node)) {
                Some(constant) => Ok(constant),
                None => self.field_access(node),
            },
            "this" => self.this(node),
            "array_creation_expression" => self.array_creation(node),
            "array_access" => self.array_access(node),
            "switch_expression" => self.switch_value(node),
            "object_creation_expression" if self.is_standard_input_scanner(node) => {
                let dst = self.new_temp(Ty::Scanner);
                let span = self.span(node);
                self.emit(Inst::Input { dst: Some(dst), call: InputCall::OpenStandardInput, receiver: Operand::Null, span });
                Ok(Typed { operand: Operand::Local(dst), ty: Ty::Scanner })
            }
            "object_creation_expression" if self.is_list_creation(node) => self.new_list(node),
            "object_creation_expression" if let Some(class) = self.created_map(node) => self.new_map(node, class),
            "object_creation_expression" if let Some(class) = self.created_date(node) => self.new_date(node, class),
            "object_creation_expression" if self.creates_decimal(node) => self.new_decimal(node),
            "object_creation_expression" => match self.new_object(node)? {
                Some(object) => Ok(object),
                None => self.unsupported(node, describe_expression(node.kind(), self.text(node))),
            },
            kind => self.unsupported(node, describe_expression(kind, self.text(node))),
        }
    }

    /// A simple name that is not a constant: a local variable, or a field that is not analysed.
    fn name(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let name = self.text(node);
        if let Some(variable) = self.lookup(name) {
            if self.text_only.contains(&variable.id) {
                return self.unsupported(
                    node,
                    format!("using '{name}' as a Java value: it holds SQL text, {LONG_STRING}, which only JDBC calls may take"),
                );
            }
            if self.builders.contains(&variable.id) {
                return self.unsupported(
                    node,
                    format!("using the StringBuilder '{name}' as a value (only its append, toString and length, and string concatenation, are modelled: a builder that escapes is shared)"),
                );
            }
            if variable.ty == Ty::Throwable {
                return self.unsupported(
                    node,
                    format!("using the caught exception '{name}' as a value (hornet models 'throw {name}', '{name}' as the cause of a new exception, a local holding it or its getCause(), comparing it with null, and its getMessage())"),
                );
            }
            return Ok(Typed { operand: Operand::Local(variable.id), ty: variable.ty });
        }
        if self.is_own_instance_field(name) {
            return self.implicit_field(node);
        }
        let class = self.class.fq_name.clone();
        if let Some(place) = self.static_field(&class, name, node)? {
            return Ok(self.read_place(&place, node));
        }
        // A constant named in a static method of its own enum.
        if let Some(e) = self.index.types.enums.get(&class).copied()
            && let Some(position) = e.index_of(name)
        {
            return Ok(Typed { operand: Operand::Const(position as i64, Ty::Enum(e)), ty: Ty::Enum(e) });
        }
        self.unsupported(node, format!("name '{name}', which is neither a local variable nor a constant"))
    }

    /// A copy of `value` if it is a variable that one of `later` operands may assign: Java
    /// evaluates operands left to right, so the value read first must not see the assignment.
    fn stabilise(&mut self, value: Typed, later: &[Node<'t>]) -> Typed {
        match value.operand {
            Operand::Local(id) if !self.is_temp(id) && later.iter().any(|n| assigns(*n)) => {
                self.temp(value.ty, Rvalue::Use(value.operand))
            }
            _ => value,
        }
    }

    /// Convert `value` to `to` as an assignment, argument or return does (only int to long).
    fn coerce(&mut self, value: Typed, to: Ty, at: Node<'t>) -> Lowered<Operand> {
        match (value.ty, to, value.operand) {
            (from, to, operand) if from == to => Ok(operand),
            (Ty::Int, Ty::Long, Operand::Const(c, _)) => Ok(Operand::Const(c, Ty::Long)),
            (Ty::Int, Ty::Long, operand) => Ok(self.temp(Ty::Long, Rvalue::Convert { operand, to }).operand),
            // Widening a byte, short or char to a wider integer keeps the value (JLS 5.1.2).
            (Ty::Byte | Ty::Short | Ty::Char, Ty::Int | Ty::Long, Operand::Const(c, _)) => Ok(Operand::Const(c, to)),
            (Ty::Byte | Ty::Short | Ty::Char, Ty::Int | Ty::Long, operand) | (Ty::Byte, Ty::Short, operand) => Ok(operand),
            (Ty::Byte | Ty::Short | Ty::Char, Ty::Double | Ty::Float, operand) => {
                Ok(self.temp(to, Rvalue::Convert { operand, to }).operand)
            }
            // A constant int that fits a byte, short or char is assigned to one (JLS 5.2).
            (Ty::Int, Ty::Byte | Ty::Short | Ty::Char, Operand::Const(c, _))
                if to.range().is_some_and(|(min, max)| (min..=max).contains(&c)) =>
            {
                Ok(Operand::Const(c, to))
            }
            // Widening to double or float (JLS 5.1.2): an integer constant that fits is exact.
            (Ty::Int | Ty::Long, Ty::Double | Ty::Float, Operand::Const(c, _))
                if let Some(units) = c.checked_mul(1 << crate::ir::FLOATING_UNIT_BITS).filter(|u| u.unsigned_abs() <= 1 << 24) =>
            {
                Ok(Operand::Const(units, to))
            }
            (Ty::Float, Ty::Double, Operand::Const(c, _)) => Ok(Operand::Const(c, Ty::Double)),
            (Ty::Int | Ty::Long | Ty::Float, Ty::Double, operand) | (Ty::Int | Ty::Long, Ty::Float, operand) => {
                Ok(self.temp(to, Rvalue::Convert { operand, to }).operand)
            }
            (
                Ty::Null,
                Ty::String
                | Ty::Object(_)
                | Ty::Array(_)
                | Ty::List(_)
                | Ty::Jdbc(_)
                | Ty::Boxed(_)
                | Ty::Enum(_)
                | Ty::Date(_)
                | Ty::Decimal
                | Ty::Optional(_)
                | Ty::Map(..),
                operand,
            ) => Ok(operand),
            // A java.sql.Date or Timestamp is a java.util.Date, of the same instant.
            (Ty::Date(from), Ty::Date(DateClass::Util), operand) if from.is_util_date() => Ok(operand),
            (Ty::Array(_), Ty::AnyObject, operand) => Ok(operand),
            // Unboxing, then widening (`long n = anInteger;`).
            (Ty::Boxed(_), Ty::Int | Ty::Long | Ty::Boolean | Ty::Double | Ty::Float | Ty::Byte | Ty::Short | Ty::Char, _) => {
                let value = self.unboxed(value, at);
                self.coerce(value, to, at)
            }
            // Boxing, of the box's own primitive only (`Long n = 1;` does not compile).
            (from, Ty::Boxed(primitive), _) if from == primitive.ty() => Ok(self.boxed(value, primitive, at).operand),
            // `Optional.empty()` holds nothing, so it is an Optional of any type; `Optional.of`
            // of a subclass's object is inferred as an Optional of the target's class.
            (Ty::Optional(Held::Unknown), Ty::Optional(_), operand) => Ok(operand),
            (Ty::Optional(Held::Object(sub)), Ty::Optional(Held::Object(sup)), operand)
                if self.index.is_subtype(sub.as_str(), sup.as_str()) =>
            {
                Ok(operand)
            }
            (Ty::Map(..), Ty::Map(key, value), Operand::Local(id)) if self.diamond_maps.remove(&id) => {
                // `new HashMap<>()` takes its type arguments from where it goes, as a list does.
                self.locals[id.0 as usize].ty = Ty::Map(key, value);
                Ok(Operand::Local(id))
            }
            (Ty::List(_), Ty::List(elem), Operand::Local(id)) if self.diamond_lists.remove(&id) => {
                // `new ArrayList<>()` takes its element type from where it goes (JLS 18.5.2).
                self.locals[id.0 as usize].ty = Ty::List(elem);
                Ok(Operand::Local(id))
            }
            (Ty::Object(sub), Ty::Object(sup), operand) if self.index.is_subtype(sub.as_str(), sup.as_str()) => {
                // An object created here has its shape already.
                if let Operand::Local(id) = operand
                    && !self.allocated.contains_key(&id)
                {
                    self.emit(Inst::Shape { object: operand, class: sub });
                }
                Ok(operand)
            }
            (Ty::Long, Ty::Int, _) => {
                self.error(at, "incompatible types: possible lossy conversion from long to int")
            }
            (from, to, _) => {
                self.error(at, format!("incompatible types: {from} cannot be converted to {to}"))
            }
        }
    }

    /// A number: an int or a long, a box of one unboxed.
    fn numeric(&mut self, value: Typed, at: Node<'t>) -> Lowered<Typed> {
        let value = match value.ty {
            Ty::Boxed(primitive) if primitive != Primitive::Boolean => self.unboxed(value, at),
            _ => value,
        };
        match value.ty {
            ty if is_number(ty) => Ok(value),
            ty => self.error(at, format!("bad operand type {ty}: a number is expected")),
        }
    }

    fn arithmetic(&mut self, node: Node<'t>, op: BinOp) -> Lowered<Typed> {
        let (Some(left), Some(right)) = (node.child_by_field_name("left"), node.child_by_field_name("right"))
        else {
            return self.error(node, "syntax error");
        };
        let lhs = self.value(left)?;
        let lhs = self.numeric(lhs, left)?;
        let lhs = self.stabilise(lhs, &[right]);
        let rhs = self.value(right)?;
        let rhs = self.numeric(rhs, right)?;
        let ty = promote(lhs.ty, rhs.ty);
        if matches!(ty, Ty::Double | Ty::Float) && matches!(op, BinOp::Div | BinOp::Rem) {
            let token = operator(node, self.source());
            let why = if op == BinOp::Div { "it rounds" } else { "a zero divisor gives NaN, which the model does not have" };
            return self.unsupported(node, format!("'{token}' of {ty} values ({why}; +, -, * and comparisons are modelled)"));
        }
        let lhs = self.coerce(lhs, ty, left)?;
        let rhs = self.coerce(rhs, ty, right)?;
        let span = self.operator_span(node);
        Ok(self.temp(ty, Rvalue::Binary { op, lhs, rhs, ty, span }))
    }

    /// `+`: string concatenation when either operand is a String, else arithmetic.
    fn plus(&mut self, node: Node<'t>) -> Lowered<Typed> {
        self.sum_or_concatenation(node, false)
    }

    /// `+`; when `printed`, the text only goes to the console (`println("x: " + d)`), and the
    /// text of a double or float in it, which no test observes, is left out (its operand is
    /// still evaluated): Java's text of every such number need not be modelled there.
    fn sum_or_concatenation(&mut self, node: Node<'t>, printed: bool) -> Lowered<Typed> {
        let (Some(left), Some(right)) = (node.child_by_field_name("left"), node.child_by_field_name("right"))
        else {
            return self.error(node, "syntax error");
        };
        let lhs = self.plus_operand(left, printed)?;
        let lhs = self.stabilise(lhs, &[right]);
        let rhs = self.plus_operand(right, printed)?;
        let is_text = |ty: Ty| ty.is_reference() && !matches!(ty, Ty::Boxed(_));
        if !is_text(lhs.ty) && !is_text(rhs.ty) {
            let lhs = self.numeric(lhs, left)?;
            let rhs = self.numeric(rhs, right)?;
            let ty = promote(lhs.ty, rhs.ty);
            let lhs = self.coerce(lhs, ty, left)?;
            let rhs = self.coerce(rhs, ty, right)?;
            let span = self.operator_span(node);
            return Ok(self.temp(ty, Rvalue::Binary { op: BinOp::Add, lhs, rhs, ty, span }));
        }
        let is_floating = |ty: Ty| matches!(ty, Ty::Double | Ty::Float | Ty::Boxed(Primitive::Double | Primitive::Float));
        let lhs = if printed && is_floating(lhs.ty) { self.intern(String::new()) } else { self.as_string(lhs, left)? };
        let rhs = if printed && is_floating(rhs.ty) { self.intern(String::new()) } else { self.as_string(rhs, right)? };
        Ok(self.temp(Ty::String, Rvalue::Concat { lhs, rhs }))
    }

    /// An operand of `+`: a nested `+` of printed text is printed text too.
    fn plus_operand(&mut self, node: Node<'t>, printed: bool) -> Lowered<Typed> {
        let inner = skip_parens(node);
        if printed && is_plus(inner, self.source()) {
            return self.sum_or_concatenation(inner, true);
        }
        self.concatenation_operand(node)
    }

    /// Whether a double or float expression is never -0.0, which the model keeps as 0.0 and
    /// whose text is "-0.0": a literal, a parameter the method never assigns, a value a
    /// `ResultSet` getter reads (the database holds what the test put there), or a sum or
    /// difference of such values.
    fn never_negative_zero(&self, node: Node<'t>) -> bool {
        let node = skip_parens(node);
        match node.kind() {
            "decimal_floating_point_literal" | "decimal_integer_literal" => true,
            // -0.0 + -0.0 and -0.0 - 0.0 are the only sums and differences that are -0.0.
            "binary_expression" if matches!(operator(node, self.source()), "+" | "-") => ["left", "right"]
                .iter()
                .all(|side| node.child_by_field_name(side).is_some_and(|n| self.never_negative_zero(n))),
            "identifier" => {
                let name = self.text(node);
                self.lookup(name).is_some_and(|v| v.id.0 < self.parameters) && !self.reassigned.contains(name)
            }
            "method_invocation" => {
                let getter = node.child_by_field_name("name").is_some_and(|n| matches!(self.text(n), "getDouble" | "getFloat"));
                let result_set = node.child_by_field_name("object").is_some_and(|o| {
                    self.lookup(self.text(o)).is_some_and(|v| v.ty == Ty::Jdbc(crate::ir::JdbcType::ResultSet))
                });
                getter && result_set
            }
            _ => false,
        }
    }

    /// An operand of `+`: a value, or a builder's String (`"" + sb` calls its `toString()`).
    fn concatenation_operand(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let inner = skip_parens(node);
        match self.builder_receiver(inner).filter(|_| inner.kind() == "identifier") {
            Some(builder) => self.builder_value(builder, inner),
            None => self.value(node),
        }
    }

    /// An operand of string concatenation: Strings as they are, constants as their text.
    fn as_string(&mut self, value: Typed, at: Node<'t>) -> Lowered<Operand> {
        match (value.ty, value.operand) {
            (Ty::String | Ty::Null, operand) => Ok(operand),
            (Ty::Boolean, Operand::Const(v, _)) => Ok(self.intern((if v != 0 { "true" } else { "false" }).into())),
            (Ty::Int | Ty::Long, Operand::Const(v, _)) => Ok(self.intern(v.to_string())),
            (ty @ (Ty::Double | Ty::Float | Ty::Boxed(Primitive::Double | Primitive::Float)), operand) => {
                let unsigned_zero = self.never_negative_zero(at);
                Ok(self.temp(Ty::String, Rvalue::FloatingText { operand, ty, unsigned_zero }).operand)
            }
            // A char is the text of its one code (a known one is text at once).
            (Ty::Char, Operand::Const(v, _)) => match char::from_u32(v as u32) {
                Some(c) => Ok(self.intern(c.to_string())),
                None => Ok(self.temp(Ty::String, Rvalue::Text { operand: Operand::Const(v, Ty::Char), ty: Ty::Char }).operand),
            },
            (Ty::Char, operand) => Ok(self.temp(Ty::String, Rvalue::Text { operand, ty: Ty::Char }).operand),
            // A byte or short is written as the int it is.
            (Ty::Byte | Ty::Short, operand) => Ok(self.temp(Ty::String, Rvalue::Text { operand, ty: Ty::Int }).operand),
            (ty @ (Ty::Int | Ty::Long | Ty::Boolean | Ty::Boxed(_)), operand) => {
                Ok(self.temp(Ty::String, Rvalue::Text { operand, ty }).operand)
            }
            (ty @ Ty::Enum(_), operand) => Ok(self.temp(Ty::String, Rvalue::Text { operand, ty }).operand),
            // String.valueOf of a date whose class fixes its text (not a java.util.Date, which
            // may hold any of the java.sql dates), "null" for null.
            (ty @ Ty::Date(class), operand) if class != DateClass::Util => {
                let callee = MethodKey { class: crate::java::library::STRING.into(), name: "valueOf".into(), params: vec![ty] };
                let dst = self.new_temp(Ty::String);
                let span = self.span(at);
                self.emit(Inst::Call { dst: Some(dst), callee, args: vec![operand], span });
                Ok(Operand::Local(dst))
            }
            (ty, _) => self.unsupported(at, format!("converting a {ty} to a String")),
        }
    }

    /// Text of a known length is a Java value of any length (only strings a path chooses are
    /// bounded by `STRING_MAX_LENGTH`).
    fn intern(&mut self, text: String) -> Operand {
        let index = match self.strings.iter().position(|s| *s == text) {
            Some(i) => i,
            None => {
                self.strings.push(text);
                self.strings.len() - 1
            }
        };
        Operand::Str(index as u32)
    }

    fn string_literal(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let Some(text) = string_literal_value(self.text(node)) else {
            let what = if self.text(node).contains(char::REPLACEMENT_CHARACTER) {
                "a string literal with U+FFFD or bytes that are not UTF-8"
            } else {
                "this string literal (an escape sequence hornet does not read)"
            };
            return self.unsupported(node, what);
        };
        let operand = self.intern(text);
        Ok(Typed { operand, ty: Ty::String })
    }

    /// A boolean expression used as a value: javac compiles it to jumps to code pushing 1 or 0.
    fn boolean_value(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let result = self.new_temp(Ty::Boolean);
        let (true_block, false_block, join) = (self.new_block(), self.new_block(), self.new_block());
        self.cond(node, true_block, false_block)?;
        for (block, value) in [(true_block, 1), (false_block, 0)] {
            self.switch_to(block);
            self.assign(result, Rvalue::Use(Operand::Const(value, Ty::Boolean)));
            self.goto(join);
        }
        self.switch_to(join);
        Ok(Typed { operand: Operand::Local(result), ty: Ty::Boolean })
    }

    fn unary(&mut self, node: Node<'t>, token: &str) -> Lowered<Typed> {
        let Some(operand_node) = node.child_by_field_name("operand") else {
            return self.error(node, "syntax error");
        };
        match token {
            "!" => self.boolean_value(node),
            "-" | "+" => {
                let value = self.value(operand_node)?;
                let value = self.numeric(value, operand_node)?;
                // Unary numeric promotion: a byte, short or char becomes an int.
                let ty = promote(value.ty, value.ty);
                let operand = self.coerce(value, ty, operand_node)?;
                if token == "+" {
                    return Ok(Typed { operand, ty });
                }
                Ok(self.temp(ty, Rvalue::Neg { operand, ty }))
            }
            _ => self.unsupported(node, format!("operator '{token}' (bitwise operators)")),
        }
    }

    fn cast(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let (Some(type_node), Some(value_node)) =
            (node.child_by_field_name("type"), node.child_by_field_name("value"))
        else {
            return self.error(node, "syntax error");
        };
        let to = self.declared_type(type_node)?;
        let value = self.value(value_node)?;
        match (value.ty, to) {
            (from, to) if from == to => Ok(value),
            (from, to) if is_number(from) && is_number(to) => {
                Ok(self.temp(to, Rvalue::Convert { operand: value.operand, to }))
            }
            (Ty::Object(from), Ty::Object(to)) if self.index.is_subtype(from.as_str(), to.as_str()) => {
                let operand = self.coerce(value, Ty::Object(to), value_node)?;
                Ok(Typed { operand, ty: Ty::Object(to) })
            }
            (Ty::Object(_), Ty::Object(to)) => {
                let classes = self.index.concrete_classes(to.as_str());
                let span = self.span(node);
                self.emit(Inst::CheckCast { object: value.operand, classes, span });
                Ok(self.temp(Ty::Object(to), Rvalue::Use(value.operand)))
            }
            (from, to) => self.error(node, format!("incompatible types: {from} cannot be converted to {to}")),
        }
    }

    fn ternary(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let field = |name| node.child_by_field_name(name);
        let (Some(condition), Some(yes), Some(no)) =
            (field("condition"), field("consequence"), field("alternative"))
        else {
            return self.error(node, "syntax error");
        };
        let (yes_block, no_block, join) = (self.new_block(), self.new_block(), self.new_block());
        self.cond(condition, yes_block, no_block)?;
        // The type of the result depends on both arms: lower them, then assign the result at
        // the end of each (their blocks are still open, as expressions do not jump away).
        self.switch_to(yes_block);
        let yes_value = self.value(yes)?;
        let yes_end = self.current_block();
        self.switch_to(no_block);
        let no_value = self.value(no)?;
        let no_end = self.current_block();
        let boxed = Self::boxed_conditional_type(yes_value.ty, no_value.ty);
        let ty = match (yes_value.ty, no_value.ty) {
            _ if boxed.is_some() => boxed.expect("checked by the guard"),
            (Ty::Boolean, Ty::Boolean) => Ty::Boolean,
            (a, b) if a == b && is_number(a) => a,
            (a, b) if is_number(a) && is_number(b) => promote(a, b),
            (Ty::String, Ty::String | Ty::Null) | (Ty::Null, Ty::String) => Ty::String,
            (Ty::Jdbc(a), Ty::Jdbc(b)) if a == b => Ty::Jdbc(a),
            (Ty::Jdbc(a), Ty::Null) | (Ty::Null, Ty::Jdbc(a)) => Ty::Jdbc(a),
            (Ty::Object(a), Ty::Object(b)) if a == b => Ty::Object(a),
            (Ty::Object(a), Ty::Null) | (Ty::Null, Ty::Object(a)) => Ty::Object(a),
            (Ty::Array(a), Ty::Array(b)) if a == b => Ty::Array(a),
            (Ty::Array(a), Ty::Null) | (Ty::Null, Ty::Array(a)) => Ty::Array(a),
            (Ty::List(a), Ty::List(b)) if a == b => Ty::List(a),
            (Ty::List(a), Ty::Null) | (Ty::Null, Ty::List(a)) => Ty::List(a),
            (Ty::Map(a, b), Ty::Map(c, d)) if (a, b) == (c, d) => Ty::Map(a, b),
            (Ty::Map(a, b), Ty::Null) | (Ty::Null, Ty::Map(a, b)) => Ty::Map(a, b),
            (Ty::Enum(a), Ty::Enum(b)) if a == b => Ty::Enum(a),
            (Ty::Enum(a), Ty::Null) | (Ty::Null, Ty::Enum(a)) => Ty::Enum(a),
            (Ty::Date(a), Ty::Date(b)) if a == b => Ty::Date(a),
            (Ty::Date(a), Ty::Null) | (Ty::Null, Ty::Date(a)) => Ty::Date(a),
            (Ty::Date(a), Ty::Date(b)) if a.is_util_date() && b.is_util_date() => Ty::Date(DateClass::Util),
            (Ty::Decimal, Ty::Decimal | Ty::Null) | (Ty::Null, Ty::Decimal) => Ty::Decimal,
            (Ty::Optional(a), Ty::Optional(b)) if a == b || b == Held::Unknown => Ty::Optional(a),
            (Ty::Optional(Held::Unknown), Ty::Optional(b)) => Ty::Optional(b),
            (Ty::Optional(a), Ty::Null) | (Ty::Null, Ty::Optional(a)) => Ty::Optional(a),
            (a, b) => return self.error(node, format!("incompatible types in conditional: {a} and {b}")),
        };
        let result = self.new_temp(ty);
        // Two Integers of lists give an Integer (JLS 15.25), still compared by reference.
        if self.is_list_element(yes_value.operand) && self.is_list_element(no_value.operand) {
            self.list_elements.insert(result);
        }
        for (end, value, arm) in [(yes_end, yes_value, yes), (no_end, no_value, no)] {
            self.switch_to(end);
            let operand = self.coerce(value, ty, arm)?;
            self.assign(result, Rvalue::Use(operand));
            self.goto(join);
        }
        self.switch_to(join);
        Ok(Typed { operand: Operand::Local(result), ty })
    }

    /// The local variable assigned by `node` (the left side of an assignment or `++`).
    pub(super) fn assigned_variable(&self, target: Node<'t>) -> Lowered<Variable> {
        if target.kind() != "identifier" {
            return self.unsupported(target, format!("assignment to '{}'", self.text(target)));
        }
        let name = self.text(target);
        match self.lookup(name) {
            Some(variable) if variable.constant.is_none() => Ok(variable),
            Some(_) => self.error(target, format!("cannot assign a value to final variable '{name}'")),
            None if self.class.fields.contains_key(name) => {
                self.unsupported(target, format!("assignment to field '{name}'"))
            }
            None => self.error(target, format!("cannot find symbol '{name}'")),
        }
    }

    /// `x = e` and `x op= e`; the value is the variable's new value.
    fn assignment(&mut self, node: Node<'t>) -> Lowered<Typed> {
        let (Some(left), Some(right)) = (node.child_by_field_name("left"), node.child_by_field_name("right"))
        else {
            return self.error(node, "syntax error");
        };
        let token = operator(node, self.source());
        let variable = match self.place(left)? {
            Place::Local(variable) => variable,
            place => return self.place_assignment(node, token, place, right),
        };
        if self.builders.contains(&variable.id) {
            return self.unsupported(node, "using the value of an assignment to a StringBuilder");
        }
        let result = Typed { operand: Operand::Local(variable.id), ty: variable.ty };
        if variable.ty == Ty::String && matches!(token, "=" | "+=") {
            self.string_assignment(variable.id, right, token == "+=")?;
            return Ok(result);
        }
        if token == "=" {
            let value = self.value(right)?;
            let operand = self.coerce(value, variable.ty, right)?;
            self.assign(variable.id, Rvalue::Use(operand));
            return Ok(result);
        }
        let Some(op) = token.strip_suffix('=').and_then(arithmetic_op) else {
            return self.unsupported(node, format!("operator '{token}'"));
        };
        // `x op= e` is `x = (T) (x op e)`, reading x before evaluating e.
        let current = self.numeric(result, left)?;
        let current = self.stabilise(current, &[right]);
        let value = self.value(right)?;
        let value = self.numeric(value, right)?;
        let ty = promote(current.ty, value.ty);
        let lhs = self.coerce(current, ty, left)?;
        let rhs = self.coerce(value, ty, right)?;
        let span = self.operator_span(node);
        let binary = Rvalue::Binary { op, lhs, rhs, ty, span };
        match variable.ty {
            _ if ty == variable.ty => self.assign(variable.id, binary),
            // `n += e` on a box is `n = Integer.valueOf(n.intValue() + e)`.
            Ty::Boxed(primitive) if primitive.ty() == ty => {
                let sum = self.temp(ty, binary);
                let boxed = self.boxed(sum, primitive, node);
                self.assign(variable.id, Rvalue::Use(boxed.operand));
            }
            Ty::Boxed(_) => return self.error(node, format!("incompatible types: {ty} cannot be converted to {}", variable.ty)),
            _ => {
                let wide = self.temp(ty, binary);
                self.assign(variable.id, Rvalue::Convert { operand: wide.operand, to: variable.ty });
            }
        }
        Ok(result)
    }

    /// `x++`, `++x`, `x--`, `--x`; the value is the old one for postfix (copied only when
    /// `want_value`: a statement discards it).
    fn update(&mut self, node: Node<'t>, want_value: bool) -> Lowered<Typed> {
        let Some(target) = children(node).first().copied() else { return self.error(node, "syntax error") };
        let variable = match self.place(target)? {
            Place::Local(variable) => variable,
            place => return self.place_update(node, target, place),
        };
        let current = Typed { operand: Operand::Local(variable.id), ty: variable.ty };
        let token = operator(node, self.source());
        let is_prefix = node.child(0).is_some_and(|first| !first.is_named());
        let old = (want_value && !is_prefix).then(|| self.temp(variable.ty, Rvalue::Use(current.operand)));
        let op = if token == "++" { BinOp::Add } else { BinOp::Sub };
        if let Ty::Boxed(primitive) = variable.ty {
            // `n++` on a box is `n = Integer.valueOf(n.intValue() + 1)`.
            let unboxed = self.numeric(current, target)?;
            let one = Operand::Const(one_of(unboxed.ty), unboxed.ty);
            let span = self.span(node);
            let next = self.temp(unboxed.ty, Rvalue::Binary { op, lhs: unboxed.operand, rhs: one, ty: unboxed.ty, span });
            let boxed = self.boxed(next, primitive, node);
            self.assign(variable.id, Rvalue::Use(boxed.operand));
            return Ok(old.unwrap_or(current));
        }
        self.numeric(current, target)?;
        let one = Operand::Const(one_of(variable.ty), variable.ty);
        let span = self.span(node);
        self.assign(
            variable.id,
            Rvalue::Binary { op, lhs: current.operand, rhs: one, ty: variable.ty, span },
        );
        Ok(old.unwrap_or(current))
    }

    /// A static call; `None` when the method is void or the result is not wanted.
    fn call(&mut self, node: Node<'t>, want_value: bool) -> Lowered<Option<Typed>> {
        if let Some(type_arguments) = node.child_by_field_name("type_arguments") {
            return self.unsupported(type_arguments, "explicit type arguments");
        }
        let Some(name_node) = node.child_by_field_name("name") else {
            return self.error(node, "syntax error");
        };
        let name = self.text(name_node);
        let object = node.child_by_field_name("object");
        if let Some(what) = object.and_then(|o| self.configuration_use(o, name)) {
            return self.unsupported(node, what);
        }
        if let Some(object) = object
            && let Some(printed) = self.printing_call(node, object, name)
        {
            return printed;
        }
        if let Some(object) = object
            && let Some(logged) = self.logging_call(node, object, name)
        {
            return logged;
        }
        if let Some(object) = object
            && let Some(checked) = self.require_non_null(node, object, name)
        {
            return checked;
        }
        if let Some(object) = object
            && let Some(tested) = self.objects_null_test(node, object, name)
        {
            return tested;
        }
        if let Some(object) = object
            && let Some(hashed) = self.objects_hash(node, object, name)
        {
            return hashed;
        }
        if let Some(object) = object
            && let Some(made) = self.optional_factory(node, object, name)
        {
            return made;
        }
        if let Some(object) = object
            && let Some(parsed) = self.date_factory(node, object, name)
        {
            return parsed;
        }
        if let Some(object) = object
            && let Some(loaded) = self.class_for_name(node, object, name, want_value)
        {
            return loaded;
        }
        if let Some(object) = object
            && let Some(told) = self.sql_exception_call(node, object, name, want_value)
        {
            return told;
        }
        if let Some(object) = object
            && let Some(told) = self.caught_exception_call(node, object, name, want_value)
        {
            return told;
        }
        self.check_not_exception_receiver(object, name)?;
        if let Some(object) = object.filter(|o| o.kind() == "super") {
            return self.super_call(node, object, name, want_value);
        }
        if let Some(object) = object
            && let Some(builder) = self.builder_receiver(object)
        {
            return self.builder_method(node, object, builder, name, want_value);
        }
        if let Some(receiver) = object.filter(|o| self.is_value_receiver(*o)) {
            let value = self.value(receiver)?;
            return match value.ty {
                Ty::String => self.string_method(node, value, name, want_value),
                Ty::Jdbc(interface) => self.jdbc_method(node, value, interface, name, want_value),
                Ty::Scanner => self.scanner_method(node, value, name, want_value),
                Ty::Object(class) => self.instance_call(node, value, class, name, want_value),
                Ty::List(_) => self.list_method(node, value, name, want_value),
                Ty::Boxed(primitive) => self.boxed_method(node, value, primitive, name, want_value),
                Ty::Enum(e) => self.enum_method(node, value, e, name),
                Ty::Date(class) => self.date_method(node, value, class, name, want_value),
                Ty::Decimal => self.decimal_method(node, value, name, want_value),
                Ty::Optional(held) => self.optional_method(node, value, held, name, want_value),
                Ty::Map(key, held) => self.map_method(node, value, (key, held), name, want_value),
                ty => self.unsupported(node, format!("calling '{name}' on a {ty}")),
            };
        }
        let own_instance_method = self
            .index
            .supertypes(&self.class.fq_name)
            .iter()
            .any(|c| c.methods.iter().any(|m| m.name == name && m.kind == crate::ir::MethodKind::Instance));
        if object.is_none() && own_instance_method {
            return self.unqualified_call(node, name, want_value);
        }
        if name == "format"
            && object.is_some_and(|o| matches!(self.text(o), "String" | "java.lang.String") && self.lookup(self.text(o)).is_none())
        {
            return self.string_format(node).map(Some);
        }
        if name == "getConnection" && object.is_some_and(|o| self.names_driver_manager(o)) {
            return self.driver_manager_connection(node, want_value);
        }
        let called = match object {
            Some(object) => format!("{}.{name}", self.text(object)),
            None => name.to_string(),
        };
        let unknown = || {
            format!(
                "call to '{called}', which is neither in the analysed sources nor a modelled library method"
            )
        };
        // The overloads that may be called, as (class, parameter types, return type).
        let candidates: Vec<(String, Vec<Ty>, Ty)> = match object {
            None if let Some(e) = self.enum_values_call(node) => return self.enum_static_method(node, e, name),
            None => self.class_overloads(self.class, name),
            Some(object) if matches!(object.kind(), "identifier" | "field_access") => {
                if self.lookup(self.text(object)).is_some() {
                    return self.unsupported(node, unknown());
                }
                if let Some(e) = self.index.types.enum_named(self.text(object), self.class.file)
                    && !self.declares_static_method(e.class().as_str(), name)
                {
                    return self.enum_static_method(node, e, name);
                }
                match self.index.resolve_class(self.text(object), self.class.file) {
                    ClassRef::Analysed(class) => self.class_overloads(class, name),
                    ClassRef::Library(class) => self
                        .index
                        .library
                        .overloads(class, name)
                        .map(|m| (m.key.class.clone(), m.key.params.clone(), m.ret))
                        .collect(),
                    ClassRef::Unknown => Vec::new(),
                }
            }
            Some(_) => Vec::new(),
        };
        if candidates.is_empty() {
            return self.unsupported(node, unknown());
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        if name == "arraycopy" && candidates.iter().any(|(class, ..)| class == "java.lang.System") {
            return self.arraycopy(node, &arguments);
        }
        if let ([argument], true) = (arguments.as_slice(), name == "valueOf")
            && let Some(Variable { ty: ty @ Ty::Boxed(Primitive::Double | Primitive::Float), .. }) =
                self.lookup(self.text(skip_parens(*argument)))
            && candidates.iter().any(|(class, ..)| class == crate::java::library::STRING)
        {
            return self.unsupported(node, format!("String.valueOf of a {ty} (Java calls valueOf(Object), which is not modelled; concatenate it instead)"));
        }
        let (callee, args, ret) = self.resolve_call(&candidates, &arguments, name, &called, node)?;
        if let ([operand], [argument]) = (args.as_slice(), arguments.as_slice())
            && is_floating_text(&callee)
        {
            let unsigned_zero = self.never_negative_zero(*argument);
            let ty = callee.params[0];
            return Ok(Some(self.temp(Ty::String, Rvalue::FloatingText { operand: *operand, ty, unsigned_zero })));
        }
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Call { dst, callee, args, span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// Printing, which changes nothing a test observes: `System.out`/`System.err`'s `print` and
    /// `println` of text, an int, a long or a boolean, and a caught exception's
    /// `printStackTrace()`, as calls of the library methods `java.io.PrintStream.println(...)`
    /// and `java.lang.Throwable.printStackTrace()` (`summaries/java_io_printing.pl`). None
    /// when the call is something else.
    fn printing_call(&mut self, node: Node<'t>, object: Node<'t>, name: &str) -> Option<Lowered<Option<Typed>>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let span = self.span(node);
        if name == "printStackTrace" && arguments.is_empty() && self.caught_exception(object).is_some() {
            let callee = MethodKey { class: crate::java::library::THROWABLE.into(), name: name.into(), params: Vec::new() };
            self.emit(Inst::Call { dst: None, callee, args: Vec::new(), span });
            return Some(Ok(None));
        }
        let standard_stream = matches!(self.text(object), "System.out" | "System.err") && self.lookup("System").is_none();
        if !standard_stream || !matches!(name, "print" | "println") {
            return None;
        }
        Some((|| {
            let mut args = Vec::new();
            let mut params = Vec::new();
            if let [argument] = arguments.as_slice()
                && self.describes_caught_exception_in(*argument)
                && self.check_unevaluated(*argument).is_ok()
            {
                // Text about a caught exception (`e.getMessage()`, whose text may be the JVM's
                // or the database engine's): printed, never observed, so not evaluated.
                params.push(Ty::String);
                args.push(Operand::Null);
            } else if let [argument] = arguments.as_slice() {
                let inner = skip_parens(*argument);
                let value = if is_plus(inner, self.source()) {
                    self.sum_or_concatenation(inner, true)?
                } else {
                    self.value(*argument)?
                };
                params.push(if value.ty == Ty::Null { Ty::String } else { value.ty });
                args.push(value.operand);
            }
            let callee = MethodKey { class: crate::java::library::PRINT_STREAM.into(), name: name.into(), params };
            if self.index.library.return_type(&callee).is_none() {
                return self.unsupported(
                    node,
                    format!("printing with '{callee}' (text, int, long, boolean, double and float values are modelled)"),
                );
            }
            self.emit(Inst::Call { dst: None, callee, args, span });
            Ok(None)
        })())
    }

    /// Whether `object` names `java.sql.DriverManager` (imported, or qualified).
    fn names_driver_manager(&self, object: Node<'t>) -> bool {
        let spelled = self.text(object);
        let qualified = match self.class.file.imports.get(spelled) {
            Some(imported) => imported.as_str(),
            None => spelled,
        };
        qualified == crate::java::library::DRIVER_MANAGER && self.lookup(spelled).is_none()
    }

    /// Whether a call's object is a value (a local, a literal, or an expression that is neither
    /// a plain name nor a field access, which may name a class).
    fn is_value_receiver(&self, object: Node<'t>) -> bool {
        let object = skip_parens(object);
        match object.kind() {
            "identifier" => {
                self.lookup(self.text(object)).is_some()
                    || self.is_own_field(self.text(object))
                    || self.string_constant(object).is_some()
            }
            "field_access" => {
                !self.names_class(object) || self.enum_constant(object).is_some() || self.string_constant(object).is_some()
            }
            _ => true,
        }
    }

    /// A call of a `java.lang.String` method: a library call with the receiver first.
    fn string_method(&mut self, node: Node<'t>, value: Typed, name: &str, want_value: bool) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let mut values = vec![self.stabilise(value, &arguments)];
        for (i, argument) in arguments.iter().enumerate() {
            let value = self.value(*argument)?;
            values.push(self.stabilise(value, &arguments[i + 1..]));
        }
        let params: Vec<Ty> = values.iter().map(|v| if v.ty == Ty::Null { Ty::String } else { v.ty }).collect();
        let callee = MethodKey { class: "java.lang.String".into(), name: name.to_string(), params };
        let Some(ret) = self.index.library.return_type(&callee) else {
            return self.unsupported(node, format!("String method '{name}' with these arguments (not modelled)"));
        };
        let args = values.into_iter().map(|v| v.operand).collect();
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Call { dst, callee, args, span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// `new Scanner(System.in)`.
    fn is_standard_input_scanner(&self, node: Node<'t>) -> bool {
        let class = node.child_by_field_name("type").map(|t| self.text(t));
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        matches!(class, Some("Scanner" | "java.util.Scanner"))
            && matches!(arguments.as_slice(), [only] if self.text(*only) == "System.in")
            && !children(node).iter().any(|c| c.kind() == "class_body")
    }

    fn scanner_method(&mut self, node: Node<'t>, receiver: Typed, name: &str, want_value: bool) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let (call, ret) = match (name, arguments.len()) {
            ("nextInt", 0) => (InputCall::NextInt, Ty::Int),
            ("nextLong", 0) => (InputCall::NextLong, Ty::Long),
            ("hasNextInt" | "hasNextLong" | "hasNext", 0) => (InputCall::HasNext, Ty::Boolean),
            ("close", 0) => (InputCall::Close, Ty::Void),
            _ => {
                return self.unsupported(
                    node,
                    format!("Scanner method '{name}' with {} argument(s) (not modelled)", arguments.len()),
                );
            }
        };
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Input { dst, call, receiver: receiver.operand, span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    fn class_overloads(&self, class: &ClassInfo, name: &str) -> Vec<(String, Vec<Ty>, Ty)> {
        class
            .methods
            .iter()
            .filter(|m| m.name == name && m.kind == crate::ir::MethodKind::Static)
            .map(|m| (class.fq_name.clone(), m.params.clone(), m.ret))
            .collect()
    }
}

/// The overload to call (JLS 15.12.2, restricted to int, long and boolean): one whose
/// parameters are exactly the argument types, else the most specific of those applicable by
/// widening int to long, else (phase 2) of those applicable with boxing and unboxing too.
/// `None` if there is none or no most specific one.
fn choose_overload(candidates: &[(String, Vec<Ty>, Ty)], args: &[Ty], index: &Index) -> Option<usize> {
    let widens = |from: Ty, to: Ty| {
        from == to
            || matches!((from, to), (Ty::Object(sub), Ty::Object(sup)) if index.is_subtype(sub.as_str(), sup.as_str()))
            || widens_primitive(from, to)
            || (from == Ty::Null
                && matches!(
                    to,
                    Ty::String
                        | Ty::Object(_)
                        | Ty::Array(_)
                        | Ty::List(_)
                        | Ty::Map(..)
                        | Ty::Boxed(_)
                        | Ty::Enum(_)
                        | Ty::Date(_)
                        | Ty::Decimal
                        | Ty::Optional(_)
                ))
            || (matches!(from, Ty::Date(class) if class.is_util_date()) && to == Ty::Date(DateClass::Util))
            || (matches!(from, Ty::Array(_)) && to == Ty::AnyObject)
    };
    // Boxing to the primitive's own box; unboxing, then widening.
    let converts = |from: Ty, to: Ty| {
        widens(from, to)
            || matches!(to, Ty::Boxed(p) if p.ty() == from)
            || matches!(from, Ty::Boxed(p) if widens(p.ty(), to))
    };
    let applicable_to = |params: &[Ty], args: &[Ty]| {
        params.len() == args.len() && args.iter().zip(params).all(|(a, p)| widens(*a, *p))
    };
    let applicable_by_conversion_to = |params: &[Ty], args: &[Ty]| {
        params.len() == args.len() && args.iter().zip(params).all(|(a, p)| converts(*a, *p))
    };
    if let Some(exact) = candidates.iter().position(|(_, params, _)| params.as_slice() == args) {
        return Some(exact);
    }
    let mut applicable: Vec<usize> =
        (0..candidates.len()).filter(|i| applicable_to(&candidates[*i].1, args)).collect();
    if applicable.is_empty() {
        applicable = (0..candidates.len()).filter(|i| applicable_by_conversion_to(&candidates[*i].1, args)).collect();
    }
    let most_specific: Vec<usize> = applicable
        .iter()
        .copied()
        .filter(|i| applicable.iter().all(|j| applicable_to(&candidates[*j].1, &candidates[*i].1)))
        .collect();
    match most_specific.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// Widening primitive conversion (JLS 5.1.2), but from char: the library's overloads for a
/// char (`String.valueOf(char)`, `println(char)`) are not modelled, and widening would pick
/// the int one, whose text differs.
fn widens_primitive(from: Ty, to: Ty) -> bool {
    let rank = |ty: Ty| match ty {
        Ty::Byte => Some(0),
        Ty::Short => Some(1),
        Ty::Int => Some(2),
        Ty::Long => Some(3),
        Ty::Float => Some(4),
        Ty::Double => Some(5),
        _ => None,
    };
    matches!((rank(from), rank(to)), (Some(a), Some(b)) if a < b)
}

/// Whether `node` is a binary `+`.
fn is_plus(node: Node, source: &str) -> bool {
    node.kind() == "binary_expression" && operator(node, source) == "+"
}

/// The library methods that write a double's or float's text (`String.valueOf(double)`,
/// `Double.toString(double)`, and their float forms), lowered to `Rvalue::FloatingText`.
fn is_floating_text(callee: &MethodKey) -> bool {
    let one_number = matches!(callee.params.as_slice(), [Ty::Double | Ty::Float]);
    let named = match callee.class.as_str() {
        crate::java::library::STRING => callee.name == "valueOf",
        "java.lang.Double" | "java.lang.Float" => callee.name == "toString",
        _ => false,
    };
    one_number && named
}

/// The simple names assigned or incremented anywhere under `node`.
fn assigned_names(node: Node, source: &str) -> HashSet<String> {
    let mut names = HashSet::new();
    let mut pending = vec![node];
    while let Some(node) = pending.pop() {
        let target = match node.kind() {
            "assignment_expression" => node.child_by_field_name("left"),
            "update_expression" => children(node).first().copied(),
            _ => None,
        };
        if let Some(target) = target.map(skip_parens).filter(|t| t.kind() == "identifier") {
            names.insert(text(target, source).to_string());
        }
        pending.extend(children(node));
    }
    names
}

/// Whether evaluating `node` may assign a local variable.
fn assigns(node: Node) -> bool {
    matches!(node.kind(), "assignment_expression" | "update_expression")
        || children(node).into_iter().any(assigns)
}

/// The UTF-16 code unit of a character literal (`'a'`, `'\n'`, `'\u00e9'`, `'\''`), if it is one.
fn char_literal(spelled: &str) -> Option<i64> {
    let inner = spelled.strip_prefix('\'')?.strip_suffix('\'')?;
    let code = match inner.strip_prefix('\\') {
        None => {
            let mut chars = inner.chars();
            let c = chars.next()?;
            if chars.next().is_some() || u32::from(c) > 0xFFFF {
                return None;
            }
            u32::from(c)
        }
        Some(escape) => match escape {
            "n" => 10,
            "t" => 9,
            "r" => 13,
            "b" => 8,
            "f" => 12,
            "s" => 32,
            "'" => 39,
            "\"" => 34,
            "\\" => 92,
            _ if escape.starts_with('u') => u32::from_str_radix(escape.trim_start_matches('u'), 16).ok()?,
            _ => u32::from_str_radix(escape, 8).ok().filter(|c| *c <= 0o377)?,
        },
    };
    Some(i64::from(code))
}

/// The constant 1 of a number type: a double's or float's is in units.
pub(super) fn one_of(ty: Ty) -> i64 {
    if matches!(ty, Ty::Double | Ty::Float) { 1 << crate::ir::FLOATING_UNIT_BITS } else { 1 }
}

/// The description of an expression that is not supported.
fn describe_expression(kind: &str, spelled: &str) -> String {
    match kind {
        "string_literal" => "string value".to_string(),
        "character_literal" => "type 'char'".to_string(),
        "decimal_floating_point_literal" | "hex_floating_point_literal" => {
            let ty = if spelled.ends_with(['f', 'F']) { "float" } else { "double" };
            format!("type '{ty}'")
        }
        "null_literal" => "'null'".to_string(),
        "this" => "'this'".to_string(),
        "object_creation_expression" => {
            "object creation ('new' is only supported in 'throw new ...')".to_string()
        }
        "array_creation_expression" | "array_access" | "array_initializer" => "arrays".to_string(),
        "lambda_expression" => "lambda expression".to_string(),
        "method_reference" => "method reference".to_string(),
        "switch_expression" => "switch".to_string(),
        "class_literal" => "class literal".to_string(),
        _ => {
            let first_line: String = spelled.lines().next().unwrap_or("").chars().take(40).collect();
            format!("expression '{first_line}'")
        }
    }
}

impl MethodLowering<'_, '_> {
    /// The blocks reachable from the entry, with their original ids, in their original order.
    fn reachable_blocks(&mut self, method_span: Span) -> Lowered<Vec<(BlockId, Block)>> {
        let mut reached = vec![false; self.blocks.len()];
        let mut pending = vec![0usize];
        while let Some(b) = pending.pop() {
            if reached[b] {
                continue;
            }
            reached[b] = true;
            let mut handler = self.blocks[b].handler;
            while let Some(h) = handler {
                let handler_info = &self.handlers[h.0 as usize];
                pending.extend(handler_info.catches.iter().map(|c| c.target.0 as usize));
                handler = handler_info.outer;
            }
            match &self.blocks[b].term {
                Some(Terminator::Goto(t)) => pending.push(t.0 as usize),
                Some(Terminator::Branch { then_block, else_block, .. }) => {
                    pending.push(then_block.0 as usize);
                    pending.push(else_block.0 as usize);
                }
                Some(_) => {}
                None => return Err(Diagnostic::error(method_span, "internal error: unterminated block")),
            }
        }
        let blocks = std::mem::take(&mut self.blocks);
        Ok(blocks
            .into_iter()
            .enumerate()
            .filter(|(i, _)| reached[*i])
            .filter_map(|(i, b)| {
                Some((BlockId(i as u32), Block { insts: b.insts, term: b.term?, handler: b.handler }))
            })
            .collect())
    }
}

/// Number the reachable blocks, branches and loops densely, keeping their order.
fn renumber(
    blocks: Vec<(BlockId, Block)>,
    branches: &[BranchPoint],
    loops: &[Loop],
) -> (Vec<Block>, Vec<BranchPoint>, Vec<Loop>) {
    let block_ids: HashMap<BlockId, BlockId> =
        blocks.iter().enumerate().map(|(new, (old, _))| (*old, BlockId(new as u32))).collect();
    let mut used_branches = BTreeSet::new();
    let mut used_loops = BTreeSet::new();
    for (_, block) in &blocks {
        if let Terminator::Branch { id, .. } = block.term {
            used_branches.insert(id);
        }
        for inst in &block.insts {
            if let Inst::LoopEnter(l) | Inst::LoopIter(l) = inst {
                used_loops.insert(*l);
            }
        }
    }
    let branch_ids: HashMap<BranchId, BranchId> =
        used_branches.iter().enumerate().map(|(new, old)| (*old, BranchId(new as u32))).collect();
    let loop_ids: HashMap<LoopId, LoopId> =
        used_loops.iter().enumerate().map(|(new, old)| (*old, LoopId(new as u32))).collect();
    let block = |b: BlockId| block_ids.get(&b).copied().unwrap_or(b);
    let lp = |l: LoopId| loop_ids.get(&l).copied().unwrap_or(l);
    let blocks = blocks
        .into_iter()
        .map(|(_, mut b)| {
            b.term = match b.term {
                Terminator::Goto(t) => Terminator::Goto(block(t)),
                Terminator::Branch { cond, then_block, else_block, id } => Terminator::Branch {
                    cond,
                    then_block: block(then_block),
                    else_block: block(else_block),
                    id: branch_ids.get(&id).copied().unwrap_or(id),
                },
                other => other,
            };
            for inst in &mut b.insts {
                match inst {
                    Inst::LoopEnter(l) | Inst::LoopIter(l) => *l = lp(*l),
                    _ => {}
                }
            }
            b
        })
        .collect();
    let branches = used_branches.iter().map(|id| branches[id.0 as usize].clone()).collect();
    let loops = used_loops.iter().map(|id| loops[id.0 as usize].clone()).collect();
    (blocks, branches, loops)
}

/// Number the handlers of the reachable blocks densely, keeping their order, and point their
/// catch clauses at the blocks' numbers after `renumber` (their positions).
fn renumber_handlers(
    mut blocks: Vec<(BlockId, Block)>,
    handlers: &[Handler],
) -> (Vec<(BlockId, Block)>, Vec<Handler>) {
    let mut used = BTreeSet::new();
    for (_, block) in &blocks {
        let mut handler = block.handler;
        while let Some(h) = handler {
            used.insert(h);
            handler = handlers[h.0 as usize].outer;
        }
    }
    let handler_ids: HashMap<HandlerId, HandlerId> =
        used.iter().enumerate().map(|(new, old)| (*old, HandlerId(new as u32))).collect();
    let block_ids: HashMap<BlockId, BlockId> =
        blocks.iter().enumerate().map(|(new, (old, _))| (*old, BlockId(new as u32))).collect();
    for (_, block) in &mut blocks {
        block.handler = block.handler.map(|h| handler_ids[&h]);
        for inst in &mut block.insts {
            if let Inst::EnterTry(h) = inst {
                *h = handler_ids[h];
            }
        }
    }
    let handlers = used
        .iter()
        .map(|h| {
            let handler = &handlers[h.0 as usize];
            Handler {
                catches: handler
                    .catches
                    .iter()
                    .map(|c| Catch { target: block_ids[&c.target], ..c.clone() })
                    .collect(),
                outer: handler.outer.map(|o| handler_ids[&o]),
            }
        })
        .collect();
    (blocks, handlers)
}

/// The value of a Java string literal (`"a\\tb\\"c"`) or text block (`"""` ...), or None for
/// escapes this reader does not know and U+FFFD, which stands for bytes of a file that were
/// not UTF-8 (`pipeline::read_sources`), whose value the compiler may read otherwise.
pub(crate) fn string_literal_value(spelled: &str) -> Option<String> {
    if spelled.contains(char::REPLACEMENT_CHARACTER) {
        return None;
    }
    if let Some(block) = spelled.strip_prefix("\"\"\"") {
        return text_block_value(block.strip_suffix("\"\"\"")?);
    }
    let inner = spelled.strip_prefix('"')?.strip_suffix('"')?;
    unescaped(inner)
}

/// A text block's value (JLS 15.10.6 of Java 15+): the lines after the opening delimiter's,
/// with line terminators as `\n`, the indentation common to the non-blank lines and the
/// closing delimiter's line removed, trailing spaces removed, then escapes interpreted.
fn text_block_value(content: &str) -> Option<String> {
    let content = content.replace("\r\n", "\n").replace('\r', "\n");
    let (opening, body) = content.split_once('\n')?;
    if !opening.trim().is_empty() {
        return None;
    }
    let lines: Vec<&str> = body.split('\n').collect();
    let last = lines.len() - 1;
    let blank = |line: &str| line.trim().is_empty();
    let indentation = lines
        .iter()
        .enumerate()
        .filter(|(i, line)| !blank(line) || *i == last)
        .map(|(_, line)| line.chars().take_while(|c| c.is_whitespace()).count())
        .min()
        .unwrap_or(0);
    let stripped: Vec<String> = lines
        .iter()
        .map(|line| if blank(line) { String::new() } else { line.chars().skip(indentation).collect::<String>().trim_end().to_string() })
        .collect();
    unescaped(&stripped.join("\n"))
}

/// Java's escape sequences interpreted; a backslash before a line terminator joins the lines.
pub(super) fn unescaped(inner: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\n' => continue,
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'b' => '\u{8}',
            'f' => '\u{c}',
            's' => ' ',
            '0' => '\0',
            '\'' => '\'',
            '"' => '"',
            '\\' => '\\',
            'u' => {
                let hex: String = chars.by_ref().skip_while(|c| *c == 'u').take(4).collect();
                char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?
            }
            _ => return None,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::string_literal_value;

    #[test]
    fn a_text_block_loses_its_incidental_indentation_and_trailing_spaces() {
        let spelled = "\"\"\"\n        SELECT id  \n          FROM t\n\n        WHERE id = ?\n        \"\"\"";
        assert_eq!(string_literal_value(spelled).as_deref(), Some("SELECT id\n  FROM t\n\nWHERE id = ?\n"));
        let closing_on_the_last_line = "\"\"\"\n    a \\\n    b\\s\"\"\"";
        assert_eq!(string_literal_value(closing_on_the_last_line).as_deref(), Some("a b "));
    }
}
