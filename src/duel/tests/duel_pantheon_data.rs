//! The Pantheon expansion's component tables against its published list, field by field.
//!
//! The expected rows were transcribed from the project's reference data (the Pantheon
//! rulebook with its FAQ, the printed cards and board, and an independent implementation). They
//! are literals on purpose: the test must not depend on files outside the crate, and a typo in
//! either the engine or this table shows up as a mismatch naming the component and the field.

use wonders_duel::data::{
    Color, Progress, Science, BASE_TOKENS, BASE_WONDERS, PROGRESS_TOKENS, WONDERS,
};
use wonders_duel::pantheon_data::{
    divinity_by_id, grand_temple_by_id, space_cost, DivinityEffect, GrandTemple, Mythology,
    AGE_III_CARDS_REMOVED, COMPONENTS, DIVINITIES, ENGINEERING_PRICE, GATE, GRAND_TEMPLES,
    GRAND_TEMPLES_IN_PLAY, GRAND_TEMPLE_POINTS, MYSTICISM_POINTS_PER_TOKEN,
    MYTHOLOGY_TOKENS_PER_MYTHOLOGY, MYTHOLOGY_TOKEN_SLOTS, NUM_DIVINITIES, NUM_GRAND_TEMPLES,
    OFFERING_TOKENS, OFFERING_TOKEN_SLOTS, PANTHEON_PROGRESS_TOKENS, PANTHEON_SPACES,
    PANTHEON_WONDERS, POLIORCETICS_COINS_PER_SQUARE, SPACE_COSTS,
};

fn fields(row: &str) -> Vec<&str> {
    row.split('|').map(str::trim).collect()
}

/// Resource letters to counts (wood, clay, stone, glass, papyrus); `-` is none.
fn units(s: &str) -> [u8; 5] {
    let mut n = [0u8; 5];
    if s == "-" {
        return n;
    }
    for ch in s.chars() {
        let i = match ch {
            'W' => 0,
            'C' => 1,
            'S' => 2,
            'G' => 3,
            'P' => 4,
            _ => panic!("bad resource letter {ch} in the expectation table"),
        };
        n[i] += 1;
    }
    n
}

fn num(s: &str) -> u8 {
    s.parse()
        .unwrap_or_else(|_| panic!("bad number {s} in the expectation table"))
}

/// `id | name | theme | symbol | deck colour`, in engine order.
const MYTHOLOGY_TABLE: [&str; 5] = [
    "mesopotamian | Mesopotamian | scientific | winged bull (lamassu) | green",
    "phoenician | Phoenician | commercial | ship | yellow",
    "greek | Greek | civilian | torch | blue",
    "egyptian | Egyptian | wonders | ankh | grey",
    "roman | Roman | military | eagle | red",
];

/// `id | English name | Italian name (- if lost) | mythology | effect`, in engine order. The
/// effect column is the reference's effect in words: `progress_choice:N` (Enki's N tokens),
/// `science:S`, `coins:N`, `protected_coins:N`, `points:N`, `shields:N`, `steal:colour+colour`,
/// or the name of a decision-only effect.
const DIVINITY_TABLE: [&str; NUM_DIVINITIES] = [
    "enki | Enki | Enki | mesopotamian | progress_choice:2",
    "ishtar | Ishtar | Ishtar | mesopotamian | science:law",
    "nisaba | Nisaba | Nisaba | mesopotamian | copy_opponent_green_symbol",
    "astarte | Astarte | Astarte | phoenician | protected_coins:7",
    "baal | Baal | - | phoenician | steal:brown+grey",
    "tanit | Tanit | Tanit | phoenician | coins:12",
    "aphrodite | Aphrodite | Afrodite | greek | points:9",
    "hades | Hades | Ade | greek | build_from_discard",
    "zeus | Zeus | Zeus | greek | discard_layout_card",
    "anubis | Anubis | Anubi | egyptian | unbuild_wonder",
    "isis | Isis | Iside | egyptian | free_wonder_with_discarded_card",
    "ra | Ra | Ra | egyptian | steal_unbuilt_wonder",
    "mars | Mars | Marte | roman | shields:2",
    "minerva | Minerva | Minerva | roman | place_minerva_pawn",
    "neptune | Neptune | Nettuno | roman | discard_one_military_token_then_apply_another",
];

/// The reference's words for an effect, so that the table above reads like the reference.
fn effect_words(e: DivinityEffect) -> String {
    match e {
        DivinityEffect::ProgressChoice { drawn } => format!("progress_choice:{drawn}"),
        DivinityEffect::Science(s) => format!("science:{}", s.id()),
        DivinityEffect::CopyOpponentScience => "copy_opponent_green_symbol".into(),
        DivinityEffect::ProtectedCoins(n) => format!("protected_coins:{n}"),
        DivinityEffect::StealCard(colors) => format!(
            "steal:{}",
            colors.iter().map(|c| c.id()).collect::<Vec<_>>().join("+")
        ),
        DivinityEffect::Coins(n) => format!("coins:{n}"),
        DivinityEffect::Points(n) => format!("points:{n}"),
        DivinityEffect::BuildFromDiscard => "build_from_discard".into(),
        DivinityEffect::DiscardLayoutCard => "discard_layout_card".into(),
        DivinityEffect::UnbuildWonder => "unbuild_wonder".into(),
        DivinityEffect::WonderFromDiscard => "free_wonder_with_discarded_card".into(),
        DivinityEffect::StealUnbuiltWonder => "steal_unbuilt_wonder".into(),
        DivinityEffect::Shields(n) => format!("shields:{n}"),
        DivinityEffect::MinervaPawn => "place_minerva_pawn".into(),
        DivinityEffect::MilitaryTokens => "discard_one_military_token_then_apply_another".into(),
    }
}

/// `num | id | English name | mythology | resource cost`, in engine order. Every Grand Temple
/// is a purple Age III card costing no coins.
const TEMPLE_TABLE: [&str; NUM_GRAND_TEMPLES] = [
    "74 | mesopotamian_grand_temple | Mesopotamian Grand Temple | mesopotamian | WWWGP",
    "75 | phoenician_grand_temple | Phoenician Grand Temple | phoenician | WSGPP",
    "76 | greek_grand_temple | Greek Grand Temple | greek | SSSGP",
    "77 | egyptian_grand_temple | Egyptian Grand Temple | egyptian | CCCGP",
    "78 | roman_grand_temple | Roman Grand Temple | roman | CSGGP",
];

/// `id | name | cost | VP | play again | Pantheon discount | activates from a deck`; every
/// other Wonder field is empty for both.
const WONDER_TABLE: [&str; 2] = [
    "the_sanctuary | The Sanctuary | SSGP | 0 | y | 2 | n",
    "the_divine_theater | The Divine Theater | WWGPP | 2 | n | 0 | y",
];

fn yes(s: &str) -> bool {
    match s {
        "y" => true,
        "n" => false,
        _ => panic!("bad flag {s} in the expectation table"),
    }
}

#[test]
fn component_counts_match_the_box() {
    assert_eq!(COMPONENTS.pantheon_board, 1);
    assert_eq!(COMPONENTS.divinity_cards, 15);
    assert_eq!(COMPONENTS.gate_card, 1);
    assert_eq!(COMPONENTS.grand_temple_cards, 5);
    assert_eq!(COMPONENTS.wonder_cards, 2);
    assert_eq!(COMPONENTS.mythology_tokens, 10);
    assert_eq!(COMPONENTS.offering_tokens, 3);
    assert_eq!(COMPONENTS.snake_token, 1);
    assert_eq!(COMPONENTS.progress_tokens, 3);
    assert_eq!(COMPONENTS.minerva_pawn, 1);
    assert_eq!(DIVINITIES.len(), 15);
    assert_eq!(GRAND_TEMPLES.len(), 5);
    assert_eq!(PANTHEON_WONDERS.len(), 2);
    assert_eq!(PANTHEON_PROGRESS_TOKENS.len(), 3);
    assert_eq!(MYTHOLOGY_TOKENS_PER_MYTHOLOGY, 2);
}

#[test]
fn every_mythology_matches() {
    for (i, row) in MYTHOLOGY_TABLE.iter().enumerate() {
        let f = fields(row);
        assert_eq!(f.len(), 5);
        let m = Mythology::ALL[i];
        assert_eq!(m as usize, i, "{}: discriminant", f[0]);
        assert_eq!(m.id(), f[0]);
        assert_eq!(m.name(), f[1], "{}: name", f[0]);
        assert_eq!(m.theme(), f[2], "{}: theme", f[0]);
        assert_eq!(m.symbol(), f[3], "{}: symbol", f[0]);
        assert_eq!(m.deck_color().id(), f[4], "{}: deck colour", f[0]);
        assert_eq!(Mythology::by_id(f[0]), Some(m));
        // Its deck is the 3 Divinities of this Mythology, in table order.
        let deck: Vec<_> = m.divinities().collect();
        assert_eq!(deck, vec![3 * i as u8, 3 * i as u8 + 1, 3 * i as u8 + 2]);
        for d in m.divinities() {
            assert_eq!(DIVINITIES[d as usize].mythology, m);
        }
    }
    assert_eq!(Mythology::by_id("norse"), None);
}

#[test]
fn every_divinity_matches() {
    for (i, row) in DIVINITY_TABLE.iter().enumerate() {
        let f = fields(row);
        assert_eq!(f.len(), 5, "row {i}");
        let d = &DIVINITIES[i];
        let id = f[0];
        assert_eq!(d.id, id, "divinity {i}: id");
        assert_eq!(d.name, f[1], "{id}: name");
        let name_it = if f[2] == "-" { None } else { Some(f[2]) };
        assert_eq!(d.name_it, name_it, "{id}: Italian name");
        assert_eq!(Some(d.mythology), Mythology::by_id(f[3]), "{id}: mythology");
        assert_eq!(effect_words(d.effect), f[4], "{id}: effect");
        assert!(!d.rule.is_empty(), "{id}: rule text");
        assert_eq!(divinity_by_id(id), Some(i as u8), "{id}: divinity_by_id");
    }
    assert_eq!(divinity_by_id("gate"), None, "the Gate is no Divinity");
    // The card icons read by hand: Astarte 7, Tanit 12, Aphrodite 9, Mars 2 shields.
    let effect = |id| DIVINITIES[divinity_by_id(id).unwrap() as usize].effect;
    assert_eq!(effect("astarte"), DivinityEffect::ProtectedCoins(7));
    assert_eq!(effect("tanit"), DivinityEffect::Coins(12));
    assert_eq!(effect("aphrodite"), DivinityEffect::Points(9));
    assert_eq!(effect("mars"), DivinityEffect::Shields(2));
    assert_eq!(effect("ishtar"), DivinityEffect::Science(Science::Law));
}

#[test]
fn gate_costs_double() {
    assert_eq!(GATE.id, "gate");
    assert_eq!(GATE.name, "Gate");
    assert_eq!(GATE.name_it, "Portale");
    assert_eq!(GATE.cost_factor, 2);
}

#[test]
fn pantheon_spaces_cost_3_to_8_from_each_side() {
    assert_eq!(PANTHEON_SPACES, 6);
    // The printed pairs 3|8, 4|7, 5|6, 6|5, 7|4, 8|3; space k costs seat 0 9-k, seat 1 k+2.
    assert_eq!(
        SPACE_COSTS,
        [[8, 3], [7, 4], [6, 5], [5, 6], [4, 7], [3, 8]]
    );
    for k in 1..=6u8 {
        assert_eq!(space_cost(k, 0), 9 - k, "space {k}, seat 0");
        assert_eq!(space_cost(k, 1), k + 2, "space {k}, seat 1");
        assert_eq!(space_cost(k, 0) + space_cost(k, 1), 11);
    }
    // The rulebook's example: Mars on a 5-coin space with a 3 Offering costs 2 coins.
    assert_eq!(space_cost(4, 0).saturating_sub(3), 2);
}

#[test]
fn token_slots_and_offering_values() {
    assert_eq!(MYTHOLOGY_TOKEN_SLOTS, [2, 4, 9, 11, 13]);
    assert_eq!(OFFERING_TOKEN_SLOTS, [6, 8, 10]);
    assert_eq!(OFFERING_TOKENS, [2, 3, 4]);
    // Every token slot is dealt face down (a token is taken when its card turns over).
    use wonders_duel::data::LAYOUTS;
    for s in MYTHOLOGY_TOKEN_SLOTS {
        assert_eq!(
            LAYOUTS[0].face_up >> s & 1,
            0,
            "Age I slot {s} is face down"
        );
    }
    for s in OFFERING_TOKEN_SLOTS {
        assert_eq!(
            LAYOUTS[1].face_up >> s & 1,
            0,
            "Age II slot {s} is face down"
        );
    }
}

#[test]
fn every_grand_temple_matches() {
    assert_eq!(GrandTemple::AGE, 3);
    assert_eq!(GrandTemple::COLOR, Color::Purple);
    for (i, row) in TEMPLE_TABLE.iter().enumerate() {
        let f = fields(row);
        assert_eq!(f.len(), 5);
        let t = &GRAND_TEMPLES[i];
        let id = f[1];
        assert_eq!(t.num, num(f[0]), "{id}: number");
        assert_eq!(t.id, id, "temple {i}: id");
        assert_eq!(t.name, f[2], "{id}: name");
        assert_eq!(Some(t.mythology), Mythology::by_id(f[3]), "{id}: mythology");
        assert_eq!(
            t.mythology as usize, i,
            "{id}: one temple per Mythology, in order"
        );
        assert_eq!(t.cost.0, units(f[4]), "{id}: cost");
        assert_eq!(t.cost.total(), 5, "{id}: every temple costs 5 resources");
        assert_eq!(grand_temple_by_id(id), Some(i), "{id}: grand_temple_by_id");
    }
    assert_eq!(GRAND_TEMPLE_POINTS, [0, 5, 12, 21]);
    assert_eq!(GRAND_TEMPLES_IN_PLAY, 3);
    assert_eq!(AGE_III_CARDS_REMOVED, 3);
}

#[test]
fn every_pantheon_wonder_matches() {
    for (i, row) in WONDER_TABLE.iter().enumerate() {
        let f = fields(row);
        assert_eq!(f.len(), 7);
        let w = &PANTHEON_WONDERS[i];
        let id = f[0];
        assert_eq!(w.id, id);
        assert_eq!(w.name, f[1], "{id}: name");
        assert_eq!(w.cost.0, units(f[2]), "{id}: cost");
        assert_eq!(w.points, num(f[3]), "{id}: VP");
        assert_eq!(w.extra_turn, yes(f[4]), "{id}: play again");
        assert_eq!(w.pantheon_discount, num(f[5]), "{id}: Pantheon discount");
        assert_eq!(
            w.activates_from_deck,
            yes(f[6]),
            "{id}: activates from a deck"
        );
        assert_eq!(w.shields, 0, "{id}: shields");
        assert_eq!(w.coins, 0, "{id}: coins");
        assert_eq!(w.opponent_loses, 0, "{id}: opponent loses");
        assert!(w.produces_one_of.is_empty(), "{id}: production");
        assert_eq!(w.destroys, None, "{id}: destroys");
        assert!(!w.builds_from_discard, "{id}: build from discard");
        assert!(!w.takes_boxed_token, "{id}: token from the box");
        assert!(
            WONDERS[..BASE_WONDERS].iter().all(|b| b.id != id),
            "{id}: not a base Wonder"
        );
        assert_eq!(
            WONDERS[BASE_WONDERS + i].id,
            id,
            "{id}: after the base Wonders"
        );
    }
    // No base Wonder touches the Pantheon.
    for w in &WONDERS[..BASE_WONDERS] {
        assert_eq!(w.pantheon_discount, 0, "{}", w.id);
        assert!(!w.activates_from_deck, "{}", w.id);
    }
}

#[test]
fn every_pantheon_progress_token_matches() {
    let expected = [
        ("mysticism", "Mysticism", Progress::Mysticism),
        ("poliorcetics", "Poliorcetics", Progress::Poliorcetics),
        ("engineering", "Engineering", Progress::Engineering),
    ];
    for (i, (id, name, kind)) in expected.into_iter().enumerate() {
        let t = &PANTHEON_PROGRESS_TOKENS[i];
        assert_eq!(t.id, id);
        assert_eq!(t.name, name, "{id}: name");
        assert_eq!(t.kind, kind, "{id}: kind");
        // They follow the 10 base tokens: the kind's discriminant is the token's index in the
        // 13 tokens of a Pantheon game.
        assert_eq!(t.kind as usize, BASE_TOKENS + i, "{id}: id after the base");
        assert_eq!(PROGRESS_TOKENS[BASE_TOKENS + i].id, id);
        assert_eq!(t.points, 0, "{id}: no flat VP");
        assert_eq!(t.coins, 0, "{id}: no coins");
        assert!(PROGRESS_TOKENS[..BASE_TOKENS].iter().all(|b| b.id != id));
    }
    assert_eq!(MYSTICISM_POINTS_PER_TOKEN, 2);
    // The rulebook's example: 2 Mythology tokens and 1 Offering token are worth 6 VP.
    assert_eq!(3 * MYSTICISM_POINTS_PER_TOKEN, 6);
    assert_eq!(POLIORCETICS_COINS_PER_SQUARE, 1);
    assert_eq!(ENGINEERING_PRICE, 1);
}
