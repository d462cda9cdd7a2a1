//! Every game and configuration runs the conformance kit, and pins its golden counts: the
//! number of legal actions summed along fixed-seed random games and a hash of the final
//! scores. A rule change shows up here as a changed number; when the change is meant, the new
//! numbers go in with it.

use wonders::classic::{ClassicConfig, ClassicGame, Edition, SidePolicy};
use wonders::common::conformance::{conformance, golden};
use wonders::common::{GameModule, OptionSet};
use wonders::duel::Duel;

fn duel(options: &str) -> <Duel as wonders::common::SimGame>::Options {
    Duel::parse_options(&OptionSet::parse(options).unwrap()).unwrap()
}

fn classic(players: usize, edition: Edition, sides: SidePolicy) -> ClassicConfig {
    ClassicConfig {
        players,
        edition,
        sides,
        collapse_payment_splits: false,
        wonders: Vec::new(),
    }
}

#[test]
fn duel_conforms() {
    for options in ["", "wonders=random", "variant=errata-next-age"] {
        conformance::<Duel>(&duel(options), 300, 1);
    }
}

#[test]
fn classic_conforms_in_both_editions_at_every_player_count() {
    for players in 3..=7 {
        conformance::<ClassicGame>(&classic(players, Edition::V1, SidePolicy::Mixed), 40, 2);
        conformance::<ClassicGame>(&classic(players, Edition::V2, SidePolicy::Mixed), 40, 3);
    }
}

#[test]
fn golden_counts() {
    let mut got = Vec::new();
    for options in ["", "wonders=random", "variant=errata-next-age"] {
        got.push(format!(
            "duel {options:<24} {}",
            golden::<Duel>(&duel(options), 200, 7)
        ));
    }
    for edition in [Edition::V1, Edition::V2] {
        for players in 3..=7 {
            let g = golden::<ClassicGame>(&classic(players, edition, SidePolicy::Mixed), 50, 7);
            got.push(format!("classic {} {players}p {g}", edition.id()));
        }
    }
    let got = got.join("\n");
    println!("{got}");
    assert_eq!(got, GOLDEN.trim());
}

const GOLDEN: &str = "
duel                          games 200 actions 14268 legal 79712 scores 7caaba67e5b36747
duel wonders=random           games 200 actions 14218 legal 77067 scores 14f06efc7cb771be
duel variant=errata-next-age  games 200 actions 14345 legal 79930 scores 2ec980833d40d821
classic v1 3p games 50 actions 2719 legal 23471 scores ea6ae6b631973433
classic v1 4p games 50 actions 3644 legal 31355 scores c80b7846d3843d04
classic v1 5p games 50 actions 4540 legal 37924 scores be09428758934613
classic v1 6p games 50 actions 5454 legal 46716 scores a1aaf9d5ad519b4e
classic v1 7p games 50 actions 6336 legal 50495 scores ce89afec26a91fab
classic v2 3p games 50 actions 2752 legal 23125 scores fc8ec350c074fced
classic v2 4p games 50 actions 3647 legal 30760 scores 6e0c9f746733ed73
classic v2 5p games 50 actions 4566 legal 37659 scores 26c0c87ce91c56fb
classic v2 6p games 50 actions 5476 legal 46843 scores 9e23014054cac705
classic v2 7p games 50 actions 6378 legal 51326 scores 015ff2729c404d21
";
