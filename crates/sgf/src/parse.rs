//! The reader: charset decoding, then one iterative pass over the text.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8};

use crate::error::{Position, SgfError, Warning, WarningKind};
use crate::text::normalize_raw;
use crate::tree::{normalize_ident, Collection, GameTree, NONE};

/// At most this many warnings are kept; then one `TooManyWarnings`.
const MAX_WARNINGS: usize = 1000;
/// Largest input accepted, in bytes.
const MAX_INPUT: usize = 1 << 30;

/// The result of reading an SGF file.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// The games read.
    pub collection: Collection,
    /// Non-fatal problems, in input order.
    pub warnings: Vec<Warning>,
    /// The name of the charset the input was decoded from (e.g. `"UTF-8"`,
    /// `"windows-1252"` for `CA[ISO-8859-1]`).
    pub encoding: &'static str,
}

/// Reads an SGF collection from raw bytes.
///
/// The charset is the `CA` of the first game's root node (any label known to
/// the WHATWG Encoding Standard that keeps ASCII, e.g. `ISO-8859-1`,
/// `latin1`, `GB2312`, `Shift_JIS`, `EUC-KR`, `Big5`); UTF-8 by default or
/// with a UTF-8 byte-order mark. Invalid UTF-8 is replaced (with a warning).
/// Text is kept as UTF-8; since [`crate::write_collection`] writes UTF-8, a
/// first-root `CA` naming another charset is replaced by `UTF-8`.
///
/// # Errors
/// An [`SgfError`] with the line and column of what cannot be read.
pub fn parse(input: &[u8]) -> Result<Parsed, SgfError> {
    if input.len() > MAX_INPUT {
        return Err(SgfError::TooLarge { len: input.len() });
    }
    let mut warnings = Vec::new();
    let (bytes, bom) = match input.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest, true),
        None => (input, false),
    };
    let mut encoding: &'static Encoding = UTF_8;
    if !bom {
        // First pass: only the first root node, read as (lossy) UTF-8.
        let lossy = String::from_utf8_lossy(bytes);
        let mut p = Parser::new(&lossy, true);
        if let Ok(games) = p.parse_collection() {
            if let Some(label) = games.first().and_then(first_ca) {
                match charset(&label) {
                    Some(e) => encoding = e,
                    None => warnings.push(Warning {
                        position: Position::default(),
                        kind: WarningKind::UnknownCharset { label },
                    }),
                }
            }
        }
    }
    let text: Cow<'_, str> = if encoding == UTF_8 {
        match std::str::from_utf8(bytes) {
            Ok(s) => Cow::Borrowed(s),
            Err(e) => {
                let s = String::from_utf8_lossy(bytes);
                let position = position_of(&s, e.valid_up_to());
                warnings.push(Warning {
                    position,
                    kind: WarningKind::InvalidUtf8,
                });
                s
            }
        }
    } else {
        encoding.decode_without_bom_handling(bytes).0
    };
    let mut parsed = parse_text(&text)?;
    parsed.encoding = encoding.name();
    warnings.append(&mut parsed.warnings);
    parsed.warnings = warnings;
    Ok(parsed)
}

/// Reads an SGF collection from already decoded text (`CA` is not used to
/// decode; a first-root `CA` naming another charset is replaced by `UTF-8`).
///
/// # Errors
/// An [`SgfError`] with the line and column of what cannot be read.
pub fn parse_str(input: &str) -> Result<Parsed, SgfError> {
    if input.len() > MAX_INPUT {
        return Err(SgfError::TooLarge { len: input.len() });
    }
    parse_text(input)
}

fn parse_text(text: &str) -> Result<Parsed, SgfError> {
    let mut p = Parser::new(text, false);
    let mut games = p.parse_collection()?;
    if let Some(first) = games.first_mut() {
        normalize_ca(first);
    }
    let mut warnings = p.warnings;
    if p.dropped > 0 {
        warnings.push(Warning {
            position: Position::default(),
            kind: WarningKind::TooManyWarnings { dropped: p.dropped },
        });
    }
    Ok(Parsed {
        collection: Collection { games },
        warnings,
        encoding: "UTF-8",
    })
}

/// The charset for a `CA` label, `None` if unknown or not ASCII-compatible.
fn charset(label: &str) -> Option<&'static Encoding> {
    let e = Encoding::for_label(label.trim().as_bytes())?;
    e.is_ascii_compatible().then_some(e)
}

fn first_ca(tree: &GameTree) -> Option<String> {
    tree.node(tree.root())
        .get("CA")
        .map(|p| crate::text::unescape_simple_text(p.value()))
}

/// Replaces root `CA` values naming a non-UTF-8 charset by `UTF-8`.
fn normalize_ca(tree: &mut GameTree) {
    let to_fix: Vec<usize> = tree
        .node(tree.root())
        .properties()
        .filter(|p| p.ident() == "CA")
        .filter(|p| {
            p.values()
                .any(|v| charset(&crate::text::unescape_simple_text(v)).is_some_and(|e| e != UTF_8))
        })
        .map(|p| p.index as usize)
        .collect();
    for i in to_fix {
        tree.replace_values(i, &["UTF-8"]);
    }
}

fn position_of(s: &str, off: usize) -> Position {
    let mut t = LineTracker::new();
    t.at(s.as_bytes(), off)
}

/// Computes line/column for increasing offsets in linear total time.
struct LineTracker {
    off: usize,
    line: u32,
    col: u32,
}

impl LineTracker {
    fn new() -> Self {
        LineTracker {
            off: 0,
            line: 1,
            col: 1,
        }
    }

    fn at(&mut self, b: &[u8], off: usize) -> Position {
        let off = off.min(b.len());
        if off < self.off {
            *self = LineTracker::new();
        }
        for &c in &b[self.off..off] {
            if c == b'\n' {
                self.line = self.line.saturating_add(1);
                self.col = 1;
            } else if c & 0xC0 != 0x80 {
                self.col = self.col.saturating_add(1);
            }
        }
        self.off = off;
        Position {
            line: self.line,
            column: self.col,
        }
    }
}

struct Parser<'s> {
    src: &'s str,
    b: &'s [u8],
    i: usize,
    lines: LineTracker,
    warnings: Vec<Warning>,
    dropped: usize,
    /// Stop once the first game's root node is complete (charset sniffing).
    stop_after_root: bool,
    /// Whether the arena of the first game was sized from the input.
    reserved: bool,
}

impl<'s> Parser<'s> {
    fn new(src: &'s str, stop_after_root: bool) -> Self {
        Parser {
            src,
            b: src.as_bytes(),
            i: 0,
            lines: LineTracker::new(),
            warnings: Vec::new(),
            dropped: 0,
            stop_after_root,
            reserved: false,
        }
    }

    fn pos(&mut self, off: usize) -> Position {
        self.lines.at(self.b, off)
    }

    fn warn(&mut self, off: usize, kind: WarningKind) {
        if self.stop_after_root {
            return;
        }
        if self.warnings.len() < MAX_WARNINGS {
            let position = self.pos(off);
            self.warnings.push(Warning { position, kind });
        } else {
            self.dropped += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_ascii_whitespace() || c == 0x0b {
                self.i += 1;
            } else {
                break;
            }
        }
    }

    fn parse_collection(&mut self) -> Result<Vec<GameTree>, SgfError> {
        let mut games = Vec::new();
        loop {
            self.skip_ws();
            let Some(c) = self.peek() else { break };
            match c {
                b'(' => {
                    let open = self.i;
                    self.i += 1;
                    self.skip_ws();
                    if self.peek() != Some(b';') {
                        if games.is_empty() {
                            return Err(SgfError::MissingSemicolon {
                                position: self.pos(self.i),
                            });
                        }
                        self.warn(open, WarningKind::StrayText);
                        continue;
                    }
                    let mut game = self.parse_game()?;
                    game.shrink();
                    games.push(game);
                    if self.stop_after_root {
                        break;
                    }
                }
                b';' if games.is_empty() => {
                    return Err(SgfError::MissingParen {
                        position: self.pos(self.i),
                    })
                }
                _ => {
                    self.warn(self.i, WarningKind::StrayText);
                    self.i += 1;
                    while let Some(c) = self.peek() {
                        if c == b'(' {
                            break;
                        }
                        self.i += 1;
                    }
                }
            }
        }
        if games.is_empty() {
            return Err(SgfError::NoGameTree {
                position: self.pos(self.i),
            });
        }
        Ok(games)
    }

    /// Reads one game tree; `self.i` is at the `;` after its `(`.
    fn parse_game(&mut self) -> Result<GameTree, SgfError> {
        let mut tree = GameTree::empty();
        if !self.stop_after_root && !self.reserved {
            self.reserved = true;
            // The first game: size the arena from the whole input, so a
            // large file is stored without doubling overshoot.
            let rest = &self.b[self.i..];
            let nodes = memchr::memchr_iter(b';', rest).count();
            let values = memchr::memchr_iter(b'[', rest).count();
            tree.reserve(nodes, values, rest.len());
        }
        // For each open '(': the node the next ';' attaches to.
        let mut stack: Vec<u32> = vec![NONE];
        // The node whose properties are being read, if any.
        let mut open_node = NONE;
        loop {
            self.skip_ws();
            let Some(c) = self.peek() else {
                self.warn(self.i, WarningKind::UnclosedGameTree);
                break;
            };
            match c {
                b';' | b'(' | b')' if self.stop_after_root && tree.node_count() > 0 => {
                    return Ok(tree);
                }
                b';' => {
                    self.i += 1;
                    let Some(top) = stack.last_mut() else { break };
                    let id = tree.add_node_raw(*top);
                    *top = id;
                    open_node = id;
                }
                b'(' => {
                    self.i += 1;
                    self.skip_ws();
                    if self.peek() != Some(b';') {
                        return Err(SgfError::MissingSemicolon {
                            position: self.pos(self.i),
                        });
                    }
                    let top = stack.last().copied().unwrap_or(NONE);
                    stack.push(top);
                    open_node = NONE;
                }
                b')' => {
                    self.i += 1;
                    stack.pop();
                    open_node = NONE;
                    if stack.is_empty() {
                        break;
                    }
                }
                b'[' => {
                    self.warn(self.i, WarningKind::ValueWithoutIdent);
                    self.skip_values()?;
                }
                c if c.is_ascii_alphabetic() => self.parse_property(&mut tree, open_node)?,
                _ => {
                    self.warn(self.i, WarningKind::StrayText);
                    self.i += 1;
                    while let Some(c) = self.peek() {
                        if matches!(c, b';' | b'(' | b')' | b'[') || c.is_ascii_alphabetic() {
                            break;
                        }
                        self.i += 1;
                    }
                }
            }
        }
        Ok(tree)
    }

    /// Finds the `]` closing the value whose `[` is at `open`.
    fn value_end(&mut self, open: usize) -> Result<usize, SgfError> {
        let mut j = open + 1;
        while let Some(k) = memchr::memchr2(b'\\', b']', &self.b[j.min(self.b.len())..]) {
            let k = j + k;
            if self.b[k] == b']' {
                return Ok(k);
            }
            j = k + 2;
            if j >= self.b.len() {
                break;
            }
        }
        Err(SgfError::UnclosedValue {
            position: self.pos(open),
        })
    }

    fn skip_values(&mut self) -> Result<(), SgfError> {
        while self.peek() == Some(b'[') {
            let end = self.value_end(self.i)?;
            self.i = end + 1;
            self.skip_ws();
        }
        Ok(())
    }

    fn parse_property(&mut self, tree: &mut GameTree, node: u32) -> Result<(), SgfError> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.i += 1;
        }
        let src = self.src;
        let read = &src[start..self.i];
        let (ident, changed) = normalize_ident(read);
        if changed {
            self.warn(
                start,
                WarningKind::LowercaseIdent {
                    read: read.to_string(),
                    kept: ident.to_string(),
                },
            );
        }
        self.skip_ws();
        if self.peek() != Some(b'[') {
            self.warn(
                start,
                WarningKind::MissingValue {
                    ident: ident.into_owned(),
                },
            );
            return Ok(());
        }
        if node == NONE {
            self.warn(
                start,
                WarningKind::PropertyOutsideNode {
                    ident: ident.into_owned(),
                },
            );
            return self.skip_values();
        }
        let position = if self.stop_after_root {
            Position::default()
        } else {
            self.pos(start)
        };
        tree.start_prop(node, &ident, position);
        while self.peek() == Some(b'[') {
            let end = self.value_end(self.i)?;
            let raw = &src[self.i + 1..end];
            tree.push_value(&normalize_raw(raw));
            self.i = end + 1;
            self.skip_ws();
        }
        Ok(())
    }
}
