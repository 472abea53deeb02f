//! Typed Go view over a [`GameTree`], and the way back (game → SGF).

use std::collections::BTreeMap;
use std::fmt;

use tengen_core::coords;

use crate::error::{Location, SgfError, Warning, WarningKind};
use crate::text::{escape_text, unescape_simple_text};
use crate::tree::{GameTree, NodeId, Property};

/// The value written in `AP` by [`GoGame::new`].
pub const APPLICATION: &str = concat!("tengen-sgf:", env!("CARGO_PKG_VERSION"));

pub use tengen_core::{Color, Point};

/// The SGF letter of a colour: `"B"` or `"W"`.
pub fn color_letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// Reads an SGF colour `B`/`W` (any case, surrounding whitespace ignored).
pub fn color_from_sgf(text: &str) -> Option<Color> {
    match text.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// Sort key for `AB`/`AW`/`AE` raw values: points and `a:b` rectangles by
/// column then row; anything else after them.
pub(crate) fn point_sort_key(raw: &str) -> (bool, u8, u8, u8, u8) {
    let (a, b) = match crate::text::split_compose(raw) {
        Some((a, b)) => (coords::sgf_point(a), coords::sgf_point(b)),
        None => {
            let p = coords::sgf_point(raw);
            (p, p)
        }
    };
    match (a, b) {
        (Some(a), Some(b)) => (false, a.x, a.y, b.x, b.y),
        _ => (true, 0, 0, 0, 0),
    }
}

/// Set-up stones: points sorted by column then row, no duplicates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// `AB`: black stones added.
    pub black: Vec<Point>,
    /// `AW`: white stones added.
    pub white: Vec<Point>,
    /// `AE`: points cleared.
    pub empty: Vec<Point>,
}

impl Setup {
    /// Whether there is no set-up at all.
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty() && self.empty.is_empty()
    }
}

/// One move node of the main line: who played where (a [`Point`], or `None` for a pass), as the
/// record has it; the game itself uses `tengen_core::Move`.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordMove {
    /// Who plays.
    pub color: Color,
    /// Where; `None` is a pass.
    pub point: Option<Point>,
    /// The node number along the main line (root = 0); ignored when writing.
    pub node: usize,
    /// The node's comment (`C`), if any.
    pub comment: Option<String>,
}

/// Set-up found in the main line after the first move (`AB`/`AW`/`AE`/`PL`
/// in a later node). Not legal FF\[4\] style, but real files have it.
#[derive(Clone, Debug, PartialEq)]
pub struct MidSetup {
    /// The node number along the main line.
    pub node: usize,
    /// How many moves come before it (it applies before `moves[before_move]`).
    pub before_move: usize,
    /// The stones added or removed.
    pub setup: Setup,
    /// `PL` in that node.
    pub player_to_move: Option<Color>,
    /// The node's comment (`C`), if it has no move.
    pub comment: Option<String>,
}

/// The result of a game as written in `RE`.
#[derive(Clone, Debug, PartialEq)]
pub enum GameResult {
    /// A win.
    Win {
        /// The winner.
        winner: Color,
        /// By how much.
        by: WinBy,
    },
    /// `0` or `Draw`.
    Draw,
    /// `Void`: no result.
    Void,
    /// `?`: unknown.
    Unknown,
}

/// How a game was won.
#[derive(Clone, Debug, PartialEq)]
pub enum WinBy {
    /// By points (`B+3.5`).
    Points(f64),
    /// By resignation (`B+R`, `B+Resign`).
    Resignation,
    /// On time (`B+T`, `B+Time`).
    Time,
    /// By forfeit (`B+F`, `B+Forfeit`).
    Forfeit,
    /// Not said (`B+`).
    Unspecified,
}

impl GameResult {
    /// Reads an `RE` text: `B+3.5`, `W+R`, `B+Resign`, `W+T`, `B+F`, `B+`,
    /// `0`, `Draw`, `Void`, `?`. `None` if it is none of these.
    ///
    /// ```
    /// use tengen_sgf::{GameResult, Color, WinBy};
    /// assert_eq!(GameResult::parse("W+R"),
    ///     Some(GameResult::Win { winner: Color::White, by: WinBy::Resignation }));
    /// assert_eq!(GameResult::parse("0"), Some(GameResult::Draw));
    /// ```
    pub fn parse(s: &str) -> Option<GameResult> {
        let s = s.trim();
        match s.to_ascii_lowercase().as_str() {
            "0" | "draw" | "jigo" => return Some(GameResult::Draw),
            "void" => return Some(GameResult::Void),
            "?" => return Some(GameResult::Unknown),
            _ => {}
        }
        let (who, rest) = s.split_once('+')?;
        let winner = color_from_sgf(who)?;
        let by = match rest.trim().to_ascii_lowercase().as_str() {
            "" => WinBy::Unspecified,
            "r" | "resign" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            n => {
                let v: f64 = n.parse().ok()?;
                if !v.is_finite() {
                    return None;
                }
                WinBy::Points(v)
            }
        };
        Some(GameResult::Win { winner, by })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Draw => f.write_str("0"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
            GameResult::Win { winner, by } => {
                write!(f, "{}+", color_letter(*winner))?;
                match by {
                    WinBy::Points(p) => write!(f, "{p}"),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unspecified => Ok(()),
                }
            }
        }
    }
}

/// A Go game as seen along the main line of a [`GameTree`]; also the input
/// of the writer ([`GoGame::to_tree`], [`GoGame::to_sgf`]).
#[derive(Clone, Debug, PartialEq)]
pub struct GoGame {
    /// Board width (`SZ`), 1..=52; 19 when `SZ` is missing.
    pub width: u8,
    /// Board height (`SZ`), 1..=52.
    pub height: u8,
    /// Set-up before the first move (root and nodes before any move).
    pub setup: Setup,
    /// `PL` before the first move.
    pub player_to_move: Option<Color>,
    /// The moves of the main line.
    pub moves: Vec<RecordMove>,
    /// Set-up nodes after the first move.
    pub mid_setups: Vec<MidSetup>,
    /// `KM`.
    pub komi: Option<f64>,
    /// `HA`.
    pub handicap: Option<u32>,
    /// `RU`, as text (mapping it to rules is the core's job).
    pub rules: Option<String>,
    /// `RE`, as text (see [`GameResult::parse`]).
    pub result: Option<String>,
    /// `PB`.
    pub black_name: Option<String>,
    /// `PW`.
    pub white_name: Option<String>,
    /// `BR`.
    pub black_rank: Option<String>,
    /// `WR`.
    pub white_rank: Option<String>,
    /// `DT`.
    pub date: Option<String>,
    /// `EV`.
    pub event: Option<String>,
    /// `RO`.
    pub round: Option<String>,
    /// `PC`.
    pub place: Option<String>,
    /// `GN`.
    pub game_name: Option<String>,
    /// `GC`: game comment.
    pub game_comment: Option<String>,
    /// `C` of the root node.
    pub comment: Option<String>,
    /// `AP`, as text (`name:version`).
    pub application: Option<String>,
    /// `TB`/`TW` of the last node: the points each side counts at the end of a scored game (its
    /// territory and the opponent's stones marked dead there), as CGoban, KGS and Sabaki mark
    /// a scored position. Empty for a game not scored.
    pub territory: Territory,
    /// Problems found while reading the typed view (not stored by writing).
    pub warnings: Vec<Warning>,
}

/// The points each side counts at the end of a scored game, written as `TB`/`TW` on the last
/// node. A dead stone is listed in the territory of the side that captures it, as CGoban and
/// KGS write it, so a reader sees which stones were taken off from `TB`/`TW` alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Territory {
    /// `TB`: black's territory, with the white stones marked dead in it.
    pub black: Vec<Point>,
    /// `TW`: white's territory, with the black stones marked dead in it.
    pub white: Vec<Point>,
}

impl GoGame {
    /// An empty game on a `width` x `height` board, with `application` set
    /// to [`APPLICATION`].
    pub fn new(width: u8, height: u8) -> Self {
        GoGame {
            width,
            height,
            setup: Setup::default(),
            player_to_move: None,
            moves: Vec::new(),
            mid_setups: Vec::new(),
            territory: Territory::default(),
            komi: None,
            handicap: None,
            rules: None,
            result: None,
            black_name: None,
            white_name: None,
            black_rank: None,
            white_rank: None,
            date: None,
            event: None,
            round: None,
            place: None,
            game_name: None,
            game_comment: None,
            comment: None,
            application: Some(APPLICATION.to_string()),
            warnings: Vec::new(),
        }
    }

    /// Adds a move (`None` = pass) with an optional comment.
    pub fn push_move(&mut self, color: Color, point: Option<Point>, comment: Option<&str>) {
        let node = self.moves.len() + 1;
        self.moves.push(RecordMove {
            color,
            point,
            node,
            comment: comment.map(str::to_string),
        });
    }

    /// `RE` parsed, if present and readable.
    pub fn parsed_result(&self) -> Option<GameResult> {
        self.result.as_deref().and_then(GameResult::parse)
    }

    /// Reads the typed view of a game tree's main line.
    ///
    /// `tt` is a pass on boards up to 19x19; `AB[aa:cc]` rectangles are
    /// expanded. Game-info properties are taken from their first occurrence
    /// on the main line.
    ///
    /// # Errors
    /// [`SgfError::NotGo`], [`SgfError::BadSize`], [`SgfError::BadPoint`],
    /// [`SgfError::TwoMoves`], with the node number and source position.
    pub fn from_tree(tree: &GameTree) -> Result<GoGame, SgfError> {
        let root = tree.node(tree.root());
        let loc = |node: usize, p: &Property<'_>| Location {
            node,
            position: p.position(),
        };
        if let Some(gm) = root.get("GM") {
            let v = gm.simple_text();
            if v.trim() != "1" {
                return Err(SgfError::NotGo {
                    value: v,
                    at: loc(0, &gm),
                });
            }
        }
        let (width, height) = match root.get("SZ") {
            None => (19, 19),
            Some(sz) => parse_size(sz.value()).ok_or_else(|| SgfError::BadSize {
                value: sz.value().to_string(),
                at: loc(0, &sz),
            })?,
        };
        let mut g = GoGame::new(width, height);
        g.application = None;
        let mut initial: BTreeMap<Point, u8> = BTreeMap::new();
        for (n, id) in tree.main_line().enumerate() {
            read_node(tree, id, n, &mut g, &mut initial)?;
        }
        for (p, s) in initial {
            match s {
                0 => g.setup.black.push(p),
                1 => g.setup.white.push(p),
                _ => g.setup.empty.push(p),
            }
        }
        Ok(g)
    }

    /// Builds the SGF tree of this game: a root node (`FF[4]GM[1]CA[UTF-8]`,
    /// `AP`, `SZ`, game info, set-up) then one node per move, with the
    /// mid-line set-ups as their own nodes. Deterministic.
    ///
    /// # Errors
    /// [`SgfError::InvalidGame`] for a size outside 1..=52, a point off the
    /// board, a non-finite komi.
    pub fn to_tree(&self) -> Result<GameTree, SgfError> {
        let bad = |m: String| SgfError::InvalidGame { message: m };
        if !(1..=52).contains(&self.width) || !(1..=52).contains(&self.height) {
            return Err(bad(format!("board size {}x{}", self.width, self.height)));
        }
        let on_board = |p: &Point| p.x < self.width && p.y < self.height;
        let check_setup = |s: &Setup| -> Result<(), SgfError> {
            for p in s.black.iter().chain(&s.white).chain(&s.empty) {
                if !on_board(p) {
                    return Err(bad(format!(
                        "set-up point {} off the board",
                        coords::to_sgf(*p)
                    )));
                }
            }
            Ok(())
        };
        check_setup(&self.setup)?;
        for m in &self.mid_setups {
            check_setup(&m.setup)?;
        }
        for m in &self.moves {
            if let Some(p) = &m.point {
                if !on_board(p) {
                    return Err(bad(format!("move {} off the board", coords::to_sgf(*p))));
                }
            }
        }
        let mut t = GameTree::new();
        let root = t.root();
        let push = |t: &mut GameTree, node: NodeId, id: &str, v: &str| {
            // Identifiers here are constants: this cannot fail.
            let _ = t.push_property(node, id, [v]);
        };
        push(&mut t, root, "FF", "4");
        push(&mut t, root, "GM", "1");
        push(&mut t, root, "CA", "UTF-8");
        if let Some(ap) = &self.application {
            push(&mut t, root, "AP", &escape_text(ap));
        }
        let sz = if self.width == self.height {
            self.width.to_string()
        } else {
            format!("{}:{}", self.width, self.height)
        };
        push(&mut t, root, "SZ", &sz);
        if let Some(h) = self.handicap {
            push(&mut t, root, "HA", &h.to_string());
        }
        if let Some(k) = self.komi {
            if !k.is_finite() {
                return Err(bad(format!("komi {k}")));
            }
            push(&mut t, root, "KM", &format!("{k}"));
        }
        let info = [
            ("RU", &self.rules),
            ("PB", &self.black_name),
            ("BR", &self.black_rank),
            ("PW", &self.white_name),
            ("WR", &self.white_rank),
            ("DT", &self.date),
            ("EV", &self.event),
            ("RO", &self.round),
            ("PC", &self.place),
            ("GN", &self.game_name),
            ("RE", &self.result),
            ("GC", &self.game_comment),
            ("C", &self.comment),
        ];
        for (id, v) in info {
            if let Some(v) = v {
                push(&mut t, root, id, &escape_text(v));
            }
        }
        write_setup(&mut t, root, &self.setup, self.player_to_move);
        let mut node = root;
        let mut mids = self.mid_setups.iter().peekable();
        for (i, m) in self.moves.iter().enumerate() {
            while let Some(s) = mids.next_if(|s| s.before_move <= i) {
                node = t.add_child(node);
                write_setup(&mut t, node, &s.setup, s.player_to_move);
                if let Some(c) = &s.comment {
                    push(&mut t, node, "C", &escape_text(c));
                }
            }
            node = t.add_child(node);
            let v = m.point.map(coords::to_sgf).unwrap_or_default();
            push(&mut t, node, color_letter(m.color), &v);
            if let Some(c) = &m.comment {
                push(&mut t, node, "C", &escape_text(c));
            }
        }
        for s in mids {
            node = t.add_child(node);
            write_setup(&mut t, node, &s.setup, s.player_to_move);
            if let Some(c) = &s.comment {
                push(&mut t, node, "C", &escape_text(c));
            }
        }
        for (id, pts) in [("TB", &self.territory.black), ("TW", &self.territory.white)] {
            if pts.is_empty() {
                continue;
            }
            if let Some(p) = pts.iter().find(|p| !on_board(p)) {
                return Err(bad(format!(
                    "territory point {} off the board",
                    coords::to_sgf(*p)
                )));
            }
            let mut pts = pts.clone();
            pts.sort();
            pts.dedup();
            let _ = t.push_property(node, id, pts.iter().map(|&p| coords::to_sgf(p)));
        }
        Ok(t)
    }

    /// Writes this game as SGF text (see [`GoGame::to_tree`]).
    ///
    /// # Errors
    /// As [`GoGame::to_tree`].
    pub fn to_sgf(&self) -> Result<String, SgfError> {
        Ok(self.to_tree()?.to_sgf())
    }
}

fn write_setup(t: &mut GameTree, node: NodeId, s: &Setup, pl: Option<Color>) {
    for (id, pts) in [("AB", &s.black), ("AW", &s.white), ("AE", &s.empty)] {
        if pts.is_empty() {
            continue;
        }
        let mut pts = pts.clone();
        pts.sort();
        pts.dedup();
        let _ = t.push_property(node, id, pts.iter().map(|&p| coords::to_sgf(p)));
    }
    if let Some(c) = pl {
        let _ = t.push_property(node, "PL", [color_letter(c)]);
    }
}

/// Reads `SZ`: `n` or `w:h`, each in 1..=52.
fn parse_size(raw: &str) -> Option<(u8, u8)> {
    let num = |s: &str| -> Option<u8> {
        let v: u8 = unescape_simple_text(s).trim().parse().ok()?;
        (1..=52).contains(&v).then_some(v)
    };
    match crate::text::split_compose(raw) {
        Some((w, h)) => Some((num(w)?, num(h)?)),
        None => {
            let n = num(raw)?;
            Some((n, n))
        }
    }
}

fn read_node(
    tree: &GameTree,
    id: NodeId,
    n: usize,
    g: &mut GoGame,
    initial: &mut BTreeMap<Point, u8>,
) -> Result<(), SgfError> {
    let node = tree.node(id);
    let (w, h) = (g.width, g.height);
    let mut mv: Option<(Color, Option<Point>)> = None;
    let mut setup: Vec<(Point, u8)> = Vec::new();
    let mut has_setup = false;
    let mut pl: Option<Color> = None;
    let mut comment: Option<String> = None;
    for p in node.properties() {
        let at = Location {
            node: n,
            position: p.position(),
        };
        let bad_point = |v: &str| SgfError::BadPoint {
            ident: p.ident().to_string(),
            value: v.to_string(),
            width: w,
            height: h,
            at,
        };
        match p.ident() {
            id @ ("B" | "W") => {
                if mv.is_some() {
                    return Err(SgfError::TwoMoves { at });
                }
                let color = if id == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                let v = p.value().trim();
                let point = if v.is_empty() || (v == "tt" && w <= 19 && h <= 19) {
                    None
                } else {
                    match coords::sgf_point(v) {
                        Some(pt) if pt.x < w && pt.y < h => Some(pt),
                        _ => return Err(bad_point(v)),
                    }
                };
                mv = Some((color, point));
            }
            id @ ("TB" | "TW") => {
                // The last node's marks stand (a scored game's end); points off the board are
                // dropped with the property, as the marks are only a picture of the count.
                let mut pts = Vec::new();
                for v in p.values() {
                    let (a, b) = match crate::text::split_compose(v) {
                        Some((a, b)) => (coords::sgf_point(a), coords::sgf_point(b)),
                        None => (coords::sgf_point(v), coords::sgf_point(v)),
                    };
                    if let (Some(a), Some(b)) = (a, b) {
                        for x in a.x.min(b.x)..=a.x.max(b.x).min(w.saturating_sub(1)) {
                            for y in a.y.min(b.y)..=a.y.max(b.y).min(h.saturating_sub(1)) {
                                pts.push(Point { x, y });
                            }
                        }
                    }
                }
                pts.sort();
                pts.dedup();
                if id == "TB" {
                    g.territory.black = pts;
                } else {
                    g.territory.white = pts;
                }
            }
            id @ ("AB" | "AW" | "AE") => {
                has_setup = true;
                let state = match id {
                    "AB" => 0,
                    "AW" => 1,
                    _ => 2,
                };
                for v in p.values() {
                    let (a, b) = match crate::text::split_compose(v) {
                        Some((a, b)) => (coords::sgf_point(a), coords::sgf_point(b)),
                        None if v.trim().is_empty() => continue,
                        None => (coords::sgf_point(v), coords::sgf_point(v)),
                    };
                    let (Some(a), Some(b)) = (a, b) else {
                        return Err(bad_point(v));
                    };
                    if a.x >= w || a.y >= h || b.x >= w || b.y >= h {
                        return Err(bad_point(v));
                    }
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        for y in a.y.min(b.y)..=a.y.max(b.y) {
                            setup.push((Point { x, y }, state));
                        }
                    }
                }
            }
            "PL" => {
                has_setup = true;
                match color_from_sgf(&p.simple_text()) {
                    Some(c) => pl = Some(c),
                    None => g.warnings.push(Warning {
                        position: p.position().unwrap_or_default(),
                        kind: WarningKind::BadColor {
                            value: p.value().to_string(),
                            node: n,
                        },
                    }),
                }
            }
            "C" => comment = Some(p.text()),
            "KM" | "HA" => {
                let v = p.simple_text();
                let t = v.trim().replace(',', ".");
                if t.is_empty() {
                    continue;
                }
                let ok = if p.ident() == "KM" {
                    match t.parse::<f64>() {
                        // Refused as the rules text refuses it (`KM[-1e308]`, `KM[6.25]`).
                        Ok(k) if tengen_core::check_komi(k).is_ok() => {
                            g.komi.get_or_insert(k);
                            true
                        }
                        _ => false,
                    }
                } else {
                    match t.parse::<u32>() {
                        Ok(h) => {
                            g.handicap.get_or_insert(h);
                            true
                        }
                        _ => false,
                    }
                };
                if !ok {
                    g.warnings.push(Warning {
                        position: p.position().unwrap_or_default(),
                        kind: WarningKind::BadNumber {
                            ident: p.ident().to_string(),
                            value: v,
                            node: n,
                        },
                    });
                }
            }
            id => {
                let field = match id {
                    "RU" => &mut g.rules,
                    "RE" => &mut g.result,
                    "PB" => &mut g.black_name,
                    "PW" => &mut g.white_name,
                    "BR" => &mut g.black_rank,
                    "WR" => &mut g.white_rank,
                    "DT" => &mut g.date,
                    "EV" => &mut g.event,
                    "RO" => &mut g.round,
                    "PC" => &mut g.place,
                    "GN" => &mut g.game_name,
                    "AP" => &mut g.application,
                    "GC" => {
                        if g.game_comment.is_none() {
                            g.game_comment = Some(p.text());
                        }
                        continue;
                    }
                    _ => continue,
                };
                if field.is_none() {
                    *field = Some(unescape_simple_text(p.value()));
                }
            }
        }
    }
    if has_setup {
        if g.moves.is_empty() {
            for (pt, s) in setup {
                initial.insert(pt, s);
            }
            if pl.is_some() {
                g.player_to_move = pl;
            }
        } else {
            let mut m: BTreeMap<Point, u8> = BTreeMap::new();
            for (pt, s) in setup {
                m.insert(pt, s);
            }
            let mut s = Setup::default();
            for (pt, st) in m {
                match st {
                    0 => s.black.push(pt),
                    1 => s.white.push(pt),
                    _ => s.empty.push(pt),
                }
            }
            g.warnings.push(Warning {
                position: node
                    .properties()
                    .next()
                    .and_then(|p| p.position())
                    .unwrap_or_default(),
                kind: WarningKind::SetupInMainLine { node: n },
            });
            g.mid_setups.push(MidSetup {
                node: n,
                before_move: g.moves.len(),
                setup: s,
                player_to_move: pl,
                comment: if mv.is_none() { comment.take() } else { None },
            });
        }
    }
    if let Some((color, point)) = mv {
        g.moves.push(RecordMove {
            color,
            point,
            node: n,
            comment,
        });
    } else if n == 0 {
        g.comment = comment;
    }
    Ok(())
}
