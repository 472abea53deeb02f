//! A fixed-length array indexed without bounds checks, for the board's hot loops.
//!
//! Why: in light playouts the bounds checks of the board's arrays cost about a fifth of all
//! instructions (callgrind, `examples/playouts.rs`, see docs/BENCHMARKS.md). The board's wall of
//! padding makes every index it computes (a point, its four neighbours, its four diagonals, a
//! group head, a ring successor) lie inside the array, and every public entry point that takes
//! an index checks it first; `debug_assert!` checks each access in debug builds and tests.
#![allow(unsafe_code)]

use std::ops::{Index, IndexMut};

/// A boxed slice whose indexing is unchecked in release builds. Its length never changes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Slab<T>(Box<[T]>);

impl<T: Clone> Slab<T> {
    pub(crate) fn new(value: T, len: usize) -> Slab<T> {
        Slab(vec![value; len].into_boxed_slice())
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    pub(crate) fn as_slice(&self) -> &[T] {
        &self.0
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.0
    }

    pub(crate) fn fill(&mut self, value: T) {
        self.0.fill(value);
    }
}

impl<T: Copy> Slab<T> {
    /// Copies `other` into `self` without allocating when the lengths agree.
    pub(crate) fn copy_from(&mut self, other: &Slab<T>) {
        if self.0.len() == other.0.len() {
            self.0.copy_from_slice(&other.0);
        } else {
            self.0 = other.0.clone();
        }
    }
}

impl<T> Index<usize> for Slab<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(
            i < self.0.len(),
            "index {i} outside the board's {}",
            self.0.len()
        );
        // SAFETY: every index the board computes lies inside its padded array (see the module
        // comment); public entry points that accept an index check it before use.
        unsafe { self.0.get_unchecked(i) }
    }
}

impl<T> IndexMut<usize> for Slab<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(
            i < self.0.len(),
            "index {i} outside the board's {}",
            self.0.len()
        );
        // SAFETY: as for `index`.
        unsafe { self.0.get_unchecked_mut(i) }
    }
}
