//! The GTP v2 wire format: preprocessing of input lines, the command with its optional id, and
//! the response framing.

/// Cleans one input line as GTP v2 (section 2.2) asks: control characters other than HT and LF
/// are removed, HT becomes a space, everything from `#` on is a comment. Returns `None` when
/// nothing but white space is left (the line is then ignored).
///
/// ```
/// use tengen_gtp::preprocess;
/// assert_eq!(preprocess("play\tb d4 # why not\r").as_deref(), Some("play b d4"));
/// assert_eq!(preprocess("   # only a comment"), None);
/// ```
pub fn preprocess(line: &str) -> Option<String> {
    let without_comment = match line.find('#') {
        Some(k) => &line[..k],
        None => line,
    };
    let cleaned: String = without_comment
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            '\n' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let trimmed = cleaned.trim();
    if trimmed.is_empty() {
        None
    } else {
        Some(trimmed.to_string())
    }
}

/// A parsed command line: the optional numeric id, the command name and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The id the controller gave, echoed in the response.
    pub id: Option<u64>,
    /// The command name (may be empty when the line held only an id).
    pub name: String,
    /// The arguments, split on white space.
    pub args: Vec<String>,
}

impl Command {
    /// Splits a preprocessed line into id, name and arguments.
    ///
    /// ```
    /// use tengen_gtp::Command;
    /// let c = Command::parse("12 play b D4");
    /// assert_eq!(c.id, Some(12));
    /// assert_eq!(c.name, "play");
    /// assert_eq!(c.args, vec!["b", "D4"]);
    /// ```
    pub fn parse(line: &str) -> Command {
        let mut words = line.split_whitespace().peekable();
        let id = match words.peek() {
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => {
                let id = w.parse::<u64>().ok();
                if id.is_some() {
                    words.next();
                }
                id
            }
            _ => None,
        };
        let name = words.next().unwrap_or_default().to_string();
        let args = words.map(str::to_string).collect();
        Command { id, name, args }
    }
}

/// Frames a response: `=ID body` or `?ID message`, ended by an empty line.
pub(crate) fn frame(id: Option<u64>, result: &Result<String, crate::GtpError>) -> String {
    let id = id.map(|n| n.to_string()).unwrap_or_default();
    match result {
        Ok(body) => format!("={id} {body}\n\n"),
        Err(message) => format!("?{id} {message}\n\n"),
    }
}
