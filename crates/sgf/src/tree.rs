//! The raw SGF tree: collections, game trees, nodes and properties.
//!
//! A [`GameTree`] is an arena: nodes, properties and values live in a few
//! flat vectors, and all text lives in one `String`, so a large file costs a
//! small multiple of its size and dropping a deep tree never recurses.

use std::borrow::Cow;

use crate::error::{Position, SgfError};
use crate::go::point_sort_key;
use crate::text::{escape_text, normalize_raw, unescape_simple_text, unescape_text};

pub(crate) const NONE: u32 = u32::MAX;

/// A collection: the games of one SGF file, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Collection {
    /// The game trees.
    pub games: Vec<GameTree>,
}

impl Collection {
    /// Writes the collection as SGF (see [`crate::write_collection`]).
    pub fn to_sgf(&self) -> String {
        crate::write::write_collection(self)
    }
}

/// Identifies a node of one [`GameTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The index of the node in its tree's arena (the root is 0; nodes read
    /// from a file are numbered in the order they appear).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy, Debug)]
struct NodeRec {
    props_start: u32,
    props_len: u32,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
}

#[derive(Clone, Copy, Debug)]
struct PropRec {
    ident_start: u32,
    ident_len: u32,
    values_start: u32,
    values_len: u32,
}

#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u32,
}

/// One game: a tree of nodes whose root is the game's root node.
///
/// The main line is the chain of first children from the root. Equality
/// (`==`) compares the trees structurally (identifiers, raw values, child
/// order), ignoring source positions and arena layout.
#[derive(Clone, Debug)]
pub struct GameTree {
    nodes: Vec<NodeRec>,
    props: Vec<PropRec>,
    positions: Vec<Position>,
    values: Vec<Span>,
    text: String,
}

impl Default for GameTree {
    fn default() -> Self {
        Self::new()
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).expect("tengen-sgf: game tree larger than 4 GiB")
}

impl GameTree {
    /// A tree holding only an empty root node.
    pub fn new() -> Self {
        let mut t = Self::empty();
        t.add_node_raw(NONE);
        t
    }

    pub(crate) fn empty() -> Self {
        GameTree {
            nodes: Vec::new(),
            props: Vec::new(),
            positions: Vec::new(),
            values: Vec::new(),
            text: String::new(),
        }
    }

    /// The root node's id.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// The number of nodes in the tree.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// A view of one node.
    ///
    /// # Panics
    /// If `id` does not belong to this tree.
    pub fn node(&self, id: NodeId) -> Node<'_> {
        assert!(id.index() < self.nodes.len(), "NodeId from another tree");
        Node { tree: self, id }
    }

    /// The main line: the root, then each first child.
    pub fn main_line(&self) -> MainLine<'_> {
        MainLine {
            tree: self,
            next: 0,
        }
    }

    /// All node ids in pre-order (depth first, children in order), without
    /// recursion.
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![0u32];
        while let Some(n) = stack.pop() {
            out.push(NodeId(n));
            let mut kids: Vec<u32> = Vec::new();
            let mut c = self.nodes[n as usize].first_child;
            while c != NONE {
                kids.push(c);
                c = self.nodes[c as usize].next_sibling;
            }
            stack.extend(kids.into_iter().rev());
        }
        out
    }

    /// Adds a new last child to `parent` and returns its id.
    ///
    /// # Panics
    /// If `parent` does not belong to this tree.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        assert!(
            parent.index() < self.nodes.len(),
            "NodeId from another tree"
        );
        NodeId(self.add_node_raw(parent.0))
    }

    /// Appends a property with raw (SGF-escaped) values to a node.
    ///
    /// The identifier keeps its upper-case ASCII letters (all letters are
    /// upper-cased if it has none). Raw values are normalised as the parser
    /// would read them: soft line breaks removed, unescaped `]` escaped. An
    /// empty list of values is stored as one empty value (`[]`).
    ///
    /// # Errors
    /// [`SgfError::InvalidIdent`] if `ident` has no ASCII letter.
    ///
    /// # Panics
    /// If `node` does not belong to this tree.
    pub fn push_property<I, S>(
        &mut self,
        node: NodeId,
        ident: &str,
        raw_values: I,
    ) -> Result<(), SgfError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        assert!(node.index() < self.nodes.len(), "NodeId from another tree");
        let (kept, _) = normalize_ident(ident);
        if kept.is_empty() {
            return Err(SgfError::InvalidIdent {
                ident: ident.to_string(),
            });
        }
        self.start_prop(node.0, &kept, Position::default());
        let mut any = false;
        for v in raw_values {
            any = true;
            let v = normalize_raw(v.as_ref());
            self.push_value(&v);
        }
        if !any {
            self.push_value("");
        }
        Ok(())
    }

    /// Appends a property with one text value, escaped with
    /// [`escape_text`].
    ///
    /// # Errors
    /// As [`GameTree::push_property`].
    pub fn push_text(&mut self, node: NodeId, ident: &str, text: &str) -> Result<(), SgfError> {
        self.push_property(node, ident, [escape_text(text)])
    }

    /// A copy in canonical order, the order [`crate::write_game`] writes:
    /// the root's properties sorted by `FF`, `GM`, `CA`, `AP`, `ST`, `SZ`,
    /// then the rest in their order; the values of every `AB`/`AW`/`AE`
    /// sorted by column then row (values that are not points last, in their
    /// order). Parsing written SGF gives this tree.
    pub fn canonicalized(&self) -> GameTree {
        let mut out = GameTree::empty();
        // (old node, new parent)
        let mut stack = vec![(0u32, NONE)];
        while let Some((old, new_parent)) = stack.pop() {
            let new = out.add_node_raw(new_parent);
            for p in self.node(NodeId(old)).canonical_properties() {
                out.start_prop(new, p.ident(), self.positions[p.index as usize]);
                for v in p.canonical_values() {
                    out.push_value(v);
                }
            }
            let kids: Vec<NodeId> = self.node(NodeId(old)).children().collect();
            for k in kids.into_iter().rev() {
                stack.push((k.0, new));
            }
        }
        out
    }

    /// Writes this game as SGF (see [`crate::write_game`]).
    pub fn to_sgf(&self) -> String {
        crate::write::write_game(self)
    }

    // ----- internal building API (used by the parser) -----

    pub(crate) fn add_node_raw(&mut self, parent: u32) -> u32 {
        let id = to_u32(self.nodes.len());
        self.nodes.push(NodeRec {
            props_start: to_u32(self.props.len()),
            props_len: 0,
            parent,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
        });
        if parent != NONE {
            let p = &mut self.nodes[parent as usize];
            let last = p.last_child;
            p.last_child = id;
            if last == NONE {
                p.first_child = id;
            } else {
                self.nodes[last as usize].next_sibling = id;
            }
        }
        id
    }

    /// Reserves room for about this many nodes, values and text bytes.
    pub(crate) fn reserve(&mut self, nodes: usize, values: usize, text: usize) {
        self.nodes.reserve(nodes);
        self.props.reserve(values);
        self.positions.reserve(values);
        self.values.reserve(values);
        self.text.reserve(text);
    }

    /// Gives back unused capacity when it is more than half.
    pub(crate) fn shrink(&mut self) {
        fn fit<T>(v: &mut Vec<T>) {
            if v.capacity() > 2 * v.len() + 16 {
                v.shrink_to_fit();
            }
        }
        fit(&mut self.nodes);
        fit(&mut self.props);
        fit(&mut self.positions);
        fit(&mut self.values);
        if self.text.capacity() > 2 * self.text.len() + 16 {
            self.text.shrink_to_fit();
        }
    }

    fn intern(&mut self, s: &str) -> Span {
        let start = to_u32(self.text.len());
        self.text.push_str(s);
        let _ = to_u32(self.text.len());
        Span {
            start,
            len: s.len() as u32,
        }
    }

    /// Starts a new property on `node`; its values follow with `push_value`.
    pub(crate) fn start_prop(&mut self, node: u32, ident: &str, pos: Position) {
        let rec = self.nodes[node as usize];
        let end = (rec.props_start + rec.props_len) as usize;
        if end != self.props.len() {
            // Move this node's properties to the end so they stay contiguous.
            let start = rec.props_start as usize;
            let new_start = to_u32(self.props.len());
            self.props.extend_from_within(start..end);
            self.positions.extend_from_within(start..end);
            self.nodes[node as usize].props_start = new_start;
        }
        let ident = self.intern(ident);
        self.props.push(PropRec {
            ident_start: ident.start,
            ident_len: ident.len,
            values_start: to_u32(self.values.len()),
            values_len: 0,
        });
        self.positions.push(pos);
        self.nodes[node as usize].props_len += 1;
    }

    /// Appends a (normalised) raw value to the last started property.
    pub(crate) fn push_value(&mut self, raw: &str) {
        let span = self.intern(raw);
        self.values.push(span);
        if let Some(p) = self.props.last_mut() {
            p.values_len += 1;
        }
    }

    /// Replaces the values of property `prop` (an index into `props`).
    pub(crate) fn replace_values(&mut self, prop: usize, values: &[&str]) {
        let start = to_u32(self.values.len());
        for v in values {
            let span = self.intern(v);
            self.values.push(span);
        }
        let p = &mut self.props[prop];
        p.values_start = start;
        p.values_len = values.len() as u32;
    }

    fn span_str(&self, start: u32, len: u32) -> &str {
        &self.text[start as usize..(start + len) as usize]
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &Self) -> bool {
        if self.nodes.len() != other.nodes.len() {
            return false;
        }
        let mut stack = vec![(0u32, 0u32)];
        while let Some((a, b)) = stack.pop() {
            let (na, nb) = (self.node(NodeId(a)), other.node(NodeId(b)));
            if na.property_count() != nb.property_count() {
                return false;
            }
            for (pa, pb) in na.properties().zip(nb.properties()) {
                if pa.ident() != pb.ident() || !pa.values().eq(pb.values()) {
                    return false;
                }
            }
            let mut ca = self.nodes[a as usize].first_child;
            let mut cb = other.nodes[b as usize].first_child;
            while ca != NONE && cb != NONE {
                stack.push((ca, cb));
                ca = self.nodes[ca as usize].next_sibling;
                cb = other.nodes[cb as usize].next_sibling;
            }
            if ca != cb {
                // One list ended before the other (both would be NONE).
                return false;
            }
        }
        true
    }
}

/// Keeps the upper-case letters of an identifier; upper-cases all letters if
/// there is none. Returns the identifier and whether it was changed.
pub(crate) fn normalize_ident(ident: &str) -> (Cow<'_, str>, bool) {
    if ident.bytes().all(|b| b.is_ascii_uppercase()) {
        return (Cow::Borrowed(ident), false);
    }
    let upper: String = ident.chars().filter(|c| c.is_ascii_uppercase()).collect();
    if upper.is_empty() {
        let all: String = ident
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .map(|c| c.to_ascii_uppercase())
            .collect();
        return (Cow::Owned(all), true);
    }
    (Cow::Owned(upper), true)
}

/// Iterator over the main line (root, then first children).
#[derive(Clone, Debug)]
pub struct MainLine<'a> {
    tree: &'a GameTree,
    next: u32,
}

impl Iterator for MainLine<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        if self.next == NONE || self.next as usize >= self.tree.nodes.len() {
            return None;
        }
        let id = self.next;
        self.next = self.tree.nodes[id as usize].first_child;
        Some(NodeId(id))
    }
}

/// A view of one node of a [`GameTree`].
#[derive(Clone, Copy, Debug)]
pub struct Node<'a> {
    tree: &'a GameTree,
    id: NodeId,
}

impl<'a> Node<'a> {
    fn rec(&self) -> NodeRec {
        self.tree.nodes[self.id.index()]
    }

    /// This node's id.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// The parent, `None` for the root.
    pub fn parent(&self) -> Option<NodeId> {
        let p = self.rec().parent;
        (p != NONE).then_some(NodeId(p))
    }

    /// The first child (the next node of the main line from here).
    pub fn first_child(&self) -> Option<NodeId> {
        let c = self.rec().first_child;
        (c != NONE).then_some(NodeId(c))
    }

    /// The children, in order (the first one continues the line, the others
    /// are variations).
    pub fn children(&self) -> Children<'a> {
        Children {
            tree: self.tree,
            next: self.rec().first_child,
        }
    }

    /// The number of properties.
    pub fn property_count(&self) -> usize {
        self.rec().props_len as usize
    }

    /// The properties, in stored order.
    pub fn properties(&self) -> impl ExactSizeIterator<Item = Property<'a>> + 'a {
        let rec = self.rec();
        let tree = self.tree;
        (rec.props_start..rec.props_start + rec.props_len)
            .map(move |index| Property { tree, index })
    }

    /// The first property with this identifier.
    pub fn get(&self, ident: &str) -> Option<Property<'a>> {
        self.properties().find(|p| p.ident() == ident)
    }

    /// The properties in the order the writer uses (see
    /// [`GameTree::canonicalized`]).
    pub(crate) fn canonical_properties(&self) -> Vec<Property<'a>> {
        let mut v: Vec<Property<'a>> = self.properties().collect();
        if self.rec().parent == NONE {
            v.sort_by_key(|p| root_rank(p.ident()));
        }
        v
    }
}

fn root_rank(ident: &str) -> u8 {
    match ident {
        "FF" => 0,
        "GM" => 1,
        "CA" => 2,
        "AP" => 3,
        "ST" => 4,
        "SZ" => 5,
        _ => 6,
    }
}

/// Iterator over the children of a node.
#[derive(Clone, Debug)]
pub struct Children<'a> {
    tree: &'a GameTree,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        if self.next == NONE {
            return None;
        }
        let id = self.next;
        self.next = self.tree.nodes[id as usize].next_sibling;
        Some(NodeId(id))
    }
}

/// A view of one property: an identifier and one or more raw values.
#[derive(Clone, Copy, Debug)]
pub struct Property<'a> {
    tree: &'a GameTree,
    pub(crate) index: u32,
}

impl<'a> Property<'a> {
    fn rec(&self) -> PropRec {
        self.tree.props[self.index as usize]
    }

    /// The identifier (upper-case ASCII letters).
    pub fn ident(&self) -> &'a str {
        let r = self.rec();
        self.tree.span_str(r.ident_start, r.ident_len)
    }

    /// The raw values (SGF-escaped, soft line breaks removed).
    pub fn values(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        let r = self.rec();
        let tree = self.tree;
        tree.values[r.values_start as usize..(r.values_start + r.values_len) as usize]
            .iter()
            .map(move |s| tree.span_str(s.start, s.len))
    }

    /// The first raw value (every property read has at least one).
    pub fn value(&self) -> &'a str {
        self.values().next().unwrap_or("")
    }

    /// The first value read as SGF Text (see [`unescape_text`]).
    pub fn text(&self) -> String {
        unescape_text(self.value())
    }

    /// The first value read as SGF SimpleText (see [`unescape_simple_text`]).
    pub fn simple_text(&self) -> String {
        unescape_simple_text(self.value())
    }

    /// Where the property's identifier was in the source, if read from one.
    pub fn position(&self) -> Option<Position> {
        let p = self.tree.positions[self.index as usize];
        p.is_known().then_some(p)
    }

    /// The values in the order the writer uses: `AB`/`AW`/`AE` sorted by
    /// column then row, others as stored.
    pub(crate) fn canonical_values(&self) -> Vec<&'a str> {
        let mut v: Vec<&'a str> = self.values().collect();
        if matches!(self.ident(), "AB" | "AW" | "AE") {
            v.sort_by_key(|s| point_sort_key(s));
        }
        v
    }
}
