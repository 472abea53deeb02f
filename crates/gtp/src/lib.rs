//! GTP v2 engine (in progress).
