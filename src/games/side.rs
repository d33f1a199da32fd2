//! Tables with one entry per side of a two-player game, indexed by the game's own
//! colour rather than by a number.

use std::ops::{Index, IndexMut};

/// A colour of a two-player game: its place in playing order, 0 or 1.
pub trait Side: Copy {
    /// 0 for the side that moves first, 1 for the other.
    fn index(self) -> usize;
}

/// One value per side, read and written by colour: `reds[Color::White]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T>([T; 2]);

impl<T> BySide<T> {
    /// The first side's value, then the second's.
    pub const fn new(first: T, second: T) -> Self {
        BySide([first, second])
    }

    /// Both values, first side first.
    pub fn values(&self) -> &[T; 2] {
        &self.0
    }
}

impl<T: Copy> BySide<T> {
    /// The same value for both sides.
    pub const fn both(value: T) -> Self {
        BySide([value, value])
    }
}

impl<T, S: Side> Index<S> for BySide<T> {
    type Output = T;
    fn index(&self, side: S) -> &T {
        &self.0[side.index() & 1]
    }
}

impl<T, S: Side> IndexMut<S> for BySide<T> {
    fn index_mut(&mut self, side: S) -> &mut T {
        &mut self.0[side.index() & 1]
    }
}
