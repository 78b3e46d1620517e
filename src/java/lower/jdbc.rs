//! JDBC calls and the static recovery of the SQL text they run.
//!
//! SQL text is evaluated at lowering time from the expressions that build it: literals, `+`,
//! String locals, `static final` String constants and small static helpers whose body is
//! `return <expression>;`. Java values spliced in with `+` become holes whose values the
//! runtime knows (`SqlText::holes`). A String local holding text built from values whose
//! literal part is already too long for the runtime's strings of unknown length
//! (`STRING_MAX_LENGTH`) is *text only*: it exists for the SQL it carries, and using it as a
//! Java value is reported. Text known in full is a Java value of any length.

use super::{Lowered, MethodLowering, Typed};
use crate::diag::Diagnostic;
use crate::ir::{
    BinOp, ConnectionSource, DateClass, Inst, JdbcCall, JdbcType, LocalId, Operand, Primitive, Rvalue, STRING_MAX_LENGTH, SqlId,
    SqlRef, SqlText, Ty,
};
use crate::java::index::{ClassInfo, ClassRef, FileScope, date_class};
use crate::java::syntax::{children, skip_parens};
use crate::sql::Piece;
use std::collections::HashMap;
use tree_sitter::Node;

/// What lowering knows of the text a String local holds.
#[derive(Clone, Debug)]
pub(super) enum LocalText {
    /// Its text with its Java values realised as operands.
    Known(Vec<TextPart>),
    /// Its runtime value: a hole of its own.
    Whole,
    /// Assigned inside a condition or a loop: the text depends on the path.
    PathDependent,
    /// Known text, then literals appended under conditions (not in a loop), at most
    /// `MAX_CONDITIONAL_APPENDS` of them: one text per combination of those appends, which
    /// the int local `selector` names (the sum of the bits of the appends the path ran).
    Appended { selector: LocalId, segments: Vec<Segment> },
}

/// A stretch of text appended to a local: on every path (`bit` `None`), or by the conditional
/// append whose bit in the selector is `bit`, in the `if` arms `arms` (`MethodLowering::arms`).
#[derive(Clone, Debug)]
pub(super) struct Segment {
    bit: Option<u32>,
    arms: Vec<(usize, bool)>,
    parts: Vec<TextPart>,
}

impl Segment {
    /// Whether two appends cannot both run on one path: they are in the two arms of one `if`.
    fn excludes(&self, other: &Segment) -> bool {
        self.arms.iter().any(|(node, otherwise)| other.arms.iter().any(|(n, o)| n == node && o != otherwise))
    }
}

/// How many conditional appends of literals to one local are followed: the SQL text has one
/// variant per combination of them, each compiled against the schema.
const MAX_CONDITIONAL_APPENDS: u32 = 4;

#[derive(Clone, Debug)]
pub(super) enum TextPart {
    Text(String),
    Hole(Typed),
}

/// A part of a text expression before its Java values are lowered.
#[derive(Clone, Debug)]
enum Part<'t> {
    Text(String),
    /// A Java value of the method being lowered, converted to text at runtime.
    Value(Node<'t>),
    /// The text of a String local of the method being lowered, named at the node.
    Local(LocalId, Node<'t>),
}

/// Where names in a text expression are looked up.
enum Scope<'a, 't> {
    /// The method being lowered: its locals, its class's constants.
    Method,
    /// A helper method or a constant's initialiser: its parameters (as parts evaluated by the
    /// caller) and its class's constants.
    Helper { class: &'a ClassInfo<'t>, params: HashMap<String, Vec<Part<'t>>> },
}

/// Whether a helper's statement is a step of building text: a String local declared with a
/// value, or `x = e` / `x += e`.
fn is_text_step(statement: Node, source: &str) -> bool {
    match statement.kind() {
        "local_variable_declaration" => {
            let declared_type = statement.child_by_field_name("type").and_then(|t| t.utf8_text(source.as_bytes()).ok());
            declared_type == Some("String")
                && crate::java::syntax::field_children(statement, "declarator").len() == 1
                && statement.child_by_field_name("declarator").is_some_and(|d| d.child_by_field_name("value").is_some())
        }
        "expression_statement" => children(statement).first().is_some_and(|e| {
            e.kind() == "assignment_expression"
                && e.child_by_field_name("left").is_some_and(|l| l.kind() == "identifier")
                && matches!(super::operator(*e, source), "=" | "+=")
        }),
        _ => false,
    }
}

/// How deep helper calls and constants may nest (a cycle would otherwise not end).
const MAX_TEXT_DEPTH: u32 = 16;

impl<'t> MethodLowering<'_, 't> {
    /// `String x = e`, `x = e` and `x += e` (`compound`) for a String local: a runtime value
    /// when it fits the runtime's strings, else text only.
    pub(super) fn string_assignment(&mut self, id: LocalId, value: Node<'t>, compound: bool) -> Lowered<()> {
        let conditional = self.control_depth > self.declared_depth.get(&id).copied().unwrap_or(0);
        let mut parts = if compound { vec![Part::Local(id, value)] } else { Vec::new() };
        let evaluated = self.text_parts(value, &Scope::Method, 0);
        if compound && let Ok(appended) = &evaluated && self.appends_to_choice(id, appended, conditional) {
            let mut whole = parts.clone();
            whole.extend(appended.iter().cloned());
            // As for any text: a literal is a Java value of any length.
            let long = self.static_length(&whole) > STRING_MAX_LENGTH && skip_parens(value).kind() != "string_literal";
            return self.append_chosen(id, appended.clone(), conditional, long, value);
        }
        let long = match &evaluated {
            Ok(more) => {
                parts.extend(more.iter().cloned());
                // A literal is a Java value of any length; text from helpers stays SQL text.
                self.static_length(&parts) > STRING_MAX_LENGTH && skip_parens(value).kind() != "string_literal"
            }
            Err(_) => false,
        };
        if long {
            if conditional {
                return self.unsupported(
                    value,
                    "SQL text built differently on different paths (assigned inside a condition or loop; \
                     followed only as literals appended under conditions, outside loops)",
                );
            }
            let realised = self.realise(&parts, true)?;
            self.set_text(id, LocalText::Known(realised));
            self.text_only.insert(id);
            return Ok(());
        }
        self.text_only.remove(&id);
        if !conditional && evaluated.is_ok() && self.mixes_text_and_values(&parts) {
            // Kept as text with holes, so that SQL text or a JDBC parameter built from it keeps
            // its literal characters (a LIKE pattern's `%`); the Java value is the same `+`.
            let realised = self.realise(&parts, true)?;
            if compound && self.builders.contains(&id) {
                // A builder's value already is its text (the first realised parts): only the
                // appended parts are concatenated, as a chain of appends would otherwise redo
                // the whole text each time.
                let known = match self.texts.get(&id) {
                    Some(LocalText::Known(known)) => known.len(),
                    _ => 1,
                };
                let appended = self.concatenation(&realised[known..], value)?;
                self.assign(id, Rvalue::Concat { lhs: Operand::Local(id), rhs: appended });
            } else {
                let concatenated = self.concatenation(&realised, value)?;
                self.assign(id, Rvalue::Use(concatenated));
            }
            self.set_text(id, LocalText::Known(realised));
            return Ok(());
        }
        let typed = self.value(value)?;
        let rhs = if compound { self.as_string(typed, value)? } else { self.coerce(typed, Ty::String, value)? };
        let new_value = if compound {
            Rvalue::Concat { lhs: Operand::Local(id), rhs }
        } else {
            Rvalue::Use(rhs)
        };
        self.assign(id, new_value);
        // Appending to text that depends on the path keeps it so (`if (c) sql.append(..);`
        // then `sql.append(" ORDER BY id")`).
        let path_dependent = compound && matches!(self.texts.get(&id), Some(LocalText::PathDependent));
        let text = match evaluated {
            _ if conditional || path_dependent => LocalText::PathDependent,
            // Literal text, or text appended to a local whose text is known (`sql.append(" WHERE ...")`).
            Ok(_) if parts.iter().all(|p| match p {
                Part::Text(_) => true,
                Part::Local(id, _) => matches!(self.texts.get(id), Some(LocalText::Known(_))),
                Part::Value(_) => false,
            }) => {
                LocalText::Known(self.realise(&parts, false)?)
            }
            _ => LocalText::Whole,
        };
        self.set_text(id, text);
        Ok(())
    }

    /// Records what is known of the text of `id` after an assignment just lowered; text known
    /// on every path (assigned where `id` was declared) also records where, for a selector of
    /// the conditional appends that may follow (`append_chosen`).
    pub(super) fn set_text(&mut self, id: LocalId, text: LocalText) {
        match (&text, self.current) {
            (LocalText::Known(_), Some(block)) => {
                self.known_at.insert(id, (block, self.blocks[block.0 as usize].insts.len()));
            }
            _ => {
                self.known_at.remove(&id);
            }
        }
        self.texts.insert(id, text);
    }

    /// Whether `id += appended` keeps the text of `id` one of a few the path chooses: literal
    /// text appended under a condition to text known on every path (or already so chosen),
    /// outside any loop since `id` was declared, or anything appended on every path to text
    /// already chosen.
    fn appends_to_choice(&self, id: LocalId, appended: &[Part<'t>], conditional: bool) -> bool {
        let declared = self.declared_depth.get(&id).copied().unwrap_or(0);
        let in_loop = self.loop_depths.last().is_some_and(|depth| *depth > declared);
        let literal = appended.iter().all(|part| matches!(part, Part::Text(_)));
        match self.texts.get(&id) {
            Some(LocalText::Known(_)) => {
                conditional && literal && !in_loop && self.current.is_some() && self.known_at.contains_key(&id)
            }
            Some(LocalText::Appended { segments, .. }) if conditional => {
                literal && !in_loop && segments.iter().filter(|s| s.bit.is_some()).count() < MAX_CONDITIONAL_APPENDS as usize
            }
            Some(LocalText::Appended { .. }) => true,
            _ => false,
        }
    }

    /// `id += appended` where the text of `id` is one of a few the path chooses
    /// (`appends_to_choice`): a conditional append adds its bit to the selector, which starts
    /// at 0 where the text was last known on every path; the Java value is kept as well unless
    /// `id` is text only, or becomes so (`long`).
    fn append_chosen(&mut self, id: LocalId, appended: Vec<Part<'t>>, conditional: bool, long: bool, at: Node<'t>) -> Lowered<()> {
        let realised = self.realise(&appended, true)?;
        let (selector, mut segments) = match self.texts.get(&id).cloned() {
            Some(LocalText::Appended { selector, segments }) => (selector, segments),
            Some(LocalText::Known(known)) => {
                let name = format!("{}$appended", self.locals[id.0 as usize].name);
                let selector = self.new_local(name, Ty::Int);
                let (block, position) = self.known_at[&id];
                let start = Inst::Assign { dst: selector, value: Rvalue::Use(Operand::Const(0, Ty::Int)) };
                self.blocks[block.0 as usize].insts.insert(position, start);
                for (other_block, other) in self.known_at.values_mut() {
                    if *other_block == block && *other >= position {
                        *other += 1;
                    }
                }
                (selector, vec![Segment { bit: None, arms: Vec::new(), parts: known }])
            }
            _ => return self.error(at, "text appended to a local whose text is not known"),
        };
        let bit = if conditional {
            let bit = segments.iter().filter(|s| s.bit.is_some()).count() as u32;
            let span = self.span(at);
            self.assign(
                selector,
                Rvalue::Binary { op: BinOp::Add, lhs: Operand::Local(selector), rhs: Operand::Const(1 << bit, Ty::Int), ty: Ty::Int, span },
            );
            Some(bit)
        } else {
            None
        };
        if long {
            self.text_only.insert(id);
        } else if !self.text_only.contains(&id) {
            let rhs = self.concatenation(&realised, at)?;
            self.assign(id, Rvalue::Concat { lhs: Operand::Local(id), rhs });
        }
        let arms = if bit.is_some() { self.arms.clone() } else { Vec::new() };
        segments.push(Segment { bit, arms, parts: realised });
        self.known_at.remove(&id);
        self.texts.insert(id, LocalText::Appended { selector, segments });
        Ok(())
    }

    /// Whether `parts` are literal text and Java values together: a template whose literal
    /// characters matter (a LIKE pattern's `%` around a value).
    fn mixes_text_and_values(&self, parts: &[Part]) -> bool {
        let (mut text, mut values) = (false, false);
        for part in parts {
            match part {
                Part::Text(_) => text = true,
                Part::Value(_) => values = true,
                Part::Local(id, _) if self.text_only.contains(id) => return false,
                Part::Local(id, _) => match self.texts.get(id) {
                    Some(LocalText::Known(known)) => {
                        for piece in known {
                            match piece {
                                TextPart::Text(_) => text = true,
                                TextPart::Hole(_) => values = true,
                            }
                        }
                    }
                    Some(LocalText::PathDependent | LocalText::Appended { .. }) => return false,
                    Some(LocalText::Whole) | None => values = true,
                },
            }
        }
        text && values
    }

    /// The Java value of realised text: its parts joined by `+`, left to right.
    fn concatenation(&mut self, parts: &[TextPart], at: Node<'t>) -> Lowered<Operand> {
        let mut joined: Option<Operand> = None;
        for part in parts {
            let operand = match part {
                TextPart::Text(text) => self.intern(text.clone()),
                TextPart::Hole(typed) => self.as_string(*typed, at)?,
            };
            joined = Some(match joined {
                None => operand,
                Some(lhs) => self.temp(Ty::String, Rvalue::Concat { lhs, rhs: operand }).operand,
            });
        }
        match joined {
            Some(operand) => Ok(operand),
            None => Ok(self.intern(String::new())),
        }
    }

    /// The characters of literal text in `parts` (holes count as one).
    fn static_length(&self, parts: &[Part]) -> usize {
        parts
            .iter()
            .map(|part| match part {
                Part::Text(text) => text.chars().count(),
                Part::Value(_) => 1,
                Part::Local(id, _) if self.text_only.contains(id) => STRING_MAX_LENGTH + 1,
                Part::Local(id, _) => match self.texts.get(id) {
                    Some(LocalText::Known(known)) => known
                        .iter()
                        .map(|p| match p {
                            TextPart::Text(t) => t.chars().count(),
                            TextPart::Hole(_) => 1,
                        })
                        .sum(),
                    _ => 1,
                },
            })
            .sum()
    }

    /// The SQL text of an argument of `prepareStatement`, `executeQuery`, ...: one text, or
    /// one per combination of the conditional appends to a local it includes, which the path
    /// chooses (`LocalText::Appended`).
    fn sql_text(&mut self, node: Node<'t>) -> Lowered<SqlRef> {
        let parts = self.text_parts(node, &Scope::Method, 0)?;
        let chosen: Vec<usize> = (0..parts.len())
            .filter(|i| matches!(&parts[*i], Part::Local(id, _) if matches!(self.texts.get(id), Some(LocalText::Appended { .. }))))
            .collect();
        let &[at] = chosen.as_slice() else {
            if chosen.len() > 1 {
                return self.unsupported(node, "SQL text joining two locals that are each appended to under conditions");
            }
            let realised = self.realise(&parts, false)?;
            return Ok(SqlRef::One(self.sql_statement(realised, node)));
        };
        let Part::Local(id, _) = &parts[at] else { unreachable!("chosen parts are locals") };
        let Some(LocalText::Appended { selector, segments }) = self.texts.get(id).cloned() else {
            unreachable!("chosen parts are appended locals")
        };
        let before = self.realise(&parts[..at], false)?;
        let after = self.realise(&parts[at + 1..], false)?;
        let bits = segments.iter().filter(|s| s.bit.is_some()).count() as u32;
        let mut texts = Vec::new();
        for combination in 0..1u32 << bits {
            let appended: Vec<&Segment> =
                segments.iter().filter(|s| s.bit.is_none_or(|bit| combination & (1 << bit) != 0)).collect();
            if appended.iter().enumerate().any(|(i, a)| appended[i + 1..].iter().any(|b| a.excludes(b))) {
                continue;
            }
            let mut realised = before.clone();
            for segment in appended {
                realised.extend(segment.parts.iter().cloned());
            }
            realised.extend(after.iter().cloned());
            texts.push((combination, self.sql_statement(realised, node)));
        }
        Ok(SqlRef::Chosen { selector, texts })
    }

    /// A statement of realised text, with the Java values spliced in as holes.
    fn sql_statement(&mut self, realised: Vec<TextPart>, node: Node<'t>) -> SqlId {
        let mut pieces = Vec::new();
        let mut holes = Vec::new();
        for part in realised {
            match part {
                TextPart::Text(text) => match pieces.last_mut() {
                    Some(Piece::Text(previous)) => previous.push_str(&text),
                    _ => pieces.push(Piece::Text(text)),
                },
                TextPart::Hole(typed) => {
                    pieces.push(Piece::Hole(holes.len() as u32));
                    holes.push(typed.operand);
                }
            }
        }
        let id = SqlId(self.sql.len() as u32);
        self.sql.push(SqlText { pieces, holes, span: self.span(node), compiled: None });
        id
    }

    /// Lowers the Java values of `parts` (left to right, as Java evaluates them) and splices
    /// in the known text of locals. `stable`: copy locals into temporaries, because the text is
    /// kept for later while the locals may change.
    fn realise(&mut self, parts: &[Part<'t>], stable: bool) -> Lowered<Vec<TextPart>> {
        let mut out = Vec::new();
        for part in parts {
            match part {
                Part::Text(text) => out.push(TextPart::Text(text.clone())),
                Part::Value(node) => {
                    let typed = self.value(*node)?;
                    let typed = match typed.ty {
                        Ty::Int | Ty::Long | Ty::Boolean | Ty::String => typed,
                        Ty::Null => Typed { operand: Operand::Null, ty: Ty::String },
                        ty => return self.unsupported(*node, format!("a {ty} in SQL text")),
                    };
                    out.push(TextPart::Hole(self.stable_operand(typed, stable)));
                }
                Part::Local(id, at) => match self.texts.get(id).cloned() {
                    Some(LocalText::Known(known)) => out.extend(known),
                    Some(LocalText::PathDependent | LocalText::Appended { .. }) => {
                        let name = self.locals[id.0 as usize].name.clone();
                        return Err(Diagnostic::unsupported(
                            self.span(*at),
                            format!(
                                "SQL text in '{name}', which is assigned inside a condition or loop (its text depends on the path; \
                                 followed only as SQL text with at most {MAX_CONDITIONAL_APPENDS} literals appended under conditions, outside loops)"
                            ),
                        ));
                    }
                    Some(LocalText::Whole) | None => {
                        let typed = Typed { operand: Operand::Local(*id), ty: self.locals[id.0 as usize].ty };
                        out.push(TextPart::Hole(self.stable_operand(typed, stable)));
                    }
                },
            }
        }
        Ok(out)
    }

    fn stable_operand(&mut self, typed: Typed, stable: bool) -> Typed {
        match typed.operand {
            Operand::Local(id) if stable && !self.is_temp(id) => self.temp(typed.ty, Rvalue::Use(typed.operand)),
            _ => typed,
        }
    }

    /// The parts of a String expression, evaluated statically as far as it goes: what is not
    /// text becomes a value (a hole).
    fn text_parts(&self, node: Node<'t>, scope: &Scope<'_, 't>, depth: u32) -> Lowered<Vec<Part<'t>>> {
        if depth > MAX_TEXT_DEPTH {
            return self.unsupported(node, "SQL text built by helpers or constants nested too deeply (or cyclically)");
        }
        let node = skip_parens(node);
        let source = self.text_source(scope);
        let spelled = node.utf8_text(source.as_bytes()).unwrap_or("");
        match node.kind() {
            "string_literal" => match super::string_literal_value(spelled) {
                Some(text) => Ok(vec![Part::Text(text)]),
                None => self.unsupported(node, "this string literal (an escape sequence hornet does not read)"),
            },
            "decimal_integer_literal" | "true" | "false" => Ok(vec![Part::Text(spelled.trim_end_matches(['l', 'L']).to_string())]),
            "binary_expression" if super::operator(node, source) == "+" && self.is_text(node, scope) => {
                let (Some(left), Some(right)) =
                    (node.child_by_field_name("left"), node.child_by_field_name("right"))
                else {
                    return self.error(node, "syntax error");
                };
                let mut parts = self.operand_parts(left, scope, depth)?;
                parts.extend(self.operand_parts(right, scope, depth)?);
                Ok(parts)
            }
            "identifier" => match scope {
                Scope::Method => match self.lookup(spelled) {
                    Some(variable) if variable.ty == Ty::String => Ok(vec![Part::Local(variable.id, node)]),
                    Some(_) => Ok(vec![Part::Value(node)]),
                    None => self.constant_text(node, self.class, spelled, depth),
                },
                Scope::Helper { class, params } => match params.get(spelled) {
                    Some(parts) => Ok(parts.clone()),
                    None => self.constant_text(node, class, spelled, depth),
                },
            },
            "field_access" => {
                let (Some(object), Some(field)) = (node.child_by_field_name("object"), node.child_by_field_name("field")) else {
                    return self.error(node, "syntax error");
                };
                let field_name = field.utf8_text(source.as_bytes()).unwrap_or("");
                let object_name = object.utf8_text(source.as_bytes()).unwrap_or("");
                match self.index.resolve_class(object_name, self.scope_class(scope).file) {
                    ClassRef::Analysed(owner) => self.constant_text(node, owner, field_name, depth),
                    _ => self.method_value(node, scope),
                }
            }
            "method_invocation" => {
                let builder = match scope {
                    Scope::Method => self.builder_to_string(node),
                    Scope::Helper { .. } => None,
                };
                let chained_to_string = matches!(scope, Scope::Method)
                    && node.child_by_field_name("name").is_some_and(|n| self.text(n) == "toString")
                    && node.child_by_field_name("object").is_some_and(|o| self.builder_receiver(o).is_some());
                match builder {
                    Some(builder) => Ok(vec![Part::Local(builder, node)]),
                    // Its text is known only after the appends run, which a text expression
                    // cannot lower.
                    None if chained_to_string => self.unsupported(
                        node,
                        "text of a chained 'append(...).toString()' (append first, then use 'sb.toString()')",
                    ),
                    None => self.helper_text(node, scope, depth),
                }
            }
            _ => self.method_value(node, scope),
        }
    }

    /// An operand of `+` in text: its parts if it is text, else a value converted at runtime.
    fn operand_parts(&self, node: Node<'t>, scope: &Scope<'_, 't>, depth: u32) -> Lowered<Vec<Part<'t>>> {
        if self.is_text(node, scope) {
            return self.text_parts(node, scope, depth);
        }
        if let Scope::Method = scope
            && let Some(constant) = self.constant(node)
        {
            let text = match constant.ty {
                Ty::Boolean => (constant.value != 0).to_string(),
                _ => constant.value.to_string(),
            };
            return Ok(vec![Part::Text(text)]);
        }
        self.text_parts(node, scope, depth)
    }

    /// A value of the method being lowered; in a helper, only its parameters are values.
    fn method_value(&self, node: Node<'t>, scope: &Scope<'_, 't>) -> Lowered<Vec<Part<'t>>> {
        match scope {
            Scope::Method => Ok(vec![Part::Value(node)]),
            Scope::Helper { .. } => self.unsupported(
                node,
                "SQL text built by a helper from something other than literals, constants and its parameters",
            ),
        }
    }

    /// Whether an expression of the method being lowered is a String, judged from its syntax.
    /// Whether an expression is text known in full at lowering time (a `static final`
    /// constant, a helper returning one): no Java value, so never null.
    pub(super) fn is_constant_text(&self, node: Node<'t>) -> bool {
        self.text_parts(node, &Scope::Method, 0).is_ok_and(|parts| !parts.is_empty() && parts.iter().all(|p| matches!(p, Part::Text(_))))
    }

    pub(super) fn is_text_expression(&self, node: Node<'t>) -> bool {
        self.is_text(node, &Scope::Method)
    }

    /// Whether an expression is a String (so `+` concatenates), judged from its syntax.
    fn is_text(&self, node: Node<'t>, scope: &Scope<'_, 't>) -> bool {
        let node = skip_parens(node);
        let source = self.text_source(scope);
        let spelled = node.utf8_text(source.as_bytes()).unwrap_or("");
        match node.kind() {
            "string_literal" => true,
            "binary_expression" => {
                super::operator(node, source) == "+"
                    && [node.child_by_field_name("left"), node.child_by_field_name("right")]
                        .into_iter()
                        .flatten()
                        .any(|side| self.is_text(side, scope))
            }
            "identifier" => {
                let local = match scope {
                    Scope::Method => self.lookup(spelled).map(|v| v.ty == Ty::String),
                    Scope::Helper { params, .. } => params.get(spelled).map(|parts| {
                        parts.iter().any(|p| matches!(p, Part::Text(_) | Part::Local(..)))
                            || parts.iter().all(|p| matches!(p, Part::Value(n) if self.is_text(*n, &Scope::Method)))
                    }),
                };
                local.unwrap_or_else(|| {
                    self.scope_class(scope).fields.get(spelled).is_some_and(|f| f.ty == Some(Ty::String))
                })
            }
            "field_access" => {
                let object = node.child_by_field_name("object").and_then(|o| o.utf8_text(source.as_bytes()).ok());
                let field = node.child_by_field_name("field").and_then(|f| f.utf8_text(source.as_bytes()).ok());
                match (object, field) {
                    (Some(object), Some(field)) => match self.index.resolve_class(object, self.scope_class(scope).file) {
                        ClassRef::Analysed(owner) => owner.fields.get(field).is_some_and(|f| f.ty == Some(Ty::String)),
                        _ => false,
                    },
                    _ => false,
                }
            }
            "method_invocation" => self.helper(node, scope).is_some_and(|(_, m)| m.ret == Ty::String)
                || matches!(scope, Scope::Method) && node.child_by_field_name("object").is_some_and(|o| {
                    o.kind() == "identifier" && self.lookup(o.utf8_text(source.as_bytes()).unwrap_or("")).is_some_and(|v| v.ty == Ty::String)
                }),
            _ => false,
        }
    }

    fn text_source(&self, scope: &Scope<'_, 't>) -> &'t str {
        self.scope_class(scope).file.source
    }

    fn scope_class<'s>(&'s self, scope: &'s Scope<'s, 't>) -> &'s ClassInfo<'t> {
        match scope {
            Scope::Method => self.class,
            Scope::Helper { class, .. } => class,
        }
    }

    /// A `static final` String constant's text.
    fn constant_text(&self, node: Node<'t>, class: &ClassInfo<'t>, name: &str, depth: u32) -> Lowered<Vec<Part<'t>>> {
        match class.fields.get(name) {
            Some(field) if field.is_static_final && field.ty == Some(Ty::String) => match field.initialiser {
                Some(initialiser) => {
                    let scope = Scope::Helper { class, params: HashMap::new() };
                    self.text_parts(initialiser, &scope, depth + 1)
                }
                None => self.unsupported(node, format!("SQL text in the constant '{name}', which has no initialiser")),
            },
            _ => self.unsupported(
                node,
                format!("SQL text from '{name}', which is neither a String local nor a static final String constant"),
            ),
        }
    }

    /// The static helper a call targets, if it is an analysed method with a body.
    fn helper<'s>(&'s self, node: Node<'t>, scope: &'s Scope<'s, 't>) -> Option<(&'s ClassInfo<'t>, &'s crate::java::index::MethodInfo<'t>)> {
        let source = self.text_source(scope);
        let name = node.child_by_field_name("name")?.utf8_text(source.as_bytes()).ok()?;
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let class = match node.child_by_field_name("object") {
            None => self.scope_class(scope),
            Some(object) => match self.index.resolve_class(object.utf8_text(source.as_bytes()).ok()?, self.scope_class(scope).file) {
                ClassRef::Analysed(class) => class,
                _ => return None,
            },
        };
        let method = class.methods.iter().find(|m| m.name == name && m.params.len() == arguments.len())?;
        Some((class, method))
    }

    /// The text a helper returns. A helper builds text without branching: its body is String
    /// local declarations and assignments (`=`, `+=`) of text, then `return <text>;`; it is
    /// evaluated with its parameters bound to the arguments' parts.
    fn helper_text(&self, node: Node<'t>, scope: &Scope<'_, 't>, depth: u32) -> Lowered<Vec<Part<'t>>> {
        let Some((class, method)) = self.helper(node, scope) else {
            return self.method_value(node, scope);
        };
        let statements = method.body.map(children).unwrap_or_default();
        let builds_text = method.ret == Ty::String
            && statements.last().is_some_and(|last| last.kind() == "return_statement")
            && statements[..statements.len() - 1].iter().all(|s| is_text_step(*s, class.file.source));
        if !builds_text {
            // Not a text builder: its result is a runtime String like any other call's.
            return self.method_value(node, scope);
        }
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let mut params = HashMap::new();
        for (name, argument) in method.param_names.iter().zip(arguments) {
            params.insert(name.clone(), self.operand_parts(argument, scope, depth)?);
        }
        let field_text = |node: Node<'t>, field: &str| node.child_by_field_name(field).and_then(|n| n.utf8_text(class.file.source.as_bytes()).ok());
        for statement in &statements[..statements.len() - 1] {
            let (name, value, compound) = match statement.kind() {
                "local_variable_declaration" => {
                    let declarator = statement.child_by_field_name("declarator");
                    let name = declarator.and_then(|d| field_text(d, "name"));
                    (name, declarator.and_then(|d| d.child_by_field_name("value")), false)
                }
                _ => {
                    let assignment = children(*statement).first().copied();
                    let name = assignment.and_then(|a| field_text(a, "left"));
                    let compound = assignment.is_some_and(|a| super::operator(a, class.file.source) == "+=");
                    (name, assignment.and_then(|a| a.child_by_field_name("right")), compound)
                }
            };
            let (Some(name), Some(value)) = (name, value) else {
                return self.unsupported(*statement, "this statement in a helper that builds SQL text");
            };
            let helper_scope = Scope::Helper { class, params: params.clone() };
            let mut parts = if compound { params.get(name).cloned().unwrap_or_default() } else { Vec::new() };
            parts.extend(self.text_parts(value, &helper_scope, depth + 1)?);
            params.insert(name.to_string(), parts);
        }
        let returned = children(statements[statements.len() - 1]).first().copied();
        let Some(returned) = returned else { return self.error(node, "a String helper returns nothing") };
        self.text_parts(returned, &Scope::Helper { class, params }, depth + 1)
    }

    /// A call of a JDBC method on `receiver` (already lowered).
    pub(super) fn jdbc_method(
        &mut self,
        node: Node<'t>,
        receiver: Typed,
        interface: JdbcType,
        name: &str,
        want_value: bool,
    ) -> Lowered<Option<Typed>> {
        use JdbcType::*;
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let receiver = self.stabilise(receiver, &arguments);
        let mut args = Vec::new();
        let (call, ret) = match (interface, name, arguments.as_slice()) {
            (Connection, "createStatement", []) => (JdbcCall::CreateStatement, Ty::Jdbc(Statement)),
            (Connection, "prepareStatement", [sql]) => {
                (JdbcCall::PrepareStatement(self.sql_text(*sql)?), Ty::Jdbc(PreparedStatement))
            }
            (Connection, "prepareStatement", [sql, keys]) => {
                // The constants of java.sql.Statement, which the front end does not resolve.
                let flag = self.text(*keys).rsplit('.').next().unwrap_or_default().trim().to_string();
                let call = match flag.as_str() {
                    "RETURN_GENERATED_KEYS" | "1" => JdbcCall::PrepareStatementReturningKeys(self.sql_text(*sql)?),
                    "NO_GENERATED_KEYS" | "2" => JdbcCall::PrepareStatement(self.sql_text(*sql)?),
                    _ => {
                        return self.unsupported(
                            *keys,
                            "a second argument of prepareStatement other than Statement.RETURN_GENERATED_KEYS or NO_GENERATED_KEYS".to_string(),
                        );
                    }
                };
                (call, Ty::Jdbc(PreparedStatement))
            }
            (PreparedStatement, "getGeneratedKeys", []) => (JdbcCall::GetGeneratedKeys, Ty::Jdbc(ResultSet)),
            (Connection, "setAutoCommit", [flag]) => {
                args.push(self.argument(*flag, Ty::Boolean)?);
                (JdbcCall::SetAutoCommit, Ty::Void)
            }
            (Connection, "getAutoCommit", []) => (JdbcCall::GetAutoCommit, Ty::Boolean),
            (Connection, "commit", []) => (JdbcCall::Commit, Ty::Void),
            (Connection, "rollback", []) => (JdbcCall::Rollback, Ty::Void),
            (Statement, "executeQuery", [sql]) => (JdbcCall::ExecuteQuery(Some(self.sql_text(*sql)?)), Ty::Jdbc(ResultSet)),
            (Statement, "executeUpdate", [sql]) => (JdbcCall::ExecuteUpdate(Some(self.sql_text(*sql)?)), Ty::Int),
            (Statement, "execute", [sql]) => (JdbcCall::Execute(Some(self.sql_text(*sql)?)), Ty::Boolean),
            (PreparedStatement, "executeQuery", []) => (JdbcCall::ExecuteQuery(None), Ty::Jdbc(ResultSet)),
            (PreparedStatement, "executeUpdate", []) => (JdbcCall::ExecuteUpdate(None), Ty::Int),
            (PreparedStatement, "execute", []) => (JdbcCall::Execute(None), Ty::Boolean),
            (Connection | Statement | PreparedStatement | ResultSet, "close", []) => (JdbcCall::Close, Ty::Void),
            (DataSource, "getConnection", credentials) if matches!(credentials.len(), 0 | 2) => {
                self.credentials(credentials)?;
                (JdbcCall::OpenConnection(ConnectionSource::DataSource), Ty::Jdbc(Connection))
            }
            (
                PreparedStatement,
                "setInt" | "setLong" | "setString" | "setBoolean" | "setDouble" | "setFloat" | "setByte" | "setShort",
                [index, value],
            ) => {
                let ty = match name {
                    "setInt" => Ty::Int,
                    "setLong" => Ty::Long,
                    "setString" => Ty::String,
                    "setDouble" => Ty::Double,
                    "setFloat" => Ty::Float,
                    "setByte" => Ty::Byte,
                    "setShort" => Ty::Short,
                    _ => Ty::Boolean,
                };
                args.push(self.argument(*index, Ty::Int)?);
                let template = match self.text_parts(*value, &Scope::Method, 0) {
                    Ok(parts) if ty == Ty::String && self.mixes_text_and_values(&parts) => Some(parts),
                    _ => None,
                };
                match template {
                    // The database sees the literal characters and the values apart, as it
                    // sees SQL text: `"%" + keyword + "%"` is a LIKE pattern with wildcards
                    // around a text that has none of its own.
                    Some(parts) => {
                        let mut pieces = Vec::new();
                        for part in self.realise(&parts, false)? {
                            match part {
                                TextPart::Text(text) => pieces.push(Piece::Text(text)),
                                TextPart::Hole(typed) => {
                                    pieces.push(Piece::Hole(args.len() as u32 - 1));
                                    args.push(typed.operand);
                                }
                            }
                        }
                        (JdbcCall::SetText(pieces), Ty::Void)
                    }
                    None => {
                        args.push(self.argument(*value, ty)?);
                        (JdbcCall::SetParameter(ty), Ty::Void)
                    }
                }
            }
            (PreparedStatement, "setBigDecimal", [index, value]) => {
                args.push(self.argument(*index, Ty::Int)?);
                args.push(self.argument(*value, Ty::Decimal)?);
                (JdbcCall::SetParameter(Ty::Decimal), Ty::Void)
            }
            // A java.sql.Date (the day of the instant, as JDBC sends a DATE), a Timestamp, or a
            // java.sql.Time (the time of day of the instant, as JDBC sends a TIME).
            (PreparedStatement, "setDate" | "setTimestamp" | "setTime", [index, value]) => {
                let ty = Ty::Date(jdbc_date_class(name));
                args.push(self.argument(*index, Ty::Int)?);
                args.push(self.argument(*value, ty)?);
                (JdbcCall::SetParameter(ty), Ty::Void)
            }
            // A box or null as setInt (setLong, ...) or setNull would set it.
            (PreparedStatement, "setObject", [index, value]) => {
                args.push(self.argument(*index, Ty::Int)?);
                if matches!(self.text_parts(*value, &Scope::Method, 0), Ok(parts) if self.mixes_text_and_values(&parts)) {
                    return self.unsupported(*value, "setObject of text built with '+' (setString keeps its literal characters apart from its values)");
                }
                let typed = self.value(*value)?;
                match typed.ty {
                    Ty::Null => (JdbcCall::SetNull, Ty::Void),
                    Ty::Int | Ty::Long | Ty::Boolean | Ty::String | Ty::Boxed(_) | Ty::Date(_) | Ty::Decimal => {
                        args.push(typed.operand);
                        (JdbcCall::SetParameter(typed.ty), Ty::Void)
                    }
                    other => {
                        return self.unsupported(
                            *value,
                            format!("setObject of a {other} (only int, long, boolean, String, their boxes, dates, BigDecimals and null are modelled)"),
                        );
                    }
                }
            }
            (PreparedStatement, "setNull", [index, sql_type]) => {
                args.push(self.argument(*index, Ty::Int)?);
                // The type code only tells the driver the column's type; a NULL is a NULL.
                self.argument(*sql_type, Ty::Int)?;
                (JdbcCall::SetNull, Ty::Void)
            }
            (ResultSet, "next", []) => (JdbcCall::Next, Ty::Boolean),
            (ResultSet, "wasNull", []) => (JdbcCall::WasNull, Ty::Boolean),
            (
                ResultSet,
                "getInt" | "getLong" | "getString" | "getBoolean" | "getDouble" | "getFloat" | "getByte" | "getShort",
                [column],
            ) => {
                let ty = match name {
                    "getInt" => Ty::Int,
                    "getLong" => Ty::Long,
                    "getString" => Ty::String,
                    "getDouble" => Ty::Double,
                    "getFloat" => Ty::Float,
                    "getByte" => Ty::Byte,
                    "getShort" => Ty::Short,
                    _ => Ty::Boolean,
                };
                let typed = self.value(*column)?;
                match typed.ty {
                    Ty::Int | Ty::String => args.push(typed.operand),
                    other => return self.error(*column, format!("a column is named by a String label or an int index, not a {other}")),
                }
                (JdbcCall::Get(ty), ty)
            }
            (ResultSet, "getBigDecimal", [column]) => {
                let typed = self.value(*column)?;
                match typed.ty {
                    Ty::Int | Ty::String => args.push(typed.operand),
                    other => return self.error(*column, format!("a column is named by a String label or an int index, not a {other}")),
                }
                (JdbcCall::Get(Ty::Decimal), Ty::Decimal)
            }
            (ResultSet, "getDate" | "getTimestamp" | "getTime", [column]) => {
                let ty = Ty::Date(jdbc_date_class(name));
                let typed = self.value(*column)?;
                match typed.ty {
                    Ty::Int | Ty::String => args.push(typed.operand),
                    other => return self.error(*column, format!("a column is named by a String label or an int index, not a {other}")),
                }
                (JdbcCall::Get(ty), ty)
            }
            // `getObject(column, Integer.class)`: null for SQL NULL, else a box of the value.
            (ResultSet, "getObject", [column, class]) => {
                let ty = match self.text(*class) {
                    "Integer.class" | "java.lang.Integer.class" => Ty::Boxed(Primitive::Int),
                    "Long.class" | "java.lang.Long.class" => Ty::Boxed(Primitive::Long),
                    "Boolean.class" | "java.lang.Boolean.class" => Ty::Boxed(Primitive::Boolean),
                    // A DOUBLE or REAL column's value (summaries/jdbc.pl).
                    "Double.class" | "java.lang.Double.class" => Ty::Boxed(Primitive::Double),
                    "String.class" | "java.lang.String.class" => Ty::String,
                    // A DATE as a LocalDate, a TIMESTAMP (or the start of a DATE) as a
                    // LocalDateTime or Instant, as H2 converts them (in UTC, the tests' zone).
                    spelled if let Some(java_time) = java_time_class(spelled, self.class.file) => Ty::Date(java_time),
                    other => {
                        return self.unsupported(
                            *class,
                            format!("getObject as '{other}' (only Integer, Long, Boolean, Double, String, LocalDate, LocalDateTime and Instant are modelled)"),
                        );
                    }
                };
                let typed = self.value(*column)?;
                match typed.ty {
                    Ty::Int | Ty::String => args.push(typed.operand),
                    other => return self.error(*column, format!("a column is named by a String label or an int index, not a {other}")),
                }
                (JdbcCall::Get(ty), ty)
            }
            _ => {
                return self.unsupported(
                    node,
                    format!("JDBC method '{}.{name}' with {} argument(s) (not modelled)", interface.simple_name(), arguments.len()),
                );
            }
        };
        let dst = (want_value && ret != Ty::Void).then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Jdbc { dst, call, receiver: receiver.operand, args, span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// `DriverManager.getConnection(url)` or `(url, user, password)`: a connection to the
    /// database of a URL that must be constant text (the test registers a driver for it).
    pub(super) fn driver_manager_connection(&mut self, node: Node<'t>, want_value: bool) -> Lowered<Option<Typed>> {
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let (url, credentials) = match arguments.as_slice() {
            [url] => (*url, &arguments[1..]),
            [url, _, _] => (*url, &arguments[1..]),
            _ => {
                return self.unsupported(
                    node,
                    "DriverManager.getConnection with Properties (pass the URL, or the URL, user and password)",
                );
            }
        };
        let source = match self.text_parts(url, &Scope::Method, 0).map(|parts| self.constant_url(&parts)) {
            Ok(Some(text)) => ConnectionSource::DriverManager { url: text },
            _ if let Some((resource, key, default)) = self.configured_value(url) => {
                ConnectionSource::Configured { resource, key, default }
            }
            _ => {
                return self.unsupported(
                    url,
                    format!(
                        "a connection from DriverManager.getConnection with the URL '{}', which is not constant text \
                         (the tests open their database for the code's own URL: make it a static final String, \
                         or get the connection from a javax.sql.DataSource)",
                        self.text(url)
                    ),
                );
            }
        };
        self.credentials(credentials)?;
        // A static method has no receiver: a constant stands for it.
        let receiver = Operand::Const(0, Ty::Int);
        let call = JdbcCall::OpenConnection(source);
        let ret = Ty::Jdbc(JdbcType::Connection);
        let dst = want_value.then(|| self.new_temp(ret));
        let span = self.span(node);
        self.emit(Inst::Jdbc { dst, call, receiver, args: Vec::new(), span });
        Ok(dst.map(|dst| Typed { operand: Operand::Local(dst), ty: ret }))
    }

    /// A value read from configuration the class path supplies: `P.getProperty(key)` or
    /// `P.getProperty(key, default)` of a `static final Properties` its class loads from a
    /// class-path resource when it is loaded (`configuration.rs`), directly or returned by a
    /// static helper of one statement (`return P.getProperty(key);`), with constant text as the
    /// key and default. Its resource, key and default.
    pub(super) fn configured_value(&self, node: Node<'t>) -> Option<(String, String, Option<String>)> {
        let node = skip_parens(node);
        if let Some(value) = self.configured_field(node) {
            return Some((value.resource, value.key, value.default));
        }
        if node.kind() != "method_invocation" {
            return None;
        }
        if let Some(read) = self.property_read(node, &Scope::Method) {
            return Some(read);
        }
        let (class, method) = self.helper(node, &Scope::Method)?;
        if method.kind != crate::ir::MethodKind::Static || method.ret != Ty::String {
            return None;
        }
        let [statement] = children(method.body?)[..] else { return None };
        let returned = (statement.kind() == "return_statement").then(|| children(statement).first().copied()).flatten()?;
        let arguments = node.child_by_field_name("arguments").map(children).unwrap_or_default();
        let mut params = HashMap::new();
        for (name, argument) in method.param_names.iter().zip(arguments) {
            params.insert(name.clone(), self.text_parts(argument, &Scope::Method, 0).ok()?);
        }
        self.property_read(skip_parens(returned), &Scope::Helper { class, params })
    }

    /// Why a call on `object` that reads or loads configuration from the class path is not
    /// analysed where it is not the URL, user or password of a connection: the configuration
    /// field `P` (`P.getProperty(key)` with a key not known, `P.load(...)`), or a class's
    /// resources (`X.class.getClassLoader()`).
    pub(super) fn configuration_use(&self, object: Node<'t>, name: &str) -> Option<String> {
        let spelled = self.text(object);
        if name == "getClassLoader" && object.kind() == "class_literal" {
            return Some(format!(
                "a resource of the class path ('{spelled}.getClassLoader()'), which a test can neither choose nor \
                 know; a static initialiser that loads a static final Properties from it is set-up run when the \
                 class is loaded, whose values are supported as the URL, user and password of \
                 DriverManager.getConnection"
            ));
        }
        let resource = match object.kind() {
            "identifier" if self.lookup(spelled).is_none() => crate::java::configuration::loaded_properties(self.class, spelled),
            _ => None,
        }?;
        Some(configuration_value_use(&resource, &format!("{spelled}.{name}")))
    }

    /// A static field its class's static initialiser gives a configuration value (`URL`, or
    /// `C.URL`; `configuration.rs`), not hidden by a local.
    fn configured_field(&self, node: Node<'t>) -> Option<crate::java::configuration::ConfiguredValue> {
        let (class, field) = match node.kind() {
            "identifier" if self.lookup(self.text(node)).is_none() => (self.class, self.text(node)),
            "field_access" => {
                let owner = self.text(node.child_by_field_name("object")?);
                let ClassRef::Analysed(class) = self.index.resolve_class(owner, self.class.file) else { return None };
                (class, self.text(node.child_by_field_name("field")?))
            }
            _ => return None,
        };
        crate::java::configuration::configured_field(class, field)
    }

    /// `P.getProperty(key[, default])` of a configuration field `P` (of the scope's class, or
    /// `C.P`) with constant text as the key and default.
    fn property_read(&self, node: Node<'t>, scope: &Scope<'_, 't>) -> Option<(String, String, Option<String>)> {
        let source = self.text_source(scope);
        if node.kind() != "method_invocation" || node.child_by_field_name("name")?.utf8_text(source.as_bytes()).ok()? != "getProperty" {
            return None;
        }
        let object = node.child_by_field_name("object")?;
        let (class, field) = match object.kind() {
            "identifier" => (self.scope_class(scope), object.utf8_text(source.as_bytes()).ok()?),
            "field_access" => {
                let owner = object.child_by_field_name("object")?.utf8_text(source.as_bytes()).ok()?;
                let ClassRef::Analysed(class) = self.index.resolve_class(owner, self.scope_class(scope).file) else { return None };
                (class, object.child_by_field_name("field")?.utf8_text(source.as_bytes()).ok()?)
            }
            _ => return None,
        };
        // A local or parameter of that name hides the field.
        if matches!(scope, Scope::Method) && object.kind() == "identifier" && self.lookup(field).is_some() {
            return None;
        }
        let resource = crate::java::configuration::loaded_properties(class, field)?;
        let constant = |argument: Node<'t>| {
            let parts = self.text_parts(argument, scope, 0).ok()?;
            parts.iter().map(|p| match p { Part::Text(text) => Some(text.as_str()), _ => None }).collect::<Option<String>>()
        };
        match node.child_by_field_name("arguments").map(children).unwrap_or_default()[..] {
            [key] => Some((resource, constant(key)?, None)),
            [key, default] => Some((resource, constant(key)?, Some(constant(default)?))),
            _ => None,
        }
    }

    /// The text of a URL whose parts are all constant: literals, constants, and String locals
    /// whose every assignment so far was constant text (`final String url = "jdbc:...";`).
    fn constant_url(&self, parts: &[Part<'t>]) -> Option<String> {
        let mut url = String::new();
        for part in parts {
            match part {
                Part::Text(text) => url.push_str(text),
                Part::Local(id, _) => match self.texts.get(id) {
                    Some(LocalText::Known(known)) => {
                        for piece in known {
                            match piece {
                                TextPart::Text(text) => url.push_str(text),
                                TextPart::Hole(_) => return None,
                            }
                        }
                    }
                    _ => return None,
                },
                Part::Value(_) => return None,
            }
        }
        Some(url)
    }

    /// The user name and password given for a connection, which only the production database
    /// checks: constant text is left alone (it may be longer than the runtime's strings), other
    /// expressions are evaluated for what they do.
    fn credentials(&mut self, credentials: &[Node<'t>]) -> Lowered<()> {
        for credential in credentials {
            let constant = matches!(self.text_parts(*credential, &Scope::Method, 0),
                Ok(parts) if parts.iter().all(|p| matches!(p, Part::Text(_))));
            if !constant && self.configured_value(*credential).is_none() {
                self.argument(*credential, Ty::String)?;
            }
        }
        Ok(())
    }

    fn argument(&mut self, node: Node<'t>, ty: Ty) -> Lowered<Operand> {
        let typed = self.value(node)?;
        self.coerce(typed, ty, node)
    }
}

/// Why a value of configuration `resource` read where it is not the URL, user or password of a
/// connection (`read`: `P.getProperty`, or a field holding such a value) is not analysed.
pub(super) fn configuration_value_use(resource: &str, read: &str) -> String {
    format!(
        "a value of the configuration '{resource}' on the class path ('{read}'), which a test can neither choose \
         nor know: supported only as the URL, user or password given to DriverManager.getConnection, with a \
         constant key"
    )
}

/// The `java.time` class a class literal (`LocalDate.class`) names, if it names one.
fn java_time_class(spelled: &str, file: &FileScope) -> Option<DateClass> {
    date_class(spelled.strip_suffix(".class")?, file).filter(|class| class.is_java_time())
}

/// The date class a JDBC date getter or setter (`getDate`, `setTimestamp`, `getTime`, ...) gives
/// or takes.
fn jdbc_date_class(method: &str) -> DateClass {
    match method {
        "getDate" | "setDate" => DateClass::Sql,
        "getTime" | "setTime" => DateClass::Time,
        _ => DateClass::Timestamp,
    }
}
