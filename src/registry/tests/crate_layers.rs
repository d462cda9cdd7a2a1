//! The layers are Cargo's own edges: each crate of ours may depend only on the crates below it
//! (README: Layout). Read from the manifests, so a new `wonders-*` dependency that crosses a
//! layer (a game on another game or on the runner, the runner on a game, common on anything
//! but the bots, the bots on anything of ours) fails here, as do dev- and build-dependencies.

use std::collections::BTreeSet;
use std::path::Path;

/// Each crate of ours (its directory under the workspace root) and the crates of ours it may
/// depend on.
const ALLOWED: &[(&str, &str, &[&str])] = &[
    ("bots", "wonders-bots", &[]),
    ("src/common", "wonders-common", &["wonders-bots"]),
    (
        "src/duel",
        "wonders-duel",
        &["wonders-common", "wonders-bots"],
    ),
    (
        "src/classic",
        "wonders-classic",
        &["wonders-common", "wonders-bots"],
    ),
    (
        "src/architects",
        "wonders-architects",
        &["wonders-common", "wonders-bots"],
    ),
    (
        "src/sim",
        "wonders-sim",
        &["wonders-common", "wonders-bots"],
    ),
    (
        "src/registry",
        "wonders-registry",
        &[
            "wonders-common",
            "wonders-bots",
            "wonders-sim",
            "wonders-duel",
            "wonders-classic",
            "wonders-architects",
        ],
    ),
];

/// The package name and every `wonders*` dependency (normal, dev, build, per target) a
/// manifest names.
fn manifest(path: &Path) -> (String, BTreeSet<String>) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut section = String::new();
    let mut name = String::new();
    let mut ours = BTreeSet::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(header) = line.strip_prefix('[') {
            section = header.trim_end_matches(']').trim().to_string();
            // `[dependencies.wonders-duel]` names its dependency in the header.
            if let Some((table, dep)) = section.rsplit_once('.') {
                if table.ends_with("dependencies") && dep.starts_with("wonders") {
                    ours.insert(dep.trim_matches('"').to_string());
                }
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        if section == "package" && key == "name" {
            name = value.trim().trim_matches('"').to_string();
        }
        let dep = key.split('.').next().unwrap_or("").trim_matches('"');
        if section.ends_with("dependencies") && dep.starts_with("wonders") {
            ours.insert(dep.to_string());
        }
    }
    (name, ours)
}

#[test]
fn every_crate_depends_only_on_the_layers_below_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (dir, package, allowed) in ALLOWED {
        let (name, deps) = manifest(&root.join(dir).join("Cargo.toml"));
        assert_eq!(&name, package, "{dir}/Cargo.toml");
        let allowed: BTreeSet<String> = allowed.iter().map(|s| s.to_string()).collect();
        let crossing: Vec<&String> = deps.difference(&allowed).collect();
        assert!(
            crossing.is_empty(),
            "{package} depends on {crossing:?}, across the layers (it may use {allowed:?})"
        );
    }
}

#[test]
fn the_nevers_are_missing_edges() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let deps = |dir: &str| manifest(&root.join(dir).join("Cargo.toml")).1;
    let games = ["wonders-duel", "wonders-classic", "wonders-architects"];
    for dir in ["src/duel", "src/classic", "src/architects"] {
        let d = deps(dir);
        for other in games.iter().chain(&["wonders-sim", "wonders-registry"]) {
            assert!(!d.contains(*other), "{dir} depends on {other}");
        }
    }
    let sim = deps("src/sim");
    for game in games {
        assert!(!sim.contains(game), "the runner depends on {game}");
    }
    assert_eq!(
        deps("src/common"),
        BTreeSet::from(["wonders-bots".to_string()])
    );
    assert!(
        deps("bots").is_empty(),
        "the bots depend on {:?}",
        deps("bots")
    );
}

#[test]
fn every_crate_of_the_workspace_is_in_the_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let known: BTreeSet<&str> = ALLOWED.iter().map(|(dir, ..)| *dir).collect();
    for entry in std::fs::read_dir(root.join("src")).unwrap() {
        let path = entry.unwrap().path();
        if path.join("Cargo.toml").is_file() {
            let dir = format!("src/{}", path.file_name().unwrap().to_string_lossy());
            assert!(
                known.contains(dir.as_str()),
                "{dir} is not in ALLOWED: say which layers it may use"
            );
        }
    }
}

#[test]
fn the_python_module_builds_the_library_without_the_command_line() {
    // src/cli/ is behind the root package's default feature `cli`: the Python module turns the
    // default features off and never asks for `cli`, so it cannot import the command line.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("python/Cargo.toml")).unwrap();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("wonders ="))
        .expect("python/Cargo.toml depends on wonders");
    assert!(line.contains("default-features = false"), "{line}");
    assert!(!line.contains("\"cli\""), "{line}");
    let root_manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(
        root_manifest.contains("cli = [\"dep:clap\""),
        "the root package's `cli` feature holds the command line's dependencies"
    );
}
