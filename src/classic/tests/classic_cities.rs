//! Cities in the 7 Wonders engine (2nd edition): the catalog, the deal, and thousands of random
//! games checked against the rules that can be read off every state — coin losses, debts,
//! Diplomacy at the end of each Age, the score pad's `cities` and `debt` lines.

use rand::{Rng, SeedableRng};
use wonders_classic::cities_data::CityEffect;
use wonders_classic::data::{Color, Effect, Power};
use wonders_classic::{catalog, Expansion, ExpansionSet};
use wonders_classic::{Action, ClassicConfig, ClassicGame, Edition, SidePolicy, Wonder};
use wonders_common::GameRng;

const CITIES: ExpansionSet = ExpansionSet::NONE.with(Expansion::CITIES);

fn config(players: usize) -> ClassicConfig {
    let mut c = ClassicConfig::new(players, Edition::V2);
    c.expansions = CITIES;
    c.sides = SidePolicy::Mixed;
    c
}

#[test]
fn the_catalog_adds_42_black_cards_and_two_boards_and_keeps_the_base_ids() {
    let base = catalog(Edition::V2, ExpansionSet::NONE);
    let cat = catalog(Edition::V2, CITIES);
    for (b, c) in base.cards.iter().zip(&cat.cards) {
        assert_eq!((b.id, b.key), (c.id, c.key));
    }
    let black: Vec<_> = cat
        .cards
        .iter()
        .filter(|c| c.color == Color::Black)
        .collect();
    assert_eq!(black.len(), 42);
    assert_eq!(cat.cards.len(), base.cards.len() + 42);
    for age in 1..=3u8 {
        let of_age = &cat.blacks[age as usize - 1];
        assert_eq!(of_age.len(), 14, "Age {age}");
        assert!(of_age.iter().all(|&c| cat.card(c).ages == 1 << age));
    }
    assert!(cat.boards.contains(&Wonder::BYZANTIUM) && cat.boards.contains(&Wonder::PETRA));
    assert!(!base.boards.contains(&Wonder::PETRA));
    // Petra's coin stages, 2nd edition: 5 (day) and 10 (night) coins.
    assert_eq!(cat.side(Wonder::PETRA, 0).stages[1].cost.coins, 5);
    assert_eq!(cat.side(Wonder::PETRA, 1).stages[1].cost.coins, 10);
}

#[test]
fn the_deal_has_8_card_hands_with_one_black_card_per_player_and_age() {
    for players in 3..=7 {
        for seed in 0..20 {
            let setup = ClassicGame::draw_setup(&config(players), seed).unwrap();
            let cat = catalog(Edition::V2, CITIES);
            for age in 0..3 {
                let hands = &setup.hands[age];
                assert_eq!(hands.len(), players);
                assert!(hands.iter().all(|h| h.len() == 8));
                let dealt_black = hands
                    .iter()
                    .flatten()
                    .filter(|&&c| cat.card(c).color == Color::Black)
                    .count();
                assert_eq!(dealt_black, players);
                assert_eq!(setup.black_unused[age].len(), 14 - players);
            }
            // The setup read back gives the same game.
            let game = ClassicGame::from_setup(&config(players), &setup).unwrap();
            assert_eq!(game.setup(), setup);
            let mut wrong = setup.clone();
            wrong.black_unused[0].pop();
            assert!(ClassicGame::from_setup(&config(players), &wrong).is_err());
        }
    }
    // Base games keep their deals: no black card drawn, 7-card hands.
    let base = ClassicGame::draw_setup(&ClassicConfig::new(5, Edition::V2), 3).unwrap();
    assert!(base.hands[0].iter().all(|h| h.len() == 7));
    assert!(base.black_unused.iter().all(Vec::is_empty));
}

/// What the random games saw, so that a rule that never fires fails the test.
#[derive(Default, Debug)]
struct Seen {
    coin_losses: usize,
    debts_by_choice: usize,
    raider_debts: usize,
    sat_out: usize,
    copies: usize,
    petra_coin_stages: usize,
}

/// Diplomacy tokens among `effects`.
fn diplomacy_in(effects: impl Iterator<Item = CityEffect>) -> u8 {
    effects.filter(|&e| e == CityEffect::Diplomacy).count() as u8
}

fn play_random(players: usize, seed: u64, seen: &mut Seen) {
    let mut game = ClassicGame::new(&config(players), seed).unwrap();
    let mut rng = GameRng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let cat = game.catalog();
    let mut steps = 0;
    while !game.is_over() {
        steps += 1;
        assert!(steps < 2000, "the game does not end");
        game.legal(&mut legal);
        assert!(!legal.is_empty());
        if let Action::CoinLoss { .. } = legal[0] {
            // Every split of one loss: coins paid 0, 1, … as far as the coins held allow.
            let loss = match legal[0] {
                Action::CoinLoss { coins, debt } => coins + debt,
                _ => unreachable!(),
            };
            let seat = game.current_seat();
            let held = game.city(seat).coins();
            assert_eq!(legal.len() as u32, u32::from(loss).min(held) + 1);
            for (i, a) in legal.iter().enumerate() {
                assert_eq!(
                    *a,
                    Action::CoinLoss {
                        coins: i as u8,
                        debt: loss - i as u8
                    }
                );
            }
            seen.coin_losses += 1;
        }
        let action = legal[rng.random_range(0..legal.len())];
        if let Action::CoinLoss { debt, .. } = action {
            seen.debts_by_choice += usize::from(debt > 0);
        }
        if let Action::Wonder { .. } = action {
            let c = game.city(game.current_seat());
            let stage = &cat
                .side(c.wonder(), c.side().index())
                .stages
                .get(c.stages() as usize);
            if c.wonder() == Wonder::PETRA && stage.is_some_and(|s| s.cost.coins > 0) {
                seen.petra_coin_stages += 1;
            }
        }
        let before: Vec<_> = (0..players).map(|s| game.city(s).clone()).collect();
        let age = game.age();
        let resolved_before = game.history().len();
        game.play(action).unwrap();
        let ended_age = game.age() != age || (game.is_over() && age == 3);
        if ended_age && game.history().last().is_some_and(|p| p.age == age) {
            // Diplomacy: the tokens taken in the turn just resolved, read off its actions.
            let mut gained = vec![0u8; players];
            for p in &game.history()[resolved_before..] {
                let seat = p.seat as usize;
                gained[seat] += match p.action {
                    Action::Build { card, .. }
                    | Action::BuildFree { card }
                    | Action::BuildDiscarded { card } => match cat.card(card).effect {
                        Effect::City(effects) => diplomacy_in(effects.iter().copied()),
                        _ => 0,
                    },
                    Action::Wonder { .. } => {
                        let c = game.city(seat);
                        let stage =
                            &cat.side(c.wonder(), c.side().index()).stages[p.stage as usize - 1];
                        diplomacy_in(stage.powers.iter().filter_map(|w| match w {
                            Power::City(e) => Some(*e),
                            _ => None,
                        }))
                    }
                    _ => 0,
                };
            }
            // A seat holding a token at the Age's end (held before or taken in its last turn)
            // sat out and gave one back.
            for (s, b) in before.iter().enumerate() {
                let held = b.cities_seat().diplomacy() + gained[s];
                let sat_out = held > 0;
                assert_eq!(
                    game.city(s).cities_seat().diplomacy(),
                    held - u8::from(sat_out),
                    "seat {s}: tokens after the Age's end"
                );
                seen.sat_out += usize::from(sat_out);
            }
        }
        for (s, b) in before.iter().enumerate() {
            let now = game.city(s);
            assert!(
                now.cities_seat().debt() >= b.cities_seat().debt(),
                "debt tokens are never given back"
            );
            if now.cities_seat().debt() > b.cities_seat().debt()
                && !matches!(action, Action::CoinLoss { .. })
            {
                seen.raider_debts += 1;
            }
        }
    }
    for s in 0..players {
        let city = game.city(s);
        let score = game.score(s);
        let lines = score.lines(game.score_lines());
        let keys: Vec<&str> = lines.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            keys,
            [
                "military",
                "treasury",
                "wonders",
                "civilian",
                "science",
                "commercial",
                "guilds",
                "cities",
                "debt"
            ]
        );
        assert_eq!(lines.iter().map(|(_, v)| v).sum::<i32>(), score.total);
        assert_eq!(lines[8].1, -i32::from(city.cities_seat().debt()));
        assert_eq!(
            city.colors()[Color::Black as usize] as usize,
            city.built()
                .iter()
                .filter(|&c| cat.cards[c as usize].color == Color::Black)
                .count()
        );
        seen.copies += usize::from(city.cities_seat().science_copies());
    }
}

#[test]
fn random_games_with_cities_keep_the_rules() {
    let mut seen = Seen::default();
    for seed in 0..400u64 {
        play_random(3 + (seed % 5) as usize, seed, &mut seen);
    }
    assert!(seen.coin_losses > 100, "{seen:?}");
    assert!(seen.debts_by_choice > 50, "{seen:?}");
    assert!(seen.raider_debts > 20, "{seen:?}");
    assert!(seen.sat_out > 20, "{seen:?}");
    assert!(seen.copies > 20, "{seen:?}");
    assert!(seen.petra_coin_stages > 5, "{seen:?}");
}
