//! The record's parts through serde: the result's keys are the score pad's lines, and a bad
//! setup is refused with a message naming the field, the bad value and what is valid.

use serde_json::{json, Value};
use wonders_architects::state::{Architects, ArchitectsConfig, Score};
use wonders_common::{GameModule, SimGame};

/// A finished random game's record (2 players, with Medals when `medals`).
fn record(medals: bool) -> Value {
    let config = ArchitectsConfig {
        medals,
        ..ArchitectsConfig::base(2)
    };
    let mut g = Architects::new(&config, 4).unwrap();
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    while !g.is_over() {
        g.legal_actions(&mut legal);
        let a = legal[actions.len() * 7 % legal.len()];
        g.apply(a).unwrap();
        actions.push(a);
    }
    g.record(&actions, &["random".into(), "random".into()], 4, &config)
}

fn refusal(r: &Value) -> String {
    Architects::replay(r).unwrap_err().message
}

#[test]
fn the_result_lists_the_total_and_every_score_pad_line() {
    let r = record(true);
    let keys: Vec<&String> = r["result"]["scores"][0]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    let mut want: Vec<&str> = Score::LINES.to_vec();
    want.push("total");
    want.sort();
    assert_eq!(keys, want);
    assert!(Architects::replay(&r).unwrap().result_checked);
}

#[test]
fn a_bad_setup_is_refused_naming_the_field() {
    let r = record(false);
    let mut bad = r.clone();
    bad["setup"]["decks"][1][3] = json!("marble");
    let e = refusal(&bad);
    assert!(
        e.starts_with("setup.decks: unknown card kind `marble` (valid: wood, "),
        "{e}"
    );
    let mut bad = r.clone();
    bad["setup"]["central"][0] = json!(3);
    assert_eq!(
        refusal(&bad),
        "setup.central: invalid type: integer `3`, expected a card kind"
    );
    let mut bad = r.clone();
    bad["setup"].as_object_mut().unwrap().remove("central");
    assert_eq!(refusal(&bad), "setup: missing field `central`");
    let mut bad = r.clone();
    bad["setup"]["progress_row"] = json!(["decor", "tactics"]);
    let e = refusal(&bad);
    assert!(
        e.starts_with("setup.progress_row: ") && e.contains("length 3"),
        "{e}"
    );
    let mut bad = r.clone();
    bad["setup"]["progress_stack"][0] = json!("alchemy");
    assert_eq!(
        refusal(&bad),
        "setup.progress_stack: unknown Progress token `alchemy`"
    );
    let mut bad = r.clone();
    bad["setup"]["conflict_tokens"] = json!("three");
    assert!(refusal(&bad).starts_with("setup.conflict_tokens: invalid type: string"));
    // The medals' fields belong to the configuration.
    let mut bad = r.clone();
    bad["setup"]["medals"] = json!([]);
    assert!(refusal(&bad).starts_with("setup: unknown field `medals` (valid here: wonders"));
    let mut bad = record(true);
    bad["setup"]["medals"][0] = json!("gold");
    assert_eq!(refusal(&bad), "setup.medals: unknown medal `gold`");
    bad["setup"].as_object_mut().unwrap().remove("medals");
    assert_eq!(refusal(&bad), "setup: missing field `medals`");
}
