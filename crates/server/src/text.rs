//! Text people type that other people see: player names and chat.
//!
//! [`clean_text`] is the one cleaning every such text goes through: it removes control
//! characters (a newline, an escape sequence aimed at a terminal reading the logs) and the
//! characters that reorder what follows them (bidirectional overrides, embeddings and
//! isolates: `"Bob\u{202E}...`" shows the rest backwards and can make a name pass for
//! another), and trims white space at both ends. The web board shows the result as text,
//! never as markup.

/// Whether `c` changes the direction of the text after it: the bidirectional embeddings and
/// overrides U+202A..U+202E, the isolates U+2066..U+2069, and the marks U+200E, U+200F and
/// U+061C.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// `text` without control characters (Unicode category Cc, line breaks included, and the
/// line and paragraph separators U+2028/U+2029) and bidirectional controls, trimmed.
pub fn clean_text(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c) && c != '\u{2028}' && c != '\u{2029}')
        .collect();
    kept.trim().to_string()
}

/// `text` cut to at most `max` characters, with `…` at the end when something was cut: for
/// messages that quote what a client sent.
pub fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((at, _)) => {
            let mut s = text[..at].to_string();
            s.push('…');
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_controls_and_direction_changes() {
        // An override that would show "Bob" then "evil" reversed.
        assert_eq!(clean_text("Bob\u{202E}live"), "Boblive");
        assert_eq!(clean_text("\u{2066}x\u{2069}\u{200F}"), "x");
        assert_eq!(clean_text("a\nb\tc\u{1b}[31md\u{7f}"), "abc[31md");
        assert_eq!(clean_text("  two\u{2028}lines "), "twolines");
        // Ordinary text of any script stays as it is, inner spaces included.
        assert_eq!(clean_text("本因坊 秀策"), "本因坊 秀策");
        assert_eq!(clean_text("شطرنج"), "شطرنج");
        assert_eq!(clean_text("Lee Sedol 🙂"), "Lee Sedol 🙂");
    }

    #[test]
    fn truncates_by_characters() {
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abcd", 3), "abc…");
        assert_eq!(truncate("ééé", 2), "éé…");
        assert_eq!(truncate("", 0), "");
    }
}
