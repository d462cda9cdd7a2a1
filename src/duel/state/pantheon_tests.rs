//! Pantheon's rules on hand-built positions: every Divinity, the Gate, the Divine Theater,
//! tokens taken as cards turn over, Astarte, Grand Temples, Mysticism, Poliorcetics and
//! Engineering, with the rule book's examples.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::pantheon::{deck_position, NO_MINERVA};
use super::*;
use crate::data::{card_by_id, token_by_id};
use crate::pantheon_data::{divinity_by_id, Mythology};
use wonders_common::Unheard;

fn d(id: &str) -> DivinityId {
    divinity_by_id(id).unwrap_or_else(|| panic!("no Divinity {id}"))
}

fn pantheon_game(seed: u64) -> Duel {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    Duel::new(
        DuelConfig {
            pantheon: true,
            ..DuelConfig::default()
        },
        &mut rng,
    )
}

/// Plays random actions until `stop` holds.
fn play_until(g: &mut Duel, seed: u64, stop: impl Fn(&Duel) -> bool) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut legal = Vec::new();
    while !g.is_over() && !stop(g) {
        g.legal(&mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        g.play(a).unwrap();
    }
}

/// A Pantheon game in Age II at a turn of seat 0 with nothing waiting, the Pantheon emptied,
/// both treasuries at 20 coins.
fn age_two(seed: u64) -> Duel {
    for s in seed.. {
        let mut g = pantheon_game(s);
        play_until(&mut g, s, |g| {
            g.age == 1 && g.pending.is_empty() && g.current == 0
        });
        // No Sanctuary built: the tests read the printed space costs.
        if g.is_over() || g.pantheon_discount(0) + g.pantheon_discount(1) > 0 {
            continue;
        }
        g.pantheon.spaces = [NO_DIVINITY; 6];
        g.players[0].coins = 20;
        g.players[1].coins = 20;
        return g;
    }
    unreachable!()
}

/// Puts `divinity` on space `space` and activates it for seat 0 with no Offering.
fn activate(g: &mut Duel, divinity: DivinityId, space: u8) {
    g.pantheon.spaces[space as usize - 1] = divinity;
    let paid = g.activation_price(0, space) as u16;
    g.play(Action::Activate {
        divinity,
        offerings: 0,
        paid,
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_rule_books_example_mars_for_5_with_a_3_offering_moves_the_pawn_2() {
    let mut g = age_two(1);
    // Space 4 costs seat 0 5 coins; the Offering of 3 leaves 2 to pay.
    g.pantheon.spaces[3] = d("mars");
    g.pantheon.offerings[0] = 0b010;
    assert_eq!(OFFERING_TOKENS[1], 3);
    let (coins, pawn) = (g.players[0].coins, g.pawn);
    let mut legal = Vec::new();
    g.legal(&mut legal);
    let with_offering = Action::Activate {
        divinity: d("mars"),
        offerings: 0b010,
        paid: 2,
    };
    assert!(legal.contains(&with_offering), "{legal:?} {:?}", g.pantheon);
    assert!(legal.contains(&Action::Activate {
        divinity: d("mars"),
        offerings: 0,
        paid: 5,
    }));
    // A wrong price is refused.
    assert!(g
        .play(Action::Activate {
            divinity: d("mars"),
            offerings: 0b010,
            paid: 5,
        })
        .is_err());
    g.play(with_offering).unwrap();
    assert_eq!(g.players[0].coins, coins - 2);
    assert_eq!(g.pantheon.offerings[0], 0);
    // Mars: 2 shields (no Strategy bonus: it is not a red card).
    assert_eq!(g.pawn, pawn + 2);
    assert_eq!(g.pantheon.spaces[3], NO_DIVINITY);
    assert_eq!(g.pantheon.activated[0], 1 << d("mars"));
    assert_eq!(g.current, 1, "an activation is the turn");
}

#[test]
fn the_gate_costs_double_and_activates_a_top_card_free() {
    let mut g = age_two(2);
    g.pantheon.spaces[0] = GATE_ID;
    // Space 1 costs seat 0 8: the Gate 16, less 2 with the Sanctuary is tested in the data.
    assert_eq!(g.activation_price(0, 1), 16);
    let tops: Vec<DivinityId> = (0..5).filter_map(|m| g.pantheon.top(m)).collect();
    let coins = g.players[0].coins;
    g.play(Action::Activate {
        divinity: GATE_ID,
        offerings: 0,
        paid: 16,
    })
    .unwrap();
    assert_eq!(g.players[0].coins, coins - 16);
    assert_eq!(g.pending(), Some(Pending::Gate));
    let mut legal = Vec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal,
        tops.iter().map(|&t| Action::Gate(t)).collect::<Vec<_>>()
    );
    let chosen = *tops.last().unwrap();
    let m = DIVINITIES[chosen as usize].mythology as usize;
    let len = g.pantheon.deck_len[m];
    g.play(Action::Gate(chosen)).unwrap();
    assert_eq!(g.pantheon.deck_len[m], len - 1);
    assert!(g.pantheon.activated[0] >> chosen & 1 == 1);
    // Every other top was shown to both seats.
    for (mm, &n) in g.pantheon.deck_len.iter().enumerate() {
        if mm != m && n > 0 {
            assert!(g.sees(0, mm) >= 1 && g.sees(1, mm) >= 1);
        }
    }
}

#[test]
fn tanit_astarte_and_aphrodite() {
    let mut g = age_two(3);
    let coins = g.players[0].coins;
    activate(&mut g, d("tanit"), 6);
    // Space 6 costs seat 0 3 coins; Tanit gives 12.
    assert_eq!(g.players[0].coins, coins - 3 + 12);
    g.play_until_seat(0);
    let treasury = g.players[0].coins;
    activate(&mut g, d("astarte"), 6);
    assert_eq!(g.players[0].coins, treasury - 3);
    assert_eq!(g.pantheon.astarte[0], 7);
    g.play_until_seat(0);
    activate(&mut g, d("aphrodite"), 6);
    // Aphrodite 9 and each coin on Astarte 1 point; Astarte's coins are not treasury.
    let s = g.score(0);
    assert_eq!(s.divinities, 9 + 7);
    assert_eq!(s.treasury, (g.players[0].coins / 3) as i32);
    // A payment takes the treasury first, then Astarte; a loss takes the treasury only.
    g.players[0].coins = 2;
    g.pay(0, 5, 0, &mut Unheard);
    assert_eq!((g.players[0].coins, g.pantheon.astarte[0]), (0, 4));
    g.lose_coins(0, 3, &mut Unheard);
    assert_eq!(g.pantheon.astarte[0], 4);
    assert_eq!(g.spendable(0), 4);
}

impl Duel {
    /// Plays random card actions (no activation) until it is `seat`'s turn with nothing
    /// waiting.
    fn play_until_seat(&mut self, seat: u8) {
        let mut legal = Vec::new();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        while !(self.is_over() || self.current == seat && self.pending.is_empty()) {
            self.legal(&mut legal);
            legal.retain(|a| !matches!(a, Action::Activate { .. }));
            let a = legal[rng.random_range(0..legal.len())];
            self.play(a).unwrap();
        }
    }
}

#[test]
fn ishtar_gives_the_law_symbol_which_pairs_with_the_law_token() {
    let mut g = age_two(4);
    let law = token_by_id("law").unwrap();
    g.players[0].progress |= 1 << law;
    g.players[0].science |= 1 << Science::Law as u8;
    g.board_tokens = 1 << token_by_id("agriculture").unwrap();
    activate(&mut g, d("ishtar"), 6);
    assert_eq!(
        g.pending(),
        Some(Pending::Progress),
        "the Law token and Ishtar are a pair"
    );
}

#[test]
fn nisaba_copies_a_symbol_of_the_opponent() {
    let mut g = age_two(5);
    let green = card_by_id("library").unwrap();
    g.players[1].city.insert(green);
    g.players[1].colors[Color::Green as usize] += 1;
    activate(&mut g, d("nisaba"), 6);
    assert_eq!(g.pending(), Some(Pending::Nisaba));
    let mut legal = Vec::new();
    g.legal(&mut legal);
    assert!(legal.contains(&Action::Nisaba(green)));
    let symbol = CARDS[green as usize].science.unwrap();
    g.play(Action::Nisaba(green)).unwrap();
    assert!(g.players[0].science >> symbol as u8 & 1 == 1);
    // Nothing to copy: Nisaba may be activated and asks nothing.
    let mut g = age_two(5);
    g.players[1].city = CardSet::EMPTY;
    g.players[1].colors = [0; 7];
    activate(&mut g, d("nisaba"), 6);
    assert_eq!(g.pending(), None);
}

#[test]
fn baal_takes_a_brown_card_with_its_production() {
    let mut g = age_two(6);
    let mine = card_by_id("lumber_yard").unwrap();
    g.players[1].city.insert(mine);
    g.players[1].colors[Color::Brown as usize] += 1;
    g.players[1].production.0[Resource::Wood as usize] += 1;
    g.refresh_costs();
    let wood_before = g.players[0].production.0[Resource::Wood as usize];
    activate(&mut g, d("baal"), 6);
    g.play(Action::Baal(mine)).unwrap();
    assert!(g.players[0].city.contains(mine) && !g.players[1].city.contains(mine));
    assert_eq!(
        g.players[0].production.0[Resource::Wood as usize],
        wood_before + 1
    );
}

#[test]
fn hades_builds_a_discarded_card_free_and_zeus_discards_a_layout_card_with_its_token() {
    let mut g = age_two(7);
    let card = card_by_id("lumber_yard").unwrap();
    g.discard.insert(card);
    activate(&mut g, d("hades"), 6);
    assert_eq!(g.pending(), Some(Pending::Hades));
    g.play(Action::BuildDiscarded(card)).unwrap();
    assert!(g.players[0].city.contains(card));
    // Zeus: any layout card, covered or not, with its token.
    g.play_until_seat(0);
    let slot = (0..20).find(|&s| g.taken >> s & 1 == 0).unwrap();
    let target = g.setup.ages[g.age as usize][slot];
    g.pantheon.tokens_on |= 1 << slot;
    activate(&mut g, d("zeus"), 6);
    g.play(Action::Zeus(slot as u8)).unwrap();
    assert!(g.discard.contains(target));
    assert!(g.taken >> slot & 1 == 1);
    assert_eq!(
        g.pantheon.tokens_on >> slot & 1,
        0,
        "its token is discarded"
    );
}

#[test]
fn anubis_unbuilds_a_wonder_and_the_seven_wonder_limit_keeps_the_boxed_one_out() {
    let mut g = age_two(8);
    // Seat 1's first Wonder built with a card.
    let w = g.players[1].wonders[0];
    let card = card_by_id("lumber_yard").unwrap();
    g.players[1].city.remove(card);
    g.build_wonder(1, w, card, &mut Unheard);
    g.extra_turn = false;
    g.pending.clear();
    let built = g.wonders_built;
    let points = g.players[1].wonder_points;
    activate(&mut g, d("anubis"), 6);
    g.play(Action::Anubis(w)).unwrap();
    assert_eq!(g.players[1].built & 1, 0);
    assert_eq!(g.wonders_built, built - 1);
    assert_eq!(
        g.players[1].wonder_points,
        points - WONDERS[w as usize].points as i16
    );
    assert!(
        g.discard.contains(card),
        "the tucked card goes to the discard pile"
    );
    // A Wonder boxed by the limit stays boxed after Anubis.
    g.pantheon.boxed_wonders |= 1 << g.players[0].wonders[1];
    assert_eq!(g.buildable_wonders(0) >> 1 & 1, 0);
}

#[test]
fn isis_builds_a_wonder_with_a_discarded_card_and_ra_takes_an_unbuilt_one() {
    let mut g = age_two(9);
    let card = card_by_id("lumber_yard").unwrap();
    g.discard.insert(card);
    g.players[0].built = 0;
    let w = g.players[0].wonders[0];
    activate(&mut g, d("isis"), 6);
    assert_eq!(g.pending(), Some(Pending::Isis));
    g.play(Action::Isis { card, wonder: w }).unwrap();
    assert_eq!(g.players[0].built & 1, 1);
    assert!(g.players[0].tucked.contains(card));
    // Ra: an unbuilt Wonder of the opponent becomes the fifth.
    g.play_until_seat(0);
    g.players[1].built = 0;
    let theirs = g.players[1].wonders[2];
    activate(&mut g, d("ra"), 6);
    g.play(Action::Ra(theirs)).unwrap();
    assert_eq!(g.players[0].num_wonders, 5);
    assert_eq!(g.players[0].wonders[4], theirs);
    assert_eq!(g.players[1].num_wonders, 3);
    assert!(!g.players[1].wonders[..3].contains(&theirs));
}

#[test]
fn minerva_stops_the_pawn_once_and_neptune_applies_a_token_to_the_opponent() {
    let mut g = age_two(10);
    g.pawn = 0;
    activate(&mut g, d("minerva"), 6);
    let mut legal = Vec::new();
    g.legal(&mut legal);
    assert!(
        !legal.contains(&Action::Minerva(0)),
        "not on the pawn's square"
    );
    g.play(Action::Minerva(3)).unwrap();
    // Seat 0 moves 5: the pawn stops on 2, the rest is lost, Minerva goes.
    g.move_pawn(0, 5, &mut Unheard);
    assert_eq!(g.pawn, 2);
    assert_eq!(g.pantheon.minerva, NO_MINERVA);
    g.move_pawn(0, 2, &mut Unheard);
    assert_eq!(g.pawn, 4);
    // Neptune (the rule book's example): discard the 5-coin token of one's own side, apply
    // the opponent's 5-coin token.
    let mut g = age_two(11);
    g.military_tokens = 0b1111;
    let coins = g.players[1].coins;
    activate(&mut g, d("neptune"), 6);
    g.play(Action::Neptune {
        discard: 1,
        apply: 3,
    })
    .unwrap();
    assert_eq!(g.military_tokens, 0b0101);
    assert_eq!(g.players[1].coins, coins - 5);
}

#[test]
fn poliorcetics_and_engineering_follow_the_rule_books_examples() {
    // Poliorcetics: 3 shields move the pawn 3 squares; the opponent loses 3 coins.
    let mut g = age_two(12);
    g.pawn = 0;
    g.military_tokens = 0;
    g.players[0].progress |= 1 << token_by_id("poliorcetics").unwrap();
    let coins = g.players[1].coins;
    g.move_pawn(0, 3, &mut Unheard);
    assert_eq!(g.players[1].coins, coins - 3);
    // Issue 28: the move that reaches the capital costs its squares too (seed 002: "ogni
    // volta che fai avanzare la pedina Conflitto"), the last one included.
    let mut h = age_two(12);
    h.pawn = 7;
    h.military_tokens = 0;
    h.players[0].progress |= 1 << token_by_id("poliorcetics").unwrap();
    h.players[1].coins = 10;
    h.move_pawn(0, 3, &mut Unheard);
    assert_eq!(h.phase, Phase::Over, "military supremacy");
    assert_eq!(
        h.players[1].coins,
        10 - 2,
        "two squares moved before the capital"
    );
    // Engineering: Fortifications without the Palisade for 1 coin.
    let forts = card_by_id("fortifications").unwrap();
    g.players[0].chains = 0;
    g.players[0].progress |= 1 << token_by_id("engineering").unwrap();
    assert_eq!(g.card_cost(0, forts), (1, 0));
}

#[test]
fn grand_temples_are_free_with_a_mythology_token_and_score_5_12_21() {
    let mut g = age_two(13);
    let greek = FIRST_GRAND_TEMPLE + Mythology::Greek as u8;
    g.players[0].chains &= !(1 << Chain::GreekToken as u32);
    assert!(g.card_cost(0, greek).0 > 0 || g.players[0].coins == 0);
    g.players[0].chains |= 1 << Chain::GreekToken as u32;
    assert_eq!(g.card_cost(0, greek), (0, 0));
    assert!(g.is_chain_build(0, greek), "a chain build: Urbanism pays");
    for (n, points) in [(0, 0), (1, 5), (2, 12), (3, 21)] {
        let mut h = g;
        for t in 0..n {
            h.players[1].city.insert(FIRST_GRAND_TEMPLE + t);
        }
        assert_eq!(h.score(1).grand_temples, points);
    }
}

#[test]
fn mysticism_counts_mythology_tokens_and_unused_offerings() {
    // The rule book's example: 2 Mythology tokens and 1 Offering token, 6 points.
    let mut g = age_two(14);
    g.players[0].progress = 1 << token_by_id("mysticism").unwrap();
    g.pantheon.mythology[0] = [1, 0, 1, 0, 0];
    g.pantheon.offerings[0] = 0b001;
    assert_eq!(g.score(0).progress, 6);
}

#[test]
fn tokens_on_cards_go_to_the_player_whose_turn_it_was_and_ask_for_a_placement() {
    let mut g = pantheon_game(15);
    play_until(&mut g, 15, |g| g.phase == Phase::Play);
    let mut placed = 0;
    let mut legal = Vec::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(15);
    while g.age == 0 && !g.is_over() {
        if let Some(Pending::PlaceDivinity(m)) = g.pending() {
            g.legal(&mut legal);
            // The top two of the deck, on every empty space.
            let tops = g.placeable(m as usize).to_vec();
            let empty = g
                .pantheon
                .spaces
                .iter()
                .filter(|&&s| s == NO_DIVINITY)
                .count();
            assert_eq!(legal.len(), tops.len() * empty);
            placed += 1;
        }
        g.legal(&mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        g.play(a).unwrap();
    }
    // Five Mythology tokens, five Divinities placed in Age I.
    assert_eq!(placed, 5);
    let owned: u8 = g.pantheon.mythology.iter().flatten().sum();
    assert_eq!(owned, 5);
    // Age II: the Gate on the sixth space, everything face up.
    assert!(g.pantheon.revealed);
    assert_eq!(
        g.pantheon.spaces.iter().filter(|&&s| s == GATE_ID).count(),
        1
    );
}

#[test]
fn enki_draws_two_tokens_when_revealed_and_the_other_goes_back_to_the_box() {
    let mut g = age_two(16);
    g.box_len = 8;
    let first: Vec<TokenId> = g.box_tokens[..2].to_vec();
    // Revealed by the Gate on top of its deck: drawn; not chosen: back at the end of the box.
    g.pantheon.decks[0] = [d("enki"), d("ishtar"), d("nisaba")];
    g.pantheon.deck_len[0] = 3;
    activate(&mut g, GATE_ID, 6);
    assert_eq!(&g.pantheon.enki[..2], &first[..]);
    assert_eq!(g.box_len, 6);
    let other = (1..5).find_map(|m| g.pantheon.top(m)).unwrap();
    g.play(Action::Gate(other)).unwrap();
    assert_eq!(g.pantheon.enki_len, 0);
    assert_eq!(g.box_len, 8);
    assert_eq!(
        &g.box_tokens[6..8],
        &first[..],
        "returned to the back, in order"
    );
    // Chosen: keep one of the two, the other goes back.
    g.play_until_seat(0);
    let first: Vec<TokenId> = g.box_tokens[..2].to_vec();
    activate(&mut g, GATE_ID, 6);
    g.play(Action::Gate(d("enki"))).unwrap();
    assert_eq!(g.pending(), Some(Pending::Enki));
    g.play(Action::Enki(first[1])).unwrap();
    assert!(g.players[0].progress >> first[1] & 1 == 1);
    assert_eq!(g.box_tokens[g.box_len as usize - 1], first[0]);
}

#[test]
fn the_divine_theater_takes_any_card_of_a_deck_and_orders_the_rest() {
    let mut g = age_two(17);
    g.pantheon.decks[4] = [d("mars"), d("minerva"), d("neptune")];
    g.pantheon.deck_len[4] = 3;
    g.pending.push(Pending::DivineTheater);
    let mut legal = Vec::new();
    g.legal(&mut legal);
    // First the deck (any non-empty one), then, having looked through it, its card.
    assert!(legal.contains(&Action::DivineTheaterDeck(4)));
    assert!(legal.iter().all(
        |a| matches!(a, Action::DivineTheaterDeck(m) if g.pantheon.deck_len[*m as usize] > 0)
    ));
    g.play(Action::DivineTheaterDeck(4)).unwrap();
    assert_eq!(g.pending(), Some(Pending::DivineTheaterCard(4)));
    assert_eq!(
        g.sees(0, 4),
        3,
        "the builder looks through the deck it took"
    );
    g.legal(&mut legal);
    assert_eq!(legal.len(), 6, "3 cards, each with 2 orders of the rest");
    let pick = Action::DivineTheater {
        divinity: d("minerva"),
        rest: [d("neptune"), d("mars")],
    };
    assert!(legal.contains(&pick));
    // The rest must be the deck's other cards.
    assert!(g
        .play(Action::DivineTheater {
            divinity: d("minerva"),
            rest: [d("neptune"), d("neptune")],
        })
        .is_err());
    g.play(pick).unwrap();
    assert_eq!(g.pantheon.decks[4][..2], [d("neptune"), d("mars")]);
    assert_eq!(g.sees(0, 4), 2, "the builder ordered the deck");
    assert_eq!(g.sees(1, 4), 0);
    assert_eq!(
        g.pending(),
        Some(Pending::Minerva),
        "Minerva's decision follows"
    );
}

#[test]
fn a_determinization_keeps_the_seats_own_face_down_divinities_and_known_cards() {
    // Age I with Divinities placed face down by both seats.
    for seed in 20..40 {
        let mut g = pantheon_game(seed);
        play_until(&mut g, seed, |g| {
            g.pantheon
                .spaces
                .iter()
                .filter(|&&s| s != NO_DIVINITY)
                .count()
                >= 4
                && g.pending.is_empty()
        });
        if g.age != 0 || g.is_over() {
            continue;
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut moved = false;
        for _ in 0..30 {
            for seat in 0..2 {
                let det = g.determinized_for(seat, &mut rng);
                assert_eq!(det.seat_view(seat), g.seat_view(seat));
                for k in 0..6 {
                    let mine = (g.pantheon.placed_by >> k & 1) as usize == seat;
                    let s = g.pantheon.spaces[k];
                    if s == NO_DIVINITY || mine {
                        assert_eq!(det.pantheon.spaces[k], s);
                    } else {
                        let (a, b) = (det.pantheon.spaces[k], s);
                        assert_eq!(
                            DIVINITIES[a as usize].mythology, DIVINITIES[b as usize].mythology,
                            "a face-down card keeps its Mythology"
                        );
                        moved |= a != b;
                    }
                }
            }
        }
        assert!(moved, "the opponent's face-down Divinities are dealt anew");
        return;
    }
    panic!("no Age I position with 4 Divinities placed");
}

/// An Age I game where seat 0 is about to place a Divinity of some Mythology whose deck
/// still holds 3 cards; returns it and that Mythology.
fn first_placement(seed: u64) -> (Duel, usize) {
    for s in seed.. {
        let mut g = pantheon_game(s);
        play_until(&mut g, s, |g| {
            matches!(g.pending(), Some(Pending::PlaceDivinity(m)) if g.pantheon.deck_len[m as usize] == 3)
                && g.current == 0
        });
        if let Some(Pending::PlaceDivinity(m)) = g.pending() {
            return (g, m as usize);
        }
    }
    unreachable!()
}

/// The seat to move places `divinity` on the first empty space; returns that space's index.
fn place_on_first_empty(g: &mut Duel, divinity: DivinityId) -> usize {
    let space = g
        .pantheon
        .spaces
        .iter()
        .position(|&d| d == NO_DIVINITY)
        .expect("an empty space");
    g.play(Action::PlaceDivinity {
        divinity,
        space: space as u8 + 1,
    })
    .unwrap();
    space
}

#[test]
fn a_seat_that_saw_a_deck_top_knows_where_it_can_be_after_the_opponent_placed_from_it() {
    let (mut g, m) = first_placement(40);
    let [x, y, z] = g.pantheon.decks[m];
    // Seat 0 places x; y stays on top.
    place_on_first_empty(&mut g, x);
    // Now seat 1 places from the same deck, keeping y or z on top.
    while !g.pending.is_empty() {
        g.pending.pop();
    }
    g.current = 1;
    // Seat 0 saw x and y: z, the third of the Mythology, is below y.
    assert_eq!(g.sees(0, m), 2);
    assert_eq!(g.sees(1, m), 0);
    g.pending.push(Pending::PlaceDivinity(m as u8));
    let space = place_on_first_empty(&mut g, z);
    assert_eq!(g.pantheon.decks[m][..1], [y]);
    // Seat 0 knows y is on that space or on top, and z wherever y is not; seat 1 knows both.
    let either = 1 << space | deck_position(0);
    assert_eq!(g.whereabouts(0, y), either);
    assert_eq!(g.whereabouts(0, z), either);
    assert_eq!(g.whereabouts(1, z), 1 << space);
    assert_eq!(g.whereabouts(1, y), deck_position(0));
    // Its determinizations deal y and z only there, both ways.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let det = g.determinized_for(0, &mut rng);
        let (on_space, top) = (det.pantheon.spaces[space], det.pantheon.decks[m][0]);
        assert!([(y, z), (z, y)].contains(&(on_space, top)));
        seen.insert(on_space);
        assert_eq!(det.pantheon.spaces, {
            let mut s = g.pantheon.spaces;
            s[space] = on_space;
            s
        });
    }
    assert_eq!(seen.len(), 2, "both deals are possible");
    // Seat 1 placed z itself and saw y: nothing of that Mythology is hidden from it.
    for _ in 0..10 {
        let det = g.determinized_for(1, &mut rng);
        assert_eq!(det.pantheon.spaces[space], z);
        assert_eq!(det.pantheon.decks[m][0], y);
    }
}

#[test]
fn the_last_card_of_a_deck_placed_by_the_opponent_is_known_to_a_seat_that_saw_it() {
    let (mut g, m) = first_placement(60);
    let y = g.pantheon.decks[m][1];
    // Seat 0 knows the whole deck's last card: a one-card deck it saw.
    g.pantheon.decks[m] = [y, NO_DIVINITY, NO_DIVINITY];
    g.pantheon.deck_len[m] = 1;
    g.pantheon.whereabouts[0][y as usize] = deck_position(0);
    g.pantheon.whereabouts[1][y as usize] = deck_position(0);
    g.current = 1;
    let space = place_on_first_empty(&mut g, y);
    assert_eq!(
        g.whereabouts(0, y),
        1 << space,
        "the only card left went there"
    );
}

#[test]
fn the_great_library_returns_its_two_tokens_to_the_back_of_the_box() {
    let mut g = age_two(18);
    g.box_len = 8;
    let order: Vec<TokenId> = g.box_tokens[..8].to_vec();
    g.pending.push(Pending::GreatLibrary);
    g.play(Action::GreatLibrary(order[1])).unwrap();
    assert_eq!(g.box_len, 7);
    assert_eq!(&g.box_tokens[..5], &order[3..8]);
    assert_eq!(&g.box_tokens[5..7], &[order[0], order[2]]);
}

#[test]
fn an_enki_in_the_pantheon_keeps_its_tokens_when_the_gate_activates_another() {
    let mut g = age_two(19);
    g.pantheon.spaces[4] = d("enki");
    g.pantheon.enki = [0, 1];
    g.pantheon.enki_len = 2;
    g.pantheon.decks[0] = [d("ishtar"), d("nisaba"), NO_DIVINITY];
    g.pantheon.deck_len[0] = 2;
    activate(&mut g, GATE_ID, 6);
    g.play(Action::Gate(d("ishtar"))).unwrap();
    assert_eq!(g.pantheon.enki_len, 2, "Enki's tokens stay on Enki");
}
