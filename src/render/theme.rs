//! Colours and the second cues that keep pieces apart without hue.
//!
//! Every seat colour differs from the others in lightness, and where two can still
//! be confused (red and green, red and black) the pieces also differ in shape or
//! carry a marker, so players with the common forms of colour blindness can tell
//! them apart.

use super::canvas::Color;
use crate::games::view::Tone;

/// Behind everything: the panel and the margins.
pub const BACKGROUND: Color = [0x26, 0x2a, 0x33];
/// The panel, a shade darker than the margins around the board.
pub const PANEL: Color = [0x1b, 0x1e, 0x24];
/// The bar behind the seat to move.
pub const TURN_BAR: Color = [0x33, 0x3b, 0x4a];
/// The gold band of a champion.
pub const GOLD: Color = [0xff, 0xd7, 0x3a];
/// The panel's main text.
pub const TEXT: Color = [0xee, 0xf0, 0xf4];
/// The panel's secondary text.
pub const TEXT_DIM: Color = [0xa9, 0xb1, 0xbe];
/// The panel's lines that call for attention (result, ban).
pub const TEXT_ACCENT: Color = [0xff, 0xc8, 0x57];
/// The coordinates around the board.
pub const COORD: Color = [0xd8, 0xdc, 0xe3];

/// Kuba's board, its holes and its groove.
pub const WOOD: Color = [0xc9, 0xa2, 0x68];
/// The shadowed side of a hole or groove.
pub const WOOD_DARK: Color = [0x8f, 0x6a, 0x36];
/// The lit floor of a hole.
pub const WOOD_HOLE: Color = [0xb0, 0x87, 0x4f];

/// Ruled squares.
pub const SQUARE_LIGHT: Color = [0xe9, 0xe3, 0xd3];
/// Lines between squares.
pub const GRID_LINE: Color = [0x9c, 0x92, 0x7c];

/// Hexagon fill by ring, outer (value 1) to centre (value 15).
pub const HEX_RINGS: [Color; 5] =
    [[0xf1, 0xe9, 0xd4], [0xe4, 0xd6, 0xb0], [0xd6, 0xc2, 0x8c], [0xc7, 0xab, 0x68], [0xb8, 0x94, 0x47]];
/// Lines between hexagons.
pub const HEX_LINE: Color = [0x6f, 0x5e, 0x3e];
/// A hexagon's printed value.
pub const HEX_VALUE: Color = [0x5c, 0x4b, 0x2b];

/// A wall on an edge.
pub const WALL: Color = [0x1c, 0x1c, 0x1c];

/// The last move: arrows, new walls and badges.
pub const MOVE: Color = [0xff, 0x7a, 0x1a];
/// The dark edge around last-move marks, so they stand out on any colour.
pub const MOVE_EDGE: Color = [0x2a, 0x12, 0x00];
/// Cells the last move placed on or arrived at (drawn translucent).
pub const MARKED: Color = [0x3f, 0xc1, 0xff];
/// Capturing jumps: white with a dark edge, unlike the orange path.
pub const JUMP: Color = [0xff, 0xff, 0xff];

/// The outline a piece's shape takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A disc.
    Circle,
    /// A rounded square.
    Square,
    /// A hexagon.
    Hexagon,
    /// A square on its corner.
    Diamond,
}

/// How a tone is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToneStyle {
    /// The body.
    pub fill: Color,
    /// The outline.
    pub edge: Color,
    /// Text printed on the body.
    pub ink: Color,
    /// The shape of tokens and blocks of this tone.
    pub shape: Shape,
    /// Marbles of this tone carry an inner ring (red, which can look like black).
    pub ring: bool,
}

/// The style of a tone.
pub fn style(tone: Tone) -> ToneStyle {
    let (fill, edge, ink, shape, ring) = match tone {
        Tone::White => ([0xf6, 0xf3, 0xec], [0x55, 0x55, 0x55], [0x1a, 0x1a, 0x1a], Shape::Circle, false),
        Tone::Black => ([0x22, 0x24, 0x29], [0x00, 0x00, 0x00], [0xff, 0xff, 0xff], Shape::Circle, false),
        Tone::Red => ([0xd3, 0x3a, 0x2c], [0x5e, 0x12, 0x0c], [0xff, 0xff, 0xff], Shape::Square, true),
        Tone::Blue => ([0x2d, 0x5b, 0xd7], [0x10, 0x24, 0x60], [0xff, 0xff, 0xff], Shape::Diamond, true),
        Tone::Yellow => ([0xf7, 0xc9, 0x1e], [0x6e, 0x52, 0x00], [0x1a, 0x1a, 0x1a], Shape::Circle, false),
        Tone::Green => ([0x5c, 0xbf, 0x6b], [0x17, 0x4a, 0x22], [0x0d, 0x0d, 0x0d], Shape::Hexagon, false),
    };
    ToneStyle { fill, edge, ink, shape, ring }
}

/// Every colour the pictures use unblended, which the PNG palette keeps exactly.
pub fn known_colours() -> Vec<Color> {
    let mut out = vec![BACKGROUND, PANEL, TURN_BAR, GOLD, TEXT, TEXT_DIM, TEXT_ACCENT, COORD, WALL];
    out.extend([WOOD, WOOD_DARK, WOOD_HOLE, SQUARE_LIGHT, GRID_LINE, HEX_LINE, HEX_VALUE]);
    out.extend([MOVE, MOVE_EDGE, MARKED, JUMP, [0, 0, 0], [0x14, 0x14, 0x14]]);
    out.extend(HEX_RINGS);
    for tone in [Tone::White, Tone::Black, Tone::Red, Tone::Blue, Tone::Yellow, Tone::Green] {
        let s = style(tone);
        out.extend([s.fill, s.edge, s.ink]);
    }
    out
}

/// Mixes two colours: `t = 0` gives `a`, `t = 1` gives `b`.
pub fn blend(a: Color, b: Color, t: f32) -> Color {
    let t = t.clamp(0.0, 1.0);
    let m = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t + 0.5) as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

/// The hexagon fill for a printed value.
pub fn hex_fill(value: Option<u8>) -> Color {
    HEX_RINGS[[2, 6, 10, 15].iter().filter(|&&t| value.unwrap_or(0) >= t).count()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative luminance (WCAG), 0 to 1.
    fn luminance(c: Color) -> f32 {
        let lin = |v: u8| {
            let s = f32::from(v) / 255.0;
            if s <= 0.04045 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
    }

    /// Tones that share a game must differ in lightness, or in shape or marker.
    #[test]
    fn tones_that_meet_differ_beyond_hue() {
        let games: [&[Tone]; 4] = [
            &[Tone::White, Tone::Black, Tone::Red],
            &[Tone::Blue, Tone::Yellow],
            &[Tone::Yellow, Tone::Red, Tone::Green, Tone::Blue],
            &[Tone::Green, Tone::Red],
        ];
        for tones in games {
            for (i, a) in tones.iter().enumerate() {
                for b in &tones[i + 1..] {
                    let (sa, sb) = (style(*a), style(*b));
                    let (la, lb) = (luminance(sa.fill), luminance(sb.fill));
                    let contrast = (la.max(lb) + 0.05) / (la.min(lb) + 0.05);
                    let other_cue = sa.shape != sb.shape || sa.ring != sb.ring;
                    assert!(contrast >= 1.5 || other_cue, "{a:?} and {b:?}: contrast {contrast}");
                    assert!(other_cue || contrast >= 3.0, "{a:?} and {b:?} rely on lightness alone: {contrast}");
                }
            }
        }
    }
}
