//! IR → Horn clauses (Prolog text), after Albert et al.: every method and every basic block
//! becomes a predicate `p(ArgsIn, Ret, StateIn, StateOut, ExFlag)`. A block's arguments are
//! the values of all the method's locals (and loop counters) on entry; a conditional jump is
//! a predicate with one clause per outcome, guarded by a clpz constraint; an instruction that
//! may throw continues only on its `ok` flag. An exception in a block with a handler goes on
//! at the catch clause that receives it: chosen here when the class is known (a `throw`), else
//! by a table of the method's handlers and exception classes (`catches_pred`).
//!
//! The text produced here calls the runtime in `prolog/` (modules `jvm`, `state`, `strings`,
//! `heap`),
//! the JDBC model (`summaries/jdbc.pl`, module `jdbc`) and the
//! predicates of other methods by the names `method_pred` gives them; nothing else.

use crate::ir::{
    BinOp, Block, BlockId, Caught, ClassName, CmpOp, ConnectionSource, DateClass, Elem, EnumFieldValue, EnumOp, EnumType, HandlerId, Held, InputCall,
    Inst, JdbcCall, JdbcType, Method, MethodKey,
    MethodKind, Operand, Rvalue, STRING_MAX_LENGTH, SqlId, SqlRef, Terminator, Ty,
};
use crate::java::library::{ARRAY_LIST, HASH_MAP, LINKED_HASH_MAP, LIST, MAP, OBJECTS, OPTIONAL};
use std::collections::HashSet;
use std::fmt::Write;

/// What the translation of one method needs to know beyond its IR.
pub struct Context<'a> {
    /// Calls to analysed methods outside the method's component use their summaries
    /// (`summary_pred`) instead of executing their clauses again.
    pub compose: bool,
    /// The coverage criterion: iterations per loop entry, and active calls inside a recursive
    /// component.
    pub k: u32,
    /// Callees in the same strongly connected component as the method (recursive calls).
    pub recursive_callees: &'a HashSet<MethodKey>,
    /// Methods translated from source (the others are hand-written summaries).
    pub analysed: &'a HashSet<MethodKey>,
    /// Analysed callees always executed inline: those that use the database and have objects
    /// in their interface (one glue composes the heap, the other the session), and those that
    /// take or return Statements, PreparedStatements or ResultSets (the caller's open JDBC
    /// objects are not mapped into a summary).
    pub inline_callees: &'a HashSet<MethodKey>,
    /// For a method that uses the database, the schema term (`sql::schema_term`) its session
    /// starts with.
    pub schema: Option<&'a str>,
    /// Whether a caller composes the method's summary: only then does a database path also
    /// write its case as callers compose it (`jdbc:composable/3`), a copy of the path's
    /// constraints that costs about as much as writing the path's own clause.
    pub composed_by_callers: bool,
}

/// The predicate name of a method: its full signature, quoted.
pub fn method_pred(key: &MethodKey) -> String {
    quote_atom(&key.to_string())
}

/// The predicate that enumerates the paths of a method for `explore:paths/3`:
/// `Entry(Inputs, Ret, Ex, Events)`.
pub fn entry_pred(key: &MethodKey) -> String {
    quote_atom(&format!("$entry {key}"))
}

/// The cases of a method's summary: `Case(Inputs, Ret, Ex, Events) :- Constraints.`
pub fn case_pred(key: &MethodKey) -> String {
    quote_atom(&format!("{key}$case"))
}

/// The cases of a method as enumerated, before infeasible ones are dropped.
pub fn raw_case_pred(key: &MethodKey) -> String {
    quote_atom(&format!("{key}$raw"))
}

/// The predicate callers compose: a summary case in the shape of a translated method.
pub fn summary_pred(key: &MethodKey) -> String {
    quote_atom(&format!("{key}$summary"))
}

/// The clause that lets callers use a summary where they would call the method: the case's
/// events are replayed into the caller's state (methods in the supported subset have no other
/// effect on it), as they would be if the callee ran inline. A case's constraints are posted
/// under a budget (`jvm:composed/2`, which sizes it by the callee's number of cases, `cases`),
/// like every other constraint of a path: against the caller's, their propagation can stall.
pub fn summary_glue(key: &MethodKey, cases: usize) -> String {
    format!(
        "{}(Inputs, Ret, S0, S, Ex) :-\n    jvm:composed({cases}, user:{}(Inputs, Ret, Ex, Events)),\n    state:replay(Events, S0, S).\n",
        summary_pred(key),
        case_pred(key)
    )
}

/// `summary_glue` for a method whose inputs or result may be objects: the case is taken
/// under the most general heap, then its heap event is matched against the caller's heap and
/// applied (`state:replay_composed/5`), its inputs, result and exception translated between
/// the case's object ids and the caller's. `receivers` are the classes whose objects an
/// instance method's receiver may be (`Method::receivers`): a super call passes another.
pub fn heap_summary_glue(key: &MethodKey, receivers: &[ClassName], cases: usize) -> String {
    let receivers: Vec<String> = receivers.iter().map(|c| quote_atom(c.as_str())).collect();
    format!(
        "{}(Inputs, Ret, S0, S, Ex) :-\n    jvm:composed({cases}, user:{}(CaseInputs, CaseRet, CaseEx, Events)),\n    \
         jvm:guarded(state:replay_composed(Events, io(CaseInputs, CaseRet-CaseEx, [{}]), io(Inputs, Ret-Ex), S0, S)).\n",
        summary_pred(key),
        case_pred(key),
        receivers.join(",")
    )
}

/// The clause that lets callers use the summary of a method that uses the database: as
/// `summary_glue`, but the case's JDBC calls run again on the caller's session
/// (`jdbc:replay/6`), with the case's connection (`conn`, as its cases were computed) standing
/// for the caller's. Where the caller passes a connection that may be null or is not looked at
/// yet, the method runs inline (its clauses are loaded too): its cases were computed with a
/// connection.
pub fn database_summary_glue(method: &Method, cases: usize) -> String {
    let key = &method.key;
    let params: Vec<String> = (0..method.param_count).map(|i| format!("P{i}")).collect();
    let connections: Vec<usize> = method.locals[..method.param_count as usize]
        .iter()
        .enumerate()
        .filter(|(_, l)| matches!(l.ty, Ty::Jdbc(JdbcType::Connection)))
        .map(|(i, _)| i)
        .collect();
    let case_inputs: Vec<&str> =
        params.iter().enumerate().map(|(i, p)| if connections.contains(&i) { "conn" } else { p.as_str() }).collect();
    let passed: Vec<&str> = connections.iter().map(|&i| params[i].as_str()).collect();
    let composed = format!(
        "jvm:composed({cases}, user:{}([{}], CaseRet, Ex, Events)),
        jdbc:replay(Events, Refs, CaseRet, Ret, S0, S)",
        case_pred(key),
        case_inputs.join(",")
    );
    let head = format!("{}([{}], Ret, S0, S, Ex)", summary_pred(key), params.join(","));
    if passed.is_empty() {
        format!("{head} :-
    Refs = [],
    {}.
", composed.replace("
        ", "
    "))
    } else {
        format!(
            "{head} :-
    (   jdbc:passed_connections([{}], Refs) ->
        {composed}
    ;   {}([{}], Ret, S0, S, Ex)
    ).
",
            passed.join(","),
            method_pred(key),
            params.join(",")
        )
    }
}

/// The clause that lets callers use the summary of a method that both uses the database and
/// has objects in its interface (an instance DAO method, a method taking or returning a
/// bean): the case's heap event is composed with the caller's heap and its JDBC calls run
/// again on the caller's session (`jdbc:replay_composed/5`), the case's connection and the
/// JDBC objects it made mapped to the caller's. `receivers` are as for `heap_summary_glue`.
/// As in `database_summary_glue`, where the caller passes a connection that may be null or is
/// not looked at yet, the method runs inline.
pub fn database_heap_summary_glue(method: &Method, receivers: &[ClassName], cases: usize) -> String {
    let key = &method.key;
    let params: Vec<String> = (0..method.param_count).map(|i| format!("P{i}")).collect();
    let passed: Vec<&str> = method.locals[..method.param_count as usize]
        .iter()
        .zip(&params)
        .filter(|(l, _)| matches!(l.ty, Ty::Jdbc(JdbcType::Connection)))
        .map(|(_, p)| p.as_str())
        .collect();
    let receivers: Vec<String> = receivers.iter().map(|c| quote_atom(c.as_str())).collect();
    let composed = format!(
        "jvm:composed({cases}, user:{}(CaseInputs, CaseRet, CaseEx, Events)),\n        \
         jdbc:replay_composed(Events, io(CaseInputs, CaseRet-CaseEx, [{}]), io([{}], Ret-Ex), S0, S)",
        case_pred(key),
        receivers.join(","),
        params.join(",")
    );
    let head = format!("{}([{}], Ret, S0, S, Ex)", summary_pred(key), params.join(","));
    if passed.is_empty() {
        format!("{head} :-\n    {}.\n", composed.replace("\n        ", "\n    "))
    } else {
        format!(
            "{head} :-\n    (   jdbc:passed_connections([{}], _) ->\n        {composed}\n    ;   {}([{}], Ret, S0, S, Ex)\n    ).\n",
            passed.join(","),
            method_pred(key),
            params.join(",")
        )
    }
}

fn block_pred(key: &MethodKey, block: BlockId) -> String {
    quote_atom(&format!("{key}#{}", block.0))
}

fn branch_pred(key: &MethodKey, block: BlockId) -> String {
    quote_atom(&format!("{key}#{}?", block.0))
}

/// `Catches(Handler, Class, Target)`: the target block of the catch clause that receives an
/// exception of Class thrown in Handler's region, or `none`; an error for a class whose
/// superclasses are not known, unless a catch of everything receives it first.
fn catches_pred(key: &MethodKey) -> String {
    quote_atom(&format!("{key}$catches"))
}

/// `Catch(Target, Class, Locals, Ret, S0, S, Ex)`: goes on at the catch clause whose block is
/// Target with its local bound to Class, or (`none`) throws Class out of the method.
fn catch_pred(key: &MethodKey) -> String {
    quote_atom(&format!("{key}$catch"))
}

/// A Prolog quoted atom.
pub fn quote_atom(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// The clauses of one method: its entry predicate, its own predicate and one per block.
pub fn translate_method(method: &Method, ctx: &Context) -> String {
    let mut t = Translator { method, ctx, out: String::new(), fresh: 0 };
    t.entry();
    t.method_clause();
    for (i, block) in method.blocks.iter().enumerate() {
        t.block(BlockId(i as u32), block);
    }
    if !method.handlers.is_empty() {
        t.catch_tables();
    }
    t.out
}

struct Translator<'a> {
    method: &'a Method,
    ctx: &'a Context<'a>,
    out: String,
    fresh: u32,
}

/// The values of the locals at a point of a clause: Prolog variables or constants.
#[derive(Clone)]
struct Env {
    locals: Vec<String>,
    loop_counters: Vec<String>,
    state: String,
}

impl Env {
    fn as_list(&self) -> String {
        let all: Vec<&str> =
            self.locals.iter().chain(self.loop_counters.iter()).map(String::as_str).collect();
        format!("[{}]", all.join(","))
    }
}

impl Translator<'_> {
    fn var(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    fn name(&self) -> String {
        method_pred(&self.method.key)
    }

    fn entry(&mut self) {
        let m = self.method;
        let params: Vec<String> = (0..m.param_count).map(|i| format!("P{i}")).collect();
        let mut body = vec![format!("Inputs = [{}]", params.join(","))];
        let mut state = "S0";
        for (i, p) in params.iter().enumerate() {
            match m.locals[i].ty {
                // The receiver: a new object for a constructor, else an input object.
                Ty::Object(class) if i == 0 && m.kind == MethodKind::Constructor => {
                    body.push(format!("heap:new({}, {p}, S0, S01)", self.layout_term(class)));
                    body.push(format!("Ret = {p}"));
                    state = "S01";
                }
                // The receiver: an input object of a class whose implementation this is.
                Ty::Object(class) if i == 0 && m.kind == MethodKind::Instance => {
                    let receiver = if m.receivers == [class] {
                        self.layout_term(class)
                    } else {
                        let layouts: Vec<String> = m.receivers.iter().map(|c| self.layout_term(*c)).collect();
                        format!("classes([{}])", layouts.join(","))
                    };
                    body.push(format!("heap:check_not_null({receiver}, {p}, S0, S01, ok)"));
                    state = "S01";
                }
                // The cause a test gives an exception's constructor: one of the class its
                // parameter declares, with a message of its own.
                Ty::Throwable if m.kind == MethodKind::ExceptionConstructor => {
                    let declared = m.array_lists.param_exceptions.iter().find(|(p, _)| *p == i).map(|(_, c)| c.as_str());
                    let class = quote_atom(declared.unwrap_or(crate::ir::THROWABLE));
                    body.push(format!("{p} = {class}({}, null)", string_term("cause")));
                }
                // The test passes its own connection; the database is the session's.
                Ty::Jdbc(JdbcType::Connection) => body.push(format!("{p} = conn")),
                // The test passes a Scanner over the tokens the path reads.
                Ty::Scanner => body.push(format!("{p} = scanner")),
                // References stay unbound until the path needs their shape (lazy inputs).
                ty if ty.is_reference() => {}
                ty => body.push(format!("jvm:value({}, {p})", ty_atom(ty))),
            }
        }
        // A constructor's result is its receiver; the method's own `Ret` is void.
        let ret = if m.kind == MethodKind::Constructor { "_" } else { "Ret" };
        match self.ctx.schema {
            Some(schema) => {
                body.insert(0, "state:initial(S00)".into());
                body.insert(1, format!("jdbc:start({schema}, S00, S0)"));
                body.push(format!("{}(Inputs, {ret}, {state}, S, Ex)", self.name()));
                body.push("state:events(S, Events0)".into());
            }
            None => {
                body.insert(0, "state:initial(S0)".into());
                body.push(format!("{}(Inputs, {ret}, {state}, S, Ex)", self.name()));
                body.push("state:events(S, Events0)".into());
            }
        }
        // The heap event comes before the database's, which ends a path that has one.
        let mut ends = Vec::new();
        if m.has_object_interface() {
            body.push("heap:path_heap(S, Heap)".into());
            ends.push("Heap");
        }
        if self.ctx.schema.is_some() {
            // The case as callers compose it, taken before the path's end decides what the
            // path left open (jdbc:composable/3), and what `hornet summaries` shows besides
            // (absences, rows' origins): explore:cases/4 takes both out of the events.
            body.push(format!("append(Events0, [{}], Front)", ends.join(",")));
            body.push("jdbc:shown(S, DatabaseShown)".into());
            let composable = if self.ctx.composed_by_callers {
                body.push("jvm:unbudgeted(jdbc:composable(S, [Inputs, Ret, Ex, Front], Composable))".into());
                "Composable,"
            } else {
                ""
            };
            body.push("jdbc:closed(S, Database)".into());
            body.push(format!("append(Front, [DatabaseShown,{composable}Database], Events)"));
        } else {
            body.push(format!("append(Events0, [{}], Events)", ends.join(",")));
        }
        let _ = writeln!(
            self.out,
            "{}(Inputs, Ret, Ex, Events) :-\n    {}.\n",
            entry_pred(&m.key),
            body.join(",\n    ")
        );
    }

    fn method_clause(&mut self) {
        let m = self.method;
        let params: Vec<String> = (0..m.param_count).map(|i| format!("P{i}")).collect();
        let mut locals = params.clone();
        for i in m.param_count as usize..m.locals.len() {
            locals.push(format!("_L{i}"));
        }
        let env = Env {
            locals,
            loop_counters: (0..m.loops.len()).map(|i| format!("_C{i}")).collect(),
            state: "S0".into(),
        };
        let _ = writeln!(
            self.out,
            "{}([{}], Ret, S0, S, Ex) :-\n    {}({}, Ret, S0, S, Ex).\n",
            self.name(),
            params.join(","),
            block_pred(&m.key, BlockId(0)),
            env.as_list()
        );
    }

    fn head_env(&mut self) -> Env {
        let m = self.method;
        let locals = (0..m.locals.len()).map(|_| self.var("V")).collect();
        let loop_counters = (0..m.loops.len()).map(|_| self.var("C")).collect();
        Env { locals, loop_counters, state: "S0".into() }
    }

    fn block(&mut self, id: BlockId, block: &Block) {
        self.fresh = 0;
        let env = self.head_env();
        let head = format!("{}({}, Ret, S0, S, Ex)", block_pred(&self.method.key, id), env.as_list());
        let mut goals = Vec::new();
        let body = self.insts(&block.insts, &block.term, id, env, &mut goals);
        let _ = writeln!(self.out, "{head} :-\n    {body}.\n");
        if let Terminator::Branch { cond, then_block, else_block, id: branch } = &block.term {
            self.fresh = 0;
            let env = self.head_env();
            // A comparison with null is a reference test; the others compare numbers.
            let is_jdbc = |op: &Operand| {
                matches!(op, Operand::Local(l) if matches!(self.method.locals[l.0 as usize].ty, Ty::Jdbc(_)))
            };
            let is_object = |op: &Operand| matches!(self.operand_ty(op), Ty::Object(_) | Ty::Array(_) | Ty::List(_));
            if is_object(&cond.lhs) || is_object(&cond.rhs) {
                self.reference_branch(id, cond, *then_block, *else_block, *branch);
                return;
            }
            let boxed = [&cond.lhs, &cond.rhs].into_iter().find_map(|op| match self.operand_ty(op) {
                Ty::Boxed(primitive) => Some(ty_atom(primitive.ty())),
                Ty::Date(class) => Some(class.box_kind()),
                Ty::Decimal => Some("decimal"),
                _ => None,
            });
            let enumerated = [&cond.lhs, &cond.rhs].into_iter().find_map(|op| match self.operand_ty(op) {
                Ty::Enum(e) => Some(e),
                _ => None,
            });
            let module = if let Some(e) = enumerated {
                // Two constants of an enum, or one and null: the same object or not.
                format!("enums:compare({}, ", enum_names(e))
            } else if let Some(box_type) = boxed {
                // A box or date compared with null (the front end reports two compared).
                format!("boxes:ref_compare({box_type}, ")
            } else if [&cond.lhs, &cond.rhs].iter().any(|op| self.operand_ty(op) == Ty::Jdbc(JdbcType::Connection)) {
                // A connection held in a field may be null (a static one opened lazily).
                "jdbc:connection_compare(".to_string()
            } else if is_jdbc(&cond.lhs) || is_jdbc(&cond.rhs) {
                "jdbc:ref_compare(".to_string()
            } else if matches!(cond.lhs, Operand::Null) || matches!(cond.rhs, Operand::Null) {
                "strings:ref_compare(".to_string()
            } else {
                "jvm:compare(".to_string()
            };
            for (outcome, target) in [("t", then_block), ("f", else_block)] {
                let lhs = self.operand(&env, &cond.lhs);
                let rhs = self.operand(&env, &cond.rhs);
                let _ = writeln!(
                    self.out,
                    "{}({}, Ret, S0, S, Ex) :-\n    {module}{}, {lhs}, {rhs}, {outcome}),\n    \
                     state:branch({}, {}, {outcome}, S0, S1),\n    {}({}, Ret, S1, S, Ex).\n",
                    branch_pred(&self.method.key, id),
                    env.as_list(),
                    cmp_atom(cond.op),
                    self.name(),
                    branch.0,
                    block_pred(&self.method.key, *target),
                    env.as_list(),
                );
            }
        }
    }

    /// The body of a clause from instruction `insts[0]` on: the goals, joined, with the
    /// continuation of each instruction that may throw nested in its `ok` case.
    fn insts(
        &mut self,
        insts: &[Inst],
        term: &Terminator,
        block: BlockId,
        mut env: Env,
        goals: &mut Vec<String>,
    ) -> String {
        let Some((inst, rest)) = insts.split_first() else {
            goals.push(self.terminator(term, block, &env));
            return goals.join(",\n    ");
        };
        match inst {
            Inst::Assign { dst, value } => match value {
                Rvalue::Use(op) => env.locals[dst.0 as usize] = self.operand(&env, op),
                Rvalue::Binary { op, lhs, rhs, ty, .. } => {
                    let (a, b) = (self.operand(&env, lhs), self.operand(&env, rhs));
                    let r = self.var("V");
                    match op {
                        BinOp::Add | BinOp::Sub | BinOp::Mul => {
                            goals.push(format!("jvm:arith({}, {}, {a}, {b}, {r})", arith_atom(*op), ty_atom(*ty)));
                            env.locals[dst.0 as usize] = r;
                        }
                        BinOp::Div | BinOp::Rem => {
                            let flag = self.var("E");
                            let op_atom = if *op == BinOp::Div { "div" } else { "rem" };
                            goals.push(format!("jvm:divide({op_atom}, {}, {a}, {b}, {r}, {flag})", ty_atom(*ty)));
                            let at_throw = env.clone();
                            env.locals[dst.0 as usize] = r;
                            return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
                        }
                    }
                }
                Rvalue::Neg { operand: o, ty } => {
                    let r = self.var("V");
                    goals.push(format!("jvm:negate({}, {}, {r})", ty_atom(*ty), self.operand(&env, o)));
                    env.locals[dst.0 as usize] = r;
                }
                Rvalue::Concat { lhs, rhs } => {
                    let r = self.var("V");
                    let (a, b) = (self.operand(&env, lhs), self.operand(&env, rhs));
                    goals.push(format!("strings:concat({a}, {b}, {r})"));
                    env.locals[dst.0 as usize] = r;
                }
                Rvalue::Text { operand: o, ty } => {
                    let r = self.var("V");
                    let text_of = match ty {
                        Ty::Boxed(primitive) => format!("boxes:text_of({}", ty_atom(primitive.ty())),
                        Ty::Enum(e) => format!("enums:text_of({}", enum_texts(*e)),
                        ty => format!("strings:text_of({}", ty_atom(*ty)),
                    };
                    goals.push(format!("{text_of}, {}, {r})", self.operand(&env, o)));
                    env.locals[dst.0 as usize] = r;
                }
                Rvalue::FloatingText { operand: o, ty, unsigned_zero } => {
                    let r = self.var("V");
                    let zero = if *unsigned_zero { "unsigned" } else { "signed" };
                    let text_of = match ty {
                        Ty::Boxed(primitive) => format!("floating:box_text({}", ty_atom(primitive.ty())),
                        ty => format!("floating:text_of({}", ty_atom(*ty)),
                    };
                    goals.push(format!("{text_of}, {zero}, {}, {r})", self.operand(&env, o)));
                    env.locals[dst.0 as usize] = r;
                }
                Rvalue::Convert { operand: o, to } => {
                    let r = self.var("V");
                    let from = ty_atom(self.operand_ty(o));
                    goals.push(format!("jvm:convert({from}, {}, {}, {r})", ty_atom(*to), self.operand(&env, o)));
                    env.locals[dst.0 as usize] = r;
                }
            },
            Inst::Call { dst, callee, args: operands, .. } => {
                let mut args: Vec<String> = operands.iter().map(|a| self.operand(&env, a)).collect();
                // A composed summary's enum inputs are e(Position) once shaped, with -1 for null:
                // a null argument must take that form to unify with them. The parameters follow
                // the receiver of an instance call or constructor.
                let receivers = args.len().saturating_sub(callee.params.len());
                for (arg, param) in args.iter_mut().skip(receivers).zip(&callee.params) {
                    if matches!(param, Ty::Enum(_)) {
                        let canonical = self.var("V");
                        goals.push(format!("enums:canonical({arg}, {canonical})"));
                        *arg = canonical;
                    }
                }
                // The summaries of lists (erased signatures) take the list's shape first: that
                // of the list created, or of the receiver.
                let list = match (dst, operands.first()) {
                    (Some(dst), _) if callee.class == ARRAY_LIST => Some(self.method.locals[dst.0 as usize].ty),
                    (_, Some(receiver)) if callee.class == LIST => Some(self.operand_ty(receiver)),
                    _ => None,
                };
                if let Some(Ty::List(elem)) = list {
                    args.insert(0, list_term(elem));
                }
                // So do those of maps (`summaries/java_util_map.pl`): the map's key and value kinds.
                let map = match (dst, operands.first()) {
                    (Some(dst), _) if matches!(callee.class.as_str(), HASH_MAP | LINKED_HASH_MAP) => {
                        Some(self.method.locals[dst.0 as usize].ty)
                    }
                    (_, Some(receiver)) if callee.class == MAP => Some(self.operand_ty(receiver)),
                    _ => None,
                };
                if let Some(Ty::Map(key, value)) = map {
                    args.insert(0, format!("map({},{})", self.held_term(key), self.held_term(value)));
                }
                // Those of Optional take what it holds first (`summaries/java_util_optional.pl`):
                // that of the Optional made, or of the receiver.
                if callee.class == OPTIONAL {
                    let made = dst.map(|dst| self.method.locals[dst.0 as usize].ty);
                    let held = match (made, operands.first()) {
                        (Some(Ty::Optional(held)), _) if callee.params.first() != Some(&Ty::Optional(Held::Unknown)) => held,
                        (_, Some(receiver)) => match self.operand_ty(receiver) {
                            Ty::Optional(held) => held,
                            _ => Held::Unknown,
                        },
                        _ => Held::Unknown,
                    };
                    args.insert(0, self.held_term(held));
                }
                // So do Objects.isNull and nonNull (`summaries/java_util_objects.pl`): their argument's.
                if callee.class == OBJECTS && matches!(callee.name.as_str(), "isNull" | "nonNull") {
                    let held = operands.first().and_then(|a| Held::of(self.operand_ty(a))).unwrap_or(Held::Unknown);
                    args.insert(0, self.held_term(held));
                }
                let (result, flag, s_out) = (self.var("R"), self.var("E"), self.var("S"));
                let call = self.call_goals(callee, &args, &result, &env.state, &s_out, &flag);
                goals.extend(call);
                env.state = s_out;
                let at_throw = env.clone();
                if let Some(dst) = dst {
                    env.locals[dst.0 as usize] = result;
                }
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::Dispatch { dst, targets, args, .. } => {
                // The receiver was checked not null: its class is known here.
                let args: Vec<String> = args.iter().map(|a| self.operand(&env, a)).collect();
                let (result, flag, s_out, class) = (self.var("R"), self.var("E"), self.var("S"), self.var("C"));
                goals.push(format!("heap:class_of({}, {class}, {})", args[0], env.state));
                let mut alternatives = Vec::new();
                for (object_class, callee) in targets {
                    let call = self.call_goals(callee, &args, &result, &env.state, &s_out, &flag);
                    alternatives.push(format!("{class} == {}, {}", quote_atom(object_class.as_str()), call.join(", ")));
                }
                goals.push(format!("( {} )", alternatives.join(" ; ")));
                env.state = s_out;
                let at_throw = env.clone();
                if let Some(dst) = dst {
                    env.locals[dst.0 as usize] = result;
                }
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            // A caught exception: its class is one of the classes extending the tested one
            // (a null cause is none).
            Inst::InstanceOf { dst, object, classes } if self.operand_ty(object) == Ty::Throwable => {
                let object = self.operand(&env, object);
                let (c, r) = (self.var("C"), self.var("V"));
                let classes: Vec<String> = classes.iter().map(|c| quote_atom(c.as_str())).collect();
                goals.push(format!(
                    "(   {object} == null -> {r} = 0\n    ;   jvm:exception_class({object}, {c}), ( memberchk({c}, [{}]) -> {r} = 1 ; {r} = 0 )\n    )",
                    classes.join(",")
                ));
                env.locals[dst.0 as usize] = r;
            }
            Inst::InstanceOf { dst, object, classes } => {
                let shape = self.shape_term(object);
                let object = self.operand(&env, object);
                let (r, s) = (self.var("V"), self.var("S"));
                let classes: Vec<String> = classes.iter().map(|c| quote_atom(c.as_str())).collect();
                goals.push(format!("heap:instance_of({shape}, {object}, [{}], {r}, {}, {s})", classes.join(","), env.state));
                env.state = s;
                env.locals[dst.0 as usize] = r;
            }
            Inst::CheckCast { object, classes, .. } => {
                let shape = self.shape_term(object);
                let object = self.operand(&env, object);
                let (flag, s) = (self.var("E"), self.var("S"));
                let classes: Vec<String> = classes.iter().map(|c| quote_atom(c.as_str())).collect();
                goals.push(format!("heap:check_cast({shape}, {object}, [{}], {}, {s}, {flag})", classes.join(","), env.state));
                env.state = s;
                let at_throw = env.clone();
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::Shape { object, class } => {
                let layout = self.shape_term_of(*class);
                let object = self.operand(&env, object);
                let s = self.var("S");
                goals.push(format!("heap:shaped({layout}, {object}, {}, {s})", env.state));
                env.state = s;
            }
            Inst::Jdbc { dst, call, receiver, args, .. } => {
                let receiver = self.operand(&env, receiver);
                let mut args: Vec<String> = args.iter().map(|a| self.operand(&env, a)).collect();
                if let JdbcCall::SetText(pieces) = call {
                    let index = args.remove(0);
                    args = vec![index, text_template(pieces, &args)];
                }
                let call = self.jdbc_call(&env, call);
                let result = self.var("R");
                let flag = self.var("E");
                let s_out = self.var("S");
                goals.push(format!(
                    "jdbc:invoke({call}, {receiver}, [{}], {result}, {}, {s_out}, {flag})",
                    args.join(","),
                    env.state
                ));
                env.state = s_out;
                let at_throw = env.clone();
                if let Some(dst) = dst {
                    env.locals[dst.0 as usize] = result;
                }
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::Input { dst, call, receiver, .. } => {
                let receiver = self.operand(&env, receiver);
                let call = match call {
                    InputCall::OpenStandardInput => "open_standard_input",
                    InputCall::NextInt => "next_int",
                    InputCall::NextLong => "next_long",
                    InputCall::HasNext => "has_next",
                    InputCall::Close => "close",
                };
                let (result, flag, s_out) = (self.var("R"), self.var("E"), self.var("S"));
                goals.push(format!("state:input({call}, {receiver}, {result}, {}, {s_out}, {flag})", env.state));
                env.state = s_out;
                let at_throw = env.clone();
                if let Some(dst) = dst {
                    env.locals[dst.0 as usize] = result;
                }
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::LoopEnter(l) => env.loop_counters[l.0 as usize] = "0".into(),
            Inst::LoopIter(l) => {
                let c = self.var("C");
                let s = self.var("S");
                goals.push(format!("{c} is {} + 1", env.loop_counters[l.0 as usize]));
                // A path past the bound is cut, and the exploration records where (`jvm:loop_cut/2`).
                goals.push(format!("( {c} =< {k} -> true ; jvm:loop_cut({}, {}), fail )", self.name(), l.0, k = self.ctx.k));
                goals.push(format!("state:iteration({}, {}, {}, {s})", self.name(), l.0, env.state));
                env.loop_counters[l.0 as usize] = c;
                env.state = s;
            }
            Inst::EnterTry(_) => {
                let s = self.var("S");
                goals.push(format!("state:try_entered({}, {}, {s})", self.name(), env.state));
                env.state = s;
            }
            Inst::New { dst, class } => {
                let (r, s) = (self.var("V"), self.var("S"));
                goals.push(format!("heap:new({}, {r}, {}, {s})", self.layout_term(*class), env.state));
                env.state = s;
                env.locals[dst.0 as usize] = r;
            }
            Inst::Statics { dst, class } => {
                let (r, s) = (self.var("V"), self.var("S"));
                goals.push(format!("heap:statics({}, {r}, {}, {s})", self.layout_term(*class), env.state));
                env.state = s;
                env.locals[dst.0 as usize] = r;
            }
            Inst::GetField { dst, object, field, .. } => {
                let object = self.operand(&env, object);
                let (r, flag, s) = (self.var("V"), self.var("E"), self.var("S"));
                goals.push(format!(
                    "heap:get_field({}, {object}, {}, {r}, {}, {s}, {flag})",
                    self.shape_term_of(field.class),
                    self.field_index(field),
                    env.state
                ));
                env.state = s;
                let at_throw = env.clone();
                env.locals[dst.0 as usize] = r;
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::PutField { object, field, value, .. } => {
                let object = self.operand(&env, object);
                let value = self.operand(&env, value);
                let (flag, s) = (self.var("E"), self.var("S"));
                goals.push(format!(
                    "heap:put_field({}, {object}, {}, {value}, {}, {s}, {flag})",
                    self.shape_term_of(field.class),
                    self.field_index(field),
                    env.state
                ));
                env.state = s;
                let at_throw = env.clone();
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::NewArray { dst, elem, length, .. } => {
                let length = self.operand(&env, length);
                let (r, flag, s) = (self.var("V"), self.var("E"), self.var("S"));
                goals.push(format!("heap:new_array({}, {length}, {r}, {}, {s}, {flag})", array_term(*elem), env.state));
                env.state = s;
                let at_throw = env.clone();
                env.locals[dst.0 as usize] = r;
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::ArrayLength { dst, array, .. } => {
                let ty = self.shape_term(array);
                let array = self.operand(&env, array);
                let (r, flag, s) = (self.var("V"), self.var("E"), self.var("S"));
                goals.push(format!("heap:array_length({ty}, {array}, {r}, {}, {s}, {flag})", env.state));
                env.state = s;
                let at_throw = env.clone();
                env.locals[dst.0 as usize] = r;
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::ArrayLoad { dst, array, index, .. } => {
                let ty = self.shape_term(array);
                let array = self.operand(&env, array);
                let index = self.operand(&env, index);
                let (r, flag, s) = (self.var("V"), self.var("E"), self.var("S"));
                goals.push(format!("heap:array_load({ty}, {array}, {index}, {r}, {}, {s}, {flag})", env.state));
                env.state = s;
                let at_throw = env.clone();
                env.locals[dst.0 as usize] = r;
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::ArrayStore { array, index, value, .. } => {
                let ty = self.shape_term(array);
                let array = self.operand(&env, array);
                let index = self.operand(&env, index);
                let value = self.operand(&env, value);
                let (flag, s) = (self.var("E"), self.var("S"));
                goals.push(format!("heap:array_store({ty}, {array}, {index}, {value}, {}, {s}, {flag})", env.state));
                env.state = s;
                let at_throw = env.clone();
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::NewException { dst, class, detail, .. } => {
                let exception = self.exception_term(class, detail.as_ref(), &env);
                env.locals[dst.0 as usize] = format!("exception({exception})");
            }
            Inst::EnumCall { dst, op, ty, args, .. } => {
                let mut operands: Vec<String> = vec![enum_names(*ty)];
                if let EnumOp::Field(k) = op {
                    operands.push(enum_field_values(*ty, *k));
                }
                operands.extend(args.iter().map(|a| self.operand(&env, a)));
                let (r, flag) = (self.var("V"), self.var("E"));
                let pred = match op {
                    EnumOp::Ordinal => "ordinal",
                    EnumOp::Name => "name",
                    EnumOp::Equals => "equal",
                    EnumOp::CompareTo => "compare_to",
                    EnumOp::ValueOf => "value_of",
                    EnumOp::Field(_) => "field",
                    EnumOp::Constant => "constant",
                };
                goals.push(format!("enums:{pred}({}, {r}, {flag})", operands.join(", ")));
                let at_throw = env.clone();
                env.locals[dst.0 as usize] = r;
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
            Inst::CheckNotNull { object, .. } => {
                let layout = self.shape_term(object);
                let object = self.operand(&env, object);
                let (flag, s) = (self.var("E"), self.var("S"));
                goals.push(format!("heap:check_not_null({layout}, {object}, {}, {s}, {flag})", env.state));
                env.state = s;
                let at_throw = env.clone();
                return self.unless_thrown(&flag, at_throw, rest, term, block, env, goals);
            }
        }
        self.insts(rest, term, block, env, goals)
    }

    /// `( Flag == ok -> continuation ; the exception )`; `at_throw` holds the locals and state
    /// the exception leaves (the instruction's result is not assigned).
    #[allow(clippy::too_many_arguments)]
    fn unless_thrown(
        &mut self,
        flag: &str,
        at_throw: Env,
        rest: &[Inst],
        term: &Terminator,
        block: BlockId,
        env: Env,
        goals: &mut Vec<String>,
    ) -> String {
        let mut continuation = Vec::new();
        let cont = self.insts(rest, term, block, env, &mut continuation);
        let exception = self.raised(flag, &at_throw, block);
        goals.push(format!("(   {flag} == ok ->\n    {cont}\n    ;   {exception}\n    )"));
        goals.join(",\n    ")
    }

    /// Where the exception flag of an operation or a call goes: out of the method, or to the
    /// catch clause of the block's handler that receives it. The event `interrupted` tells the
    /// coverage that this method's code since its try statement began may not be seen.
    fn raised(&mut self, flag: &str, env: &Env, block: BlockId) -> String {
        let Some(handler) = self.method.blocks[block.0 as usize].handler else {
            return format!("Ex = {flag}, S = {}", env.state);
        };
        let class = self.var("X");
        let s = self.var("S");
        let interrupted = format!("{flag} = exc({class}),\n    state:interrupted({}, {}, {s})", self.name(), env.state);
        let env = Env { state: s, ..env.clone() };
        format!("{interrupted},\n    {}", self.dispatch(handler, &class, &env))
    }

    /// Goes on at the catch clause that receives the exception `class` (a Prolog atom, a
    /// compound named by its class that carries what it tells, or a variable) thrown in
    /// `handler`'s region, as the method's catch table says for its class.
    fn dispatch(&mut self, handler: HandlerId, class: &str, env: &Env) -> String {
        let target = self.var("T");
        let caught = self.var("C");
        let key = &self.method.key;
        format!(
            "jvm:exception_class({class}, {caught}),\n    once({}({}, {caught}, {target})),\n    {}({target}, {class}, {}, Ret, {}, S, Ex)",
            catches_pred(key),
            handler.0,
            catch_pred(key),
            env.as_list(),
            env.state
        )
    }

    /// The method's catch table (`catches_pred`) for every exception class it knows, and the
    /// clauses that go on at each catch clause (`catch_pred`).
    fn catch_tables(&mut self) {
        let m = self.method;
        let key = &m.key;
        for (h, _) in m.handlers.iter().enumerate() {
            for class in m.known_exceptions() {
                let target = match m.catching(HandlerId(h as u32), class) {
                    Caught::By(catch) => catch.target.0.to_string(),
                    Caught::Uncaught | Caught::Unknown => "none".to_string(),
                };
                let _ = writeln!(self.out, "{}({h}, {}, {target}).", catches_pred(key), quote_atom(class));
            }
            // A catch of everything tried first also receives the classes not known here.
            if let Caught::By(catch) = m.catching_any_class(HandlerId(h as u32)) {
                let _ = writeln!(self.out, "{}({h}, _, {}).", catches_pred(key), catch.target.0);
            }
        }
        let _ = writeln!(
            self.out,
            "{}(_, Class, _) :-\n    throw(error(existence_error(exception_superclasses, Class), {}/3)).\n",
            catches_pred(key),
            catches_pred(key)
        );
        for catch in m.handlers.iter().flat_map(|h| &h.catches) {
            self.fresh = 0;
            let head = self.head_env();
            let mut env = head.clone();
            env.locals[catch.exception.0 as usize] = "Class".into();
            let _ = writeln!(
                self.out,
                "{}({}, Class, {}, Ret, S0, S, Ex) :-\n    {}({}, Ret, S0, S, Ex).\n",
                catch_pred(key),
                catch.target.0,
                head.as_list(),
                block_pred(key, catch.target),
                env.as_list()
            );
        }
        let _ = writeln!(self.out, "{}(none, Class, _, _, S, S, exc(Class)).\n", catch_pred(key));
    }

    fn terminator(&mut self, term: &Terminator, block: BlockId, env: &Env) -> String {
        let m = &self.method.key;
        match term {
            Terminator::Goto(target) => {
                format!("{}({}, Ret, {}, S, Ex)", block_pred(m, *target), env.as_list(), env.state)
            }
            Terminator::Branch { id, .. } => {
                // The branch being decided, where a budget that runs out is reported.
                format!(
                    "jvm:at({}, {}),\n    {}({}, Ret, {}, S, Ex)",
                    self.name(),
                    id.0,
                    branch_pred(m, block),
                    env.as_list(),
                    env.state
                )
            }
            Terminator::Return(value) => {
                let ret = value.as_ref().map(|v| self.operand(env, v)).unwrap_or_else(|| "void".into());
                format!("Ret = {ret}, Ex = ok, S = {}", env.state)
            }
            Terminator::Throw { class, detail, .. } => {
                let exception = self.exception_term(class, detail.as_ref(), env);
                let handler = self.method.blocks[block.0 as usize].handler;
                match handler.map(|h| (h, self.method.catching(h, class))) {
                    Some((_, Caught::By(catch))) => {
                        let mut env = env.clone();
                        env.locals[catch.exception.0 as usize] = exception;
                        format!("{}({}, Ret, {}, S, Ex)", block_pred(m, catch.target), env.as_list(), env.state)
                    }
                    Some((h, Caught::Unknown)) => self.dispatch(h, &exception, env),
                    None | Some((_, Caught::Uncaught)) => {
                        format!("state:thrown({}, {}, S), Ex = exc({exception})", self.name(), env.state)
                    }
                }
            }
            Terminator::Rethrow { exception, .. } => {
                let class = env.locals[exception.0 as usize].clone();
                let s = self.var("S");
                let thrown = format!("state:thrown({}, {}, {s})", self.name(), env.state);
                match self.method.blocks[block.0 as usize].handler {
                    Some(h) => {
                        let env = Env { state: s, ..env.clone() };
                        format!("{thrown},\n    {}", self.dispatch(h, &class, &env))
                    }
                    None => format!("{thrown}, Ex = exc({class}), S = {s}"),
                }
            }
        }
    }
}

impl Translator<'_> {
    /// The clauses of a comparison of object references: both operands get their shape in the
    /// heap first (an input reference may be null, a fresh object or an alias).
    fn reference_branch(&mut self, id: BlockId, cond: &crate::ir::Cond, then_block: BlockId, else_block: BlockId, branch: crate::ir::BranchId) {
        let layout = |t: &Self, op: &Operand| t.shape_term(op);
        for (outcome, target) in [("t", then_block), ("f", else_block)] {
            self.fresh = 0;
            let env = self.head_env();
            let (lhs, rhs) = (self.operand(&env, &cond.lhs), self.operand(&env, &cond.rhs));
            let _ = writeln!(
                self.out,
                "{}({}, Ret, S0, S, Ex) :-\n    heap:ref_compare({}, {}, {}, {lhs}, {rhs}, {outcome}, S0, S1),\n    \
                 state:branch({}, {}, {outcome}, S1, S2),\n    {}({}, Ret, S2, S, Ex).\n",
                branch_pred(&self.method.key, id),
                env.as_list(),
                cmp_atom(cond.op),
                layout(self, &cond.lhs),
                layout(self, &cond.rhs),
                self.name(),
                branch.0,
                block_pred(&self.method.key, target),
                env.as_list(),
            );
        }
    }

    /// The value of a thrown exception: its class (an atom), or with what its constructor gave
    /// it, `Class(Message, Cause)` (`summaries/java_lang_throwable.pl`), the message `unknown`
    /// when the front end does not know it.
    fn exception_term(&self, class: &str, detail: Option<&crate::ir::ThrownDetail>, env: &Env) -> String {
        let class = quote_atom(class);
        match detail {
            None => class,
            Some(detail) => {
                let message = detail.message.as_ref().map_or_else(|| "unknown".to_string(), |m| self.operand(env, m));
                let cause = self.operand(env, &detail.cause);
                if detail.fields.is_empty() {
                    return format!("{class}({message}, {cause})");
                }
                // f(Getter, Type, Value) per field (`summaries/java_lang_throwable.pl`).
                let fields: Vec<String> = detail
                    .fields
                    .iter()
                    .map(|f| {
                        let getter = f.getter.as_deref().map_or_else(|| "none".to_string(), quote_atom);
                        let value = f.value.as_ref().map_or_else(|| "unknown".to_string(), |v| self.operand(env, v));
                        format!("f({getter}, {}, {value})", ty_atom(f.ty))
                    })
                    .collect();
                format!("{class}({message}, {cause}, [{}])", fields.join(", "))
            }
        }
    }

    fn operand_ty(&self, op: &Operand) -> Ty {
        match op {
            Operand::Local(l) => self.method.locals[l.0 as usize].ty,
            Operand::Const(_, ty) => *ty,
            Operand::Str(_) => Ty::String,
            Operand::Null => Ty::Null,
        }
    }

    /// The goals of a call of `callee`: of its summary when it is composed, of its predicate
    /// otherwise (within the recursion bound when it is recursive).
    fn call_goals(&mut self, callee: &MethodKey, args: &[String], result: &str, s_in: &str, s_out: &str, flag: &str) -> Vec<String> {
        let args = args.join(",");
        if self.ctx.recursive_callees.contains(callee) {
            let (s_a, s_b) = (self.var("S"), self.var("S"));
            vec![
                format!("state:enter_recursive({}, {s_in}, {s_a})", self.ctx.k),
                format!("{}([{args}], {result}, {s_a}, {s_b}, {flag})", method_pred(callee)),
                format!("state:leave_recursive({s_b}, {s_out})"),
            ]
        } else {
            let composed =
                self.ctx.compose && self.ctx.analysed.contains(callee) && !self.ctx.inline_callees.contains(callee);
            let pred = if composed { summary_pred(callee) } else { method_pred(callee) };
            vec![format!("{pred}([{args}], {result}, {s_in}, {s_out}, {flag})")]
        }
    }

    /// What `prolog/heap.pl` needs to give an input reference its shape: the layout of an
    /// object's class (or the layouts of the classes it may have), the type of an array,
    /// `list` for a list, `none` for the null literal.
    fn shape_term(&self, op: &Operand) -> String {
        match self.operand_ty(op) {
            Ty::Object(class) => self.shape_term_of(class),
            Ty::Array(elem) => array_term(elem),
            Ty::List(elem) => list_term(elem),
            Ty::Map(key, value) => format!("map({},{})", self.held_term(key), self.held_term(value)),
            _ => "none".to_string(),
        }
    }

    /// The shape of a reference of static type `class`: its layout when objects of that class
    /// only may be there, else `classes(Layouts)` of the classes they may have.
    fn shape_term_of(&self, class: ClassName) -> String {
        match self.method.layout(class) {
            Some(layout) if layout.concrete != [class] => {
                let layouts: Vec<String> = layout.concrete.iter().map(|c| self.layout_term(*c)).collect();
                format!("classes([{}])", layouts.join(","))
            }
            _ => self.layout_term(class),
        }
    }

    /// `layout(Class, Kinds)` for `prolog/heap.pl`; the front end puts the layout of every
    /// class a method uses in the method (a missing one makes the runtime raise a type error).
    /// What an Optional holds, as its summaries take it: `string`, `box(Type)`,
    /// `enum(Names)`, `object(Layout)` or `unknown`.
    fn held_term(&self, held: Held) -> String {
        match held {
            Held::Unknown => "unknown".to_string(),
            Held::String => "string".to_string(),
            Held::Boxed(primitive) => format!("box({})", ty_atom(primitive.ty())),
            Held::Date(class) => format!("box({})", class.box_kind()),
            Held::Decimal => "box(decimal)".to_string(),
            Held::Enum(e) => format!("enum({})", enum_names(e)),
            Held::Object(class) => format!("object({})", self.shape_term_of(class)),
        }
    }

    fn layout_term(&self, class: ClassName) -> String {
        let Some(layout) = self.method.layout(class) else {
            return format!("missing_layout({})", quote_atom(class.as_str()));
        };
        let kinds: Vec<&str> = layout.fields.iter().map(|f| ty_atom(f.ty)).collect();
        format!("layout({},[{}])", quote_atom(class.as_str()), kinds.join(","))
    }

    /// The field's position (from 1) in its class's layout, or an atom the runtime rejects.
    fn field_index(&self, field: &crate::ir::FieldRef) -> String {
        match self.method.layout(field.class).and_then(|l| l.index_of(&field.name)) {
            Some(i) => (i + 1).to_string(),
            None => quote_atom(&format!("missing field {}", field.name)),
        }
    }

    /// The term `jdbc:invoke/7` takes for a call: SQL texts as `sql(Statement, Labels, Holes)`,
    /// a label `decimal(Label)` when the column holds a DECIMAL's units.
    fn jdbc_call(&self, env: &Env, call: &JdbcCall) -> String {
        let sql = |sql: &Option<SqlRef>| match sql {
            Some(sql) => self.sql_ref_term(env, sql),
            None => "prepared".to_string(),
        };
        match call {
            JdbcCall::CreateStatement => "create_statement".into(),
            JdbcCall::PrepareStatement(sql) => format!("prepare({})", self.sql_ref_term(env, sql)),
            JdbcCall::PrepareStatementReturningKeys(sql) => {
                format!("prepare_returning_keys({})", self.sql_ref_term(env, sql))
            }
            JdbcCall::GetGeneratedKeys => "get_generated_keys".into(),
            JdbcCall::SetAutoCommit => "set_autocommit".into(),
            JdbcCall::GetAutoCommit => "get_autocommit".into(),
            JdbcCall::Commit => "commit".into(),
            JdbcCall::Rollback => "rollback".into(),
            JdbcCall::ExecuteQuery(id) => format!("execute_query({})", sql(id)),
            JdbcCall::ExecuteUpdate(id) => format!("execute_update({})", sql(id)),
            JdbcCall::Execute(id) => format!("execute({})", sql(id)),
            JdbcCall::Close => "close".into(),
            JdbcCall::OpenConnection(ConnectionSource::DataSource) => "open_connection(datasource)".into(),
            JdbcCall::OpenConnection(ConnectionSource::DriverManager { .. } | ConnectionSource::Configured { .. }) => {
                "open_connection(driver_manager)".into()
            }
            JdbcCall::OpenConnection(ConnectionSource::Interface { .. }) => "open_connection(proxy)".into(),
            JdbcCall::CloseResource => "close_resource".into(),
            JdbcCall::SetParameter(Ty::Boxed(primitive)) => format!("set_object({})", ty_atom(primitive.ty())),
            JdbcCall::SetParameter(Ty::Date(class)) => format!("set_date({})", sql_date_kind(*class)),
            JdbcCall::SetParameter(Ty::Decimal) => "set_object(decimal)".into(),
            // JDBC sends a byte or short as the integer it is.
            JdbcCall::SetParameter(Ty::Byte | Ty::Short) => "set_parameter(int)".into(),
            JdbcCall::SetParameter(ty) => format!("set_parameter({})", ty_atom(*ty)),
            JdbcCall::SetText(_) => "set_parameter(string)".into(),
            JdbcCall::SetNull => "set_null".into(),
            JdbcCall::Next => "next".into(),
            JdbcCall::Get(Ty::Boxed(primitive)) => format!("get(boxed({}))", ty_atom(primitive.ty())),
            JdbcCall::Get(Ty::Date(class)) => format!("get(date({}))", sql_date_kind(*class)),
            JdbcCall::Get(Ty::Decimal) => "get(boxed(decimal))".into(),
            JdbcCall::Get(ty) => format!("get({})", ty_atom(*ty)),
            JdbcCall::WasNull => "was_null".into(),
        }
    }

    /// The text a call runs: `sql(...)`, or `chosen(Selector, Texts)` for text the path chose
    /// (`summaries/jdbc.pl` takes the text at the selector's value before running the call).
    fn sql_ref_term(&self, env: &Env, sql: &SqlRef) -> String {
        match sql {
            SqlRef::One(id) => self.sql_term(env, *id),
            SqlRef::Chosen { selector, texts } => {
                let texts: Vec<String> = texts.iter().map(|(bits, id)| format!("{bits}-{}", self.sql_term(env, *id))).collect();
                format!("chosen({},[{}])", self.operand(env, &Operand::Local(*selector)), texts.join(","))
            }
        }
    }

    fn sql_term(&self, env: &Env, id: SqlId) -> String {
        let sql = &self.method.sql[id.0 as usize];
        // The pipeline checks every statement before translation; an unchecked one fails the
        // path rather than running something else.
        let Some(compiled) = &sql.compiled else { return "unchecked".to_string() };
        // A DECIMAL column's label says so: its values are units, which getters convert; a
        // TIME column's too: only getTime reads it.
        let flag = |flags: &[bool], i: usize| flags.get(i).copied().unwrap_or(false);
        let labels: Vec<String> = compiled
            .labels
            .iter()
            .enumerate()
            .map(|(i, label)| match (flag(&compiled.decimal, i), flag(&compiled.time_of_day, i)) {
                (true, _) => format!("decimal({})", quote_atom(label)),
                (_, true) => format!("time({})", quote_atom(label)),
                _ if flag(&compiled.floating, i) => format!("floating({})", quote_atom(label)),
                _ => quote_atom(label),
            })
            .collect();
        let holes: Vec<String> =
            sql.holes.iter().enumerate().map(|(i, h)| format!("hole({i})-{}", self.operand(env, h))).collect();
        format!("sql({},[{}],[{}])", compiled.term, labels.join(","), holes.join(","))
    }

    fn operand(&self, env: &Env, op: &Operand) -> String {
        match op {
            Operand::Local(l) => env.locals[l.0 as usize].clone(),
            Operand::Const(v, Ty::Enum(_)) => format!("e({v})"),
            Operand::Const(v, Ty::Decimal) => format!("box({v})"),
            Operand::Const(v, _) => v.to_string(),
            Operand::Null => "null".into(),
            Operand::Str(i) => string_term(&self.method.strings[*i as usize]),
        }
    }
}

/// What string conversion gives for each constant of an enum: its own `toString()`'s values
/// (`java::enum_values`), else the names.
fn enum_texts(e: EnumType) -> String {
    match e.fields().iter().position(|f| f.getters.iter().any(|g| g == "toString")) {
        Some(k) => enum_field_values(e, k as u32),
        None => enum_names(e),
    }
}

/// The values of the enum's field `k`, one per constant: numbers, or strings as
/// `prolog/strings.pl` represents them.
fn enum_field_values(e: EnumType, k: u32) -> String {
    let values = &e.fields()[k as usize].values;
    // Strings padded alike, so that `prolog/enums.pl` selects their codes column by column.
    let width = values
        .iter()
        .map(|value| match value {
            EnumFieldValue::Text(text) => text.chars().count(),
            EnumFieldValue::Number(_) => 0,
        })
        .max()
        .unwrap_or(0);
    let values: Vec<String> = values
        .iter()
        .map(|value| match value {
            EnumFieldValue::Number(n) => n.to_string(),
            EnumFieldValue::Text(text) => padded_string_term(text, width),
        })
        .collect();
    format!("[{}]", values.join(","))
}

/// The names of an enum's constants, in order, as the list of strings `prolog/enums.pl` takes.
fn enum_names(e: EnumType) -> String {
    let names: Vec<String> = e.constants().iter().map(|c| string_term(c)).collect();
    format!("[{}]", names.join(","))
}

/// A string literal as `prolog/strings.pl` represents it: its length and its character codes
/// padded with zeros to `STRING_MAX_LENGTH` (the front end rejects longer literals).
/// A parameter's text built by `+`, as the database's `template(Parts)` expression: literal
/// pieces as `str(Chars)` (their wildcards count), values as `val(V)` (their text is literal).
fn text_template(pieces: &[crate::sql::Piece], holes: &[String]) -> String {
    let parts: Vec<String> = pieces
        .iter()
        .map(|piece| match piece {
            crate::sql::Piece::Text(text) => format!("str({})", crate::sql::prolog_string(text)),
            crate::sql::Piece::Hole(i) => format!("val({})", holes[*i as usize]),
        })
        .collect();
    format!("template([{}])", parts.join(","))
}

fn string_term(text: &str) -> String {
    padded_string_term(text, 0)
}

/// A string literal padded to at least `width` codes.
fn padded_string_term(text: &str, width: usize) -> String {
    let mut codes: Vec<String> = text.chars().map(|c| u32::from(c).to_string()).collect();
    let len = codes.len();
    codes.resize(STRING_MAX_LENGTH.max(len).max(width), "0".into());
    format!("s({len},[{}])", codes.join(","))
}

/// The type of an array for `prolog/heap.pl`: `array(int)`, ..., `array(obj('p.C'))`.
/// `list(int)` or `list(obj(Class))`: the shape of a list for `prolog/heap.pl`.
fn list_term(elem: Elem) -> String {
    match elem {
        Elem::Object(class) => format!("list(obj({}))", quote_atom(class.as_str())),
        other => format!("list({})", ty_atom(other.ty())),
    }
}

fn array_term(elem: Elem) -> String {
    match elem {
        Elem::Object(class) => format!("array(obj({}))", quote_atom(class.as_str())),
        other => format!("array({})", ty_atom(other.ty())),
    }
}

/// What JDBC makes of a date of `class` (`summaries/jdbc.pl`): a java.sql.Date or LocalDate is
/// a DATE (a day), a java.sql.Time a TIME (a time of day), the others a TIMESTAMP (an instant).
fn sql_date_kind(class: DateClass) -> &'static str {
    match class {
        DateClass::Sql | DateClass::LocalDate => "day",
        DateClass::Time => "time_of_day",
        DateClass::Util | DateClass::Timestamp | DateClass::LocalDateTime | DateClass::Instant => "instant",
    }
}

fn ty_atom(ty: Ty) -> &'static str {
    match ty {
        Ty::Int => "int",
        Ty::Long => "long",
        Ty::Boolean => "boolean",
        Ty::Double => "double",
        Ty::Float => "float",
        Ty::Byte => "byte",
        Ty::Short => "short",
        Ty::Char => "char",
        Ty::Void => "void",
        Ty::String => "string",
        Ty::Null => "null",
        // A box is a value, null or box(V), but like a reference it has no domain and is null
        // by default (`prolog/heap.pl`'s field kinds).
        Ty::Jdbc(_) | Ty::Scanner | Ty::Object(_) | Ty::Array(_) | Ty::AnyObject | Ty::List(_) | Ty::Boxed(_)
        | Ty::Enum(_) | Ty::Date(_) | Ty::Decimal | Ty::Optional(_) | Ty::Map(..) => "ref",
        Ty::Throwable => "throwable",
    }
}

fn arith_atom(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "add",
        BinOp::Sub => "sub",
        BinOp::Mul => "mul",
        BinOp::Div => "div",
        BinOp::Rem => "rem",
    }
}

fn cmp_atom(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "eq",
        CmpOp::Ne => "ne",
        CmpOp::Lt => "lt",
        CmpOp::Le => "le",
        CmpOp::Gt => "gt",
        CmpOp::Ge => "ge",
    }
}
