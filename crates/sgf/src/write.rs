//! The writer: deterministic SGF text, without recursion.

use crate::tree::{Collection, GameTree, NodeId};

/// Lines are wrapped before a node that would make them longer than this.
const WRAP: usize = 79;

/// Writes a collection: each game as [`write_game`] writes it, one after
/// the other.
pub fn write_collection(c: &Collection) -> String {
    let mut out = String::new();
    for g in &c.games {
        write_game_into(g, &mut out);
    }
    out
}

/// Writes one game tree as SGF, deterministically.
///
/// Layout: `(` then the root node on its own line; then the nodes of each
/// line of play, wrapped before column 80; each variation starts on a new
/// line with `(`; the game ends with `)` and a newline. Properties are in
/// canonical order (see [`GameTree::canonicalized`]); raw values are
/// written as stored (they are always validly escaped).
pub fn write_game(g: &GameTree) -> String {
    let mut out = String::new();
    write_game_into(g, &mut out);
    out
}

enum Step {
    Node(NodeId, bool),
    Close,
}

fn render_node(g: &GameTree, id: NodeId, buf: &mut String) {
    buf.clear();
    buf.push(';');
    let node = g.node(id);
    for p in node.canonical_properties() {
        buf.push_str(p.ident());
        if matches!(p.ident(), "AB" | "AW" | "AE") {
            for v in p.canonical_values() {
                buf.push('[');
                buf.push_str(v);
                buf.push(']');
            }
        } else {
            for v in p.values() {
                buf.push('[');
                buf.push_str(v);
                buf.push(']');
            }
        }
    }
}

/// Appends one game to `out` (see [`write_game`]).
pub fn write_game_into(g: &GameTree, out: &mut String) {
    let mut buf = String::new();
    let mut col: usize = 1;
    out.push('(');
    let mut stack = vec![Step::Node(g.root(), false)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Close => {
                out.push(')');
                col += 1;
            }
            Step::Node(id, variation) => {
                if variation {
                    if col > 0 {
                        out.push('\n');
                    }
                    out.push('(');
                    col = 1;
                }
                render_node(g, id, &mut buf);
                let is_root = id == g.root();
                if !is_root && !variation && col > 0 && col + buf.len() > WRAP {
                    out.push('\n');
                    col = 0;
                }
                out.push_str(&buf);
                match buf.rfind('\n') {
                    Some(k) => col = buf.len() - k - 1,
                    None => col += buf.len(),
                }
                if is_root {
                    out.push('\n');
                    col = 0;
                }
                let node = g.node(id);
                let mut kids = node.children();
                match (kids.next(), kids.next()) {
                    (None, _) => {}
                    (Some(only), None) => stack.push(Step::Node(only, false)),
                    _ => {
                        let all: Vec<NodeId> = node.children().collect();
                        for k in all.into_iter().rev() {
                            stack.push(Step::Close);
                            stack.push(Step::Node(k, true));
                        }
                    }
                }
            }
        }
    }
    out.push_str(")\n");
}
