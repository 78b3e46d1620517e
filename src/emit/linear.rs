//! The constraints of a summary case as a reader wants them (`hornet summaries`): linear
//! relations over the values the reader sees, with the numbers clpz made on the way
//! eliminated. A value computed by the case (its result, a column or field it wrote, a number
//! clpz introduced) that a linear equation gives from others is replaced by that expression
//! (`account.balance - amount`, `object#0.size + 1`), Java's int and long wrap-around read as
//! the Java expression it computes; the domains of the values replaced become bounds on their
//! expressions; what the domains of the values already imply, or what only says a value stays
//! within its Java type, is left out.

use crate::clp::term::PTerm;
use std::collections::{BTreeMap, HashMap};

/// `Σ coefficient·variable + constant`, over the variables of a case clause (by name).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Linear {
    pub terms: BTreeMap<String, i128>,
    pub constant: i128,
}

impl Linear {
    fn var(name: &str) -> Linear {
        Linear { terms: BTreeMap::from([(name.to_string(), 1)]), constant: 0 }
    }

    fn constant(c: i128) -> Linear {
        Linear { terms: BTreeMap::new(), constant: c }
    }

    /// A term of the shown constraints (`add`, `sub`, `mul` by an integer, `neg`), or none when
    /// it is not linear.
    pub fn of(term: &PTerm) -> Option<Linear> {
        match term {
            PTerm::Var(v) => Some(Linear::var(v)),
            PTerm::Int(n) => Some(Linear::constant(*n)),
            PTerm::Compound(f, args) => match (f.as_str(), args.as_slice()) {
                ("add", [a, b]) => Some(Linear::of(a)?.plus(&Linear::of(b)?, 1)),
                ("sub", [a, b]) => Some(Linear::of(a)?.plus(&Linear::of(b)?, -1)),
                ("neg", [a]) => Some(Linear::of(a)?.scaled(-1)),
                ("mul", [a, b]) => {
                    let (a, b) = (Linear::of(a)?, Linear::of(b)?);
                    if a.terms.is_empty() {
                        Some(b.scaled(a.constant))
                    } else if b.terms.is_empty() {
                        Some(a.scaled(b.constant))
                    } else {
                        None
                    }
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn plus(&self, other: &Linear, factor: i128) -> Linear {
        let mut sum = self.clone();
        for (v, c) in &other.terms {
            let entry = sum.terms.entry(v.clone()).or_insert(0);
            *entry += c * factor;
            if *entry == 0 {
                sum.terms.remove(v);
            }
        }
        sum.constant += other.constant * factor;
        sum
    }

    fn scaled(&self, factor: i128) -> Linear {
        if factor == 0 {
            return Linear::default();
        }
        Linear { terms: self.terms.iter().map(|(v, c)| (v.clone(), c * factor)).collect(), constant: self.constant * factor }
    }

    /// Each defined variable replaced by its definition.
    fn substituted(&self, definitions: &HashMap<String, Definition>) -> Linear {
        let mut out = Linear::constant(self.constant);
        for (v, c) in &self.terms {
            match definitions.get(v) {
                Some(d) => out = out.plus(&d.value, *c),
                None => out = out.plus(&Linear::var(v), *c),
            }
        }
        out
    }

    /// The least and greatest value under the variables' bounds (`None`: unbounded).
    fn interval(&self, bounds: &HashMap<String, (Option<i128>, Option<i128>)>) -> (Option<i128>, Option<i128>) {
        let (mut low, mut high) = (Some(self.constant), Some(self.constant));
        for (v, c) in &self.terms {
            let (l, h) = bounds.get(v).copied().unwrap_or((None, None));
            let (lo, hi) = if *c > 0 { (l, h) } else { (h, l) };
            low = low.zip(lo).and_then(|(a, b)| b.checked_mul(*c).and_then(|p| a.checked_add(p)));
            high = high.zip(hi).and_then(|(a, b)| b.checked_mul(*c).and_then(|p| a.checked_add(p)));
        }
        (low, high)
    }
}

/// What a value computed by the case is, over the values the reader sees.
#[derive(Clone, Debug)]
pub struct Definition {
    pub value: Linear,
    /// Read through a Java wrap-around: its value is the expression's as Java computes it, so
    /// bounds known of the numbers behind it say nothing of the expression.
    wrapped: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Op {
    /// `linear = 0`
    Eq,
    /// `linear != 0`
    Ne,
    /// `linear <= 0`
    Le,
}

/// A relation `linear Op 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    pub linear: Linear,
    pub op: Op,
}

/// A domain as its ranges, lowest first; `None` is an infinite bound.
type Ranges = Vec<(Option<i128>, Option<i128>)>;

/// The shown term's parts: domains (`dom(V, Ranges)`), relations among the visible values
/// (`rel(Op, X, Y)`), and the auxiliary domains and equations (`aux(Domains, Relations)`).
#[derive(Default)]
pub struct System {
    domains: Vec<(String, Ranges)>,
    relations: Vec<Relation>,
    /// Equations involving auxiliary numbers, and wrap-arounds `x mod m = y`.
    equations: Vec<Linear>,
    wraps: Vec<(Linear, String)>,
    aux_domains: Vec<(String, Ranges)>,
    /// Every variable's bounds (its domain's least and greatest values).
    bounds: HashMap<String, (Option<i128>, Option<i128>)>,
    pub definitions: HashMap<String, Definition>,
}

fn ranges(term: &PTerm) -> Ranges {
    let bound = |t: &PTerm| match t {
        PTerm::Int(n) => Some(*n),
        _ => None,
    };
    match term {
        PTerm::List(items) => items
            .iter()
            .filter_map(|r| match r.args() {
                [l, h] => Some((bound(l), bound(h))),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn domains_of(term: Option<&PTerm>) -> Vec<(String, Ranges)> {
    let Some(PTerm::List(items)) = term else { return Vec::new() };
    items
        .iter()
        .filter_map(|d| match d.args() {
            [PTerm::Var(v), r] => Some((v.clone(), ranges(r))),
            _ => None,
        })
        .collect()
}

fn relation(op: &str, x: &Linear, y: &Linear) -> Option<Relation> {
    let difference = x.plus(y, -1);
    let (linear, op) = match op {
        "eq" => (difference, Op::Eq),
        "ne" => (difference, Op::Ne),
        "le" => (difference, Op::Le),
        "lt" => (difference.plus(&Linear::constant(1), 1), Op::Le),
        "ge" => (difference.scaled(-1), Op::Le),
        "gt" => (difference.scaled(-1).plus(&Linear::constant(1), 1), Op::Le),
        _ => return None,
    };
    Some(Relation { linear, op })
}

/// Java's wrap-around as jvm:wrap/3 posts it when few multiples of the modulus are possible:
/// `wrapped = exact - m·k` with m 2^32 or 2^64 and k an auxiliary number of a bounded domain,
/// which clpz shows as `wrapped + m·k = exact` (or its negation). Read as (exact, wrapped):
/// `wrapped` is the term of coefficient ±1 with the sign of k's, `exact` the rest.
fn wrap_around(equation: &Linear, aux_domains: &[(String, Ranges)]) -> Option<(Linear, String)> {
    let (k, ck) = equation.terms.iter().find(|(v, c)| {
        (c.abs() == 1 << 32 || c.abs() == 1 << 64)
            && aux_domains.iter().any(|(d, rs)| d == *v && !rs.is_empty() && rs.iter().all(|r| r.0.is_some() && r.1.is_some()))
    })?;
    let mut same_sign = equation.terms.iter().filter(|(v, c)| *v != k && c.signum() == ck.signum());
    let (wrapped, cw) = same_sign.next()?;
    if same_sign.next().is_some() || cw.abs() != 1 {
        return None;
    }
    let mut exact = equation.clone();
    exact.terms.remove(k);
    exact.terms.remove(wrapped);
    // cw·wrapped + ck·k + rest = 0, so exact = wrapped + (ck/cw)·k = -rest/cw.
    Some((exact.scaled(-cw), wrapped.clone()))
}

impl System {
    /// The system of a shown term `shown(Domains, Relations, aux(AuxDomains, AuxRelations), _)`.
    pub fn of(shown: &PTerm) -> System {
        let parts = shown.args();
        let mut system = System { domains: domains_of(parts.first()), ..System::default() };
        if let Some(PTerm::List(relations)) = parts.get(1) {
            for r in relations {
                if let [PTerm::Atom(op), x, y] = r.args()
                    && let (Some(x), Some(y)) = (Linear::of(x), Linear::of(y))
                    && let Some(rel) = relation(op, &x, &y)
                {
                    system.relations.push(rel);
                }
            }
        }
        let aux = parts.get(2).map(PTerm::args).unwrap_or(&[]);
        let aux_domains = domains_of(aux.first());
        if let Some(PTerm::List(relations)) = aux.get(1) {
            for r in relations {
                match r.args() {
                    [PTerm::Atom(op), x, y] if op == "eq" => {
                        if let (Some(x), Some(y)) = (Linear::of(x), Linear::of(y)) {
                            let equation = x.plus(&y, -1);
                            match wrap_around(&equation, &aux_domains) {
                                Some(wrap) => system.wraps.push(wrap),
                                None => system.equations.push(equation),
                            }
                        }
                    }
                    [PTerm::Compound(m, modulus), x, PTerm::Var(y)] if m == "mod" && modulus.len() == 1 => {
                        // Java's wrap-around: `x mod 2^32` and `x mod 2^64`.
                        if matches!(modulus[0], PTerm::Int(n) if n == 1 << 32 || n == 1 << 64)
                            && let Some(x) = Linear::of(x)
                        {
                            system.wraps.push((x, y.clone()));
                        }
                    }
                    _ => {}
                }
            }
        }
        for (v, rs) in system.domains.iter().chain(&aux_domains) {
            let low = rs.iter().map(|r| r.0).try_fold(i128::MAX, |m, l| l.map(|l| m.min(l)));
            let high = rs.iter().map(|r| r.1).try_fold(i128::MIN, |m, h| h.map(|h| m.max(h)));
            system.bounds.insert(v.clone(), (low, high));
        }
        system.aux_domains = aux_domains;
        system
    }

    /// Defines each variable `derived` allows (the case's computed values and clpz's numbers)
    /// that an equation gives from the others, until none is left: an equation defines its
    /// one value not yet defined, when its coefficient is 1 or -1.
    pub fn define(&mut self, derived: &dyn Fn(&str) -> bool) {
        let mut equations: Vec<Option<Linear>> = self
            .relations
            .iter()
            .filter(|r| r.op == Op::Eq)
            .map(|r| Some(r.linear.clone()))
            .chain(self.equations.iter().cloned().map(Some))
            .collect();
        let mut wraps: Vec<Option<(Linear, String)>> = self.wraps.iter().cloned().map(Some).collect();
        loop {
            let mut progress = false;
            for slot in equations.iter_mut() {
                let Some(equation) = slot else { continue };
                let linear = equation.substituted(&self.definitions);
                let open: Vec<(&String, i128)> = linear
                    .terms
                    .iter()
                    .filter(|(v, _)| derived(v) && !self.definitions.contains_key(*v))
                    .map(|(v, c)| (v, *c))
                    .collect();
                if let [(v, c)] = open[..]
                    && c.abs() == 1
                {
                    let wrapped = equation.terms.keys().any(|w| self.definitions.get(w).is_some_and(|d| d.wrapped));
                    let v = v.clone();
                    let mut rest = linear.clone();
                    rest.terms.remove(&v);
                    // c·v + rest = 0 with c = ±1: v = -c·rest.
                    self.definitions.insert(v, Definition { value: rest.scaled(-c), wrapped });
                    *slot = None;
                    progress = true;
                }
            }
            for slot in wraps.iter_mut() {
                let Some((x, y)) = slot else { continue };
                let x = x.substituted(&self.definitions);
                let open = x.terms.keys().any(|v| derived(v) && !self.definitions.contains_key(v));
                if !open && derived(y) && !self.definitions.contains_key(y.as_str()) {
                    self.definitions.insert(y.clone(), Definition { value: x, wrapped: true });
                    *slot = None;
                    progress = true;
                }
            }
            if !progress {
                break;
            }
        }
        // The equations left that define nothing are relations among what is left.
        self.equations = equations.into_iter().flatten().collect();
        self.relations.retain(|r| r.op != Op::Eq);
    }

    /// The constraints, each over values that are not defined (`keep` says which a reader
    /// sees), simplified: the domains of values not defined (without the bounds of their Java
    /// types), the relations and equations left, and the bounds that the domains of defined
    /// values put on their definitions; none that the domains already imply, none twice.
    pub fn constraints(&self, keep: &dyn Fn(&str) -> bool) -> (Vec<(String, Ranges)>, Vec<Relation>) {
        let domains: Vec<_> = self
            .domains
            .iter()
            .filter(|(v, _)| !self.definitions.contains_key(v) && keep(v))
            .map(|(v, rs)| (v.clone(), rs.iter().map(|r| without_type_edges(*r)).collect::<Vec<_>>()))
            .filter(|(_, rs)| rs.iter().any(|r| *r != (None, None)))
            .collect();
        let mut relations: Vec<Relation> = Vec::new();
        let visible = |l: &Linear| l.terms.keys().all(|v| keep(v) && !self.definitions.contains_key(v));
        let mut candidates: Vec<Relation> = self.relations.iter().map(|r| Relation { linear: r.linear.substituted(&self.definitions), op: r.op }).collect();
        for e in &self.equations {
            candidates.push(Relation { linear: e.substituted(&self.definitions), op: Op::Eq });
        }
        // A defined value's domain bounds its definition.
        for (v, rs) in self.domains.iter().chain(&self.aux_domains) {
            let Some(d) = self.definitions.get(v) else { continue };
            if d.wrapped || rs.is_empty() {
                continue;
            }
            let low = rs.iter().map(|r| r.0).try_fold(i128::MAX, |m, l| l.map(|l| m.min(l)));
            let high = rs.iter().map(|r| r.1).try_fold(i128::MIN, |m, h| h.map(|h| m.max(h)));
            if let Some(low) = low.filter(|l| !near_least(*l)) {
                candidates.push(Relation { linear: d.value.scaled(-1).plus(&Linear::constant(low), 1), op: Op::Le });
            }
            if let Some(high) = high.filter(|h| !near_greatest(*h)) {
                candidates.push(Relation { linear: d.value.plus(&Linear::constant(high), -1), op: Op::Le });
            }
            // One value excluded from a defined value's range (`x + y != 0`).
            if let [(Some(_), Some(b)), (Some(c), Some(_))] = rs[..]
                && c == b + 2
            {
                candidates.push(Relation { linear: d.value.plus(&Linear::constant(b + 1), -1), op: Op::Ne });
            }
        }
        for r in candidates {
            if r.linear.terms.is_empty() || !visible(&r.linear) || self.implied(&r) {
                continue;
            }
            let r = normalised(r);
            if !relations.contains(&r) {
                relations.push(r);
            }
        }
        // `x != y` and `x <= y` are `x < y`.
        let mut i = 0;
        while i < relations.len() {
            let r = relations[i].clone();
            let weak = relations.iter().position(|s| {
                s.op == Op::Le && r.op == Op::Ne && (s.linear == r.linear || s.linear == r.linear.scaled(-1))
            });
            match weak {
                Some(j) => {
                    relations[j].linear = relations[j].linear.plus(&Linear::constant(1), 1);
                    relations.remove(i);
                }
                None => i += 1,
            }
        }
        // `x != y` says nothing more next to `x < y` or `y < x`.
        let strict: Vec<Relation> = relations.iter().filter(|r| r.op == Op::Le).cloned().collect();
        relations.retain(|r| {
            r.op != Op::Ne
                || !strict.iter().any(|s| {
                    s.linear == r.linear.plus(&Linear::constant(1), 1)
                        || s.linear == r.linear.scaled(-1).plus(&Linear::constant(1), 1)
                })
        });
        (domains, relations)
    }

    /// Whether the bounds of the relation's values alone make it hold.
    fn implied(&self, r: &Relation) -> bool {
        let (low, high) = r.linear.interval(&self.bounds);
        match r.op {
            Op::Le => high.is_some_and(|h| h <= 0),
            Op::Ne => high.is_some_and(|h| h < 0) || low.is_some_and(|l| l > 0),
            Op::Eq => low == Some(0) && high == Some(0),
        }
    }
}

/// A relation one way round: `x != y` and `y != x` alike, the first variable's coefficient
/// positive for `=` and `!=`.
fn normalised(r: Relation) -> Relation {
    match r.op {
        Op::Le => r,
        _ if r.linear.terms.values().next().is_some_and(|c| *c < 0) => Relation { linear: r.linear.scaled(-1), op: r.op },
        _ => r,
    }
}

const EDGE: i128 = 1 << 10;

/// A lower bound that only says a value stays within (or near) the least value of its Java
/// type, as clpz narrows `x - 1` to keep within an int: `x >= -2147483647`. A bound near the
/// greatest value instead says the value overflows, and stays.
fn near_least(b: i128) -> bool {
    (b + (1 << 31)).abs() <= EDGE || (b + (1 << 63)).abs() <= EDGE
}

/// An upper bound near the greatest value of a Java type: `key <= 2147483646`.
fn near_greatest(b: i128) -> bool {
    (b - (1 << 31)).abs() <= EDGE || (b - (1 << 63)).abs() <= EDGE
}

/// A range without the bounds that only restate a Java type's.
fn without_type_edges((low, high): (Option<i128>, Option<i128>)) -> (Option<i128>, Option<i128>) {
    (low.filter(|l| !near_least(*l)), high.filter(|h| !near_greatest(*h)))
}

/// A domain as a constraint, or none when it says no more than the value's type does.
pub fn domain_text(name: &str, ranges: &[(Option<i128>, Option<i128>)]) -> Option<String> {
    // A full range of the narrower types (SMALLINT, TINYINT, booleans, chars) says nothing,
    // nor do its least and greatest values at the ends of a domain with holes.
    let types = [(0, 1), (0, 126), (-32768, 32767), (-128, 127), (0, 65535)];
    if ranges.is_empty() || types.iter().any(|(l, h)| ranges == [(Some(*l), Some(*h))]) {
        return None;
    }
    let mut ranges = ranges.to_vec();
    let last = ranges.len() - 1;
    if ranges.len() > 1
        && types.iter().any(|(l, h)| ranges[0].0 == Some(*l) && ranges[last].1 == Some(*h))
    {
        ranges[0].0 = None;
        ranges[last].1 = None;
    }
    let ranges = &ranges[..];
    // A type's range but one value.
    if let [(None, Some(b)), (Some(c), None)] = ranges
        && *c == b + 2
    {
        return Some(format!("{name} != {}", b + 1));
    }
    let one = |(low, high): (Option<i128>, Option<i128>)| match (low, high) {
        (Some(a), Some(b)) if a == b => format!("{name} = {a}"),
        (Some(a), Some(b)) => format!("{a} <= {name} <= {b}"),
        (Some(a), None) => format!("{name} >= {a}"),
        (None, Some(b)) => format!("{name} <= {b}"),
        (None, None) => String::new(),
    };
    if ranges.contains(&(None, None)) {
        return None;
    }
    let parts: Vec<String> = ranges.iter().map(|r| one(*r)).collect();
    Some(parts.join(" or "))
}

/// `linear` as an expression, its variables named by `name`, positive terms first
/// (`account.balance - amount`, `object#0.size + 1`, `-amount`).
pub fn expression_text<K: Ord>(linear: &Linear, name: &dyn Fn(&str) -> String, order: &dyn Fn(&str) -> K) -> String {
    let mut terms: Vec<(&String, &i128)> = linear.terms.iter().collect();
    terms.sort_by_key(|(v, c)| (**c < 0, order(v)));
    let mut out = String::new();
    for (v, c) in terms {
        let magnitude = if c.abs() == 1 { String::new() } else { format!("{}*", c.abs()) };
        let shown = format!("{magnitude}{}", name(v));
        if out.is_empty() {
            out = if *c < 0 { format!("-{shown}") } else { shown };
        } else {
            out.push_str(if *c < 0 { " - " } else { " + " });
            out.push_str(&shown);
        }
    }
    match (out.is_empty(), linear.constant) {
        (true, k) => k.to_string(),
        (false, 0) => out,
        (false, k) if k < 0 => format!("{out} - {}", -k),
        (false, k) => format!("{out} + {k}"),
    }
}

/// A relation as a reader writes it: values with positive coefficients on the left, the
/// others on the right (`amount <= account.balance`, `account.balance < amount`, `from != to`).
pub fn relation_text<K: Ord>(r: &Relation, name: &dyn Fn(&str) -> String, order: &dyn Fn(&str) -> K) -> String {
    let positive = Linear { terms: r.linear.terms.iter().filter(|(_, c)| **c > 0).map(|(v, c)| (v.clone(), *c)).collect(), constant: 0 };
    let negative = Linear { terms: r.linear.terms.iter().filter(|(_, c)| **c < 0).map(|(v, c)| (v.clone(), -c)).collect(), constant: 0 };
    let k = r.linear.constant;
    // P - N + k op 0.
    let text = |l: &Linear| expression_text(l, name, order);
    match (r.op, positive.terms.is_empty(), negative.terms.is_empty()) {
        // Only negative terms: N >= k; a sum N >= 1 as N > 0.
        (Op::Le, true, _) if k == 1 && negative.terms.len() > 1 => format!("{} > 0", text(&negative)),
        (Op::Le, true, _) => format!("{} >= {k}", text(&negative)),
        (Op::Le, _, true) if k == 1 && positive.terms.len() > 1 => format!("{} < 0", text(&positive)),
        (Op::Le, _, true) => format!("{} <= {}", text(&positive), -k),
        (Op::Le, false, false) if k == 1 => format!("{} < {}", text(&positive), text(&negative)),
        (Op::Le, false, false) => format!("{} <= {}", text(&positive), text(&negative.plus(&Linear::constant(-k), 1))),
        (op, _, _) => {
            let symbol = if op == Op::Eq { "=" } else { "!=" };
            if negative.terms.is_empty() {
                format!("{} {symbol} {}", text(&positive), -k)
            } else if positive.terms.is_empty() {
                format!("{} {symbol} {k}", text(&negative))
            } else {
                format!("{} {symbol} {}", text(&positive), text(&negative.plus(&Linear::constant(-k), 1)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clp::term::parse_prefix;

    fn system(text: &str) -> System {
        System::of(&parse_prefix(text).expect("term").0)
    }

    fn plain(v: &str) -> String {
        v.to_string()
    }

    #[test]
    fn a_wrapped_increment_reads_as_the_java_expression() {
        // size' = size + 1 with int wrap-around, as clpz posts it.
        let mut s = system(
            "shown([dom(B,[r(-2147483648,2147483647)]),dom(C,[r(-2147483648,2147483647)])],[],\
             aux([dom(D,[r(-2147483647,2147483648)]),dom(E,[r(1,4294967296)]),dom(F,[r(0,4294967295)])],\
             [rel(eq,add(B,1),D),rel(eq,add(E,-2147483648),D),rel(mod(4294967296),E,F),rel(eq,add(F,-2147483648),C)]),db([],[]))",
        );
        s.define(&|v| v != "B");
        let c = &s.definitions["C"];
        assert_eq!(expression_text(&c.value, &plain, &|_| 0), "B + 1");
        let (domains, relations) = s.constraints(&|v| v == "B" || v == "C");
        assert!(domains.is_empty() && relations.is_empty(), "{domains:?} {relations:?}");
    }

    #[test]
    fn a_linear_wrapped_increment_reads_as_the_java_expression() {
        // size' = size + 1 with int wrap-around as jvm:wrap/3 posts it: C + 2^32·E = D.
        let mut s = system(
            "shown([dom(B,[r(-2147483648,2147483647)]),dom(C,[r(-2147483648,2147483647)])],[],\
             aux([dom(D,[r(-2147483647,2147483648)]),dom(E,[r(0,1)])],\
             [rel(eq,add(B,1),D),rel(eq,add(C,mul(4294967296,E)),D)]),db([],[]))",
        );
        s.define(&|v| v != "B");
        let c = &s.definitions["C"];
        assert_eq!(expression_text(&c.value, &plain, &|_| 0), "B + 1");
        let (domains, relations) = s.constraints(&|v| v == "B" || v == "C");
        assert!(domains.is_empty() && relations.is_empty(), "{domains:?} {relations:?}");
    }

    #[test]
    fn an_update_reads_as_a_function_of_the_values_before_and_its_check_as_an_ordering() {
        // balance' = balance - amount (through D = -amount), balance' >= 0.
        let mut s = system(
            "shown([dom(H,[r(1,2147483647)]),dom(C,[r(1,2147483647)]),dom(L,[r(0,2147483646)])],[],\
             aux([dom(D,[r(-2147483647,-1)])],[rel(eq,add(D,C),0),rel(eq,add(H,D),L)]),db([],[]))",
        );
        s.define(&|v| v == "D" || v == "L");
        assert_eq!(expression_text(&s.definitions["L"].value, &plain, &|v| if v == "H" { 0 } else { 1 }), "H - C");
        let (domains, relations) = s.constraints(&|v| v != "D");
        let texts: Vec<String> = relations.iter().map(|r| relation_text(r, &plain, &|_| 0)).collect();
        assert_eq!(domains.len(), 2);
        assert_eq!(texts, vec!["C <= H".to_string()]);
    }

    #[test]
    fn a_domain_reads_as_the_bound_it_adds_to_the_type() {
        let int = (Some(i32::MIN as i128), Some(i32::MAX as i128));
        let w = |r| without_type_edges(r);
        assert_eq!(domain_text("amount", &[w((Some(1), Some(i64::MAX as i128)))]), Some("amount >= 1".into()));
        assert_eq!(domain_text("b", &[w((Some(0), Some(i64::MAX as i128 - 1)))]), Some("b >= 0".into()));
        assert_eq!(
            domain_text("n", &[w((Some(i64::MIN as i128 + 1), Some(-1))), w((Some(1), Some(i64::MAX as i128)))]),
            Some("n != 0".into())
        );
        assert_eq!(domain_text("n", &[(Some(2), Some(5))]), Some("2 <= n <= 5".into()));
        assert_eq!(domain_text("n", &[(Some(3), Some(3))]), Some("n = 3".into()));
        assert_eq!(domain_text("n", &[w(int)]), None);
        assert_eq!(domain_text("age", &[(Some(-32768), Some(32767))]), None);
        assert_eq!(domain_text("year", &[(Some(-32768), Some(-1)), (Some(1), Some(32767))]), Some("year != 0".into()));
    }

    #[test]
    fn relations_read_with_positive_terms_on_the_left() {
        let r = |op, text: &str| {
            let l = Linear::of(&parse_prefix(text).unwrap().0).unwrap();
            relation_text(&Relation { linear: l, op }, &plain, &|v| v.as_bytes()[0] as usize)
        };
        assert_eq!(r(Op::Le, "add(sub(A,B),1)"), "A < B");
        assert_eq!(r(Op::Le, "sub(A,B)"), "A <= B");
        assert_eq!(r(Op::Le, "add(neg(A),1)"), "A >= 1");
        assert_eq!(r(Op::Ne, "sub(A,B)"), "A != B");
        assert_eq!(r(Op::Eq, "add(sub(A,B),5)"), "A = B - 5");
    }
}
