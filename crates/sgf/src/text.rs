//! Escaping and the SGF text value types (Text, SimpleText, compose).
//!
//! Raw values (as stored in a [`crate::GameTree`]) are in SGF escaped form:
//! `\` escapes the next character, soft line breaks (`\` + line break) have
//! been removed, and every `]` is escaped.

use std::borrow::Cow;

/// Escapes a text for use as a raw value: `\` → `\\`, `]` → `\]`.
///
/// ```
/// assert_eq!(tengen_sgf::escape_text(r"a]b\c"), r"a\]b\\c");
/// ```
pub fn escape_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes one part of a compose value (`a:b`): like [`escape_text`], and
/// `:` → `\:` too.
pub fn escape_compose_part(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\\' || c == ']' || c == ':' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn unescape(raw: &str, simple: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut it = raw.chars().peekable();
    while let Some(c) = it.next() {
        let c = if c == '\\' {
            match it.next() {
                None => break,
                Some(n @ ('\n' | '\r')) => {
                    // Soft line break: removed (a two-character break too).
                    let other = if n == '\n' { '\r' } else { '\n' };
                    if it.peek() == Some(&other) {
                        it.next();
                    }
                    continue;
                }
                Some(n) => n,
            }
        } else {
            c
        };
        match c {
            '\n' | '\r' => {
                let other = if c == '\n' { '\r' } else { '\n' };
                if it.peek() == Some(&other) {
                    it.next();
                }
                out.push(if simple { ' ' } else { '\n' });
            }
            c if c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Reads a raw value as SGF *Text*: escapes removed, soft line breaks
/// removed, line breaks (`\n`, `\r\n`, `\n\r`, `\r`) kept as `\n`, other
/// whitespace turned into a space.
///
/// ```
/// assert_eq!(tengen_sgf::unescape_text("a\\]\tb\\\nc\r\nd"), "a] bc\nd");
/// ```
pub fn unescape_text(raw: &str) -> String {
    unescape(raw, false)
}

/// Reads a raw value as SGF *SimpleText*: like [`unescape_text`] but line
/// breaks become spaces too.
pub fn unescape_simple_text(raw: &str) -> String {
    unescape(raw, true)
}

/// Splits a raw compose value `a:b` at its first unescaped `:`.
///
/// ```
/// assert_eq!(tengen_sgf::split_compose(r"x\:y:z"), Some((r"x\:y", "z")));
/// assert_eq!(tengen_sgf::split_compose("19"), None);
/// ```
pub fn split_compose(raw: &str) -> Option<(&str, &str)> {
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b':' => return Some((&raw[..i], &raw[i + 1..])),
            _ => i += 1,
        }
    }
    None
}

/// Normalises a raw value: removes soft line breaks, escapes a `]` that is
/// not escaped and a trailing lone `\`. Raw values found by the parser only
/// ever change by losing soft line breaks.
pub(crate) fn normalize_raw(raw: &str) -> Cow<'_, str> {
    if !raw.bytes().any(|b| b == b'\\' || b == b']') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut it = raw.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '\\' => match it.next() {
                None => out.push_str("\\\\"),
                Some(n @ ('\n' | '\r')) => {
                    let other = if n == '\n' { '\r' } else { '\n' };
                    if it.peek() == Some(&other) {
                        it.next();
                    }
                }
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
            },
            ']' => out.push_str("\\]"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize() {
        assert_eq!(normalize_raw("ab"), "ab");
        assert_eq!(normalize_raw("a\\\nb"), "ab");
        assert_eq!(normalize_raw("a\\\r\nb"), "ab");
        assert_eq!(normalize_raw("a]"), "a\\]");
        assert_eq!(normalize_raw("a\\"), "a\\\\");
        assert_eq!(normalize_raw("a\\]"), "a\\]");
    }

    #[test]
    fn simple_text() {
        assert_eq!(unescape_simple_text("a\nb\r\nc\td"), "a b c d");
        assert_eq!(unescape_text("x\\:y"), "x:y");
    }
}
