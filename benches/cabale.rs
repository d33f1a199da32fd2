//! Cabale speed.
fn main() {}
