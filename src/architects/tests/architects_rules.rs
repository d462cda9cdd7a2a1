//! The rulebook's facts on hand-built positions: Battles, science, tokens, payments, Wonder
//! effects, the Cat, medals, scoring; and a record written by hand that replays.

use arrayvec::ArrayVec;
use wonders_architects::data::Cost;
use wonders_architects::data::{Card, MedalId, Token, WonderId};
use wonders_architects::state::{
    battle_gain, payment_valid, Action, Architects, ArchitectsConfig, BoardChoice, DeckRef, Phase,
    ScienceSet, TokenSource,
};

/// A game with these boards in seat order (seed 1). Shared with the other test files.
pub(crate) fn game(wonders: &[WonderId], medals: bool) -> Architects {
    let config = ArchitectsConfig {
        players: wonders.len(),
        medals,
        medals_expert: false,
        boards: wonders.iter().map(|&w| BoardChoice::Fixed(w)).collect(),
    };
    Architects::new(&config, 1).unwrap()
}

/// Moves a card of kind `c` to the top of a deck (the deck keeps its cards).
pub(crate) fn on_top<const N: usize>(deck: &mut ArrayVec<Card, N>, c: Card) {
    let i = deck
        .iter()
        .position(|&x| x == c)
        .expect("the deck holds that kind");
    deck.remove(i);
    deck.push(c);
}

fn give(g: &mut Architects, seat: usize, cards: &[Card]) {
    for &c in cards {
        g.seats[seat].area[c.index()] += 1;
    }
}

fn legal(g: &Architects) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

#[test]
fn battles_with_three_or_more_players_compare_each_neighbour() {
    // Shields 3, 1, 2: seat 0 beats both neighbours, seat 2 beats seat 1 only.
    let s = [3, 1, 2];
    assert_eq!(
        [battle_gain(&s, 0), battle_gain(&s, 1), battle_gain(&s, 2)],
        [2, 0, 1]
    );
    // Ties give nothing.
    let s = [2, 2, 2, 1];
    assert_eq!(
        (0..4).map(|q| battle_gain(&s, q)).collect::<Vec<_>>(),
        [1, 0, 1, 0]
    );
}

#[test]
fn two_player_battles_double_at_twice_the_shields_and_two_or_more() {
    assert_eq!(battle_gain(&[1, 0], 0), 1, "1 vs 0 gives 1 token");
    assert_eq!(battle_gain(&[2, 0], 0), 2);
    assert_eq!(battle_gain(&[4, 2], 0), 2);
    assert_eq!(battle_gain(&[3, 2], 0), 1);
    assert_eq!(battle_gain(&[2, 2], 0), 0);
    assert_eq!(battle_gain(&[0, 0], 1), 0);
    assert_eq!(battle_gain(&[1, 3], 0), 0);
}

#[test]
fn the_last_conflict_token_triggers_a_battle_at_the_end_of_the_turn() {
    let mut g = game(
        &[WonderId::Giza, WonderId::Ephesus, WonderId::Babylon],
        false,
    );
    assert_eq!(g.conflict_total, 3);
    g.conflict_flipped = 2;
    give(&mut g, 0, &[Card::Red0Horn, Card::Red2Horn]);
    give(&mut g, 1, &[Card::Red1Horn]);
    on_top(&mut g.decks[0], Card::Red1Horn);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    // Seat 0: 3 shields vs 1 and 0 → 2 tokens; seat 1: 1 vs 0 (seat 2) → 1.
    assert_eq!(
        g.seats.iter().map(|s| s.military).collect::<Vec<_>>(),
        [2, 1, 0]
    );
    // Horn cards are discarded, hornless ones stay; the tokens return to Peace.
    assert_eq!(g.seats[0].count(Card::Red0Horn), 1);
    assert_eq!(
        g.seats[0].count(Card::Red1Horn) + g.seats[0].count(Card::Red2Horn),
        0
    );
    assert_eq!(g.seats[1].count(Card::Red1Horn), 0);
    assert_eq!(g.conflict_flipped, 0);
    assert_eq!(g.current, 1);
    assert_eq!(g.score(0).military, 6);
}

#[test]
fn entrenchment_keeps_horn_cards_and_tactics_and_rhodes_add_shields() {
    let mut g = game(&[WonderId::Rhodes, WonderId::Giza, WonderId::Babylon], true);
    g.seats[0].tokens[Token::Entrenchment.index()] = 1;
    g.seats[0].tokens[Token::Tactics.index()] = 1;
    g.seats[0].built = 0b10; // the 2-identical bottom piece: +1 Shield
    assert_eq!(g.shields(0), 3);
    g.conflict_flipped = 2;
    on_top(&mut g.decks[0], Card::Red1Horn);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(g.seats[0].military, 2);
    assert_eq!(g.seats[0].count(Card::Red1Horn), 1, "Entrenchment keeps it");
}

#[test]
fn a_science_set_must_become_a_progress_token() {
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    give(&mut g, 0, &[Card::GreenGear]);
    on_top(&mut g.decks[0], Card::GreenGear);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(g.phase, Phase::Science);
    let acts = legal(&g);
    assert!(acts.iter().all(|a| matches!(
        a,
        Action::Progress {
            set: Some(ScienceSet::Pair(Card::GreenGear)),
            ..
        }
    )));
    // 3 face-up choices (fewer if two Cultures show) and the blind stack.
    assert!(acts.contains(&Action::Progress {
        from: TokenSource::Stack,
        set: Some(ScienceSet::Pair(Card::GreenGear))
    }));
    let row0 = g.progress_row[0].unwrap();
    let refill = *g.progress_stack.last().unwrap();
    g.apply(Action::Progress {
        from: TokenSource::Row(0),
        set: Some(ScienceSet::Pair(Card::GreenGear)),
    })
    .unwrap();
    assert_eq!(g.seats[0].count(Card::GreenGear), 0);
    assert!(g.seats[0].has(row0));
    assert_eq!(
        g.progress_row[0],
        Some(refill),
        "the slot is refilled from the stack"
    );
    // Three different symbols are a set too.
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    give(&mut g, 0, &[Card::GreenGear, Card::GreenTablet]);
    on_top(&mut g.decks[0], Card::GreenCompass);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert!(legal(&g).iter().all(|a| matches!(
        a,
        Action::Progress {
            set: Some(ScienceSet::Triple),
            ..
        }
    )));
}

#[test]
fn payments_follow_identical_different_coins_economy_engineering() {
    let d2 = Cost::Different(2);
    let i3 = Cost::Identical(3);
    // wood stone clay papyrus glass coin
    assert!(payment_valid(d2, &[1, 1, 0, 0, 0, 0], false, false));
    assert!(!payment_valid(d2, &[2, 0, 0, 0, 0, 0], false, false));
    assert!(
        payment_valid(d2, &[2, 0, 0, 0, 0, 0], false, true),
        "Engineering ignores =/≠"
    );
    assert!(
        payment_valid(d2, &[1, 0, 0, 0, 0, 1], false, false),
        "a coin fills a gap"
    );
    assert!(payment_valid(d2, &[0, 0, 0, 0, 0, 2], false, false));
    assert!(!payment_valid(d2, &[0, 0, 0, 0, 0, 1], false, false));
    assert!(
        payment_valid(d2, &[0, 0, 0, 0, 0, 1], true, false),
        "Economy: one coin = 2"
    );
    assert!(
        !payment_valid(d2, &[1, 0, 0, 0, 0, 0], true, false),
        "Economy needs a coin"
    );
    assert!(payment_valid(i3, &[0, 2, 0, 0, 0, 1], false, false));
    assert!(!payment_valid(i3, &[1, 1, 0, 0, 0, 1], false, false));
    assert!(
        !payment_valid(i3, &[0, 2, 0, 0, 0, 0], true, false),
        "Economy needs a coin"
    );
    assert!(payment_valid(i3, &[0, 1, 0, 0, 0, 1], true, false));
}

#[test]
fn construction_is_mandatory_and_bottom_to_top() {
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    give(&mut g, 0, &[Card::Wood]);
    on_top(&mut g.decks[0], Card::Stone);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(g.phase, Phase::Construct);
    assert_eq!(
        legal(&g),
        vec![Action::Construct {
            piece: 0,
            paid: [1, 1, 0, 0, 0, 0]
        }]
    );
    g.apply(Action::Construct {
        piece: 0,
        paid: [1, 1, 0, 0, 0, 0],
    })
    .unwrap();
    assert_eq!(g.seats[0].stages_built(), 1);
    assert_eq!(g.score(0).wonder, 4);
    assert_eq!(g.current, 1);
    // Giza's piece 3 is not available before piece 2.
    assert_eq!(g.available_pieces(0), vec![1]);
    // Rhodes's two bottom pieces share a level.
    let r = game(&[WonderId::Rhodes, WonderId::Giza], false);
    assert_eq!(r.available_pieces(0), vec![0, 1]);
}

#[test]
fn economy_counts_for_the_mandatory_build_and_is_used_once() {
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    g.seats[0].tokens[Token::Economy.index()] = 1;
    on_top(&mut g.decks[0], Card::Coin);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(g.phase, Phase::Construct);
    assert!(legal(&g).contains(&Action::Construct {
        piece: 0,
        paid: [0, 0, 0, 0, 0, 1]
    }));
}

#[test]
fn the_cat_moves_to_whoever_takes_a_cat_card() {
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    on_top(&mut g.decks[0], Card::Blue2VpCat);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(g.cat, Some(0));
    on_top(&mut g.decks[0], Card::Blue2VpCat);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(g.cat, Some(1), "seat 1's right deck is deck 0");
    assert_eq!(g.score(1).cat, 2);
    assert_eq!(g.score(1).civilian, 2);
    assert_eq!(g.score(0).cat, 0);
}

#[test]
fn extra_card_tokens_offer_a_card_once_per_turn() {
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    g.seats[0].tokens[Token::Urbanism.index()] = 1;
    g.seats[0].built = 0b1; // piece 2 needs 2 identical: wood + clay builds nothing
    on_top(&mut g.decks[0], Card::Wood);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(g.phase, Phase::Offer(Token::Urbanism));
    assert!(legal(&g).contains(&Action::Extra {
        token: Token::Urbanism,
        deck: None
    }));
    on_top(&mut g.decks[0], Card::Clay);
    g.apply(Action::Extra {
        token: Token::Urbanism,
        deck: Some(DeckRef::Wonder(0)),
    })
    .unwrap();
    // The clay would trigger Urbanism again, but it is used this turn: the turn ends.
    assert_eq!(g.current, 1);
    assert_eq!(g.seats[0].count(Card::Clay), 1);
}

#[test]
fn wonder_effects() {
    // Ephesus: piece 2 takes the top central card.
    let mut g = game(&[WonderId::Ephesus, WonderId::Giza], false);
    g.seats[0].built = 0b1;
    give(&mut g, 0, &[Card::Stone]);
    on_top(&mut g.decks[0], Card::Stone);
    let top = *g.central.last().unwrap();
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    let build = legal(&g)
        .into_iter()
        .find(|a| matches!(a, Action::Construct { piece: 1, .. }))
        .unwrap();
    g.apply(build).unwrap();
    assert!(g.seats[0].count(top) >= 1);
    // Babylon: piece 2 gives a Progress token decision.
    let mut g = game(&[WonderId::Babylon, WonderId::Giza], false);
    g.seats[0].built = 0b1;
    give(&mut g, 0, &[Card::Glass]);
    on_top(&mut g.decks[0], Card::Glass);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    g.apply(Action::Construct {
        piece: 1,
        paid: [0, 0, 0, 0, 2, 0],
    })
    .unwrap();
    assert_eq!(
        g.phase,
        Phase::StageEffect(wonders_architects::data::StageEffect::TakeProgressToken)
    );
    g.apply(Action::Progress {
        from: TokenSource::Stack,
        set: None,
    })
    .unwrap();
    assert_eq!(g.seats[0].token_count(), 1);
    // Olympia: piece 2 takes the top of both own decks.
    let mut g = game(&[WonderId::Olympia, WonderId::Giza], false);
    g.seats[0].built = 0b1;
    give(&mut g, 0, &[Card::Clay]);
    on_top(&mut g.decks[0], Card::Clay);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    let before = g.seats[0].cards();
    let (l, r) = (g.decks[0].len(), g.decks[1].len());
    g.apply(Action::Construct {
        piece: 1,
        paid: [0, 0, 2, 0, 0, 0],
    })
    .unwrap();
    assert_eq!(g.decks[0].len(), l - 1);
    assert_eq!(g.decks[1].len(), r - 1);
    assert!(g.seats[0].cards() + 2 >= before);
    // Alexandria: any deck on the table, even a non-adjacent one.
    let mut g = game(
        &[
            WonderId::Alexandria,
            WonderId::Giza,
            WonderId::Rhodes,
            WonderId::Babylon,
        ],
        false,
    );
    g.seats[0].built = 0b1;
    give(&mut g, 0, &[Card::Stone]);
    on_top(&mut g.decks[0], Card::Stone);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    g.apply(Action::Construct {
        piece: 1,
        paid: [0, 2, 0, 0, 0, 0],
    })
    .unwrap();
    assert!(legal(&g).contains(&Action::Alexandria(DeckRef::Wonder(2))));
    // Halicarnassus: keep one of the top 5 of the left or right deck, the rest reshuffled.
    let mut g = game(&[WonderId::Halicarnassus, WonderId::Giza], false);
    g.seats[0].built = 0b1;
    give(&mut g, 0, &[Card::Wood]);
    on_top(&mut g.decks[0], Card::Wood);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    g.apply(Action::Construct {
        piece: 1,
        paid: [2, 0, 0, 0, 0, 0],
    })
    .unwrap();
    let acts = legal(&g);
    assert!(acts
        .iter()
        .all(|a| matches!(a, Action::Halicarnassus { .. })));
    let top5: Vec<Card> = g.decks[1][g.decks[1].len() - 5..].to_vec();
    let keep = top5[0];
    let len = g.decks[1].len();
    g.apply(Action::Halicarnassus {
        deck: DeckRef::Wonder(1),
        keep,
    })
    .unwrap();
    assert_eq!(g.decks[1].len(), len - 1);
}

#[test]
fn the_game_ends_when_a_wonder_is_complete_and_the_tie_break_is_stages() {
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    g.seats[0].built = 0b0_1111;
    give(&mut g, 0, &[Card::Wood, Card::Stone, Card::Clay]);
    on_top(&mut g.decks[0], Card::Glass);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    g.apply(Action::Construct {
        piece: 4,
        paid: [1, 1, 1, 0, 1, 0],
    })
    .unwrap();
    assert!(g.is_over());
    assert_eq!(g.score(0).wonder, 30);
    assert_eq!(g.winners(), vec![0]);
    // Equal totals: more stages wins.
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    g.seats[0].built = 0b1; // 4 VP, 1 stage
    g.seats[1].built = 0b11; // 3 + 3 VP, 2 stages
    give(&mut g, 0, &[Card::Blue2VpCat]);
    assert_eq!(g.score(0).total(), 6);
    assert_eq!(g.score(1).total(), 6);
    assert_eq!(g.winners(), vec![1]);
}

#[test]
fn progress_tokens_score() {
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], true);
    let s = &mut g.seats[0];
    for t in [
        Token::Decor,
        Token::Politics,
        Token::Strategy,
        Token::Education,
        Token::Culture,
        Token::Logistics,
    ] {
        s.tokens[t.index()] = 1;
    }
    s.tokens[Token::Culture.index()] = 2;
    s.military = 2;
    s.area[Card::Blue2VpCat.index()] = 3;
    s.area[Card::Wood.index()] = 2;
    // Decor 4 + Politics 3 + Strategy 2 + Education 2×7 + Culture 12 + Logistics 4.
    assert_eq!(g.score(0).progress, 4 + 3 + 2 + 14 + 12 + 4);
    g.seats[0].tokens[Token::Culture.index()] = 3;
    assert_eq!(g.score(0).progress, 4 + 3 + 2 + 16 + 16 + 4);
}

#[test]
fn medals_are_claimed_by_the_first_neighbour_to_meet_them() {
    let mut g = game(
        &[WonderId::Giza, WonderId::Ephesus, WonderId::Babylon],
        true,
    );
    g.medals[0].medal = MedalId::Green3; // between seats 0 and 1
    g.medals[2].medal = MedalId::Blue3; // between seats 2 and 0
    g.medals[1].medal = MedalId::Cards7; // between seats 1 and 2: not seat 0's
    give(&mut g, 0, &[Card::GreenGear, Card::GreenTablet]);
    on_top(&mut g.decks[0], Card::GreenGear);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    // Claimed on placing the 3rd green card, before the forced Progress token.
    assert_eq!(g.medals_held(0), vec![MedalId::Green3]);
    assert_eq!(g.phase, Phase::Science);
    assert_eq!(g.score(0).medals, 4);
    assert!(!g.meets(0, MedalId::Cards7));
}

#[test]
fn rome_and_ur_are_refused() {
    let e = BoardChoice::parse("rome").unwrap_err();
    assert!(e.contains("not public"), "{e}");
    assert!(BoardChoice::parse("ur").is_err());
    assert!(BoardChoice::parse("atlantis").unwrap_err().contains("giza"));
}

#[test]
fn a_record_written_by_hand_replays() {
    use serde_json::json;
    use wonders_architects::state::expand;
    use wonders_common::GameModule;
    // A deck: the given top cards, then the rest of that Wonder's deck.
    let deck = |w: WonderId, top: &[Card]| -> Vec<&'static str> {
        let mut rest = expand(&w.wonder().deck);
        for c in top {
            let i = rest.iter().position(|x| x == c).unwrap();
            rest.remove(i);
        }
        top.iter().chain(rest.iter()).map(|c| c.id()).collect()
    };
    let central = {
        let mut rest = expand(&wonders_architects::data::CENTRAL_DECK);
        let i = rest.iter().position(|&x| x == Card::Blue2VpCat).unwrap();
        rest.remove(i);
        let mut v = vec!["blue_2vp_cat"];
        v.extend(rest.iter().map(|c| c.id()));
        v
    };
    let record = json!({
        "format": "wonders-record",
        "version": 1,
        "game": "architects",
        "options": {"expansions": [], "edition": null, "variants": []},
        "seed": 0,
        "players": ["hand", "hand"],
        "setup": {
            "wonders": ["rhodes", "giza"],
            "decks": [
                deck(WonderId::Rhodes, &[Card::GreenGear, Card::GreenGear, Card::Wood, Card::Stone]),
                deck(WonderId::Giza, &[Card::Coin]),
            ],
            "central": central,
            "progress_row": ["decor", "culture", "tactics"],
            "progress_stack": ["urbanism", "crafts", "jewellery", "science", "propaganda", "architecture",
                               "economy", "engineering", "politics", "strategy", "education", "culture"],
            "conflict_tokens": 3
        },
        "actions": [
            {"player": 0, "type": "take", "deck": 0, "card": "green_gear"},
            {"player": 1, "type": "take", "deck": 1, "card": "coin"},
            {"player": 0, "type": "take", "deck": 0, "card": "green_gear"},
            {"player": 0, "type": "progress", "token": "decor", "from": "row", "set": ["green_gear", "green_gear"]},
            {"player": 1, "type": "take", "deck": "central", "card": "blue_2vp_cat"},
            {"player": 0, "type": "take", "deck": 0, "card": "wood"},
            {"player": 1, "type": "take", "deck": 0, "card": "stone"},
            {"player": 1, "type": "construct", "piece": 1, "paid": ["coin", "stone"]}
        ],
        "result": null
    });
    let r = wonders_architects::Architects::replay(&record).unwrap_or_else(|e| panic!("{e}"));
    let g = r.game;
    assert!(!r.result_checked);
    assert!(g.seats[0].has(Token::Decor));
    assert_eq!(
        g.progress_row[0],
        Some(Token::Urbanism),
        "refilled from the top of the stack"
    );
    assert_eq!(g.cat, Some(1));
    assert_eq!(g.seats[1].stages_built(), 1);
    assert_eq!(g.current, 0);
    // A wrong figure is refused at its index.
    let mut bad = record.clone();
    bad["actions"][7]["paid"] = json!(["coin", "coin"]);
    assert_eq!(
        wonders_architects::Architects::replay(&bad)
            .unwrap_err()
            .action,
        Some(7)
    );
    let mut bad = record.clone();
    bad["actions"][3]["token"] = json!("tactics");
    bad["actions"][3]["from"] = json!("stack");
    assert_eq!(
        wonders_architects::Architects::replay(&bad)
            .unwrap_err()
            .action,
        Some(3)
    );
    // Issue 28: a wrong-typed field is named as such, not as missing.
    let mut bad = record.clone();
    bad["actions"][7]["piece"] = json!("1");
    let e = wonders_architects::Architects::replay(&bad).unwrap_err();
    assert!(
        e.message.contains("`piece` is \"1\", not a whole number"),
        "{e}"
    );
    let mut bad = record.clone();
    bad["actions"][0]["player"] = json!(0.5);
    let e = wonders_architects::Architects::replay(&bad).unwrap_err();
    assert!(e.message.contains("`player` is 0.5"), "{e}");
    let mut bad = record;
    bad["setup"]["wonders"][1] = json!("rome");
    assert!(wonders_architects::Architects::replay(&bad)
        .unwrap_err()
        .message
        .contains("not public"));
}

#[test]
fn determinization_keeps_the_cat_peek_and_halicarnassus_look() {
    use rand::SeedableRng;
    use wonders_bots::Game;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
    // The Cat holder peeks at the central top at the start of its turn; others do not.
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], false);
    g.cat = Some(0);
    let central = g.central.clone();
    let mut moved_for_other = false;
    for _ in 0..20 {
        assert_eq!(g.determinize(0, &mut rng).central.last(), central.last());
        moved_for_other |= g.determinize(1, &mut rng).central != central;
    }
    assert!(moved_for_other);
    // Halicarnassus's owner keeps the 5 cards it is looking at.
    let mut g = game(&[WonderId::Halicarnassus, WonderId::Giza], false);
    g.seats[0].built = 0b1;
    give(&mut g, 0, &[Card::Wood]);
    on_top(&mut g.decks[0], Card::Wood);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    g.apply(Action::Construct {
        piece: 1,
        paid: [2, 0, 0, 0, 0, 0],
    })
    .unwrap();
    for _ in 0..20 {
        let d = g.determinize(0, &mut rng);
        for i in 0..2 {
            let n = g.decks[i].len();
            assert_eq!(
                d.decks[i][n.saturating_sub(5)..],
                g.decks[i][n.saturating_sub(5)..]
            );
        }
        assert_eq!(legal(&d), legal(&g));
    }
}

#[test]
fn expert_central_battle_medal_goes_to_every_seat_meeting_it_in_one_battle() {
    let config = ArchitectsConfig {
        players: 4,
        medals: true,
        medals_expert: true,
        boards: [
            WonderId::Giza,
            WonderId::Ephesus,
            WonderId::Babylon,
            WonderId::Olympia,
        ]
        .map(BoardChoice::Fixed)
        .to_vec(),
    };
    let mut g = Architects::new(&config, 2).unwrap();
    assert_eq!(g.medals.len(), 6, "4 beside the decks and 2 in the centre");
    for (i, m) in [
        MedalId::Blue3,
        MedalId::Green3,
        MedalId::Grey3,
        MedalId::Cards7,
        MedalId::Military2OneBattle,
        MedalId::Stages3,
    ]
    .into_iter()
    .enumerate()
    {
        g.medals[i].medal = m;
    }
    g.conflict_flipped = g.conflict_total - 1;
    give(&mut g, 0, &[Card::Red0Horn, Card::Red0Horn]);
    give(&mut g, 2, &[Card::Red0Horn, Card::Red0Horn, Card::Red0Horn]);
    give(&mut g, 1, &[Card::Red0Horn]);
    give(&mut g, 3, &[Card::Red0Horn]);
    on_top(&mut g.decks[0], Card::Red1Horn);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(
        g.seats.iter().map(|s| s.military).collect::<Vec<_>>(),
        [2, 0, 2, 0]
    );
    assert_eq!(g.medals_held(0), vec![MedalId::Military2OneBattle]);
    assert_eq!(g.medals_held(2), vec![MedalId::Military2OneBattle]);
    assert!(g.medals_held(1).is_empty());
}

#[test]
fn two_players_compete_for_both_medals_and_a_claimed_medal_is_gone() {
    let mut g = game(&[WonderId::Giza, WonderId::Ephesus], true);
    assert_eq!(g.medals.len(), 2);
    g.medals[0].medal = MedalId::Blue3; // beside deck 0
    g.medals[1].medal = MedalId::Red3; // beside deck 1
    give(&mut g, 0, &[Card::Red0Horn, Card::Red0Horn]);
    give(
        &mut g,
        1,
        &[
            Card::Blue3Vp,
            Card::Blue3Vp,
            Card::Red0Horn,
            Card::Red0Horn,
            Card::Red0Horn,
        ],
    );
    on_top(&mut g.decks[0], Card::Red0Horn);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(
        g.medals_held(0),
        vec![MedalId::Red3],
        "seat 0 claims the medal beside deck 1"
    );
    on_top(&mut g.decks[0], Card::Blue3Vp);
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!(
        g.medals_held(1),
        vec![MedalId::Blue3],
        "seat 1 claims the medal beside deck 0"
    );
    // Seat 1 has 3 red cards too, but the Red3 medal is gone.
    assert!(g.meets(1, MedalId::Red3));
    assert_eq!(g.score(1).medals, 4);
}
