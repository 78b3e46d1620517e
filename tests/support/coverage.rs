//! JaCoCo's branch coverage per method, parsed from the output of `MethodCoverage.java`.

use std::collections::BTreeMap;

/// A method as the JVM names it: dotted class, name, descriptor.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct MethodId {
    pub class: String,
    pub name: String,
    pub descriptor: String,
}

impl std::fmt::Display for MethodId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}{}", self.class, self.name, self.descriptor)
    }
}

/// Covered and total branch outcomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Branches {
    pub covered: u32,
    pub total: u32,
}

#[derive(Debug, Default)]
pub struct MethodCoverage {
    pub branches: Branches,
    /// Only lines that have branches.
    pub lines: BTreeMap<u32, Branches>,
}

/// Parses lines `CLASS NAME DESCRIPTOR (LINE|method) COVERED TOTAL`.
pub fn parse(output: &str) -> Result<BTreeMap<MethodId, MethodCoverage>, String> {
    let mut methods: BTreeMap<MethodId, MethodCoverage> = BTreeMap::new();
    for line in output.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [class, name, descriptor, place, covered, total] = fields[..] else {
            return Err(format!("unexpected coverage line {line:?}"));
        };
        let number = |text: &str| {
            text.parse::<u32>().map_err(|_| format!("unexpected coverage line {line:?}"))
        };
        let branches = Branches { covered: number(covered)?, total: number(total)? };
        let id = MethodId {
            class: class.to_string(),
            name: name.to_string(),
            descriptor: descriptor.to_string(),
        };
        let method = methods.entry(id).or_default();
        if place == "method" {
            method.branches = branches;
        } else {
            method.lines.insert(number(place)?, branches);
        }
    }
    Ok(methods)
}
