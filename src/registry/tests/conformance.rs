//! Every game and configuration runs the conformance kit, and pins its golden counts: the
//! number of legal actions summed along fixed-seed random games and a hash of the final
//! scores. A rule change shows up here as a changed number; when the change is meant, the new
//! numbers go in with it.

use wonders_architects::{Architects, ArchitectsConfig};
use wonders_classic::{ClassicConfig, ClassicGame, Edition, Expansion, SidePolicy};
use wonders_common::conformance::{conformance, golden};
use wonders_common::{GameModule, OptionSet};
use wonders_duel::Duel;

fn duel(options: &str) -> <Duel as wonders_common::SimGame>::Options {
    Duel::parse_options(&OptionSet::parse(options).unwrap()).unwrap()
}

fn classic(players: usize, edition: Edition, sides: SidePolicy) -> ClassicConfig {
    ClassicConfig {
        sides,
        ..ClassicConfig::new(players, edition)
    }
}

#[test]
fn duel_conforms() {
    for options in ["", "wonders=random", "variant=errata-next-age"] {
        conformance::<Duel>(&duel(options), 300, 1);
    }
}

#[test]
fn duel_with_pantheon_conforms() {
    for options in [
        "expansions=pantheon",
        "expansions=pantheon,variant=errata-next-age",
    ] {
        conformance::<Duel>(&duel(options), 300, 2);
    }
}

#[test]
fn classic_conforms_in_both_editions_at_every_player_count() {
    for players in 3..=7 {
        conformance::<ClassicGame>(&classic(players, Edition::V1, SidePolicy::Mixed), 40, 2);
        conformance::<ClassicGame>(&classic(players, Edition::V2, SidePolicy::Mixed), 40, 3);
    }
}

fn cities(players: usize) -> ClassicConfig {
    let mut c = classic(players, Edition::V2, SidePolicy::Mixed);
    c.expansions.set(Expansion::CITIES, true);
    c
}

fn leaders(players: usize, cities: bool) -> ClassicConfig {
    let mut c = classic(players, Edition::V2, SidePolicy::Mixed);
    c.expansions.set(Expansion::LEADERS, true);
    c.expansions.set(Expansion::CITIES, cities);
    c
}

#[test]
fn classic_with_cities_conforms_at_every_player_count() {
    for players in 3..=7 {
        conformance::<ClassicGame>(&cities(players), 40, 6);
    }
}

#[test]
fn classic_with_leaders_alone_and_with_cities_conforms_at_every_player_count() {
    for players in 3..=7 {
        conformance::<ClassicGame>(&leaders(players, false), 30, 8);
        conformance::<ClassicGame>(&leaders(players, true), 30, 9);
    }
}

/// The team variant: Cities (with Leaders or not), 4 or 6 players.
fn teams(players: usize, leaders: bool) -> ClassicConfig {
    let mut c = classic(players, Edition::V2, SidePolicy::Mixed);
    c.expansions.set(Expansion::CITIES, true);
    c.expansions.set(Expansion::LEADERS, leaders);
    c.teams = true;
    c
}

#[test]
fn classic_team_variant_conforms_at_4_and_6_players() {
    for players in [4, 6] {
        conformance::<ClassicGame>(&teams(players, false), 40, 10);
        conformance::<ClassicGame>(&teams(players, true), 30, 11);
    }
}

fn architects(players: usize, medals: bool, expert: bool) -> ArchitectsConfig {
    ArchitectsConfig {
        medals,
        medals_expert: expert,
        ..ArchitectsConfig::base(players)
    }
}

#[test]
fn architects_conforms_at_every_player_count_with_and_without_medals() {
    for players in 2..=7 {
        conformance::<Architects>(&architects(players, false, false), 40, 4);
        conformance::<Architects>(&architects(players, true, players % 2 == 0), 40, 5);
    }
}

#[test]
fn golden_counts() {
    let mut got = Vec::new();
    for options in [
        "",
        "wonders=random",
        "variant=errata-next-age",
        "expansions=pantheon",
    ] {
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
    for players in 3..=7 {
        let g = golden::<ClassicGame>(&cities(players), 50, 7);
        got.push(format!("classic v2+cities {players}p {g}"));
    }
    for players in 3..=7 {
        let g = golden::<ClassicGame>(&leaders(players, false), 50, 7);
        got.push(format!("classic v2+leaders {players}p {g}"));
        let g = golden::<ClassicGame>(&leaders(players, true), 50, 7);
        got.push(format!("classic v2+leaders+cities {players}p {g}"));
    }
    for players in [4, 6] {
        for leaders in [false, true] {
            let g = golden::<ClassicGame>(&teams(players, leaders), 50, 7);
            let expansions = if leaders { "leaders+cities" } else { "cities" };
            got.push(format!("classic v2+{expansions} teams {players}p {g}"));
        }
    }
    for players in 2..=7 {
        for (medals, expert) in [(false, false), (true, false), (true, true)] {
            let g = golden::<Architects>(&architects(players, medals, expert), 50, 7);
            got.push(format!(
                "architects {players}p medals {medals} expert {expert} {g}"
            ));
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
duel expansions=pantheon      games 200 actions 17444 legal 112618 scores dddae2dbe9aadd43
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
classic v2+cities 3p games 50 actions 3278 legal 30759 scores ff84ef13b1f3502a
classic v2+cities 4p games 50 actions 4403 legal 40874 scores 0ff576a4d055851e
classic v2+cities 5p games 50 actions 5519 legal 51482 scores e79b8788b341a680
classic v2+cities 6p games 50 actions 6673 legal 61149 scores 7b576364a8ec7fb9
classic v2+cities 7p games 50 actions 7825 legal 67483 scores 5665800141cf5499
classic v2+leaders 3p games 50 actions 3805 legal 27722 scores 0c973c7280594db5
classic v2+leaders+cities 3p games 50 actions 4335 legal 34270 scores 0e674b7c89f2f913
classic v2+leaders 4p games 50 actions 5074 legal 36895 scores 671ed9dc65af6336
classic v2+leaders+cities 4p games 50 actions 5845 legal 46407 scores 3ce8abc1fb2f0334
classic v2+leaders 5p games 50 actions 6334 legal 45855 scores 172b5e1b1ee07d84
classic v2+leaders+cities 5p games 50 actions 7335 legal 58107 scores 3f059e038a44f244
classic v2+leaders 6p games 50 actions 7599 legal 54788 scores c297624816916d6f
classic v2+leaders+cities 6p games 50 actions 8907 legal 69906 scores 7cb8edbc0c977e93
classic v2+leaders 7p games 50 actions 8853 legal 62313 scores 989f22a1441e9f60
classic v2+leaders+cities 7p games 50 actions 10471 legal 76874 scores c707ff4cb7022d2d
classic v2+cities teams 4p games 50 actions 4401 legal 40879 scores b6dcd2df90b9b932
classic v2+leaders+cities teams 4p games 50 actions 5846 legal 46247 scores 8df21e5e2fa86782
classic v2+cities teams 6p games 50 actions 6665 legal 61065 scores 0af1fa7226ccd1f2
classic v2+leaders+cities teams 6p games 50 actions 8927 legal 69839 scores ce5e604ffb56a4b8
architects 2p medals false expert false games 50 actions 3181 legal 9182 scores ffe308efbded5f9f
architects 2p medals true expert false games 50 actions 3197 legal 9194 scores 66c2438edb61665d
architects 2p medals true expert true games 50 actions 3197 legal 9194 scores 5806a794e3433725
architects 3p medals false expert false games 50 actions 4547 legal 13257 scores 21265a3751e47211
architects 3p medals true expert false games 50 actions 4637 legal 13432 scores 9faa898217b817d3
architects 3p medals true expert true games 50 actions 4637 legal 13432 scores 1019468235a725cb
architects 4p medals false expert false games 50 actions 5990 legal 17598 scores 5f08e7de445f9797
architects 4p medals true expert false games 50 actions 5731 legal 16702 scores 96ddfd3c20a77f96
architects 4p medals true expert true games 50 actions 5731 legal 16702 scores 50684b7b2377be87
architects 5p medals false expert false games 50 actions 7048 legal 20578 scores d70da18a55ea5cf9
architects 5p medals true expert false games 50 actions 6946 legal 20271 scores b4634c5c381ecf1e
architects 5p medals true expert true games 50 actions 6946 legal 20271 scores 292d1de607811483
architects 6p medals false expert false games 50 actions 8284 legal 24310 scores ecdde1e3aa750b52
architects 6p medals true expert false games 50 actions 8391 legal 24501 scores a8b42a0f8cb45ea9
architects 6p medals true expert true games 50 actions 8391 legal 24501 scores 190d64ac92878539
architects 7p medals false expert false games 50 actions 9387 legal 27510 scores a27b5b62ab46c4f9
architects 7p medals true expert false games 50 actions 9335 legal 27344 scores 3ea8434d90f7a3c4
architects 7p medals true expert true games 50 actions 9335 legal 27344 scores 461ea64ac330116d
";
