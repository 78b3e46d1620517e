//! The call graph of the analysed methods and its strongly connected components, in the
//! bottom-up order in which summaries are computed (callees before callers).

use crate::ir::{Method, MethodKey};
use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{HashMap, HashSet};

pub struct CallGraph {
    graph: DiGraph<MethodKey, ()>,
    index: HashMap<MethodKey, NodeIndex>,
}

impl CallGraph {
    /// Edges go from caller to callee; callees outside `methods` (library methods) are left out.
    pub fn new(methods: &[Method]) -> CallGraph {
        let mut graph = DiGraph::new();
        let mut index = HashMap::new();
        for m in methods {
            index.insert(m.key.clone(), graph.add_node(m.key.clone()));
        }
        for m in methods {
            for callee in m.callees() {
                if let Some(&to) = index.get(callee) {
                    graph.update_edge(index[&m.key], to, ());
                }
            }
        }
        CallGraph { graph, index }
    }

    /// The strongly connected components, callees before callers.
    pub fn components_bottom_up(&self) -> Vec<Vec<MethodKey>> {
        // tarjan_scc yields components in reverse topological order of the condensed graph:
        // a component comes after every component it calls.
        tarjan_scc(&self.graph)
            .into_iter()
            .map(|scc| scc.into_iter().map(|n| self.graph[n].clone()).collect())
            .collect()
    }

    /// For each method, the callees in its own component (its recursive calls).
    pub fn recursive_callees(&self) -> HashMap<MethodKey, HashSet<MethodKey>> {
        let mut result = HashMap::new();
        for scc in tarjan_scc(&self.graph) {
            let members: HashSet<NodeIndex> = scc.iter().copied().collect();
            for &n in &scc {
                let inside = self
                    .graph
                    .neighbors(n)
                    .filter(|t| members.contains(t))
                    .map(|t| self.graph[t].clone())
                    .collect();
                result.insert(self.graph[n].clone(), inside);
            }
        }
        result
    }

    /// Every method that one of `roots` reaches through calls (the roots included).
    pub fn callees_of(&self, roots: &HashSet<MethodKey>) -> HashSet<MethodKey> {
        let mut seen: HashSet<MethodKey> = HashSet::new();
        let mut stack: Vec<NodeIndex> = roots.iter().filter_map(|k| self.index.get(k).copied()).collect();
        while let Some(n) = stack.pop() {
            if seen.insert(self.graph[n].clone()) {
                stack.extend(self.graph.neighbors(n));
            }
        }
        seen
    }
}
