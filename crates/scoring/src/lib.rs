//! Scoring (in progress).
