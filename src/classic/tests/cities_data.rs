//! The Cities (2nd edition) tables against the published facts: every black card and every
//! stage of Byzantium and Petra written here as literals, one line each, in the reference's own
//! vocabulary (effect kinds and fields), independent of the engine's notation.

use wonders_classic::cities_data::{
    black_cards_per_age, CityEffect, BLACK_CARDS, CITIES_HAND_SIZE, CITY_BOARDS,
};
use wonders_classic::data::{Cost, Direction, Resource};

fn cost_text(text: &str) -> String {
    let c = Cost::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    format!(
        "{}/{}",
        c.coins,
        c.resources
            .iter()
            .map(|q| q.to_string())
            .collect::<String>()
    )
}

/// An effect in the reference's words: `kind,field=value...`.
fn effect_text(e: CityEffect) -> String {
    match e {
        CityEffect::Points(n) => format!("vp,amount={n}"),
        CityEffect::Coins(n) => format!("gain_coins,amount={n}"),
        CityEffect::Shields(n) => format!("shields,amount={n}"),
        CityEffect::NeighboursGainCoins(n) => format!("neighbors_gain_coins,amount={n}"),
        CityEffect::OthersGainCoins(n) => format!("others_gain_coins,amount={n}"),
        CityEffect::OthersLoseCoins(n) => format!("others_lose_coins,amount={n}"),
        CityEffect::OthersLoseCoinsPerVictoryToken(n) => {
            format!("others_lose_coins_per_victory_token,amount={n}")
        }
        CityEffect::OthersLoseCoinsPerStage(n) => {
            format!("others_lose_coins_per_wonder_stage,amount={n}")
        }
        CityEffect::Diplomacy => "diplomacy_token,count=1".into(),
        CityEffect::VictoryToken(v) => format!("gain_military_victory_token,value={v}"),
        CityEffect::NeighboursTakeDebt(n) => format!("neighbors_take_debt,amount={n}"),
        CityEffect::PointsPerVictoryToken { value, points } => {
            format!("vp_per_victory_token_of_value,value={value},amount={points}")
        }
        CityEffect::CopyNeighbourScience => "copy_neighbor_science_symbol".into(),
        CityEffect::WharfRebate(side, n) => {
            let side = match side {
                Direction::Left => "left",
                Direction::Right => "right",
                Direction::Both => "both",
            };
            format!("trade_rebate,side={side},amount={n},per_turn=1")
        }
        CityEffect::StartingResourceRebate(n) => {
            format!("starting_resource_trade_rebate,amount={n}")
        }
        CityEffect::SecretWarehouse => "produce_extra_owned_resource,per_turn=1".into(),
        CityEffect::BlackMarket => "produce_unowned_resource,per_turn=1".into(),
        CityEffect::FreeWonderResources => "free_wonder_resources".into(),
        CityEffect::BuildFromDiscard => "build_from_discard,timing=end_of_turn,order=3".into(),
        CityEffect::CoinsPerDefeatToken(n) => format!("coins_per_defeat_token,amount={n}"),
        CityEffect::DiscardDefeatTokens => "discard_all_own_defeat_tokens".into(),
        CityEffect::PerBlackCard { coins, points } => {
            format!("coins_and_vp_per_card,color=black,coins={coins},vp={points}")
        }
        CityEffect::PerVictoryToken { coins, points } => {
            format!("coins_and_vp_per_military_victory_token,coins={coins},vp={points}")
        }
    }
}

fn effects_text(effects: &[CityEffect]) -> String {
    effects
        .iter()
        .map(|&e| effect_text(e))
        .collect::<Vec<_>>()
        .join(";")
}

/// Age, id, name, cost (`coins/wood stone clay ore glass textile papyrus`), effects.
#[rustfmt::skip]
const BLACK: [&str; 42] = [
        "1 cells Cells 0/0000000 vp_per_victory_token_of_value,value=1,amount=2",
        "1 city_gates City Gates 1/1000000 vp,amount=4",
        "1 customs Customs 0/0000000 vp,amount=4;others_gain_coins,amount=1",
        "1 dive Dive 0/0000000 gain_coins,amount=6;neighbors_gain_coins,amount=1",
        "1 east_clandestine_wharf East Clandestine Wharf 1/0000000 trade_rebate,side=right,amount=1,per_turn=1",
        "1 hideout Hideout 0/0000000 vp,amount=2;others_lose_coins,amount=1",
        "1 militia Militia 3/0000000 shields,amount=2",
        "1 opium_stash Opium Stash 0/0000000 gain_coins,amount=3;others_lose_coins,amount=1",
        "1 pigeonhole Pigeonhole 1/0001000 copy_neighbor_science_symbol",
        "1 raider_camp Raider Camp 0/0000000 gain_military_victory_token,value=1;neighbors_take_debt,amount=1",
        "1 residence Residence 0/0010000 vp,amount=1;diplomacy_token,count=1",
        "1 secret_warehouse Secret Warehouse 2/0000000 produce_extra_owned_resource,per_turn=1",
        "1 smugglers_cache Smuggler's Cache 0/0000000 starting_resource_trade_rebate,amount=1",
        "1 west_clandestine_wharf West Clandestine Wharf 1/0000000 trade_rebate,side=left,amount=1,per_turn=1",
        "2 architect_firm Architect Firm 1/0000001 vp,amount=2;free_wonder_resources",
        "2 band_of_spies Band of Spies 2/0110000 copy_neighbor_science_symbol",
        "2 black_market Black Market 0/0001010 produce_unowned_resource,per_turn=1",
        "2 consulate Consulate 0/0010001 vp,amount=2;diplomacy_token,count=1",
        "2 forging_agency Forging Agency 2/0000000 build_from_discard,timing=end_of_turn,order=3",
        "2 gambling_den Gambling Den 1/0000000 gain_coins,amount=9;neighbors_gain_coins,amount=2",
        "2 guardhouse Guardhouse 2/1001000 vp_per_victory_token_of_value,value=3,amount=3",
        "2 lair Lair 0/1000100 vp,amount=3;others_lose_coins,amount=2",
        "2 mercenaries Mercenaries 4/0000001 shields,amount=3",
        "2 opium_den Opium Den 0/0000001 gain_coins,amount=4;others_lose_coins,amount=3",
        "2 raider_fort Raider Fort 1/0011000 gain_military_victory_token,value=3;neighbors_take_debt,amount=1",
        "2 sepulcher Sepulcher 0/0100110 vp,amount=4;others_lose_coins_per_victory_token,amount=1",
        "2 tabularium Tabularium 2/1001010 vp,amount=6",
        "2 trade_center Trade Center 0/0110001 vp,amount=6;others_gain_coins,amount=2",
        "3 brotherhood Brotherhood 0/2001010 vp,amount=4;others_lose_coins,amount=3",
        "3 capitol Capitol 2/0220101 vp,amount=8",
        "3 cenotaph Cenotaph 0/0120110 vp,amount=5;others_lose_coins_per_victory_token,amount=1",
        "3 chamber_of_builders Chamber of Builders 0/1010101 vp,amount=4;others_lose_coins_per_wonder_stage,amount=1",
        "3 contingent Contingent 5/0000010 shields,amount=5",
        "3 embassy Embassy 0/0100011 vp,amount=3;diplomacy_token,count=1",
        "3 memorial Memorial 0/1100010 coins_per_defeat_token,amount=2;discard_all_own_defeat_tokens",
        "3 mint Mint 0/2010110 vp,amount=8;others_gain_coins,amount=3",
        "3 opium_distillery Opium Distillery 0/1000100 gain_coins,amount=5;others_lose_coins,amount=5",
        "3 prison Prison 2/0012001 vp_per_victory_token_of_value,value=5,amount=4",
        "3 raider_garrison Raider Garrison 2/0200010 gain_military_victory_token,value=5;neighbors_take_debt,amount=1",
        "3 secret_network Secret Network 0/0100001 coins_and_vp_per_card,color=black,coins=1,vp=1",
        "3 slave_market Slave Market 0/2002000 coins_and_vp_per_military_victory_token,coins=1,vp=1",
        "3 torture_chamber Torture Chamber 3/0002100 copy_neighbor_science_symbol",
];

#[test]
fn every_black_card_matches_the_published_card() {
    let got: Vec<String> = BLACK_CARDS
        .iter()
        .map(|b| {
            format!(
                "{} {} {} {} {}",
                b.age,
                b.key,
                b.name,
                cost_text(b.cost),
                effects_text(b.effects)
            )
        })
        .collect();
    assert_eq!(got.len(), BLACK.len());
    for (g, want) in got.iter().zip(BLACK) {
        assert_eq!(g, want);
    }
}

#[test]
fn fourteen_distinct_black_cards_per_age_without_chains_or_marks() {
    for age in 1..=3 {
        assert_eq!(BLACK_CARDS.iter().filter(|b| b.age == age).count(), 14);
    }
    let mut keys: Vec<&str> = BLACK_CARDS.iter().map(|b| b.key).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), 42);
    for p in 3..=7 {
        assert_eq!(black_cards_per_age(p), p);
    }
    assert_eq!(CITIES_HAND_SIZE, 8);
}

/// Board, side, starting resource, then per stage: cost and effects.
#[rustfmt::skip]
const BOARDS: [&str; 14] = [
    "byzantium day stone",
    "  0/0011000 vp,amount=3",
    "  0/2000001 diplomacy_token,count=1;vp,amount=4",
    "  0/0020110 vp,amount=7",
    "byzantium night stone",
    "  0/1001001 diplomacy_token,count=1;vp,amount=4",
    "  0/0002110 diplomacy_token,count=1;vp,amount=6",
    "petra day clay",
    "  0/1100000 vp,amount=3",
    "  5/0000000 vp,amount=7",
    "  0/1200001 vp,amount=7",
    "petra night clay",
    "  0/0022000 vp,amount=3;others_lose_coins,amount=2",
    "  10/0000000 vp,amount=14",
];

#[test]
fn byzantium_and_petra_match_the_published_boards() {
    let mut got = Vec::new();
    for s in CITY_BOARDS {
        got.push(format!("{} {} {}", s.wonder, s.side, s.resource.id()));
        for st in s.stages {
            got.push(format!(
                "  {} {}",
                cost_text(st.cost),
                effects_text(st.effects)
            ));
        }
    }
    assert_eq!(got, BOARDS);
    assert_eq!(
        CITY_BOARDS.iter().map(|s| s.name).collect::<Vec<_>>(),
        ["Byzantium", "Byzantium", "Petra", "Petra"]
    );
    assert_eq!(CITY_BOARDS[0].resource, Resource::Stone);
}
