//! Greedy's evaluation on hand-built positions: what it sees of the race to finish a Wonder.

use wonders_architects::data::{Card, Token, WonderId};
use wonders_architects::game::WEIGHTS;
use wonders_architects::state::{Action, Architects, DeckRef, Phase, TokenSource};
use wonders_bots::{Bot, GreedyBot};

use super::architects_rules::{game, on_top};

/// Seat 0 (Ephesus) to move, eight 3-point cards (24 points); seat 1 (Giza) has built 4
/// pieces (22 points) and holds 3 coins: any resource or coin finishes its Wonder (8 more
/// points), which ends the game with seat 1 the winner. The top of seat 0's left deck,
/// which is seat 1's right deck, is a coin with a blue card under it; the tops of seat 1's
/// left deck and of seat 0's right deck are blue.
fn race() -> Architects {
    let mut g = game(
        &[WonderId::Ephesus, WonderId::Giza, WonderId::Olympia],
        false,
    );
    g.seats[1].built = 0b01111;
    g.seats[1].area[Card::Coin.index()] = 3;
    g.seats[0].area[Card::Blue3Vp.index()] = 8;
    on_top(&mut g.decks[0], Card::Blue3Vp);
    on_top(&mut g.decks[0], Card::Coin);
    on_top(&mut g.decks[1], Card::Blue3Vp);
    on_top(&mut g.decks[2], Card::Blue3Vp);
    assert_eq!(
        (g.current, g.score(1).total(), g.score(0).total()),
        (0, 22, 24)
    );
    g
}

/// Near the end the next seat answers before the position is read: a take that leaves it
/// the card that finishes its Wonder is a lost game, which a one-ply reading cannot see.
#[test]
fn the_evaluation_sees_the_next_seat_finish_with_the_card_left_to_it() {
    let g = race();
    let mut after = g.clone();
    after.apply(Action::Take(DeckRef::Wonder(2))).unwrap();
    let mut chances = [0.0; 3];
    after.clone().evaluate_with(&WEIGHTS, &mut chances);
    assert_eq!(chances, [0.0, 1.0, 0.0], "seat 1 takes the coin and wins");
    after.clone().evaluate_one_ply_with(&WEIGHTS, &mut chances);
    assert!(chances[1] < 0.99, "one ply deep: {chances:?}");

    // Taking the coin away leaves seat 1 short (the blue card under it is face up now).
    let mut deny = g.clone();
    deny.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    deny.evaluate_with(&WEIGHTS, &mut chances);
    assert!(!deny.is_over() && chances[0] > 0.0, "{chances:?}");
    for seed in 0..5 {
        assert_eq!(
            GreedyBot::<Architects>::new(seed).choose(&g),
            Action::Take(DeckRef::Wonder(0)),
            "greedy takes the coin away from seat 1"
        );
    }
}

/// Tokens are valued each by its worth in play: with a science pair to turn in early in the
/// game, greedy takes Economy over Propaganda and Engineering. Before `TOKEN_VALUES` the
/// features valued every extra-card token alike, above Economy and Engineering, and greedy
/// took Propaganda here; rollouts of greedy's token choices put it among the weakest (an
/// extra card only for a red card with horns).
#[test]
fn greedy_values_each_token_by_its_worth_in_play() {
    let mut g = game(
        &[WonderId::Ephesus, WonderId::Giza, WonderId::Olympia],
        false,
    );
    g.seats[0].area[Card::GreenGear.index()] = 1;
    on_top(&mut g.decks[0], Card::GreenGear);
    g.progress_row = [
        Some(Token::Propaganda),
        Some(Token::Economy),
        Some(Token::Engineering),
    ];
    g.apply(Action::Take(DeckRef::Wonder(0))).unwrap();
    assert_eq!((g.current, g.phase), (0, Phase::Science));
    for seed in 0..5 {
        let choice = GreedyBot::<Architects>::new(seed).choose(&g);
        assert!(
            matches!(
                choice,
                Action::Progress {
                    from: TokenSource::Row(1),
                    ..
                }
            ),
            "greedy takes Economy: {choice:?}"
        );
    }
}
