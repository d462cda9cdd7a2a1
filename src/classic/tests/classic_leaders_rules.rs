//! The Leaders rules read at the end of the game and at recruitment, on hand-built positions:
//! every leader's points, military strength and science on one position (a table that fails if
//! a leader of the tables is missing), then the edge cases of each kind of effect and the
//! science choice with Aganice, Enheduanna and Aristotle.

use wonders_classic::leaders::{recruit_cost, science_with_leaders, Science, SeatFacts};
use wonders_classic::leaders_data::{leader_by_id, LeaderCost, LEADERS};

/// brown 3, grey 2, blue 4, yellow 2, red 3, green 5, purple 1; 2 black; 14 coins; 2 stages;
/// victory tokens 1, 3, 3, 5; 1 defeat; 3 face-up leaders.
const OWN: SeatFacts = SeatFacts {
    colors: [3, 2, 4, 2, 3, 5, 1],
    black: 2,
    coins: 14,
    stages: 2,
    victories: [1, 2, 1],
    defeats: 1,
    leaders: 3,
};
const LEFT: SeatFacts = SeatFacts {
    colors: [2, 1, 4, 1, 2, 2, 0],
    black: 0,
    coins: 14,
    stages: 1,
    victories: [0, 0, 0],
    defeats: 2,
    leaders: 1,
};
const RIGHT: SeatFacts = SeatFacts {
    colors: [1, 1, 3, 3, 1, 6, 2],
    black: 1,
    coins: 10,
    stages: 3,
    victories: [3, 0, 0],
    defeats: 0,
    leaders: 2,
};

/// id: points on the leaders line, shields, science symbols (compass/tablet/gear), powers
/// (s = Aganice's substitute, e = Enheduanna's extra, a number = Aristotle's points per set).
#[rustfmt::skip]
const ON_ONE_POSITION: [(&str, i32, u8, [u8; 3], &str); 55] = [
    ("maecenas", 0, 0, [0, 0, 0], ""),
    ("imhotep", 0, 0, [0, 0, 0], ""),
    ("hammurabi", 0, 0, [0, 0, 0], ""),
    ("leonidas", 0, 0, [0, 0, 0], ""),
    ("archimedes", 0, 0, [0, 0, 0], ""),
    ("ramses", 0, 0, [0, 0, 0], ""),
    ("croesus", 0, 0, [0, 0, 0], ""),
    ("xenophon", 0, 0, [0, 0, 0], ""),
    ("vitruvius", 0, 0, [0, 0, 0], ""),
    ("nero", 0, 0, [0, 0, 0], ""),
    ("bilkis", 0, 0, [0, 0, 0], ""),
    ("hannibal", 0, 1, [0, 0, 0], ""),
    ("caesar", 0, 2, [0, 0, 0], ""),
    ("solomon", 0, 0, [0, 0, 0], ""),
    ("euclid", 0, 0, [1, 0, 0], ""),
    ("ptolemy", 0, 0, [0, 1, 0], ""),
    ("pythagoras", 0, 0, [0, 0, 1], ""),
    ("sappho", 2, 0, [0, 0, 0], ""),
    ("zenobia", 3, 0, [0, 0, 0], ""),
    ("nefertiti", 4, 0, [0, 0, 0], ""),
    ("cleopatra", 5, 0, [0, 0, 0], ""),
    // 1 per brown card (3), 2 per grey (2), 1 per blue (4), 1 per yellow (2), 2 per red (3),
    // 1 per green (5), 2 per purple (1).
    ("phidias", 3, 0, [0, 0, 0], ""),
    ("praxiteles", 4, 0, [0, 0, 0], ""),
    ("nebuchadnezzar", 4, 0, [0, 0, 0], ""),
    ("varro", 2, 0, [0, 0, 0], ""),
    ("pericles", 6, 0, [0, 0, 0], ""),
    ("hypatia", 5, 0, [0, 0, 0], ""),
    ("hiram", 2, 0, [0, 0, 0], ""),
    // 14 coins: 4 times 3.
    ("midas", 4, 0, [0, 0, 0], ""),
    ("amytis", 4, 0, [0, 0, 0], ""),
    // 4 victory tokens (their values do not matter).
    ("alexander", 4, 0, [0, 0, 0], ""),
    // min(blue 4, red 3, green 5) = 3 sets; one set of all seven colours (purple 1).
    ("justinian", 9, 0, [0, 0, 0], ""),
    ("plato", 7, 0, [0, 0, 0], ""),
    ("aristotle", 0, 0, [0, 0, 0], "3"),
    ("berenice", 0, 0, [0, 0, 0], ""),
    ("hatshepsut", 0, 0, [0, 0, 0], ""),
    ("nitocris", 0, 0, [0, 0, 0], ""),
    ("telesilla", 0, 0, [0, 0, 0], ""),
    ("tomyris", 0, 0, [0, 0, 0], ""),
    ("aganice", 0, 0, [0, 0, 0], "s"),
    ("enheduanna", 0, 0, [0, 0, 0], "e"),
    // Blue 4 ties the left's 4; yellow 2 is below the right's 3; red 3 beats 2 and 1; green
    // 5 is below the right's 6; coins 14 tie the left's 14.
    ("phryne", 0, 0, [0, 0, 0], ""),
    ("cornelia", 0, 0, [0, 0, 0], ""),
    ("euryptyle", 5, 0, [0, 0, 0], ""),
    ("theano", 0, 0, [0, 0, 0], ""),
    ("makeda", 0, 0, [0, 0, 0], ""),
    // One defeat token.
    ("cynisca", 0, 0, [0, 0, 0], ""),
    // One pair of 3s; the 1 and the 5 are alone.
    ("gorgo", 3, 0, [0, 0, 0], ""),
    // Three face-up leaders.
    ("agrippina", 0, 0, [0, 0, 0], ""),
    ("caligula", 0, 0, [0, 0, 0], ""),
    ("diocletian", 0, 0, [0, 0, 0], ""),
    ("octavia", 0, 0, [0, 0, 0], ""),
    ("arsinoe", 0, 0, [0, 0, 0], ""),
    ("aspasia", 2, 0, [0, 0, 0], ""),
    ("darius", 2, 0, [0, 0, 0], ""),
];

#[test]
fn every_leader_scores_as_its_effect_says_on_one_position() {
    // The table names every leader of the tables, in order: a leader added without a case
    // fails here.
    let ids: Vec<&str> = LEADERS.iter().map(|l| l.id).collect();
    let listed: Vec<&str> = ON_ONE_POSITION.iter().map(|c| c.0).collect();
    assert_eq!(ids, listed);
    for (id, points, shields, symbols, powers) in ON_ONE_POSITION {
        let l = leader_by_id(id).unwrap();
        assert_eq!(l.end_points(&OWN, &LEFT, &RIGHT), points, "{id}");
        assert_eq!(l.shields(), shields, "{id}");
        let s = l.science();
        assert_eq!(s.symbols, symbols, "{id}");
        assert_eq!(s.substitute, powers == "s", "{id}");
        assert_eq!(s.extra_of_most, powers == "e", "{id}");
        assert_eq!(s.points_per_set, powers.parse().unwrap_or(0), "{id}");
    }
}

fn points(id: &str, own: SeatFacts) -> i32 {
    leader_by_id(id).unwrap().end_points(&own, &LEFT, &RIGHT)
}

#[test]
fn more_than_each_neighbour_means_strictly_more_than_both() {
    let with = |coins, blue| SeatFacts {
        coins,
        colors: [0, 0, blue, 0, 0, 0, 0],
        ..OWN
    };
    assert_eq!(points("makeda", with(15, 0)), 5);
    assert_eq!(points("makeda", with(14, 0)), 0);
    assert_eq!(points("phryne", with(0, 5)), 5);
    assert_eq!(points("phryne", with(0, 4)), 0);
}

#[test]
fn token_leaders_count_the_tokens_held() {
    let tokens = |victories, defeats| SeatFacts {
        victories,
        defeats,
        ..OWN
    };
    // Cynisca: 6 with no defeat token at all.
    assert_eq!(points("cynisca", tokens([0, 0, 0], 0)), 6);
    assert_eq!(points("cynisca", tokens([3, 2, 1], 1)), 0);
    // Gorgo: four 1s are two pairs (2), three 5s one pair (5).
    assert_eq!(points("gorgo", tokens([4, 1, 3], 0)), 7);
    assert_eq!(points("gorgo", tokens([1, 1, 1], 0)), 0);
    assert_eq!(points("alexander", tokens([4, 1, 3], 0)), 8);
}

#[test]
fn agrippina_scores_only_alone_and_midas_rounds_down() {
    assert_eq!(points("agrippina", SeatFacts { leaders: 1, ..OWN }), 7);
    assert_eq!(points("agrippina", SeatFacts { leaders: 2, ..OWN }), 0);
    assert_eq!(points("midas", SeatFacts { coins: 2, ..OWN }), 0);
    assert_eq!(points("midas", SeatFacts { coins: 30, ..OWN }), 10);
    assert_eq!(
        points(
            "plato",
            SeatFacts {
                colors: [2, 2, 2, 2, 2, 2, 2],
                ..OWN
            }
        ),
        14
    );
    assert_eq!(
        points(
            "plato",
            SeatFacts {
                colors: [2, 2, 2, 2, 2, 2, 0],
                ..OWN
            }
        ),
        0
    );
}

fn powers(ids: &[&str]) -> Science {
    ids.iter().fold(Science::NONE, |s, id| {
        s.join(leader_by_id(id).unwrap().science())
    })
}

#[test]
fn the_science_choice_takes_every_leader_power_at_its_best() {
    // No power: 4 + 1 = 5.
    assert_eq!(science_with_leaders([2, 1, 0], 0, Science::NONE), (5, 0));
    // Euclid's compass completes a set: 3 + 7.
    assert_eq!(
        science_with_leaders([0, 1, 1], 0, powers(&["euclid"])),
        (10, 0)
    );
    // Aganice turns a compass into a gear: a set (10) beats 5.
    assert_eq!(
        science_with_leaders([2, 1, 0], 0, powers(&["aganice"])),
        (10, 0)
    );
    // Enheduanna's symbol goes to the family held most (compass): 9 + 1, never the gear.
    assert_eq!(
        science_with_leaders([2, 1, 0], 0, powers(&["enheduanna"])),
        (10, 0)
    );
    // Both: the tablet becomes a compass, then Enheduanna adds a compass: 16.
    assert_eq!(
        science_with_leaders([2, 1, 0], 0, powers(&["aganice", "enheduanna"])),
        (16, 0)
    );
    // Enheduanna comes after the wild symbols: the wild compass makes compasses the most.
    assert_eq!(
        science_with_leaders([2, 0, 0], 1, powers(&["enheduanna"])),
        (16, 0)
    );
    // Aristotle: 3 per set on the leaders line; a wild symbol completing a second set is
    // worth 12 + 14 + 6.
    assert_eq!(
        science_with_leaders([1, 1, 1], 0, powers(&["aristotle"])),
        (10, 3)
    );
    assert_eq!(
        science_with_leaders([2, 2, 1], 1, powers(&["aristotle"])),
        (26, 6)
    );
    // Aristotle tips the choice, which is made on the total of both lines: alone a fifth
    // compass (25 + 1 = 26) beats the set (16 + 1 + 1 + 7 = 25); with his 3 the set wins.
    assert_eq!(science_with_leaders([4, 1, 0], 1, Science::NONE), (26, 0));
    assert_eq!(
        science_with_leaders([4, 1, 0], 1, powers(&["aristotle"])),
        (25, 3)
    );
}

#[test]
fn recruitment_costs_follow_the_record_format() {
    let by_age = LeaderCost::ByAge;
    assert_eq!(
        [1, 2, 3].map(|a| recruit_cost(by_age, a, false, 0)),
        [1, 2, 3]
    );
    // Roma night: 2 less for its owner, 1 less for each neighbour, never below 0.
    assert_eq!(recruit_cost(by_age, 3, false, 2), 1);
    assert_eq!(recruit_cost(by_age, 3, false, 1), 2);
    assert_eq!(recruit_cost(LeaderCost::Fixed(1), 2, false, 2), 0);
    assert_eq!(recruit_cost(LeaderCost::Fixed(6), 1, false, 1), 5);
    // Roma day or a face-up Maecenas: free.
    assert_eq!(recruit_cost(LeaderCost::Fixed(6), 1, true, 0), 0);
}

/// Every final placement, enumerated the other way round (wild symbols first, then Aganice on
/// a symbol that is not wild, then Enheduanna), scored from the rulebook's formula.
fn brute_force(counts: [u8; 3], wild: u8, p: Science) -> u32 {
    let counts: [u8; 3] = std::array::from_fn(|s| counts[s] + p.symbols[s]);
    let score = |c: [u8; 3]| {
        let sets = *c.iter().min().unwrap() as u32;
        c.iter().map(|&n| (n as u32).pow(2)).sum::<u32>()
            + 7 * sets
            + p.points_per_set as u32 * sets
    };
    let mut best = 0;
    for a in 0..=wild {
        for b in 0..=wild - a {
            let placed = [counts[0] + a, counts[1] + b, counts[2] + wild - a - b];
            let mut after = vec![placed];
            if p.substitute {
                for from in 0..3 {
                    for to in 0..3 {
                        if from != to && counts[from] > 0 {
                            let mut c = placed;
                            c[from] -= 1;
                            c[to] += 1;
                            after.push(c);
                        }
                    }
                }
            }
            for c in after {
                if p.extra_of_most {
                    let most = *c.iter().max().unwrap();
                    for s in (0..3).filter(|&s| c[s] == most) {
                        let mut d = c;
                        d[s] += 1;
                        best = best.max(score(d));
                    }
                } else {
                    best = best.max(score(c));
                }
            }
        }
    }
    best
}

#[test]
fn the_science_choice_matches_a_brute_force() {
    let sets = [
        vec![],
        vec!["aganice"],
        vec!["enheduanna"],
        vec!["aristotle"],
        vec!["aganice", "enheduanna", "aristotle"],
        vec!["euclid", "enheduanna"],
        vec!["ptolemy", "aganice", "aristotle"],
    ];
    for ids in &sets {
        let p = powers(ids);
        for c in 0..125u32 {
            let counts = [(c % 5) as u8, (c / 5 % 5) as u8, (c / 25) as u8];
            for wild in 0..3 {
                let (science, leaders) = science_with_leaders(counts, wild, p);
                assert_eq!(
                    science + leaders,
                    brute_force(counts, wild, p),
                    "{ids:?} {counts:?} wild {wild}"
                );
            }
        }
    }
}

#[test]
fn every_leader_says_what_it_does_in_words() {
    let text = |id: &str| leader_by_id(id).unwrap().text();
    assert_eq!(
        text("hammurabi"),
        "each blue card costs one resource of choice less"
    );
    assert_eq!(
        text("imhotep"),
        "each wonder stage costs one resource of choice less"
    );
    assert_eq!(text("praxiteles"), "2 VP per grey card");
    assert_eq!(text("darius"), "1 VP per black card");
    assert_eq!(text("makeda"), "5 VP with more coins than each neighbour");
    assert_eq!(text("aspasia"), "2 VP; 1 Diplomacy token");
    assert_eq!(
        text("arsinoe"),
        "4 coins when recruited; every other player loses as many coins as the Age's number"
    );
    // No two leaders with different effects read the same.
    for (i, a) in LEADERS.iter().enumerate() {
        for b in &LEADERS[..i] {
            assert_eq!(
                a.text() == b.text(),
                a.effects == b.effects,
                "{} {}",
                a.id,
                b.id
            );
        }
    }
}

#[test]
fn tokens_are_kept_by_value_for_telesilla_gorgo_and_tomyris() {
    use wonders_classic::leaders::{conflict, victory_value, Taken, Tokens};
    assert_eq!([1, 2, 3].map(victory_value), [1, 3, 5]);
    let mut t = Tokens::default();
    t.gain_victory(1);
    t.gain_victory(3);
    t.gain_victory(3);
    t.defeats = 2;
    assert_eq!(t.points(), 1 + 5 + 5 - 2);
    assert_eq!(t.victory_values().collect::<Vec<_>>(), [1, 5]);
    // Telesilla: a token of a value held may go, one of a value not held may not.
    assert!(!t.discard_victory(3));
    assert!(!t.discard_victory(2));
    assert!(t.discard_victory(5));
    assert_eq!(t.victories, [1, 0, 1]);
    // A conflict: more shields win, equal shields take nothing.
    let won = Taken {
        victories: 1,
        defeats: 0,
    };
    let lost = Taken {
        victories: 0,
        defeats: 1,
    };
    assert_eq!(conflict([3, 1], [false, false], 1), [won, lost]);
    assert_eq!(conflict([1, 3], [false, false], 1), [lost, won]);
    assert_eq!(conflict([2, 2], [true, false], 1), [Taken::default(); 2]);
    // Tomyris beaten: her defeat token goes to the winner, who takes both tokens.
    let both = Taken {
        victories: 1,
        defeats: 1,
    };
    assert_eq!(conflict([0, 4], [true, false], 1), [Taken::default(), both]);
    // Tomyris winning changes nothing.
    assert_eq!(conflict([4, 0], [true, false], 1), [won, lost]);
    // The team variant's doubled conflict: two tokens each way, both to a beaten Tomyris'
    // winner.
    let (won2, lost2) = (
        Taken {
            victories: 2,
            defeats: 0,
        },
        Taken {
            victories: 0,
            defeats: 2,
        },
    );
    assert_eq!(conflict([3, 1], [false, false], 2), [won2, lost2]);
    assert_eq!(
        conflict([0, 4], [true, false], 2),
        [
            Taken::default(),
            Taken {
                victories: 2,
                defeats: 2
            }
        ]
    );
}
