//! Kuba speed: random playouts and legal-move generation.
fn main() {}
