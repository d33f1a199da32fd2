//! Corner arithmetic on the padded grid: which vertices a placement makes grow and
//! by how much (§2.4, KW-I2, KW-I6).
//!
//! Every occupied cell keeps a mask of its occupied 8-neighbours, so the corners at
//! a vertex, the 2×2 test and adjacency are table lookups.

use super::square::STRIDE;
use super::Extension;

/// Bits of the neighbour mask: N, E, S, W, then NE, SE, SW, NW.
pub(super) const N: u8 = 1;
pub(super) const E: u8 = 2;
pub(super) const S: u8 = 4;
pub(super) const W: u8 = 8;
const NE: u8 = 16;
const SE: u8 = 32;
const SW: u8 = 64;
const NW: u8 = 128;

const ST: isize = STRIDE as isize;

/// Offsets of the eight neighbours, in the bit order of the mask.
pub(super) const OFFSETS: [isize; 8] = [ST, 1, -ST, -1, ST + 1, -ST + 1, -ST - 1, ST - 1];

/// The mask bit a neighbour at `OFFSETS[i]` sets on the cell it neighbours, i.e. the
/// opposite direction.
pub(super) const OPPOSITE_BIT: [u8; 8] = [S, W, N, E, SW, NW, NE, SE];

/// The orthogonal directions in mask-bit order, with the bits perpendicular to each.
const ORTHO: [(u8, isize, u8); 4] = [(N, ST, E | W), (E, 1, N | S), (S, -ST, E | W), (W, -1, N | S)];

/// Corners at a vertex from its orthogonal mask: one per quadrant with both arms.
const QUAD: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut m = 0;
    while m < 16 {
        let b = m as u8;
        let pairs = [(N, E), (E, S), (S, W), (W, N)];
        let mut i = 0;
        while i < 4 {
            if b & pairs[i].0 != 0 && b & pairs[i].1 != 0 {
                t[m] += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// True when filling a cell with this neighbour mask completes a 2×2 block.
const BLOCK: [bool; 256] = {
    let mut t = [false; 256];
    let mut m = 0;
    while m < 256 {
        let b = m as u8;
        let windows = [N | NE | E, E | SE | S, S | SW | W, W | NW | N];
        let mut i = 0;
        while i < 4 {
            if b & windows[i] == windows[i] {
                t[m] = true;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// Corners at a vertex whose neighbour mask is `mask`.
#[inline]
pub(super) fn corners(mask: u8) -> u8 {
    QUAD[usize::from(mask & 15)]
}

/// True when a cube on a cell with neighbour mask `mask` completes a 2×2 block.
#[inline]
pub(super) fn completes_block(mask: u8) -> bool {
    BLOCK[usize::from(mask)]
}

/// The lowest bits of a cell: its height. Off-board cells read as height 7.
pub(super) const HEIGHT: u8 = 7;
/// The value of a cell outside the board.
pub(super) const OFF: u8 = 7;
/// The tallest stack allowed.
pub(super) const CAP: u8 = 5;

/// Height of a cell value (7 for off-board cells).
#[inline]
pub(super) fn height(cell: u8) -> u8 {
    cell & HEIGHT
}

/// True for a cell value holding at least one cube.
#[inline]
pub(super) fn occupied(cell: u8) -> bool {
    (cell & HEIGHT).wrapping_sub(1) < CAP
}

/// What one placement earns at one vertex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Gain {
    /// Padded index of the vertex.
    pub idx: u16,
    /// Corners created there.
    pub created: u8,
    /// Existing corners extended there.
    pub extended: u8,
    /// Cubes owed after the height cap.
    pub earned: u8,
}

/// The most vertices one placement can reach: itself and four runs of up to 25.
pub(super) const MAX_GAINS: usize = 4 * 25 + 1;

/// Calls `f(vertex, created, extended, cap)` for every vertex at which the placement
/// at `p` creates or extends corners, with `cap` the room left under the height
/// limit (counting the placed cube itself at `p`). Reads the grid as it is before
/// the placement. Returns nothing; the order is not board order.
#[inline(always)]
pub(super) fn for_each_vertex(
    cells: &[u8],
    nbrs: &[u8],
    p: usize,
    model: Extension,
    mut f: impl FnMut(usize, u8, u8, u8),
) {
    let (Some(&own), Some(_)) = (nbrs.get(p), cells.get(p)) else { return };
    let at_p = corners(own);
    if at_p > 0 {
        f(p, at_p, 0, CAP - 1);
    }
    for (bit, step, perp) in ORTHO {
        if own & bit == 0 {
            continue;
        }
        let mut v = p.wrapping_add_signed(step);
        let mut first = true;
        while let (Some(&cell), Some(&mask)) = (cells.get(v), nbrs.get(v)) {
            if !occupied(cell) {
                break;
            }
            // A cube beside the vertex, perpendicular to the walk, is a second arm:
            // next to `p` it makes a new corner; further away it is the far arm of
            // a corner whose other arm the walk runs along (arm model).
            let across = (mask & perp).count_ones() as u8;
            let existing = corners(mask);
            let (created, extended) = match (first, model) {
                (true, Extension::Line) => (across, existing),
                (true, Extension::Arm) => (across, 0),
                (false, Extension::Line) => (0, existing),
                (false, Extension::Arm) => (0, across),
            };
            if created + extended > 0 {
                f(v, created, extended, CAP - height(cell));
            }
            first = false;
            v = v.wrapping_add_signed(step);
        }
    }
}
