//! The game's facts as the rulebook lists them: the 14 card kinds, the central deck, the seven
//! base Wonders (pieces, levels, costs, effects, decks), the Progress tokens and the medals.
//! Rome and Ur (Medals) are named but have no pieces or deck: they are not public.

/// A card kind; cards of one kind are interchangeable (records name cards by kind).
/// `Card::$fact(card)` for every card kind, indexed by [`Card::index`]: a table made at
/// compile time (`$zero` fills it first).
macro_rules! per_card {
    ($fact:ident, $zero:expr) => {{
        let mut table = [$zero; CARD_KINDS];
        let mut i = 0;
        while i < CARD_KINDS {
            table[i] = Card::ALL[i].$fact();
            i += 1;
        }
        table
    }};
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Card {
    Wood,
    Stone,
    Clay,
    Papyrus,
    Glass,
    Coin,
    Blue3Vp,
    Blue2VpCat,
    GreenTablet,
    GreenGear,
    GreenCompass,
    Red0Horn,
    Red1Horn,
    Red2Horn,
}

/// The colour of a card (grey resources, yellow coins, blue points, green science, red shields).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Grey,
    Yellow,
    Blue,
    Green,
    Red,
}

pub const CARD_KINDS: usize = 14;

impl Card {
    pub const ALL: [Card; CARD_KINDS] = [
        Card::Wood,
        Card::Stone,
        Card::Clay,
        Card::Papyrus,
        Card::Glass,
        Card::Coin,
        Card::Blue3Vp,
        Card::Blue2VpCat,
        Card::GreenTablet,
        Card::GreenGear,
        Card::GreenCompass,
        Card::Red0Horn,
        Card::Red1Horn,
        Card::Red2Horn,
    ];
    /// The five grey resources.
    pub const RESOURCES: [Card; 5] = [
        Card::Wood,
        Card::Stone,
        Card::Clay,
        Card::Papyrus,
        Card::Glass,
    ];
    /// The three science symbols.
    pub const SCIENCE: [Card; 3] = [Card::GreenTablet, Card::GreenGear, Card::GreenCompass];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The kind id used in records (`cards.json`).
    pub const fn id(self) -> &'static str {
        match self {
            Card::Wood => "wood",
            Card::Stone => "stone",
            Card::Clay => "clay",
            Card::Papyrus => "papyrus",
            Card::Glass => "glass",
            Card::Coin => "coin",
            Card::Blue3Vp => "blue_3vp",
            Card::Blue2VpCat => "blue_2vp_cat",
            Card::GreenTablet => "green_tablet",
            Card::GreenGear => "green_gear",
            Card::GreenCompass => "green_compass",
            Card::Red0Horn => "red_0horn",
            Card::Red1Horn => "red_1horn",
            Card::Red2Horn => "red_2horn",
        }
    }

    /// The card's display name, for logs and the component list.
    pub const fn name(self) -> &'static str {
        match self {
            Card::Wood => "Wood",
            Card::Stone => "Stone",
            Card::Clay => "Clay",
            Card::Papyrus => "Papyrus",
            Card::Glass => "Glass",
            Card::Coin => "Coin",
            Card::Blue3Vp => "Blue 3 VP",
            Card::Blue2VpCat => "Blue 2 VP + Cat",
            Card::GreenTablet => "Green tablet",
            Card::GreenGear => "Green gear",
            Card::GreenCompass => "Green compass",
            Card::Red0Horn => "Red 0 horns",
            Card::Red1Horn => "Red 1 horn",
            Card::Red2Horn => "Red 2 horns",
        }
    }

    pub fn from_id(id: &str) -> Option<Card> {
        Card::ALL.into_iter().find(|c| c.id() == id)
    }

    pub fn colour(self) -> Colour {
        match self {
            Card::Wood | Card::Stone | Card::Clay | Card::Papyrus | Card::Glass => Colour::Grey,
            Card::Coin => Colour::Yellow,
            Card::Blue3Vp | Card::Blue2VpCat => Colour::Blue,
            Card::GreenTablet | Card::GreenGear | Card::GreenCompass => Colour::Green,
            Card::Red0Horn | Card::Red1Horn | Card::Red2Horn => Colour::Red,
        }
    }

    /// Victory points of a blue card (0 for other colours).
    pub fn vp(self) -> u32 {
        match self {
            Card::Blue3Vp => 3,
            Card::Blue2VpCat => 2,
            _ => 0,
        }
    }

    /// Horn icons on a red card: each flips one Conflict token.
    pub fn horns(self) -> u32 {
        // A table lookup: placing a random card must not cost a mispredicted jump.
        const HORNS: [u32; CARD_KINDS] = per_card!(horns_of, 0);
        HORNS[self as usize]
    }

    const fn horns_of(self) -> u32 {
        match self {
            Card::Red1Horn => 1,
            Card::Red2Horn => 2,
            _ => 0,
        }
    }

    pub fn has_cat(self) -> bool {
        self == Card::Blue2VpCat
    }

    pub fn is_resource(self) -> bool {
        self.colour() == Colour::Grey
    }

    /// The Progress token whose extra card placing this card offers, if any: the inverse of
    /// [`Token::extra_card_trigger`] (each card kind triggers at most one token).
    pub fn extra_card_token(self) -> Option<Token> {
        // A table lookup, like `horns`.
        const TOKENS: [Option<Token>; CARD_KINDS] = per_card!(extra_card_token_of, None);
        TOKENS[self as usize]
    }

    const fn extra_card_token_of(self) -> Option<Token> {
        match self {
            Card::Wood | Card::Clay => Some(Token::Urbanism),
            Card::Papyrus | Card::Glass => Some(Token::Crafts),
            Card::Stone | Card::Coin => Some(Token::Jewellery),
            Card::GreenTablet | Card::GreenGear | Card::GreenCompass => Some(Token::Science),
            Card::Red1Horn | Card::Red2Horn => Some(Token::Propaganda),
            Card::Blue3Vp | Card::Blue2VpCat | Card::Red0Horn => None,
        }
    }
}

/// Copies of each kind in the face-down central deck (60 cards).
pub const CENTRAL_DECK: [(Card, u32); CARD_KINDS] = [
    (Card::Wood, 4),
    (Card::Stone, 4),
    (Card::Clay, 4),
    (Card::Papyrus, 4),
    (Card::Glass, 4),
    (Card::Coin, 6),
    (Card::Blue3Vp, 4),
    (Card::Blue2VpCat, 8),
    (Card::GreenTablet, 4),
    (Card::GreenGear, 4),
    (Card::GreenCompass, 4),
    (Card::Red0Horn, 4),
    (Card::Red1Horn, 4),
    (Card::Red2Horn, 2),
];

/// A piece's cost: `count` resources, all different or all identical (coins fill any gap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    Different(u32),
    Identical(u32),
}

impl Cost {
    pub fn count(self) -> u32 {
        match self {
            Cost::Different(n) | Cost::Identical(n) => n,
        }
    }
}

/// What building a piece does at once (beyond its VP). Which Wonder gives which: `WONDERS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageEffect {
    None,
    /// Alexandria: take the top card of any deck on the table.
    TakeTopAnyDeck,
    /// Babylon: take a Progress token among the 4 available.
    TakeProgressToken,
    /// Ephesus: take the top card of the central deck.
    TakeTopCentral,
    /// Halicarnassus: look at the top 5 of your left or right deck, keep 1, reshuffle.
    LookFiveKeepOne,
    /// Olympia: take the top of your left deck and the top of your right deck.
    TakeTopLeftAndRight,
    /// Rhodes: +1 Shield, permanently.
    Shield,
}

/// One Wonder piece: its position in the build order (`level`), cost, VP and effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub level: u8,
    pub cost: Cost,
    pub vp: u32,
    pub effect: StageEffect,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum WonderId {
    Alexandria,
    Babylon,
    Ephesus,
    Giza,
    Halicarnassus,
    Olympia,
    Rhodes,
}

/// A base Wonder: 5 pieces (numbered 1..5 as `pieces[0..5]`) and its 25-card deck.
#[derive(Debug)]
pub struct Wonder {
    pub id: WonderId,
    pub key: &'static str,
    pub name: &'static str,
    pub pieces: [Piece; 5],
    pub deck: [(Card, u32); CARD_KINDS],
}

const fn piece(level: u8, cost: Cost, vp: u32, effect: StageEffect) -> Piece {
    Piece {
        level,
        cost,
        vp,
        effect,
    }
}

use Cost::{Different as D, Identical as I};
use StageEffect as E;

/// The seven base Wonders, in the order of `WonderId`.
pub const WONDERS: [Wonder; 7] = [
    Wonder {
        id: WonderId::Alexandria,
        key: "alexandria",
        name: "Alexandria",
        pieces: [
            piece(1, D(2), 4, E::None),
            piece(2, I(2), 3, E::TakeTopAnyDeck),
            piece(3, D(3), 6, E::None),
            piece(4, I(3), 5, E::TakeTopAnyDeck),
            piece(5, D(4), 7, E::None),
        ],
        deck: deck([2, 2, 2, 2, 1, 4, 2, 2, 1, 2, 1, 2, 1, 1]),
    },
    Wonder {
        id: WonderId::Babylon,
        key: "babylon",
        name: "Babylon",
        pieces: [
            piece(1, D(2), 3, E::None),
            piece(2, I(2), 0, E::TakeProgressToken),
            piece(3, D(3), 5, E::None),
            piece(4, I(3), 5, E::TakeProgressToken),
            piece(4, D(4), 7, E::None),
        ],
        deck: deck([2, 1, 2, 2, 2, 3, 2, 2, 1, 2, 2, 2, 1, 1]),
    },
    Wonder {
        id: WonderId::Ephesus,
        key: "ephesus",
        name: "Ephesus",
        pieces: [
            piece(1, D(2), 3, E::None),
            piece(2, I(2), 3, E::TakeTopCentral),
            piece(2, D(3), 4, E::TakeTopCentral),
            piece(2, I(3), 5, E::TakeTopCentral),
            piece(3, D(4), 7, E::None),
        ],
        deck: deck([2, 2, 2, 2, 2, 3, 1, 2, 2, 1, 2, 2, 1, 1]),
    },
    Wonder {
        id: WonderId::Giza,
        key: "giza",
        name: "Giza",
        pieces: [
            piece(1, D(2), 4, E::None),
            piece(2, I(2), 5, E::None),
            piece(3, D(3), 6, E::None),
            piece(4, I(3), 7, E::None),
            piece(5, D(4), 8, E::None),
        ],
        deck: deck([2, 2, 1, 2, 2, 3, 2, 3, 1, 1, 2, 2, 2, 0]),
    },
    Wonder {
        id: WonderId::Halicarnassus,
        key: "halicarnassus",
        name: "Halicarnassus",
        pieces: [
            piece(1, D(2), 3, E::None),
            piece(2, I(2), 3, E::LookFiveKeepOne),
            piece(3, D(3), 6, E::None),
            piece(3, I(3), 5, E::LookFiveKeepOne),
            piece(4, D(4), 7, E::None),
        ],
        deck: deck([2, 2, 2, 1, 2, 3, 2, 2, 2, 1, 1, 2, 2, 1]),
    },
    Wonder {
        id: WonderId::Olympia,
        key: "olympia",
        name: "Olympia",
        pieces: [
            piece(1, D(2), 3, E::None),
            piece(2, I(2), 2, E::TakeTopLeftAndRight),
            piece(2, D(3), 5, E::None),
            piece(3, I(3), 5, E::TakeTopLeftAndRight),
            piece(4, D(4), 7, E::None),
        ],
        deck: deck([1, 2, 2, 2, 2, 3, 1, 3, 2, 1, 1, 2, 2, 1]),
    },
    Wonder {
        id: WonderId::Rhodes,
        key: "rhodes",
        name: "Rhodes",
        pieces: [
            piece(1, D(2), 4, E::None),
            piece(1, I(2), 4, E::Shield),
            piece(2, D(3), 5, E::None),
            piece(3, I(3), 6, E::Shield),
            piece(4, D(4), 7, E::None),
        ],
        deck: deck([2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 1, 2, 2, 1]),
    },
];

/// A Wonder deck's copies per kind, given in the order of `Card::ALL`:
/// wood, stone, clay, papyrus, glass, coin, blue 3 VP, blue 2 VP Cat, tablet, gear, compass,
/// red 0 horn, red 1 horn, red 2 horns.
const fn deck(counts: [u32; CARD_KINDS]) -> [(Card, u32); CARD_KINDS] {
    let mut out = [(Card::Wood, 0); CARD_KINDS];
    let mut i = 0;
    while i < CARD_KINDS {
        out[i] = (Card::ALL[i], counts[i]);
        i += 1;
    }
    out
}

/// The Medals Wonders: named so a request for them gets a clear refusal.
pub const UNPUBLISHED_WONDERS: [&str; 2] = ["rome", "ur"];

impl WonderId {
    pub const ALL: [WonderId; 7] = [
        WonderId::Alexandria,
        WonderId::Babylon,
        WonderId::Ephesus,
        WonderId::Giza,
        WonderId::Halicarnassus,
        WonderId::Olympia,
        WonderId::Rhodes,
    ];

    pub fn wonder(self) -> &'static Wonder {
        &WONDERS[self as usize]
    }

    pub fn key(self) -> &'static str {
        self.wonder().key
    }

    pub fn name(self) -> &'static str {
        self.wonder().name
    }

    pub fn from_key(key: &str) -> Option<WonderId> {
        WonderId::ALL.into_iter().find(|w| w.key() == key)
    }

    pub fn total_vp(self) -> u32 {
        self.wonder().pieces.iter().map(|p| p.vp).sum()
    }
}

/// A Progress token kind. Culture has copies (2 in the base game, a 3rd with Medals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Token {
    Urbanism,
    Crafts,
    Jewellery,
    Science,
    Propaganda,
    Architecture,
    Economy,
    Engineering,
    Tactics,
    Decor,
    Politics,
    Strategy,
    Education,
    Culture,
    // Medals expansion
    Logistics,
    Domestication,
    Entrenchment,
}

pub const TOKEN_KINDS: usize = 17;

/// Progress tokens in the box: (token, copies, Medals expansion?).
pub const PROGRESS_TOKENS: [(Token, u32, bool); TOKEN_KINDS] = [
    (Token::Urbanism, 1, false),
    (Token::Crafts, 1, false),
    (Token::Jewellery, 1, false),
    (Token::Science, 1, false),
    (Token::Propaganda, 1, false),
    (Token::Architecture, 1, false),
    (Token::Economy, 1, false),
    (Token::Engineering, 1, false),
    (Token::Tactics, 1, false),
    (Token::Decor, 1, false),
    (Token::Politics, 1, false),
    (Token::Strategy, 1, false),
    (Token::Education, 1, false),
    (Token::Culture, 2, false),
    (Token::Logistics, 1, true),
    (Token::Domestication, 1, true),
    (Token::Entrenchment, 1, true),
];

/// The 3rd Culture copy comes with Medals.
pub const MEDALS_EXTRA_CULTURE: u32 = 1;

impl Token {
    pub const ALL: [Token; TOKEN_KINDS] = [
        Token::Urbanism,
        Token::Crafts,
        Token::Jewellery,
        Token::Science,
        Token::Propaganda,
        Token::Architecture,
        Token::Economy,
        Token::Engineering,
        Token::Tactics,
        Token::Decor,
        Token::Politics,
        Token::Strategy,
        Token::Education,
        Token::Culture,
        Token::Logistics,
        Token::Domestication,
        Token::Entrenchment,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub const fn id(self) -> &'static str {
        match self {
            Token::Urbanism => "urbanism",
            Token::Crafts => "crafts",
            Token::Jewellery => "jewellery",
            Token::Science => "science",
            Token::Propaganda => "propaganda",
            Token::Architecture => "architecture",
            Token::Economy => "economy",
            Token::Engineering => "engineering",
            Token::Tactics => "tactics",
            Token::Decor => "decor",
            Token::Politics => "politics",
            Token::Strategy => "strategy",
            Token::Education => "education",
            Token::Culture => "culture",
            Token::Logistics => "logistics",
            Token::Domestication => "domestication",
            Token::Entrenchment => "entrenchment",
        }
    }

    /// The token's display name (its id capitalised: `Urbanism`).
    pub fn name(self) -> &'static str {
        const NAMES: [&str; TOKEN_KINDS] = [
            "Urbanism",
            "Crafts",
            "Jewellery",
            "Science",
            "Propaganda",
            "Architecture",
            "Economy",
            "Engineering",
            "Tactics",
            "Decor",
            "Politics",
            "Strategy",
            "Education",
            "Culture",
            "Logistics",
            "Domestication",
            "Entrenchment",
        ];
        NAMES[self as usize]
    }

    pub fn from_id(id: &str) -> Option<Token> {
        Token::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The card kinds whose placing offers this token's extra card (empty: not an extra-card
    /// token triggered by a card). Architecture is triggered by a built stage instead.
    pub fn extra_card_trigger(self) -> &'static [Card] {
        match self {
            Token::Urbanism => &[Card::Wood, Card::Clay],
            Token::Crafts => &[Card::Papyrus, Card::Glass],
            Token::Jewellery => &[Card::Stone, Card::Coin],
            Token::Science => &[Card::GreenTablet, Card::GreenGear, Card::GreenCompass],
            Token::Propaganda => &[Card::Red1Horn, Card::Red2Horn],
            Token::Architecture
            | Token::Economy
            | Token::Engineering
            | Token::Tactics
            | Token::Decor
            | Token::Politics
            | Token::Strategy
            | Token::Education
            | Token::Culture
            | Token::Logistics
            | Token::Domestication
            | Token::Entrenchment => &[],
        }
    }
}

/// Culture scores by copies held: 1 → 4, 2 → 12, 3 → 16.
pub const CULTURE_VP: [u32; 4] = [0, 4, 12, 16];

/// Conflict tokens in play by player count (index = players).
pub const CONFLICT_TOKENS: [u32; 8] = [0, 0, 3, 3, 4, 5, 6, 6];

pub const CAT_VP: u32 = 2;
pub const MILITARY_TOKEN_VP: u32 = 3;
pub const MEDAL_VP: u32 = 4;
pub const DECOR_VP_UNFINISHED: u32 = 4;
pub const DECOR_VP_FINISHED: u32 = 6;
pub const TACTICS_SHIELDS: u32 = 2;
pub const HALICARNASSUS_LOOK: usize = 5;

/// One medal objective's condition; all conditions of a medal must hold at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requirement {
    /// At least `min` cards of this colour in front of you.
    Colour(Colour, u32),
    /// At least `min` cards of one of these kinds in front of you.
    Kinds(&'static [Card], u32),
    /// At least `min` cards in front of you.
    Cards(u32),
    StagesBuilt(u32),
    ProgressTokens(u32),
    MilitaryTokens(u32),
    CatPawn,
    MilitaryTokensInOneBattle(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MedalId {
    Blue3,
    Green3,
    Grey3,
    Red3,
    FourColours,
    YellowCatBlueHornRed,
    Cards7,
    Stages3,
    Stages2Cat,
    Progress2,
    ProgressMilitaryCat,
    Military2OneBattle,
}

pub struct Medal {
    pub id: MedalId,
    pub key: &'static str,
    pub requires: &'static [Requirement],
}

use Requirement as R;

/// The 12 medals, each worth 4 VP to its holder.
pub const MEDALS: [Medal; 12] = [
    Medal {
        id: MedalId::Blue3,
        key: "blue_3",
        requires: &[R::Colour(Colour::Blue, 3)],
    },
    Medal {
        id: MedalId::Green3,
        key: "green_3",
        requires: &[R::Colour(Colour::Green, 3)],
    },
    Medal {
        id: MedalId::Grey3,
        key: "grey_3",
        requires: &[R::Colour(Colour::Grey, 3)],
    },
    Medal {
        id: MedalId::Red3,
        key: "red_3",
        requires: &[R::Colour(Colour::Red, 3)],
    },
    Medal {
        id: MedalId::FourColours,
        key: "four_colours",
        requires: &[
            R::Colour(Colour::Green, 1),
            R::Colour(Colour::Yellow, 1),
            R::Colour(Colour::Blue, 1),
            R::Colour(Colour::Red, 1),
        ],
    },
    Medal {
        id: MedalId::YellowCatBlueHornRed,
        key: "yellow_catblue_hornred",
        requires: &[
            R::Colour(Colour::Yellow, 1),
            R::Kinds(&[Card::Blue2VpCat], 1),
            R::Kinds(&[Card::Red1Horn, Card::Red2Horn], 1),
        ],
    },
    Medal {
        id: MedalId::Cards7,
        key: "cards_7",
        requires: &[R::Cards(7)],
    },
    Medal {
        id: MedalId::Stages3,
        key: "stages_3",
        requires: &[R::StagesBuilt(3)],
    },
    Medal {
        id: MedalId::Stages2Cat,
        key: "stages_2_cat",
        requires: &[R::StagesBuilt(2), R::CatPawn],
    },
    Medal {
        id: MedalId::Progress2,
        key: "progress_2",
        requires: &[R::ProgressTokens(2)],
    },
    Medal {
        id: MedalId::ProgressMilitaryCat,
        key: "progress_military_cat",
        requires: &[R::ProgressTokens(1), R::MilitaryTokens(1), R::CatPawn],
    },
    Medal {
        id: MedalId::Military2OneBattle,
        key: "military_2_one_battle",
        requires: &[R::MilitaryTokensInOneBattle(2)],
    },
];

impl MedalId {
    pub const ALL: [MedalId; 12] = [
        MedalId::Blue3,
        MedalId::Green3,
        MedalId::Grey3,
        MedalId::Red3,
        MedalId::FourColours,
        MedalId::YellowCatBlueHornRed,
        MedalId::Cards7,
        MedalId::Stages3,
        MedalId::Stages2Cat,
        MedalId::Progress2,
        MedalId::ProgressMilitaryCat,
        MedalId::Military2OneBattle,
    ];

    pub fn medal(self) -> &'static Medal {
        &MEDALS[self as usize]
    }

    pub fn key(self) -> &'static str {
        self.medal().key
    }

    /// The medal's display name: what it asks for, in words (`3 Wonder stages`).
    pub fn name(self) -> &'static str {
        match self {
            MedalId::Blue3 => "3 blue cards",
            MedalId::Green3 => "3 green cards",
            MedalId::Grey3 => "3 grey cards",
            MedalId::Red3 => "3 red cards",
            MedalId::FourColours => "green, yellow, blue and red cards",
            MedalId::YellowCatBlueHornRed => "yellow, blue Cat and red horn cards",
            MedalId::Cards7 => "7 cards",
            MedalId::Stages3 => "3 Wonder stages",
            MedalId::Stages2Cat => "2 Wonder stages and the Cat",
            MedalId::Progress2 => "2 Progress tokens",
            MedalId::ProgressMilitaryCat => "a Progress token, a Military token and the Cat",
            MedalId::Military2OneBattle => "2 Military tokens in one Battle",
        }
    }

    /// What the medal asks for, in full (the component list's `effect`).
    pub fn requirement_text(self) -> String {
        let colour = |c: Colour| match c {
            Colour::Grey => "grey",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Red => "red",
        };
        let parts: Vec<String> = self
            .medal()
            .requires
            .iter()
            .map(|r| match *r {
                Requirement::Colour(c, 1) => format!("1 {} card", colour(c)),
                Requirement::Colour(c, n) => format!("{n} {} cards", colour(c)),
                Requirement::Kinds(kinds, n) => format!(
                    "{n} of {}",
                    kinds
                        .iter()
                        .map(|k| k.name())
                        .collect::<Vec<_>>()
                        .join(" / ")
                ),
                Requirement::Cards(n) => format!("{n} cards"),
                Requirement::StagesBuilt(n) => format!("{n} Wonder stages built"),
                Requirement::ProgressTokens(1) => "1 Progress token".into(),
                Requirement::ProgressTokens(n) => format!("{n} Progress tokens"),
                Requirement::MilitaryTokens(1) => "1 Military Victory token".into(),
                Requirement::MilitaryTokens(n) => format!("{n} Military Victory tokens"),
                Requirement::CatPawn => "the Cat".into(),
                Requirement::MilitaryTokensInOneBattle(n) => {
                    format!("{n} Military Victory tokens won in one Battle")
                }
            })
            .collect();
        parts.join(" + ")
    }

    pub fn from_key(key: &str) -> Option<MedalId> {
        MedalId::ALL.into_iter().find(|m| m.key() == key)
    }
}
