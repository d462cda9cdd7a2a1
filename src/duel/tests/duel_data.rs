//! The engine's component tables against the published card list, field by field.
//!
//! The expected rows below were transcribed from the project's reference data (the rulebook's
//! card list, checked against several independent implementations and the printed cards). They
//! are literals on purpose: the test must not depend on files outside the crate, and a typo in
//! either the engine or this table shows up as a mismatch naming the card and the field.

use wonders_duel::data::{
    card_by_id, military_points, token_by_id, wonder_by_id, Chain, CoinsPer, Color, GuildCount,
    Progress, Science, BASE_CARDS, BASE_TOKENS, BASE_WONDERS, CARDS, DECK_STARTS, LAYOUTS,
    MILITARY_TOKENS, NUM_CARDS, NUM_TOKENS, NUM_WONDERS, PROGRESS_TOKENS, STARTING_COINS, WONDERS,
};
use wonders_duel::pantheon_data::GRAND_TEMPLES as PANTHEON_GRAND_TEMPLES;
use wonders_duel::{Duel, DuelConfig, Setup};

/// One card per row, in the engine's id order:
/// `id | English name | age | colour | coin cost | resource cost | chain from | chain to |
///  production | choice production | VP | shields | science | coins | trade at 1 |
///  coins per (card:N:colour or wonder:N) | guild (counts:VP per:coins per)`.
/// Resources are one letter per unit: W wood, C clay, S stone, G glass, P papyrus; `-` = none.
const CARD_TABLE: [&str; 73] = [
    "lumber_yard | Lumber Yard | 1 | brown | 0 | - | - | - | W | - | 0 | 0 | - | 0 | - | - | -",
    "stone_pit | Stone Pit | 1 | brown | 1 | - | - | - | S | - | 0 | 0 | - | 0 | - | - | -",
    "clay_pool | Clay Pool | 1 | brown | 0 | - | - | - | C | - | 0 | 0 | - | 0 | - | - | -",
    "logging_camp | Logging Camp | 1 | brown | 1 | - | - | - | W | - | 0 | 0 | - | 0 | - | - | -",
    "quarry | Quarry | 1 | brown | 0 | - | - | - | S | - | 0 | 0 | - | 0 | - | - | -",
    "clay_pit | Clay Pit | 1 | brown | 1 | - | - | - | C | - | 0 | 0 | - | 0 | - | - | -",
    "glassworks | Glassworks | 1 | grey | 1 | - | - | - | G | - | 0 | 0 | - | 0 | - | - | -",
    "press | Press | 1 | grey | 1 | - | - | - | P | - | 0 | 0 | - | 0 | - | - | -",
    "stable | Stable | 1 | red | 0 | W | - | horseshoe | - | - | 0 | 1 | - | 0 | - | - | -",
    "garrison | Garrison | 1 | red | 0 | C | - | sword | - | - | 0 | 1 | - | 0 | - | - | -",
    "palisade | Palisade | 1 | red | 2 | - | - | tower | - | - | 0 | 1 | - | 0 | - | - | -",
    "guard_tower | Guard Tower | 1 | red | 0 | - | - | - | - | - | 0 | 1 | - | 0 | - | - | -",
    "scriptorium | Scriptorium | 1 | green | 2 | - | - | book | - | - | 0 | 0 | quill | 0 | - | - | -",
    "workshop | Workshop | 1 | green | 0 | P | - | - | - | - | 1 | 0 | plumb_line | 0 | - | - | -",
    "pharmacist | Pharmacist | 1 | green | 2 | - | - | gear | - | - | 0 | 0 | mortar_pestle | 0 | - | - | -",
    "apothecary | Apothecary | 1 | green | 0 | G | - | - | - | - | 1 | 0 | wheel | 0 | - | - | -",
    "tavern | Tavern | 1 | yellow | 0 | - | - | vase | - | - | 0 | 0 | - | 4 | - | - | -",
    "stone_reserve | Stone Reserve | 1 | yellow | 3 | - | - | - | - | - | 0 | 0 | - | 0 | S | - | -",
    "clay_reserve | Clay Reserve | 1 | yellow | 3 | - | - | - | - | - | 0 | 0 | - | 0 | C | - | -",
    "wood_reserve | Wood Reserve | 1 | yellow | 3 | - | - | - | - | - | 0 | 0 | - | 0 | W | - | -",
    "theater | Theater | 1 | blue | 0 | - | - | mask | - | - | 3 | 0 | - | 0 | - | - | -",
    "altar | Altar | 1 | blue | 0 | - | - | moon | - | - | 3 | 0 | - | 0 | - | - | -",
    "baths | Baths | 1 | blue | 0 | S | - | water_drop | - | - | 3 | 0 | - | 0 | - | - | -",
    "sawmill | Sawmill | 2 | brown | 2 | - | - | - | WW | - | 0 | 0 | - | 0 | - | - | -",
    "shelf_quarry | Shelf Quarry | 2 | brown | 2 | - | - | - | SS | - | 0 | 0 | - | 0 | - | - | -",
    "brickyard | Brickyard | 2 | brown | 2 | - | - | - | CC | - | 0 | 0 | - | 0 | - | - | -",
    "glassblower | Glass-Blower | 2 | grey | 0 | - | - | - | G | - | 0 | 0 | - | 0 | - | - | -",
    "drying_room | Drying Room | 2 | grey | 0 | - | - | - | P | - | 0 | 0 | - | 0 | - | - | -",
    "horse_breeders | Horse Breeders | 2 | red | 0 | WC | horseshoe | - | - | - | 0 | 1 | - | 0 | - | - | -",
    "barracks | Barracks | 2 | red | 3 | - | sword | - | - | - | 0 | 1 | - | 0 | - | - | -",
    "walls | Walls | 2 | red | 0 | SS | - | - | - | - | 0 | 2 | - | 0 | - | - | -",
    "archery_range | Archery Range | 2 | red | 0 | WSP | - | target | - | - | 0 | 2 | - | 0 | - | - | -",
    "parade_ground | Parade Ground | 2 | red | 0 | CCG | - | helmet | - | - | 0 | 2 | - | 0 | - | - | -",
    "school | School | 2 | green | 0 | WPP | - | lyre | - | - | 1 | 0 | wheel | 0 | - | - | -",
    "laboratory | Laboratory | 2 | green | 0 | WGG | - | lamp | - | - | 1 | 0 | plumb_line | 0 | - | - | -",
    "dispensary | Dispensary | 2 | green | 0 | CCS | gear | - | - | - | 2 | 0 | mortar_pestle | 0 | - | - | -",
    "library | Library | 2 | green | 0 | WSG | book | - | - | - | 2 | 0 | quill | 0 | - | - | -",
    "brewery | Brewery | 2 | yellow | 0 | - | - | barrel | - | - | 0 | 0 | - | 6 | - | - | -",
    "forum | Forum | 2 | yellow | 3 | C | - | - | - | GP | 0 | 0 | - | 0 | - | - | -",
    "caravansery | Caravansery | 2 | yellow | 2 | GP | - | - | - | WCS | 0 | 0 | - | 0 | - | - | -",
    "customs_house | Customs House | 2 | yellow | 4 | - | - | - | - | - | 0 | 0 | - | 0 | GP | - | -",
    "temple | Temple | 2 | blue | 0 | WP | moon | sun | - | - | 4 | 0 | - | 0 | - | - | -",
    "statue | Statue | 2 | blue | 0 | CC | mask | column | - | - | 4 | 0 | - | 0 | - | - | -",
    "courthouse | Courthouse | 2 | blue | 0 | WWG | - | - | - | - | 5 | 0 | - | 0 | - | - | -",
    "aqueduct | Aqueduct | 2 | blue | 0 | SSS | water_drop | - | - | - | 5 | 0 | - | 0 | - | - | -",
    "rostrum | Rostrum | 2 | blue | 0 | WS | - | greek_building | - | - | 4 | 0 | - | 0 | - | - | -",
    "circus | Circus | 3 | red | 0 | CCSS | helmet | - | - | - | 0 | 2 | - | 0 | - | - | -",
    "arsenal | Arsenal | 3 | red | 0 | WWCCC | - | - | - | - | 0 | 3 | - | 0 | - | - | -",
    "siege_workshop | Siege Workshop | 3 | red | 0 | WWWG | target | - | - | - | 0 | 2 | - | 0 | - | - | -",
    "fortifications | Fortifications | 3 | red | 0 | CSSP | tower | - | - | - | 0 | 2 | - | 0 | - | - | -",
    "pretorium | Pretorium | 3 | red | 8 | - | - | - | - | - | 0 | 3 | - | 0 | - | - | -",
    "academy | Academy | 3 | green | 0 | WSGG | - | - | - | - | 3 | 0 | sundial | 0 | - | - | -",
    "university | University | 3 | green | 0 | CGP | lyre | - | - | - | 2 | 0 | armillary_sphere | 0 | - | - | -",
    "study | Study | 3 | green | 0 | WWGP | - | - | - | - | 3 | 0 | sundial | 0 | - | - | -",
    "observatory | Observatory | 3 | green | 0 | SPP | lamp | - | - | - | 2 | 0 | armillary_sphere | 0 | - | - | -",
    "arena | Arena | 3 | yellow | 0 | WCS | barrel | - | - | - | 3 | 0 | - | 0 | - | wonder:2 | -",
    "chamber_of_commerce | Chamber of Commerce | 3 | yellow | 0 | PP | - | - | - | - | 3 | 0 | - | 0 | - | card:3:grey | -",
    "port | Port | 3 | yellow | 0 | WGP | - | - | - | - | 3 | 0 | - | 0 | - | card:2:brown | -",
    "lighthouse | Lighthouse | 3 | yellow | 0 | CCG | vase | - | - | - | 3 | 0 | - | 0 | - | card:1:yellow | -",
    "armory | Armory | 3 | yellow | 0 | SSG | - | - | - | - | 3 | 0 | - | 0 | - | card:1:red | -",
    "palace | Palace | 3 | blue | 0 | WCSGG | - | - | - | - | 7 | 0 | - | 0 | - | - | -",
    "gardens | Gardens | 3 | blue | 0 | WWCC | column | - | - | - | 6 | 0 | - | 0 | - | - | -",
    "pantheon | Pantheon | 3 | blue | 0 | WCPP | sun | - | - | - | 6 | 0 | - | 0 | - | - | -",
    "town_hall | Town Hall | 3 | blue | 0 | WWSSS | - | - | - | - | 7 | 0 | - | 0 | - | - | -",
    "senate | Senate | 3 | blue | 0 | CCSP | greek_building | - | - | - | 5 | 0 | - | 0 | - | - | -",
    "obelisk | Obelisk | 3 | blue | 0 | SSG | - | - | - | - | 5 | 0 | - | 0 | - | - | -",
    "merchants_guild | Merchants Guild | 3 | purple | 0 | WCGP | - | - | - | - | 0 | 0 | - | 0 | - | - | cards:yellow:1:1",
    "shipowners_guild | Shipowners Guild | 3 | purple | 0 | CSGP | - | - | - | - | 0 | 0 | - | 0 | - | - | cards:brown+grey:1:1",
    "builders_guild | Builders Guild | 3 | purple | 0 | WCSSG | - | - | - | - | 0 | 0 | - | 0 | - | - | wonders:2:0",
    "magistrates_guild | Magistrates Guild | 3 | purple | 0 | WWCP | - | - | - | - | 0 | 0 | - | 0 | - | - | cards:blue:1:1",
    "scientists_guild | Scientists Guild | 3 | purple | 0 | WWCC | - | - | - | - | 0 | 0 | - | 0 | - | - | cards:green:1:1",
    "moneylenders_guild | Moneylenders Guild | 3 | purple | 0 | WWSS | - | - | - | - | 0 | 0 | - | 0 | - | - | coinsets3:1:0",
    "tacticians_guild | Tacticians Guild | 3 | purple | 0 | CSSP | - | - | - | - | 0 | 0 | - | 0 | - | - | cards:red:1:1",
];

/// `id | English name | cost | VP | play again | shields | coins | opponent loses |
///  choice production | destroys colour | build from discard | token from box`.
const WONDER_TABLE: [&str; 12] = [
    "the_pyramids | The Pyramids | SSSP | 9 | n | 0 | 0 | 0 | - | - | n | n",
    "the_colossus | The Colossus | CCCG | 3 | n | 2 | 0 | 0 | - | - | n | n",
    "the_great_lighthouse | The Great Lighthouse | WSPP | 4 | n | 0 | 0 | 0 | WCS | - | n | n",
    "the_temple_of_artemis | The Temple of Artemis | WSGP | 0 | y | 0 | 12 | 0 | - | - | n | n",
    "the_mausoleum | The Mausoleum | CCGGP | 2 | n | 0 | 0 | 0 | - | - | y | n",
    "the_great_library | The Great Library | WWWGP | 4 | n | 0 | 0 | 0 | - | - | n | y",
    "piraeus | Piraeus | WWCS | 2 | y | 0 | 0 | 0 | GP | - | n | n",
    "the_hanging_gardens | The Hanging Gardens | WWGP | 3 | y | 0 | 6 | 0 | - | - | n | n",
    "the_statue_of_zeus | The Statue of Zeus | WCSPP | 3 | n | 1 | 0 | 0 | - | brown | n | n",
    "the_sphinx | The Sphinx | CSGG | 6 | y | 0 | 0 | 0 | - | - | n | n",
    "the_appian_way | The Appian Way | CCSSP | 3 | y | 0 | 3 | 3 | - | - | n | n",
    "circus_maximus | Circus Maximus | WSSG | 3 | n | 1 | 0 | 0 | - | grey | n | n",
];

/// `id | English name | VP | coins | science symbol`.
const TOKEN_TABLE: [&str; 10] = [
    "agriculture | Agriculture | 4 | 6 | -",
    "architecture | Architecture | 0 | 0 | -",
    "economy | Economy | 0 | 0 | -",
    "law | Law | 0 | 0 | law",
    "masonry | Masonry | 0 | 0 | -",
    "mathematics | Mathematics | 0 | 0 | -",
    "philosophy | Philosophy | 7 | 0 | -",
    "strategy | Strategy | 0 | 0 | -",
    "theology | Theology | 0 | 0 | -",
    "urbanism | Urbanism | 0 | 6 | -",
];

/// `slot | face up/down | covered by` for each Age, slots in dealing order.
const LAYOUT_TABLE: [[&str; 20]; 3] = [
    [
        "0 | up | 2 3",
        "1 | up | 3 4",
        "2 | down | 5 6",
        "3 | down | 6 7",
        "4 | down | 7 8",
        "5 | up | 9 10",
        "6 | up | 10 11",
        "7 | up | 11 12",
        "8 | up | 12 13",
        "9 | down | 14 15",
        "10 | down | 15 16",
        "11 | down | 16 17",
        "12 | down | 17 18",
        "13 | down | 18 19",
        "14 | up | -",
        "15 | up | -",
        "16 | up | -",
        "17 | up | -",
        "18 | up | -",
        "19 | up | -",
    ],
    [
        "0 | up | 6",
        "1 | up | 6 7",
        "2 | up | 7 8",
        "3 | up | 8 9",
        "4 | up | 9 10",
        "5 | up | 10",
        "6 | down | 11",
        "7 | down | 11 12",
        "8 | down | 12 13",
        "9 | down | 13 14",
        "10 | down | 14",
        "11 | up | 15",
        "12 | up | 15 16",
        "13 | up | 16 17",
        "14 | up | 17",
        "15 | down | 18",
        "16 | down | 18 19",
        "17 | down | 19",
        "18 | up | -",
        "19 | up | -",
    ],
    [
        "0 | up | 2 3",
        "1 | up | 3 4",
        "2 | down | 5 6",
        "3 | down | 6 7",
        "4 | down | 7 8",
        "5 | up | 9",
        "6 | up | 9",
        "7 | up | 10",
        "8 | up | 10",
        "9 | down | 11 12",
        "10 | down | 13 14",
        "11 | up | 15",
        "12 | up | 15 16",
        "13 | up | 16 17",
        "14 | up | 17",
        "15 | down | 18",
        "16 | down | 18 19",
        "17 | down | 19",
        "18 | up | -",
        "19 | up | -",
    ],
];

const LAYOUT_ROWS: [&[u8]; 3] = [&[2, 3, 4, 5, 6], &[6, 5, 4, 3, 2], &[2, 3, 4, 2, 4, 3, 2]];

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

fn color(s: &str) -> Color {
    match s {
        "brown" => Color::Brown,
        "grey" => Color::Grey,
        "blue" => Color::Blue,
        "green" => Color::Green,
        "yellow" => Color::Yellow,
        "red" => Color::Red,
        "purple" => Color::Purple,
        _ => panic!("bad colour {s} in the expectation table"),
    }
}

fn chain(s: &str) -> Option<Chain> {
    Some(match s {
        "-" => return None,
        "horseshoe" => Chain::Horseshoe,
        "sword" => Chain::Sword,
        "tower" => Chain::Tower,
        "book" => Chain::Book,
        "gear" => Chain::Gear,
        "vase" => Chain::Vase,
        "mask" => Chain::Mask,
        "moon" => Chain::Moon,
        "water_drop" => Chain::WaterDrop,
        "target" => Chain::Target,
        "helmet" => Chain::Helmet,
        "lyre" => Chain::Lyre,
        "lamp" => Chain::Lamp,
        "barrel" => Chain::Barrel,
        "sun" => Chain::Sun,
        "column" => Chain::Column,
        "greek_building" => Chain::GreekBuilding,
        _ => panic!("bad chain {s} in the expectation table"),
    })
}

fn science(s: &str) -> Option<Science> {
    Some(match s {
        "-" => return None,
        "armillary_sphere" => Science::ArmillarySphere,
        "wheel" => Science::Wheel,
        "sundial" => Science::Sundial,
        "mortar_pestle" => Science::MortarPestle,
        "plumb_line" => Science::PlumbLine,
        "quill" => Science::Quill,
        "law" => Science::Law,
        _ => panic!("bad science symbol {s} in the expectation table"),
    })
}

fn colors(s: &str) -> Vec<Color> {
    s.split('+').map(color).collect()
}

fn yes(s: &str) -> bool {
    match s {
        "y" => true,
        "n" => false,
        _ => panic!("bad flag {s} in the expectation table"),
    }
}

#[test]
fn component_counts() {
    // The base game's components, then Pantheon's after them (5 Grand Temples, 2 Wonders and
    // 3 Progress tokens; their fields are checked in tests/duel_pantheon_data.rs).
    assert_eq!(BASE_CARDS, 73);
    assert_eq!(NUM_CARDS, 78);
    assert_eq!(CARDS.len(), 78);
    assert_eq!(BASE_WONDERS, 12);
    assert_eq!(NUM_WONDERS, 14);
    assert_eq!(WONDERS.len(), 14);
    assert_eq!(BASE_TOKENS, 10);
    assert_eq!(NUM_TOKENS, 13);
    assert_eq!(PROGRESS_TOKENS.len(), 13);
    for (i, t) in PANTHEON_GRAND_TEMPLES.iter().enumerate() {
        let card = &CARDS[BASE_CARDS + i];
        assert_eq!((card.id, card.cost, card.age), (t.id, t.cost, 3));
        assert_eq!(card.color, Color::Purple);
    }
    assert_eq!(STARTING_COINS, 7);
}

#[test]
fn every_card_matches_the_card_list() {
    for (i, row) in CARD_TABLE.iter().enumerate() {
        let f = fields(row);
        assert_eq!(f.len(), 17, "row {i} has {} fields", f.len());
        let c = &CARDS[i];
        let id = f[0];
        assert_eq!(c.id, id, "card {i}: id");
        assert_eq!(c.name, f[1], "{id}: name");
        assert_eq!(c.age, num(f[2]), "{id}: age");
        assert_eq!(c.color, color(f[3]), "{id}: colour");
        assert_eq!(c.cost_coins, num(f[4]), "{id}: coin cost");
        assert_eq!(c.cost.0, units(f[5]), "{id}: resource cost");
        assert_eq!(c.chain_from, chain(f[6]), "{id}: chain from");
        assert_eq!(c.chain_to, chain(f[7]), "{id}: chain to");
        assert_eq!(c.produces.0, units(f[8]), "{id}: production");
        assert_eq!(c.produces_one_of.0, units(f[9]), "{id}: choice production");
        assert_eq!(c.points, num(f[10]), "{id}: VP");
        assert_eq!(c.shields, num(f[11]), "{id}: shields");
        assert_eq!(c.science, science(f[12]), "{id}: science symbol");
        assert_eq!(c.coins, num(f[13]), "{id}: coins");
        assert_eq!(c.trade_at_one.0, units(f[14]), "{id}: trade at 1");
        let coins_per = match f[15] {
            "-" => None,
            s => {
                let p: Vec<&str> = s.split(':').collect();
                match p[0] {
                    "card" => {
                        let cs = colors(p[2]);
                        assert_eq!(cs.len(), 1, "{id}: one colour per coins-per rule");
                        Some(CoinsPer::Card(num(p[1]), cs[0]))
                    }
                    "wonder" => Some(CoinsPer::Wonder(num(p[1]))),
                    _ => panic!("bad coins-per rule {s}"),
                }
            }
        };
        assert_eq!(c.coins_per, coins_per, "{id}: coins per");
        match f[16] {
            "-" => assert_eq!(c.guild, None, "{id}: guild"),
            s => {
                let p: Vec<&str> = s.split(':').collect();
                let g = c.guild.unwrap_or_else(|| panic!("{id}: should be a guild"));
                let (counts, rest) = match p[0] {
                    "cards" => {
                        let GuildCount::Cards(cs) = g.counts else {
                            panic!("{id}: should count cards, counts {:?}", g.counts)
                        };
                        assert_eq!(cs.to_vec(), colors(p[1]), "{id}: guild colours");
                        (true, &p[2..])
                    }
                    "wonders" => (g.counts == GuildCount::Wonders, &p[1..]),
                    "coinsets3" => (g.counts == GuildCount::CoinSetsOf3, &p[1..]),
                    _ => panic!("bad guild rule {s}"),
                };
                assert!(
                    counts,
                    "{id}: guild counts {:?}, expected {}",
                    g.counts, p[0]
                );
                assert_eq!(g.points_per, num(rest[0]), "{id}: guild VP per item");
                assert_eq!(g.coins_per, num(rest[1]), "{id}: guild coins per item");
            }
        }
        assert_eq!(card_by_id(id), Some(i as u8), "{id}: card_by_id");
    }
}

#[test]
fn decks_have_the_published_sizes() {
    // Rulebook p.2: 23 Age I, 23 Age II, 20 Age III and 7 Guild cards.
    assert_eq!(DECK_STARTS, [0, 23, 46, 66, 73]);
    let count = |pred: &dyn Fn(usize) -> bool| (0..BASE_CARDS).filter(|&i| pred(i)).count();
    assert_eq!(count(&|i| CARDS[i].age == 1), 23);
    assert_eq!(count(&|i| CARDS[i].age == 2), 23);
    assert_eq!(
        count(&|i| CARDS[i].age == 3 && CARDS[i].guild.is_none()),
        20
    );
    assert_eq!(count(&|i| CARDS[i].guild.is_some()), 7);
    assert_eq!(count(&|i| CARDS[i].color == Color::Purple), 7);
    for (i, c) in CARDS[..BASE_CARDS].iter().enumerate() {
        let deck = (0..4)
            .find(|&d| (DECK_STARTS[d] as usize..DECK_STARTS[d + 1] as usize).contains(&i))
            .unwrap();
        let expected = if c.guild.is_some() {
            3
        } else {
            c.age as usize - 1
        };
        assert_eq!(deck, expected, "{} lies in the wrong deck range", c.id);
    }
    // Age III has no brown or grey card (rulebook p.4).
    assert!(CARDS[46..]
        .iter()
        .all(|c| c.color != Color::Brown && c.color != Color::Grey));
}

#[test]
fn every_chain_symbol_links_exactly_one_pair() {
    // Each of the 17 chain symbols is given by one card and used by one later card (Pantheon's
    // Grand Temples are chained by Mythology tokens, not cards).
    let cards = &CARDS[..BASE_CARDS];
    for card in cards {
        if let Some(ch) = card.chain_from {
            let givers: Vec<_> = cards.iter().filter(|c| c.chain_to == Some(ch)).collect();
            assert_eq!(givers.len(), 1, "{}: chain {ch:?}", card.id);
            assert!(
                givers[0].age < card.age,
                "{}: chain from a later Age",
                card.id
            );
        }
    }
    assert_eq!(cards.iter().filter(|c| c.chain_from.is_some()).count(), 17);
    assert_eq!(cards.iter().filter(|c| c.chain_to.is_some()).count(), 17);
}

#[test]
fn every_wonder_matches_the_card_list() {
    for (i, row) in WONDER_TABLE.iter().enumerate() {
        let f = fields(row);
        assert_eq!(f.len(), 12, "row {i} has {} fields", f.len());
        let w = &WONDERS[i];
        let id = f[0];
        assert_eq!(w.id, id, "wonder {i}: id");
        assert_eq!(w.name, f[1], "{id}: name");
        assert_eq!(w.cost.0, units(f[2]), "{id}: cost");
        assert_eq!(w.points, num(f[3]), "{id}: VP");
        assert_eq!(w.extra_turn, yes(f[4]), "{id}: play again");
        assert_eq!(w.shields, num(f[5]), "{id}: shields");
        assert_eq!(w.coins, num(f[6]), "{id}: coins");
        assert_eq!(w.opponent_loses, num(f[7]), "{id}: opponent loses");
        assert_eq!(w.produces_one_of.0, units(f[8]), "{id}: choice production");
        let destroys = if f[9] == "-" { None } else { Some(color(f[9])) };
        assert_eq!(w.destroys, destroys, "{id}: destroys");
        assert_eq!(
            w.builds_from_discard,
            yes(f[10]),
            "{id}: build from discard"
        );
        assert_eq!(w.takes_boxed_token, yes(f[11]), "{id}: token from the box");
        assert_eq!(wonder_by_id(id), Some(i as u8), "{id}: wonder_by_id");
    }
}

#[test]
fn every_progress_token_matches() {
    let kinds = [
        Progress::Agriculture,
        Progress::Architecture,
        Progress::Economy,
        Progress::Law,
        Progress::Masonry,
        Progress::Mathematics,
        Progress::Philosophy,
        Progress::Strategy,
        Progress::Theology,
        Progress::Urbanism,
    ];
    for (i, row) in TOKEN_TABLE.iter().enumerate() {
        let f = fields(row);
        assert_eq!(f.len(), 5);
        let t = &PROGRESS_TOKENS[i];
        let id = f[0];
        assert_eq!(t.id, id, "token {i}: id");
        assert_eq!(t.name, f[1], "{id}: name");
        assert_eq!(t.points, num(f[2]), "{id}: VP");
        assert_eq!(t.coins, num(f[3]), "{id}: coins");
        assert_eq!(t.kind, kinds[i], "{id}: kind");
        assert_eq!(
            t.kind as usize, i,
            "{id}: kind discriminant is the token id"
        );
        // Only Law carries a scientific symbol; the engine applies it by kind.
        assert_eq!(
            science(f[4]).is_some(),
            t.kind == Progress::Law,
            "{id}: science"
        );
        assert_eq!(token_by_id(id), Some(i as u8), "{id}: token_by_id");
    }
}

#[test]
fn age_layouts_match_the_diagrams() {
    for (age, layout) in LAYOUTS.iter().enumerate() {
        assert_eq!(layout.rows, LAYOUT_ROWS[age], "Age {}: row sizes", age + 1);
        assert_eq!(layout.rows.iter().map(|&n| n as u32).sum::<u32>(), 20);
        let mut face_up = 0u32;
        for (s, row) in LAYOUT_TABLE[age].iter().enumerate() {
            let f = fields(row);
            assert_eq!(num(f[0]) as usize, s);
            match f[1] {
                "up" => face_up |= 1 << s,
                "down" => {}
                x => panic!("bad face {x}"),
            }
            let mut covered = 0u32;
            if f[2] != "-" {
                for t in f[2].split(' ') {
                    covered |= 1 << num(t);
                }
            }
            assert_eq!(
                layout.covered_by[s],
                covered,
                "Age {} slot {s}: covered_by",
                age + 1
            );
        }
        assert_eq!(layout.face_up, face_up, "Age {}: face-up mask", age + 1);
        // Odd rows (1st, 3rd, ...) are face up.
        let mut slot = 0;
        for (r, &n) in layout.rows.iter().enumerate() {
            for _ in 0..n {
                assert_eq!(layout.face_up >> slot & 1 == 1, r % 2 == 0, "slot {slot}");
                slot += 1;
            }
        }
    }
}

#[test]
fn initially_accessible_slots_are_6_2_2_and_face_up() {
    let expected = [0b11_1111u32 << 14, 0b11 << 18, 0b11 << 18];
    for (age, layout) in LAYOUTS.iter().enumerate() {
        let open: u32 = (0..20)
            .filter(|&s| layout.covered_by[s] == 0)
            .fold(0, |m, s| m | 1 << s);
        assert_eq!(open, expected[age], "Age {}", age + 1);
        assert_eq!(
            open & layout.face_up,
            open,
            "accessible cards start face up"
        );
    }
    // And the engine agrees at the start of Age I.
    let setup = Setup {
        wonders_offered: [0, 1, 2, 3, 4, 5, 6, 7],
        progress_on_board: [0, 1, 2, 3, 4],
        progress_in_box: [5, 6, 7, 8, 9, 0, 0, 0],
        ages: [
            std::array::from_fn(|i| i as u8),
            std::array::from_fn(|i| 23 + i as u8),
            std::array::from_fn(|i| {
                if i < 17 {
                    46 + i as u8
                } else {
                    66 + (i - 17) as u8
                }
            }),
        ],
        removed: [[20, 21, 22], [43, 44, 45], [63, 64, 65]],
        guilds_unused: [69, 70, 71, 72],
        pantheon: None,
    };
    setup.validate().unwrap();
    let mut g = Duel::from_setup(setup, DuelConfig::default());
    for k in 0..8u8 {
        g.play(wonders_duel::Action::PickWonder(k)).unwrap();
    }
    assert!(!g.is_drafting());
    assert_eq!(g.accessible_slots(), expected[0]);
    assert_eq!(g.revealed_slots(), LAYOUTS[0].face_up);
}

#[test]
fn military_tokens_and_points() {
    // Board: 2-coin tokens on squares 3-5 of each side, 5-coin tokens on squares 6-8; the
    // victim is the player on whose side the token lies (rules_notes 18-19).
    let mut tokens = MILITARY_TOKENS.to_vec();
    tokens.sort();
    assert_eq!(tokens, vec![(-8, -6, 5), (-5, -3, 2), (3, 5, 2), (6, 8, 5)]);
    // End-of-game VP by distance from the centre (rules_notes 21).
    let expected = [0, 2, 2, 5, 5, 5, 10, 10, 10];
    for (d, &vp) in expected.iter().enumerate() {
        assert_eq!(military_points(d as u8), vp, "distance {d}");
    }
}
