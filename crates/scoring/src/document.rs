//! Seed 002 task 4: the state kept between requests, as a versioned JSON document.
//!
//! The moves are the truth: restoring replays them through [`Game`], so the position, the ko
//! state and the captures come back exactly; then the phase, the dead marks and the acceptances
//! are laid on top and checked against the replayed game.

use crate::analysis::Analysis;
use crate::count::{move_text, parse_move_text, parse_vertex, resignation_result, vertex};
use crate::marking::Marking;
use crate::phase::{Phase, ScoringGame};
use serde::{Deserialize, Serialize};
use std::fmt;
use tengen_core::{Color, Game, Point, Rules};

/// The document version this crate writes and reads.
pub const DOCUMENT_VERSION: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Setup {
    to_move: String,
    black: Vec<String>,
    white: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Accepted {
    black: bool,
    white: bool,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    version: u32,
    width: usize,
    height: usize,
    rules: String,
    handicap: u32,
    setup: Setup,
    moves: Vec<String>,
    phase: String,
    dead: Vec<String>,
    marks_version: u64,
    accepted: Accepted,
    /// The number of moves when play last resumed from scoring (absent: never).
    #[serde(default, skip_serializing_if = "is_zero")]
    resumed_at: usize,
    /// The color whose time ran out, when the game ended so (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    timeout: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Why a document could not be restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocumentError {
    /// Not JSON, or not the expected fields and types.
    Json(String),
    /// A document of another version.
    Version(u32),
    /// The board size is not 1..=52.
    Size(usize, usize),
    /// The rules text could not be read.
    Rules(String),
    /// The set-up position is not valid.
    Setup(String),
    /// A move could not be read (its index from 0, and its text).
    BadMove(usize, String),
    /// A move of the list is illegal (its index from 0, its text and the reason).
    IllegalMove(usize, String, String),
    /// The phase is unknown or does not fit the moves.
    Phase(String),
    /// A dead mark is unreadable or on an empty point.
    Dead(String),
    /// The acceptances do not fit the phase.
    Accepted(String),
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocumentError::Json(e) => write!(f, "bad document: {e}"),
            DocumentError::Version(v) => {
                write!(
                    f,
                    "document version {v} is not supported (expected {DOCUMENT_VERSION})"
                )
            }
            DocumentError::Size(w, h) => write!(f, "bad board size {w}x{h}"),
            DocumentError::Rules(e) => write!(f, "bad rules: {e}"),
            DocumentError::Setup(e) => write!(f, "bad set-up: {e}"),
            DocumentError::BadMove(i, m) => write!(f, "move {} unreadable: {m:?}", i + 1),
            DocumentError::IllegalMove(i, m, r) => {
                write!(f, "move {} ({m}) is illegal: {r}", i + 1)
            }
            DocumentError::Phase(e) => write!(f, "bad phase: {e}"),
            DocumentError::Dead(e) => write!(f, "bad dead mark: {e}"),
            DocumentError::Accepted(e) => write!(f, "bad acceptances: {e}"),
        }
    }
}

impl std::error::Error for DocumentError {}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

impl ScoringGame {
    /// The state as a versioned JSON document (see the module docs).
    ///
    /// ```
    /// use tengen_core::{Game, Move, Point, Rules};
    /// use tengen_scoring::ScoringGame;
    /// let mut sg = ScoringGame::new(Game::new(9, 9, Rules::JAPANESE).unwrap());
    /// sg.play(Move::Play(Point::new(2, 2))).unwrap();
    /// let json = sg.to_json();
    /// assert!(json.starts_with(r#"{"version":1,"width":9,"height":9,"rules":"ko=simple"#));
    /// let back = ScoringGame::from_json(&json).unwrap();
    /// assert_eq!(back.to_json(), json);
    /// ```
    pub fn to_json(&self) -> String {
        let g = &self.game;
        let (w, h) = (g.board().width(), g.board().height());
        let setup = g.setup_board();
        let stones = |c: Color| -> Vec<String> {
            setup
                .points()
                .filter(|&p| setup.get(p) == Some(c))
                .map(|p| vertex(p, h))
                .collect()
        };
        let moves = g
            .moves()
            .into_iter()
            .map(|(c, m)| format!("{} {}", color_letter(c), move_text(m, h)))
            .collect();
        let dead = match &self.marking {
            Some(m) => (0..w * h)
                .map(|k| m.analysis().point(k))
                .filter(|&p| m.is_dead(p))
                .map(|p| vertex(p, h))
                .collect(),
            None => Vec::new(),
        };
        let doc = Document {
            version: DOCUMENT_VERSION,
            width: w,
            height: h,
            rules: g.rules().to_string(),
            handicap: g.handicap(),
            setup: Setup {
                to_move: g.setup_to_move().name().to_string(),
                black: stones(Color::Black),
                white: stones(Color::White),
            },
            moves,
            phase: self.phase.name().to_string(),
            dead,
            marks_version: self.marks_version,
            accepted: Accepted {
                black: self.accepted[0],
                white: self.accepted[1],
            },
            resumed_at: self.resumed_at,
            timeout: self.timed_out.map(|c| c.name().to_string()),
        };
        serde_json::to_string(&doc).expect("a document always serializes")
    }

    /// Restores a game and its scoring state from [`ScoringGame::to_json`]'s document.
    pub fn from_json(text: &str) -> Result<ScoringGame, DocumentError> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| DocumentError::Json(e.to_string()))?;
        // Check the version before the fields, so a future document says what it is.
        match v.get("version").and_then(serde_json::Value::as_u64) {
            Some(n) if n == u64::from(DOCUMENT_VERSION) => {}
            Some(n) => return Err(DocumentError::Version(n.min(u64::from(u32::MAX)) as u32)),
            None => return Err(DocumentError::Json("no version".into())),
        }
        let doc: Document =
            serde_json::from_value(v).map_err(|e| DocumentError::Json(e.to_string()))?;
        let (w, h) = (doc.width, doc.height);
        let rules: Rules = doc
            .rules
            .parse()
            .map_err(|e: tengen_core::RulesError| DocumentError::Rules(e.to_string()))?;
        let mut game = Game::new(w, h, rules).map_err(|_| DocumentError::Size(w, h))?;
        let point = |t: &str| parse_vertex(t, w, h);
        let mut stones: Vec<(Point, Option<Color>)> = Vec::new();
        for (list, c) in [
            (&doc.setup.black, Color::Black),
            (&doc.setup.white, Color::White),
        ] {
            for t in list {
                let p =
                    point(t).ok_or_else(|| DocumentError::Setup(format!("bad vertex {t:?}")))?;
                stones.push((p, Some(c)));
            }
        }
        if !stones.is_empty() {
            game.set_up(&stones)
                .map_err(|e| DocumentError::Setup(e.to_string()))?;
        }
        let to_move = Color::parse(&doc.setup.to_move)
            .ok_or_else(|| DocumentError::Setup(format!("bad color {:?}", doc.setup.to_move)))?;
        game.set_to_move(to_move)
            .map_err(|e| DocumentError::Setup(e.to_string()))?;
        game.set_handicap_count(doc.handicap);
        for (i, text) in doc.moves.iter().enumerate() {
            let bad = || DocumentError::BadMove(i, text.clone());
            let (c, m) = text.split_once(' ').ok_or_else(bad)?;
            let color = match c {
                "B" => Color::Black,
                "W" => Color::White,
                _ => return Err(bad()),
            };
            let mv = parse_move_text(m, w, h).ok_or_else(bad)?;
            if game.resigned().is_some() {
                return Err(DocumentError::IllegalMove(
                    i,
                    text.clone(),
                    "after a resignation".into(),
                ));
            }
            game.play_as(color, mv)
                .map_err(|e| DocumentError::IllegalMove(i, text.clone(), e.to_string()))?;
        }
        let phase = Phase::parse(&doc.phase)
            .ok_or_else(|| DocumentError::Phase(format!("unknown {:?}", doc.phase)))?;
        if doc.resumed_at > game.move_number() {
            return Err(DocumentError::Phase(format!(
                "resumed at move {} of {}",
                doc.resumed_at,
                game.move_number()
            )));
        }
        let timeout = match &doc.timeout {
            None => None,
            Some(t) => Some(
                Color::parse(t)
                    .ok_or_else(|| DocumentError::Phase(format!("bad timeout color {t:?}")))?,
            ),
        };
        let mut sg = ScoringGame {
            game,
            phase,
            marking: None,
            marks_version: doc.marks_version,
            accepted: [doc.accepted.black, doc.accepted.white],
            result: None,
            resumed_at: doc.resumed_at,
            timed_out: None,
        };
        let over_by_passes = sg.game.resigned().is_none() && sg.new_passes() >= 2;
        if let Some(loser) = timeout {
            if phase != Phase::Finished || sg.game.resigned().is_some() || over_by_passes {
                return Err(DocumentError::Phase(
                    "a timeout only ends a game in play".into(),
                ));
            }
            sg.timed_out = Some(loser);
            sg.result = Some(crate::phase::timeout_result(loser));
        }
        match phase {
            Phase::Play => {
                if sg.game.resigned().is_some() {
                    return Err(DocumentError::Phase("play after a resignation".into()));
                }
                if over_by_passes {
                    return Err(DocumentError::Phase(
                        "play after two passes in a row".into(),
                    ));
                }
            }
            Phase::Finished if sg.timed_out.is_some() => {}
            Phase::Scoring | Phase::Finished if sg.game.resigned().is_some() => {
                if phase == Phase::Scoring {
                    return Err(DocumentError::Phase("scoring after a resignation".into()));
                }
                sg.result = Some(resignation_result(sg.game.resigned().expect("resigned")));
            }
            _ => {
                if !over_by_passes {
                    return Err(DocumentError::Phase(format!(
                        "{} without two passes at the end",
                        phase.name()
                    )));
                }
                sg.marking = Some(Marking::new(Analysis::new(sg.game.board())));
            }
        }
        if let Some(m) = sg.marking.as_mut() {
            let mut groups = Vec::new();
            for t in &doc.dead {
                let p = point(t).ok_or_else(|| DocumentError::Dead(format!("bad vertex {t:?}")))?;
                let g = m
                    .analysis()
                    .group_at(p)
                    .ok_or_else(|| DocumentError::Dead(format!("no stone at {t}")))?;
                groups.push(g);
            }
            m.set_groups_dead(&groups, true);
            let dead_stones: u32 = m.tally().dead.iter().sum();
            let mut listed = doc.dead.clone();
            listed.sort();
            listed.dedup();
            if dead_stones as usize != listed.len() {
                return Err(DocumentError::Dead(
                    "a dead group is listed only in part".into(),
                ));
            }
        } else if !doc.dead.is_empty() {
            return Err(DocumentError::Dead(format!(
                "dead stones in the {} phase",
                phase.name()
            )));
        }
        match phase {
            Phase::Play | Phase::Finished
                if sg.timed_out.is_some() && sg.accepted != [false, false] =>
            {
                return Err(DocumentError::Accepted(
                    "acceptances without a scoring phase".into(),
                ));
            }
            Phase::Play if sg.accepted != [false, false] => {
                return Err(DocumentError::Accepted(
                    "acceptances in the play phase".into(),
                ));
            }
            Phase::Scoring if sg.accepted == [true, true] => {
                return Err(DocumentError::Accepted(
                    "both accepted but not finished".into(),
                ));
            }
            Phase::Finished if sg.marking.is_some() => {
                if sg.accepted != [true, true] {
                    return Err(DocumentError::Accepted(
                        "finished without both acceptances".into(),
                    ));
                }
                sg.result = sg.score().map(|s| s.result);
            }
            _ => {}
        }
        Ok(sg)
    }
}
