//! Every card copy and every wonder stage of both editions against the published facts,
//! written here as literals (one line per copy / stage) in a notation independent of the
//! engine's tables; and the deck sizes per player count.

use wonders_classic::data::{Class, Direction, Effect, Per, Power, Whose};
use wonders_classic::ExpansionSet;
use wonders_classic::{catalog, CardId, Color, Edition, Resource, Wonder};

fn cost_text(coins: u8, res: &[u8; 7]) -> String {
    format!(
        "{coins}/{}",
        res.iter().map(|q| q.to_string()).collect::<String>()
    )
}

fn per_text(per: Per, whose: Whose, amount: u8) -> String {
    let what = match per {
        Per::Cards(colors) => colors.iter().map(|c| c.id()).collect::<Vec<_>>().join("/"),
        Per::Stages => "stages".into(),
    };
    let whose = match whose {
        Whose::Own => "self",
        Whose::Neighbours => "left+right",
        Whose::OwnAndNeighbours => "self+left+right",
    };
    format!("{what}@{whose}*{amount}")
}

fn choice(rs: &[Resource], tradeable: bool) -> String {
    format!(
        "choice={}{}",
        rs.iter().map(|r| r.id()).collect::<Vec<_>>().join("/"),
        if tradeable { "" } else { "!" }
    )
}

fn effect_tokens(e: Effect, color: Color) -> Vec<String> {
    match e {
        Effect::Produce(r, n) => vec![format!("produce={}*{n}", r.id())],
        Effect::OneOf(rs) => vec![choice(rs, matches!(color, Color::Brown | Color::Grey))],
        Effect::Points(p) => vec![format!("points={p}")],
        Effect::PointsOn(line, p) => vec![format!("points={p}@{}", line.id())],
        Effect::Shields(s) => vec![format!("shields={s}")],
        Effect::Coins(c) => vec![format!("coins={c}")],
        Effect::Science(s) => vec![format!("science={}", s.id())],
        Effect::Discount(d, c) => {
            let d = match d {
                Direction::Left => "left",
                Direction::Right => "right",
                Direction::Both => "both",
            };
            let c = match c {
                Class::Raw => "raw",
                Class::Manufactured => "manufactured",
            };
            vec![format!("discount={d}:{c}")]
        }
        Effect::Commerce {
            per,
            whose,
            coins,
            points,
        } => {
            let mut v = vec![format!("coins_per={}", per_text(per, whose, coins))];
            if points > 0 {
                v.push(format!("points_per={}", per_text(per, whose, points)));
            }
            v
        }
        Effect::Guild { per, whose, points } => {
            vec![format!("points_per={}", per_text(per, whose, points))]
        }
        Effect::ScienceWild => vec!["science_choice".into()],
        Effect::PerDefeat { whose, points } => {
            let w = per_text(Per::Stages, whose, points);
            vec![format!("per_defeat={}", w.trim_start_matches("stages@"))]
        }
        Effect::WonderComplete(p) => vec![format!("wonder_complete={p}")],
        Effect::City(_) => panic!("a black card in a base catalog"),
    }
}

fn power_token(p: &Power) -> String {
    match *p {
        Power::Points(v) => format!("points={v}"),
        Power::Shields(v) => format!("shields={v}"),
        Power::Coins(v) => format!("coins={v}"),
        Power::OneOf(rs) => choice(rs, false),
        Power::ScienceWild => "science_choice".into(),
        Power::RawDiscountBoth => "discount=both:raw".into(),
        Power::PlayLastCard => "play_last_card_each_age".into(),
        Power::BuildFromDiscard => "build_from_discard".into(),
        Power::FreeBuildEachAge => "one_free_build_per_age".into(),
        Power::CopyGuild => "copy_neighbor_guild".into(),
        Power::FirstOfColourFree => "first_card_of_each_color_free".into(),
        Power::FirstOfAgeFree => "first_card_of_each_age_free".into(),
        Power::LastOfAgeFree => "last_card_of_each_age_free".into(),
        Power::City(_) => panic!("a Cities board in a base catalog"),
        Power::Leaders(_) => panic!("a Leaders board in a base catalog"),
    }
}

fn card_lines(edition: Edition) -> Vec<String> {
    let cat = catalog(edition, ExpansionSet::NONE);
    let mut lines: Vec<String> = cat
        .copies
        .iter()
        .map(|copy| {
            let c = cat.card(copy.card);
            let mut chains: Vec<&str> = c
                .chain_from
                .iter()
                .map(|i| cat.card(CardId(i)).key)
                .collect();
            chains.sort();
            let mut eff = effect_tokens(c.effect, c.color);
            eff.sort();
            format!(
                "{} {} {} {} {} {} {}",
                copy.age,
                c.key,
                copy.min_players
                    .map_or("guild".to_string(), |p| p.to_string()),
                c.color.id(),
                cost_text(c.cost.coins, &c.cost.resources),
                if chains.is_empty() {
                    "-".to_string()
                } else {
                    chains.join(",")
                },
                eff.join(" ")
            )
        })
        .collect();
    lines.sort();
    lines
}

fn stage_lines(edition: Edition) -> Vec<String> {
    let cat = catalog(edition, ExpansionSet::NONE);
    let mut lines = Vec::new();
    for &w in &cat.boards {
        for side in 0..2 {
            let s = cat.side(w, side);
            for (k, st) in s.stages.iter().enumerate() {
                let mut eff: Vec<String> = st.powers.iter().map(power_token).collect();
                eff.sort();
                lines.push(format!(
                    "{} {} {} {} {} {}",
                    w.id(),
                    s.side.id(),
                    s.resource.expect("base boards produce").id(),
                    k + 1,
                    cost_text(st.cost.coins, &st.cost.resources),
                    eff.join(" ")
                ));
            }
        }
    }
    lines.sort();
    lines
}

fn sorted(expected: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn compare(what: &str, got: Vec<String>, expected: Vec<String>) {
    let missing: Vec<_> = expected.iter().filter(|e| !got.contains(e)).collect();
    let extra: Vec<_> = got.iter().filter(|g| !expected.contains(g)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{what}: missing {missing:#?}\nunexpected {extra:#?}"
    );
    assert_eq!(got, expected, "{what}: copy counts differ");
}

#[test]
fn every_card_copy_v1() {
    assert_eq!(CARDS_V1.len(), 148);
    compare("v1 cards", card_lines(Edition::V1), sorted(CARDS_V1));
}

#[test]
fn every_card_copy_v2() {
    assert_eq!(CARDS_V2.len(), 148);
    compare("v2 cards", card_lines(Edition::V2), sorted(CARDS_V2));
}

#[test]
fn every_wonder_stage_v1() {
    compare("v1 wonders", stage_lines(Edition::V1), sorted(WONDERS_V1));
}

#[test]
fn every_wonder_stage_v2() {
    compare("v2 wonders", stage_lines(Edition::V2), sorted(WONDERS_V2));
}

#[test]
fn deck_sizes_per_player_count() {
    for edition in [Edition::V1, Edition::V2] {
        let cat = catalog(edition, ExpansionSet::NONE);
        assert_eq!(cat.guilds.len(), 10);
        for (i, players) in (3..=7).enumerate() {
            let size = 21 + 7 * i;
            assert_eq!(
                cat.deck(1, players).len(),
                size,
                "{edition:?} Age I, {players} players"
            );
            assert_eq!(
                cat.deck(2, players).len(),
                size,
                "{edition:?} Age II, {players} players"
            );
            assert_eq!(
                cat.deck(3, players).len() + players + 2,
                size,
                "{edition:?} Age III, {players} players"
            );
            assert_eq!(cat.deck(3, players).len(), [16, 22, 28, 34, 40][i]);
        }
        for age in 1..=3 {
            let in_box = cat.copies.iter().filter(|c| c.age == age).count();
            assert_eq!(in_box, [49, 49, 50][age as usize - 1]);
        }
    }
}

#[test]
fn distinct_buildings() {
    // 1st edition: 78 card rows, 75 names (Loom, Glassworks, Press in Ages I and II).
    assert_eq!(catalog(Edition::V1, ExpansionSet::NONE).cards.len(), 75);
    assert_eq!(catalog(Edition::V2, ExpansionSet::NONE).cards.len(), 77);
    let cat = catalog(Edition::V1, ExpansionSet::NONE);
    let loom = cat.find("loom").unwrap();
    assert_eq!(cat.card(loom).ages, 0b110);
    assert!(
        cat.find("well").is_none()
            && catalog(Edition::V2, ExpansionSet::NONE)
                .find("pawnshop")
                .is_none()
    );
}

/// One line per card copy: `age key min_players colour coins/wood-stone-clay-ore-glass-
/// textile-papyrus chain_from effects`.
const CARDS_V1: &[&str] = &[
    "1 altar 3 blue 0/0000000 - points=2",
    "1 altar 5 blue 0/0000000 - points=2",
    "1 apothecary 3 green 0/0000010 - science=compass",
    "1 apothecary 5 green 0/0000010 - science=compass",
    "1 barracks 3 red 0/0001000 - shields=1",
    "1 barracks 5 red 0/0001000 - shields=1",
    "1 baths 3 blue 0/0100000 - points=3",
    "1 baths 7 blue 0/0100000 - points=3",
    "1 clay_pit 3 brown 1/0000000 - choice=clay/ore",
    "1 clay_pool 3 brown 0/0000000 - produce=clay*1",
    "1 clay_pool 5 brown 0/0000000 - produce=clay*1",
    "1 east_trading_post 3 yellow 0/0000000 - discount=right:raw",
    "1 east_trading_post 7 yellow 0/0000000 - discount=right:raw",
    "1 excavation 4 brown 1/0000000 - choice=stone/clay",
    "1 forest_cave 5 brown 1/0000000 - choice=wood/ore",
    "1 glassworks 3 grey 0/0000000 - produce=glass*1",
    "1 glassworks 6 grey 0/0000000 - produce=glass*1",
    "1 guard_tower 3 red 0/0010000 - shields=1",
    "1 guard_tower 4 red 0/0010000 - shields=1",
    "1 loom 3 grey 0/0000000 - produce=textile*1",
    "1 loom 6 grey 0/0000000 - produce=textile*1",
    "1 lumber_yard 3 brown 0/0000000 - produce=wood*1",
    "1 lumber_yard 4 brown 0/0000000 - produce=wood*1",
    "1 marketplace 3 yellow 0/0000000 - discount=both:manufactured",
    "1 marketplace 6 yellow 0/0000000 - discount=both:manufactured",
    "1 mine 6 brown 1/0000000 - choice=stone/ore",
    "1 ore_vein 3 brown 0/0000000 - produce=ore*1",
    "1 ore_vein 4 brown 0/0000000 - produce=ore*1",
    "1 pawnshop 4 blue 0/0000000 - points=3",
    "1 pawnshop 7 blue 0/0000000 - points=3",
    "1 press 3 grey 0/0000000 - produce=papyrus*1",
    "1 press 6 grey 0/0000000 - produce=papyrus*1",
    "1 scriptorium 3 green 0/0000001 - science=tablet",
    "1 scriptorium 4 green 0/0000001 - science=tablet",
    "1 stockade 3 red 0/1000000 - shields=1",
    "1 stockade 7 red 0/1000000 - shields=1",
    "1 stone_pit 3 brown 0/0000000 - produce=stone*1",
    "1 stone_pit 5 brown 0/0000000 - produce=stone*1",
    "1 tavern 4 yellow 0/0000000 - coins=5",
    "1 tavern 5 yellow 0/0000000 - coins=5",
    "1 tavern 7 yellow 0/0000000 - coins=5",
    "1 theater 3 blue 0/0000000 - points=2",
    "1 theater 6 blue 0/0000000 - points=2",
    "1 timber_yard 3 brown 1/0000000 - choice=wood/stone",
    "1 tree_farm 6 brown 1/0000000 - choice=wood/clay",
    "1 west_trading_post 3 yellow 0/0000000 - discount=left:raw",
    "1 west_trading_post 7 yellow 0/0000000 - discount=left:raw",
    "1 workshop 3 green 0/0000100 - science=gear",
    "1 workshop 7 green 0/0000100 - science=gear",
    "2 aqueduct 3 blue 0/0300000 baths points=5",
    "2 aqueduct 7 blue 0/0300000 baths points=5",
    "2 archery_range 3 red 0/2001000 workshop shields=2",
    "2 archery_range 6 red 0/2001000 workshop shields=2",
    "2 bazaar 4 yellow 0/0000000 - coins_per=grey@self+left+right*2",
    "2 bazaar 7 yellow 0/0000000 - coins_per=grey@self+left+right*2",
    "2 brickyard 3 brown 1/0000000 - produce=clay*2",
    "2 brickyard 4 brown 1/0000000 - produce=clay*2",
    "2 caravansery 3 yellow 0/2000000 marketplace choice=wood/stone/clay/ore!",
    "2 caravansery 5 yellow 0/2000000 marketplace choice=wood/stone/clay/ore!",
    "2 caravansery 6 yellow 0/2000000 marketplace choice=wood/stone/clay/ore!",
    "2 courthouse 3 blue 0/0020010 scriptorium points=4",
    "2 courthouse 5 blue 0/0020010 scriptorium points=4",
    "2 dispensary 3 green 0/0002100 apothecary science=compass",
    "2 dispensary 4 green 0/0002100 apothecary science=compass",
    "2 forum 3 yellow 0/0020000 east_trading_post,west_trading_post choice=glass/textile/papyrus!",
    "2 forum 6 yellow 0/0020000 east_trading_post,west_trading_post choice=glass/textile/papyrus!",
    "2 forum 7 yellow 0/0020000 east_trading_post,west_trading_post choice=glass/textile/papyrus!",
    "2 foundry 3 brown 1/0000000 - produce=ore*2",
    "2 foundry 4 brown 1/0000000 - produce=ore*2",
    "2 glassworks 3 grey 0/0000000 - produce=glass*1",
    "2 glassworks 5 grey 0/0000000 - produce=glass*1",
    "2 laboratory 3 green 0/0020001 workshop science=gear",
    "2 laboratory 5 green 0/0020001 workshop science=gear",
    "2 library 3 green 0/0200010 scriptorium science=tablet",
    "2 library 6 green 0/0200010 scriptorium science=tablet",
    "2 loom 3 grey 0/0000000 - produce=textile*1",
    "2 loom 5 grey 0/0000000 - produce=textile*1",
    "2 press 3 grey 0/0000000 - produce=papyrus*1",
    "2 press 5 grey 0/0000000 - produce=papyrus*1",
    "2 quarry 3 brown 1/0000000 - produce=stone*2",
    "2 quarry 4 brown 1/0000000 - produce=stone*2",
    "2 sawmill 3 brown 1/0000000 - produce=wood*2",
    "2 sawmill 4 brown 1/0000000 - produce=wood*2",
    "2 school 3 green 0/1000001 - science=tablet",
    "2 school 7 green 0/1000001 - science=tablet",
    "2 stables 3 red 0/1011000 apothecary shields=2",
    "2 stables 5 red 0/1011000 apothecary shields=2",
    "2 statue 3 blue 0/1002000 theater points=4",
    "2 statue 7 blue 0/1002000 theater points=4",
    "2 temple 3 blue 0/1010100 altar points=3",
    "2 temple 6 blue 0/1010100 altar points=3",
    "2 training_ground 4 red 0/1002000 - shields=2",
    "2 training_ground 6 red 0/1002000 - shields=2",
    "2 training_ground 7 red 0/1002000 - shields=2",
    "2 vineyard 3 yellow 0/0000000 - coins_per=brown@self+left+right*1",
    "2 vineyard 6 yellow 0/0000000 - coins_per=brown@self+left+right*1",
    "2 walls 3 red 0/0300000 - shields=2",
    "2 walls 7 red 0/0300000 - shields=2",
    "3 academy 3 green 0/0300100 school science=compass",
    "3 academy 7 green 0/0300100 school science=compass",
    "3 arena 3 yellow 0/0201000 dispensary coins_per=stages@self*3 points_per=stages@self*1",
    "3 arena 5 yellow 0/0201000 dispensary coins_per=stages@self*3 points_per=stages@self*1",
    "3 arena 7 yellow 0/0201000 dispensary coins_per=stages@self*3 points_per=stages@self*1",
    "3 arsenal 3 red 0/2001010 - shields=3",
    "3 arsenal 4 red 0/2001010 - shields=3",
    "3 arsenal 7 red 0/2001010 - shields=3",
    "3 builders_guild guild purple 0/0220100 - points_per=stages@self+left+right*1",
    "3 chamber_of_commerce 4 yellow 0/0020001 - coins_per=grey@self*2 points_per=grey@self*2",
    "3 chamber_of_commerce 6 yellow 0/0020001 - coins_per=grey@self*2 points_per=grey@self*2",
    "3 circus 4 red 0/0301000 training_ground shields=3",
    "3 circus 5 red 0/0301000 training_ground shields=3",
    "3 circus 6 red 0/0301000 training_ground shields=3",
    "3 craftsmens_guild guild purple 0/0202000 - points_per=grey@left+right*2",
    "3 fortifications 3 red 0/0103000 walls shields=3",
    "3 fortifications 7 red 0/0103000 walls shields=3",
    "3 gardens 3 blue 0/1020000 statue points=5",
    "3 gardens 4 blue 0/1020000 statue points=5",
    "3 haven 3 yellow 0/1001010 forum coins_per=brown@self*1 points_per=brown@self*1",
    "3 haven 4 yellow 0/1001010 forum coins_per=brown@self*1 points_per=brown@self*1",
    "3 lighthouse 3 yellow 0/0100100 caravansery coins_per=yellow@self*1 points_per=yellow@self*1",
    "3 lighthouse 6 yellow 0/0100100 caravansery coins_per=yellow@self*1 points_per=yellow@self*1",
    "3 lodge 3 green 0/0020011 dispensary science=compass",
    "3 lodge 6 green 0/0020011 dispensary science=compass",
    "3 magistrates_guild guild purple 0/3100010 - points_per=blue@left+right*1",
    "3 observatory 3 green 0/0002110 laboratory science=gear",
    "3 observatory 7 green 0/0002110 laboratory science=gear",
    "3 palace 3 blue 0/1111111 - points=8",
    "3 palace 7 blue 0/1111111 - points=8",
    "3 pantheon 3 blue 0/0021111 temple points=7",
    "3 pantheon 6 blue 0/0021111 temple points=7",
    "3 philosophers_guild guild purple 0/0030011 - points_per=green@left+right*1",
    "3 scientists_guild guild purple 0/2002001 - science_choice",
    "3 senate 3 blue 0/2101000 library points=6",
    "3 senate 5 blue 0/2101000 library points=6",
    "3 shipowners_guild guild purple 0/3000101 - points_per=brown/grey/purple@self*1",
    "3 siege_workshop 3 red 0/1030000 laboratory shields=3",
    "3 siege_workshop 5 red 0/1030000 laboratory shields=3",
    "3 spies_guild guild purple 0/0030100 - points_per=red@left+right*1",
    "3 strategists_guild guild purple 0/0102010 - per_defeat=left+right*1",
    "3 study 3 green 0/1000011 school science=gear",
    "3 study 5 green 0/1000011 school science=gear",
    "3 town_hall 3 blue 0/0201100 - points=6",
    "3 town_hall 5 blue 0/0201100 - points=6",
    "3 town_hall 6 blue 0/0201100 - points=6",
    "3 traders_guild guild purple 0/0000111 - points_per=yellow@left+right*1",
    "3 university 3 green 0/2000101 library science=tablet",
    "3 university 4 green 0/2000101 library science=tablet",
    "3 workers_guild guild purple 0/1112000 - points_per=brown@left+right*1",
];
const CARDS_V2: &[&str] = &[
    "1 altar 3 blue 0/0000000 - points=3",
    "1 altar 5 blue 0/0000000 - points=3",
    "1 apothecary 3 green 0/0000010 - science=compass",
    "1 apothecary 5 green 0/0000010 - science=compass",
    "1 barracks 3 red 0/0001000 - shields=1",
    "1 barracks 5 red 0/0001000 - shields=1",
    "1 baths 3 blue 0/0100000 - points=3",
    "1 baths 7 blue 0/0100000 - points=3",
    "1 clay_pit 3 brown 1/0000000 - choice=clay/ore",
    "1 clay_pool 3 brown 0/0000000 - produce=clay*1",
    "1 clay_pool 5 brown 0/0000000 - produce=clay*1",
    "1 east_trading_post 3 yellow 0/0000000 - discount=right:raw",
    "1 east_trading_post 7 yellow 0/0000000 - discount=right:raw",
    "1 excavation 4 brown 1/0000000 - choice=stone/clay",
    "1 forest_cave 5 brown 1/0000000 - choice=wood/ore",
    "1 glassworks 3 grey 0/0000000 - produce=glass*1",
    "1 glassworks 6 grey 0/0000000 - produce=glass*1",
    "1 guard_tower 3 red 0/0010000 - shields=1",
    "1 guard_tower 4 red 0/0010000 - shields=1",
    "1 loom 3 grey 0/0000000 - produce=textile*1",
    "1 loom 6 grey 0/0000000 - produce=textile*1",
    "1 lumber_yard 3 brown 0/0000000 - produce=wood*1",
    "1 lumber_yard 4 brown 0/0000000 - produce=wood*1",
    "1 marketplace 3 yellow 0/0000000 - discount=both:manufactured",
    "1 marketplace 6 yellow 0/0000000 - discount=both:manufactured",
    "1 mine 6 brown 1/0000000 - choice=stone/ore",
    "1 ore_vein 3 brown 0/0000000 - produce=ore*1",
    "1 ore_vein 4 brown 0/0000000 - produce=ore*1",
    "1 press 3 grey 0/0000000 - produce=papyrus*1",
    "1 press 6 grey 0/0000000 - produce=papyrus*1",
    "1 scriptorium 3 green 0/0000001 - science=tablet",
    "1 scriptorium 4 green 0/0000001 - science=tablet",
    "1 stockade 3 red 0/1000000 - shields=1",
    "1 stockade 7 red 0/1000000 - shields=1",
    "1 stone_pit 3 brown 0/0000000 - produce=stone*1",
    "1 stone_pit 5 brown 0/0000000 - produce=stone*1",
    "1 tavern 4 yellow 0/0000000 - coins=5",
    "1 tavern 5 yellow 0/0000000 - coins=5",
    "1 tavern 7 yellow 0/0000000 - coins=5",
    "1 theater 3 blue 0/0000000 - points=3",
    "1 theater 6 blue 0/0000000 - points=3",
    "1 timber_yard 3 brown 1/0000000 - choice=wood/stone",
    "1 tree_farm 6 brown 1/0000000 - choice=wood/clay",
    "1 well 4 blue 0/0000000 - points=3",
    "1 well 7 blue 0/0000000 - points=3",
    "1 west_trading_post 3 yellow 0/0000000 - discount=left:raw",
    "1 west_trading_post 7 yellow 0/0000000 - discount=left:raw",
    "1 workshop 3 green 0/0000100 - science=gear",
    "1 workshop 7 green 0/0000100 - science=gear",
    "2 aqueduct 3 blue 0/0300000 baths points=5",
    "2 aqueduct 7 blue 0/0300000 baths points=5",
    "2 archery_range 3 red 0/2001000 workshop shields=2",
    "2 archery_range 6 red 0/2001000 workshop shields=2",
    "2 bazaar 4 yellow 0/0000000 - coins_per=grey@self+left+right*2",
    "2 bazaar 7 yellow 0/0000000 - coins_per=grey@self+left+right*2",
    "2 brickyard 3 brown 1/0000000 - produce=clay*2",
    "2 brickyard 4 brown 1/0000000 - produce=clay*2",
    "2 caravansery 3 yellow 0/2000000 marketplace choice=wood/stone/clay/ore!",
    "2 caravansery 5 yellow 0/2000000 marketplace choice=wood/stone/clay/ore!",
    "2 caravansery 6 yellow 0/2000000 marketplace choice=wood/stone/clay/ore!",
    "2 courthouse 3 blue 0/0020010 scriptorium points=4",
    "2 courthouse 5 blue 0/0020010 scriptorium points=4",
    "2 dispensary 3 green 0/0002100 apothecary science=compass",
    "2 dispensary 4 green 0/0002100 apothecary science=compass",
    "2 forum 3 yellow 0/0020000 east_trading_post,west_trading_post choice=glass/textile/papyrus!",
    "2 forum 6 yellow 0/0020000 east_trading_post,west_trading_post choice=glass/textile/papyrus!",
    "2 forum 7 yellow 0/0020000 east_trading_post,west_trading_post choice=glass/textile/papyrus!",
    "2 foundry 3 brown 1/0000000 - produce=ore*2",
    "2 foundry 4 brown 1/0000000 - produce=ore*2",
    "2 glassworks 3 grey 0/0000000 - produce=glass*1",
    "2 glassworks 5 grey 0/0000000 - produce=glass*1",
    "2 laboratory 3 green 0/0020001 workshop science=gear",
    "2 laboratory 5 green 0/0020001 workshop science=gear",
    "2 library 3 green 0/0200010 scriptorium science=tablet",
    "2 library 6 green 0/0200010 scriptorium science=tablet",
    "2 loom 3 grey 0/0000000 - produce=textile*1",
    "2 loom 5 grey 0/0000000 - produce=textile*1",
    "2 press 3 grey 0/0000000 - produce=papyrus*1",
    "2 press 5 grey 0/0000000 - produce=papyrus*1",
    "2 quarry 3 brown 1/0000000 - produce=stone*2",
    "2 quarry 4 brown 1/0000000 - produce=stone*2",
    "2 sawmill 3 brown 1/0000000 - produce=wood*2",
    "2 sawmill 4 brown 1/0000000 - produce=wood*2",
    "2 school 3 green 0/1000001 - science=tablet",
    "2 school 7 green 0/1000001 - science=tablet",
    "2 stables 3 red 0/1011000 apothecary shields=2",
    "2 stables 5 red 0/1011000 apothecary shields=2",
    "2 statue 3 blue 0/1002000 well points=4",
    "2 statue 7 blue 0/1002000 well points=4",
    "2 temple 3 blue 0/1010100 - points=4",
    "2 temple 6 blue 0/1010100 - points=4",
    "2 training_ground 4 red 0/1002000 - shields=2",
    "2 training_ground 6 red 0/1002000 - shields=2",
    "2 training_ground 7 red 0/1002000 - shields=2",
    "2 vineyard 3 yellow 0/0000000 - coins_per=brown@self+left+right*1",
    "2 vineyard 6 yellow 0/0000000 - coins_per=brown@self+left+right*1",
    "2 walls 3 red 0/0300000 - shields=2",
    "2 walls 7 red 0/0300000 - shields=2",
    "3 academy 3 green 0/0300100 school science=compass",
    "3 academy 7 green 0/0300100 school science=compass",
    "3 arena 3 yellow 0/0201000 dispensary coins_per=stages@self*3 points_per=stages@self*1",
    "3 arena 5 yellow 0/0201000 dispensary coins_per=stages@self*3 points_per=stages@self*1",
    "3 arsenal 3 red 0/2001010 - shields=3",
    "3 arsenal 5 red 0/2001010 - shields=3",
    "3 builders_guild guild purple 0/0320100 - points_per=stages@self+left+right*1",
    "3 castrum 4 red 0/1020001 - shields=3",
    "3 castrum 7 red 0/1020001 - shields=3",
    "3 chamber_of_commerce 4 yellow 0/0020001 - coins_per=grey@self*2 points_per=grey@self*2",
    "3 chamber_of_commerce 6 yellow 0/0020001 - coins_per=grey@self*2 points_per=grey@self*2",
    "3 circus 4 red 0/0301000 training_ground shields=3",
    "3 circus 6 red 0/0301000 training_ground shields=3",
    "3 craftsmens_guild guild purple 0/0202000 - points_per=grey@left+right*2",
    "3 decorators_guild guild purple 0/0102010 - wonder_complete=7",
    "3 fortifications 3 red 0/0013000 walls shields=3",
    "3 fortifications 7 red 0/0013000 walls shields=3",
    "3 gardens 3 blue 0/1020000 theater points=5",
    "3 gardens 4 blue 0/1020000 theater points=5",
    "3 haven 3 yellow 0/1001010 forum coins_per=brown@self*1 points_per=brown@self*1",
    "3 haven 4 yellow 0/1001010 forum coins_per=brown@self*1 points_per=brown@self*1",
    "3 lighthouse 3 yellow 0/0100100 caravansery coins_per=yellow@self*1 points_per=yellow@self*1",
    "3 lighthouse 6 yellow 0/0100100 caravansery coins_per=yellow@self*1 points_per=yellow@self*1",
    "3 lodge 3 green 0/0020011 dispensary science=compass",
    "3 lodge 6 green 0/0020011 dispensary science=compass",
    "3 ludus 5 yellow 0/0101000 - coins_per=red@self*3 points_per=red@self*1",
    "3 ludus 7 yellow 0/0101000 - coins_per=red@self*3 points_per=red@self*1",
    "3 magistrates_guild guild purple 0/3100010 - points_per=blue@left+right*1",
    "3 observatory 3 green 0/0002110 laboratory science=gear",
    "3 observatory 7 green 0/0002110 laboratory science=gear",
    "3 palace 3 blue 0/1111111 - points=8",
    "3 palace 7 blue 0/1111111 - points=8",
    "3 pantheon 3 blue 0/0021111 altar points=7",
    "3 pantheon 6 blue 0/0021111 altar points=7",
    "3 philosophers_guild guild purple 0/0030011 - points_per=green@left+right*1",
    "3 scientists_guild guild purple 0/2002001 - science_choice",
    "3 senate 3 blue 0/2101000 library points=6",
    "3 senate 5 blue 0/2101000 library points=6",
    "3 shipowners_guild guild purple 0/3000101 - points_per=brown/grey/purple@self*1",
    "3 siege_workshop 3 red 0/1030000 laboratory shields=3",
    "3 siege_workshop 5 red 0/1030000 laboratory shields=3",
    "3 spies_guild guild purple 0/0020100 - points_per=red@left+right*1",
    "3 study 3 green 0/1000011 school science=gear",
    "3 study 5 green 0/1000011 school science=gear",
    "3 town_hall 3 blue 0/0201100 - points=6",
    "3 town_hall 6 blue 0/0201100 - points=6",
    "3 traders_guild guild purple 0/0000111 - points_per=yellow@left+right*1",
    "3 university 3 green 0/2000101 library science=tablet",
    "3 university 4 green 0/2000101 library science=tablet",
    "3 workers_guild guild purple 0/1112000 - points_per=brown@left+right*1",
];
const WONDERS_V1: &[&str] = &[
    "alexandria a glass 1 0/0200000 points=3",
    "alexandria a glass 2 0/0002000 choice=wood/stone/clay/ore!",
    "alexandria a glass 3 0/0000200 points=7",
    "alexandria b glass 1 0/0020000 choice=wood/stone/clay/ore!",
    "alexandria b glass 2 0/2000000 choice=glass/textile/papyrus!",
    "alexandria b glass 3 0/0300000 points=7",
    "babylon a clay 1 0/0020000 points=3",
    "babylon a clay 2 0/3000000 science_choice",
    "babylon a clay 3 0/0040000 points=7",
    "babylon b clay 1 0/0010010 points=3",
    "babylon b clay 2 0/2000100 play_last_card_each_age",
    "babylon b clay 3 0/0030001 science_choice",
    "ephesos a papyrus 1 0/0200000 points=3",
    "ephesos a papyrus 2 0/2000000 coins=9",
    "ephesos a papyrus 3 0/0000002 points=7",
    "ephesos b papyrus 1 0/0200000 coins=4 points=2",
    "ephesos b papyrus 2 0/2000000 coins=4 points=3",
    "ephesos b papyrus 3 0/0000111 coins=4 points=5",
    "gizah a stone 1 0/0200000 points=3",
    "gizah a stone 2 0/3000000 points=5",
    "gizah a stone 3 0/0400000 points=7",
    "gizah b stone 1 0/2000000 points=3",
    "gizah b stone 2 0/0300000 points=5",
    "gizah b stone 3 0/0030000 points=5",
    "gizah b stone 4 0/0400001 points=7",
    "halikarnassos a textile 1 0/0020000 points=3",
    "halikarnassos a textile 2 0/0003000 build_from_discard",
    "halikarnassos a textile 3 0/0000020 points=7",
    "halikarnassos b textile 1 0/0002000 build_from_discard points=2",
    "halikarnassos b textile 2 0/0030000 build_from_discard points=1",
    "halikarnassos b textile 3 0/0000111 build_from_discard",
    "olympia a wood 1 0/2000000 points=3",
    "olympia a wood 2 0/0200000 one_free_build_per_age",
    "olympia a wood 3 0/0002000 points=7",
    "olympia b wood 1 0/2000000 discount=both:raw",
    "olympia b wood 2 0/0200000 points=5",
    "olympia b wood 3 0/0002010 copy_neighbor_guild",
    "rhodos a ore 1 0/2000000 points=3",
    "rhodos a ore 2 0/0030000 shields=2",
    "rhodos a ore 3 0/0004000 points=7",
    "rhodos b ore 1 0/0300000 coins=3 points=3 shields=1",
    "rhodos b ore 2 0/0004000 coins=4 points=4 shields=1",
];
const WONDERS_V2: &[&str] = &[
    "alexandria day glass 1 0/0200000 points=3",
    "alexandria day glass 2 0/0002000 choice=wood/stone/clay/ore!",
    "alexandria day glass 3 0/0000011 points=7",
    "alexandria night glass 1 0/0020000 choice=wood/stone/clay/ore!",
    "alexandria night glass 2 0/0003000 choice=glass/textile/papyrus!",
    "alexandria night glass 3 0/4000000 points=7",
    "babylon day wood 1 0/0020000 points=3",
    "babylon day wood 2 0/0002010 science_choice",
    "babylon day wood 3 0/4000000 points=7",
    "babylon night wood 1 0/0200000 play_last_card_each_age",
    "babylon night wood 2 0/0030100 science_choice",
    "ephesos day papyrus 1 0/0020000 points=3",
    "ephesos day papyrus 2 0/2000000 coins=9",
    "ephesos day papyrus 3 0/0002100 points=7",
    "ephesos night papyrus 1 0/0200000 coins=4 points=2",
    "ephesos night papyrus 2 0/2000000 coins=4 points=3",
    "ephesos night papyrus 3 0/0002010 coins=4 points=5",
    "gizah day stone 1 0/2000000 points=3",
    "gizah day stone 2 0/0020010 points=5",
    "gizah day stone 3 0/0400000 points=7",
    "gizah night stone 1 0/2000000 points=3",
    "gizah night stone 2 0/0300000 points=5",
    "gizah night stone 3 0/0030000 points=5",
    "gizah night stone 4 0/0400001 points=7",
    "halikarnassos day textile 1 0/0002000 points=3",
    "halikarnassos day textile 2 0/0000101 build_from_discard",
    "halikarnassos day textile 3 0/0300000 points=7",
    "halikarnassos night textile 1 0/0020000 build_from_discard points=2",
    "halikarnassos night textile 2 0/0000101 build_from_discard points=1",
    "halikarnassos night textile 3 0/3000000 build_from_discard",
    "olympia day clay 1 0/0200000 points=3",
    "olympia day clay 2 0/2000000 first_card_of_each_color_free",
    "olympia day clay 3 0/0030000 points=7",
    "olympia night clay 1 0/0002000 first_card_of_each_age_free points=2",
    "olympia night clay 2 0/0030000 last_card_of_each_age_free points=3",
    "olympia night clay 3 0/0000111 points=5",
    "rhodos day ore 1 0/2000000 points=3",
    "rhodos day ore 2 0/0030000 shields=2",
    "rhodos day ore 3 0/0004000 points=7",
    "rhodos night ore 1 0/0300000 coins=3 points=3 shields=1",
    "rhodos night ore 2 0/0004000 coins=4 points=4 shields=1",
];

/// The boards are data rows: each edition's catalog deals the seven boards, each with both
/// sides, and building a catalog checks its tables instead of panicking.
#[test]
fn every_catalog_builds_with_the_seven_boards() {
    for edition in [Edition::V1, Edition::V2] {
        let cat = wonders_classic::expansion::build_catalog(edition, ExpansionSet::NONE)
            .expect("the tables are complete");
        let ids: Vec<&str> = cat.boards.iter().map(|w| w.id()).collect();
        assert_eq!(
            ids,
            [
                "alexandria",
                "babylon",
                "ephesos",
                "gizah",
                "halikarnassos",
                "olympia",
                "rhodos"
            ]
        );
        for &w in &cat.boards {
            assert_eq!(Wonder::from_id(w.id()), Some(w));
            assert_ne!(cat.side(w, 0).side, cat.side(w, 1).side);
        }
    }
    assert_eq!(Wonder::from_id("atlantis"), None);
}
