//! The modules of `src/classic` import one another one way only: no two import each other,
//! directly or round a circle (`state/` counts as one module: its files split one type's
//! rules). Read from the source files, so a new `use` that closes a circle fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The code of a file without its comments (doc links name modules without importing them).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The sibling modules a file names: `super::x`, `super::{x, y}`, `crate::x`,
/// `crate::{x, y}` (`super` inside `state/` other than its `mod.rs` is `state`).
fn named(code: &str, super_is_classic: bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (prefix, counts) in [("crate::", true), ("super::", super_is_classic)] {
        if !counts {
            continue;
        }
        for (i, _) in code.match_indices(prefix) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &code[i + prefix.len()..];
            if let Some(list) = rest.strip_prefix('{') {
                let list = &list[..list.find('}').unwrap_or(list.len())];
                for item in list.split(',') {
                    let name = item.trim().split([':', ' ']).next().unwrap_or("");
                    if !name.is_empty() {
                        out.insert(name.to_string());
                    }
                }
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.insert(name);
            }
        }
    }
    out
}

#[test]
fn no_two_modules_of_classic_import_each_other_directly_or_round_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        // The crate's integration tests (this file's directory) are no module of it.
        if path.ends_with("tests") {
            continue;
        }
        if path.is_dir() {
            for sub in std::fs::read_dir(&path).unwrap() {
                files.push(sub.unwrap().path());
            }
        } else {
            files.push(path);
        }
    }
    let module = |p: &Path| -> String {
        let rel = p.strip_prefix(&root).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        first.trim_end_matches(".rs").to_string()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .map(|p| module(p))
        .filter(|m| m != "lib")
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for p in &files {
        let m = module(p);
        if m == "mod" {
            continue; // the parent declares and re-exports every module
        }
        let nested = p.parent() != Some(root.as_path());
        let super_is_classic = !nested || p.file_name().is_some_and(|f| f == "mod.rs");
        let deps = named(&code(p), super_is_classic)
            .into_iter()
            .filter(|d| modules.contains(d) && *d != m)
            .collect::<Vec<_>>();
        edges.entry(m).or_default().extend(deps);
    }
    assert!(edges.len() > 20, "{} modules read", edges.len());
    // Depth-first search: a module met again while still open closes a circle.
    fn visit(
        m: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut circle = path[i..].to_vec();
            circle.push(m.to_string());
            return Some(circle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for d in edges.get(m).into_iter().flatten() {
            if let Some(c) = visit(d, edges, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in edges.keys() {
        if let Some(circle) = visit(m, &edges, &mut Vec::new(), &mut done) {
            panic!("an import circle: {}", circle.join(" -> "));
        }
    }
}
