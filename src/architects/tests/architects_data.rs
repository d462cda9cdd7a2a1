//! The data tables against the reference lists (as literals: tests never read the reference).

use wonders_architects::data::{
    Card, Colour, Cost, MedalId, StageEffect, Token, WonderId, CENTRAL_DECK, CONFLICT_TOKENS,
    CULTURE_VP, MEDALS, PROGRESS_TOKENS, WONDERS,
};
use wonders_architects::state::{expand, token_box};

#[test]
fn the_box_holds_235_cards_60_central_25_per_wonder() {
    assert_eq!(expand(&CENTRAL_DECK).len(), 60);
    for w in &WONDERS {
        assert_eq!(expand(&w.deck).len(), 25, "{}", w.name);
    }
    let total: usize = WONDERS.iter().map(|w| expand(&w.deck).len()).sum::<usize>() + 60;
    assert_eq!(total, 235);
}

#[test]
fn box_totals_by_kind_match_the_reference() {
    let mut by_kind = [0u32; 14];
    for (c, k) in CENTRAL_DECK {
        by_kind[c.index()] += k;
    }
    for w in &WONDERS {
        for (c, k) in w.deck {
            by_kind[c.index()] += k;
        }
    }
    // wood stone clay papyrus glass coin blue3 blue2cat tablet gear compass red0 red1 red2
    assert_eq!(
        by_kind,
        [17, 17, 17, 17, 17, 27, 16, 24, 14, 14, 14, 18, 15, 8]
    );
    let colour = |c: Colour| -> u32 {
        Card::ALL
            .iter()
            .filter(|k| k.colour() == c)
            .map(|k| by_kind[k.index()])
            .sum()
    };
    assert_eq!(
        [
            colour(Colour::Grey),
            colour(Colour::Yellow),
            colour(Colour::Blue),
            colour(Colour::Green),
            colour(Colour::Red)
        ],
        [85, 27, 40, 42, 41]
    );
}

#[test]
fn notable_decks() {
    let count = |w: WonderId, c: Card| w.wonder().deck[c.index()].1;
    // Alexandria: 4 coins, 2 gears, 1 glass, 1 one-horn.
    assert_eq!(count(WonderId::Alexandria, Card::Coin), 4);
    assert_eq!(count(WonderId::Alexandria, Card::GreenGear), 2);
    assert_eq!(count(WonderId::Alexandria, Card::Glass), 1);
    assert_eq!(count(WonderId::Alexandria, Card::Red1Horn), 1);
    // Babylon: stone 1, clay 2 (majority reading).
    assert_eq!(count(WonderId::Babylon, Card::Stone), 1);
    assert_eq!(count(WonderId::Babylon, Card::Clay), 2);
    // Giza: 2 one-horn, no two-horn; Ephesus 2 tablets.
    assert_eq!(count(WonderId::Giza, Card::Red1Horn), 2);
    assert_eq!(count(WonderId::Giza, Card::Red2Horn), 0);
    assert_eq!(count(WonderId::Ephesus, Card::GreenTablet), 2);
    // Each of five Wonders lacks one copy of a distinct resource.
    assert_eq!(count(WonderId::Giza, Card::Clay), 1);
    assert_eq!(count(WonderId::Halicarnassus, Card::Papyrus), 1);
    assert_eq!(count(WonderId::Olympia, Card::Wood), 1);
    assert_eq!(CENTRAL_DECK[Card::Red2Horn.index()], (Card::Red2Horn, 2));
    assert_eq!(
        CENTRAL_DECK[Card::Blue2VpCat.index()],
        (Card::Blue2VpCat, 8)
    );
}

#[test]
fn every_wonder_has_the_common_costs_and_its_vp_total() {
    let costs = [
        Cost::Different(2),
        Cost::Identical(2),
        Cost::Different(3),
        Cost::Identical(3),
        Cost::Different(4),
    ];
    let totals = [
        (WonderId::Giza, 30),
        (WonderId::Rhodes, 26),
        (WonderId::Alexandria, 25),
        (WonderId::Halicarnassus, 24),
        (WonderId::Olympia, 22),
        (WonderId::Ephesus, 22),
        (WonderId::Babylon, 20),
    ];
    for (w, total) in totals {
        assert_eq!(w.total_vp(), total, "{}", w.name());
        let got: Vec<Cost> = w.wonder().pieces.iter().map(|p| p.cost).collect();
        assert_eq!(got, costs, "{}", w.name());
    }
}

#[test]
fn effect_pieces_and_levels() {
    let effects = |w: WonderId| {
        w.wonder()
            .pieces
            .iter()
            .filter(|p| p.effect != StageEffect::None)
            .count()
    };
    assert_eq!(
        WonderId::ALL.map(effects),
        [2, 2, 3, 0, 2, 2, 2] // Alexandria Babylon Ephesus Giza Halicarnassus Olympia Rhodes
    );
    let levels = |w: WonderId| w.wonder().pieces.map(|p| p.level);
    assert_eq!(levels(WonderId::Alexandria), [1, 2, 3, 4, 5]);
    assert_eq!(levels(WonderId::Babylon), [1, 2, 3, 4, 4]);
    assert_eq!(levels(WonderId::Ephesus), [1, 2, 2, 2, 3]);
    assert_eq!(levels(WonderId::Halicarnassus), [1, 2, 3, 3, 4]);
    assert_eq!(levels(WonderId::Olympia), [1, 2, 2, 3, 4]);
    assert_eq!(levels(WonderId::Rhodes), [1, 1, 2, 3, 4]);
    // Rhodes's shield is on the 2-identical bottom piece and the 3-identical piece.
    assert_eq!(
        WonderId::Rhodes.wonder().pieces[1].effect,
        StageEffect::Shield
    );
    assert_eq!(
        WonderId::Rhodes.wonder().pieces[3].effect,
        StageEffect::Shield
    );
    // Olympia's 2-identical piece is 2 VP with the effect; Babylon's is 0 VP.
    assert_eq!(WonderId::Olympia.wonder().pieces[1].vp, 2);
    assert_eq!(WonderId::Babylon.wonder().pieces[1].vp, 0);
}

#[test]
fn progress_tokens_15_base_19_with_medals() {
    assert_eq!(token_box(false).len(), 15);
    assert_eq!(token_box(true).len(), 19);
    assert_eq!(
        token_box(false)
            .iter()
            .filter(|&&t| t == Token::Culture)
            .count(),
        2
    );
    assert_eq!(
        token_box(true)
            .iter()
            .filter(|&&t| t == Token::Culture)
            .count(),
        3
    );
    assert_eq!(
        PROGRESS_TOKENS
            .iter()
            .filter(|(_, _, medals)| !medals)
            .count(),
        14
    );
    assert_eq!(CULTURE_VP, [0, 4, 12, 16]);
    assert_eq!(
        Token::Urbanism.extra_card_trigger(),
        &[Card::Wood, Card::Clay]
    );
    assert_eq!(
        Token::Jewellery.extra_card_trigger(),
        &[Card::Stone, Card::Coin]
    );
}

#[test]
fn conflict_tokens_and_medals() {
    assert_eq!(&CONFLICT_TOKENS[2..], &[3, 3, 4, 5, 6, 6]);
    assert_eq!(MEDALS.len(), 12);
    let keys: Vec<&str> = MedalId::ALL.iter().map(|m| m.key()).collect();
    assert_eq!(
        keys,
        [
            "blue_3",
            "green_3",
            "grey_3",
            "red_3",
            "four_colours",
            "yellow_catblue_hornred",
            "cards_7",
            "stages_3",
            "stages_2_cat",
            "progress_2",
            "progress_military_cat",
            "military_2_one_battle"
        ]
    );
    for c in Card::ALL {
        assert_eq!(Card::from_id(c.id()), Some(c));
    }
}
