//! Animated replays: a game's positions as one GIF, a frame for the start and one
//! for each move, the last move highlighted as on the boards, the players' names
//! on every frame and the result on the final one, which is held longer.
//!
//! Encoded as lichess's lila-gif does, with the `gif` crate: one global palette
//! shared by every frame, and after the first frame only the rectangle that
//! changed, where the pixels that stayed the same are transparent (so the
//! compressor sees long runs of one index, which [`super::lzw`] takes in a few
//! steps). The palette is built from the first, a middle and the final frame,
//! which between them hold nearly every colour of a game, so the frames can be
//! drawn, indexed and compressed one at a time: memory stays two frames whatever
//! the game's length.
//!
//! ```
//! use boardbot::games::{kuba::Kuba, Game};
//! use boardbot::lang::Lang;
//! use boardbot::present::view::worded;
//! use boardbot::render::replay::{replay, ReplayOptions};
//!
//! let mut position = Kuba::start(&Default::default());
//! let mut views = vec![position.view()];
//! for text in ["g2-W", "a2-E"] {
//!     let m = position.parse_move(text).unwrap();
//!     let before = position.clone();
//!     position = position.play(&m).unwrap();
//!     let mut view = position.view();
//!     view.last = Some(before.move_view(&m));
//!     views.push(view);
//! }
//! // The pictures' words come from the catalog, in the reader's language.
//! let views: Vec<_> = views.into_iter().map(|v| worded(v, Lang::En)).collect();
//! let gif = replay(&views, &ReplayOptions::default()).unwrap();
//! assert_eq!(&gif[..6], b"GIF89a");
//! ```

use std::borrow::Cow;

use tiny_skia::Pixmap;

use super::encode::{Counts, Palette};
use super::{compose_lines, lzw, panel, theme, RenderError, RenderOptions, MAX_SIZE, MIN_SIZE};
use crate::games::view::BoardView;

/// How fast the moves follow each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Speed {
    /// 1.6 s a move.
    Slow,
    /// 1 s a move.
    #[default]
    Normal,
    /// 0.5 s a move.
    Fast,
}

impl Speed {
    /// Every speed, slowest first.
    pub const ALL: [Speed; 3] = [Speed::Slow, Speed::Normal, Speed::Fast];

    /// The speed's name on the command line and in chat commands.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
        }
    }

    /// How long a move's frame shows, in hundredths of a second (GIF's unit).
    pub fn move_cs(self) -> u16 {
        match self {
            Speed::Slow => 160,
            Speed::Normal => 100,
            Speed::Fast => 50,
        }
    }

    /// How long the final frame shows before the replay starts again: long
    /// enough to read the result at every speed.
    pub fn final_cs(self) -> u16 {
        match self {
            Speed::Slow => 600,
            Speed::Normal => 400,
            Speed::Fast => 300,
        }
    }
}

/// A speed's name that is none of `slow`, `normal`, `fast`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown speed \"{0}\": use slow, normal or fast")]
pub struct UnknownSpeed(pub String);

impl std::str::FromStr for Speed {
    type Err = UnknownSpeed;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Speed::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| UnknownSpeed(s.into()))
    }
}

/// How to draw a replay. Every text is the caller's, already in the reader's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Picture width in pixels; the height follows from the board.
    pub size_px: u32,
    /// Draw the board from the other player's side.
    pub flip: bool,
    /// How fast the moves follow each other.
    pub speed: Speed,
    /// The players' names in seat order, shown on every frame; a missing or empty
    /// name shows the seat's colour alone.
    pub names: Vec<String>,
    /// The result, written on the final frame in place of the final view's own
    /// (which the rules give only when they ended the game): "Red ran out of
    /// time", "Draw by agreement". `None` keeps the view's. A final frame with a
    /// result marks no seat as the one to move.
    pub result: Option<String>,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions { size_px: 512, flip: false, speed: Speed::Normal, names: Vec::new(), result: None }
    }
}

/// Draws `views` (the start, then the position after each move with that move as
/// its `last`) as an animated GIF that loops.
///
/// Refused only as [`crate::render::render`] refuses a picture (a width out of
/// range, a view that does not fit its board), or with no view at all.
pub fn replay(views: &[BoardView], options: &ReplayOptions) -> Result<Vec<u8>, RenderError> {
    animate(views, &sample(views.len(), 1), options)
}

/// What [`replay_within`] made, and what it did to fit the limit, for the caller
/// to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fitted {
    /// The GIF.
    pub gif: Vec<u8>,
    /// The width it was drawn at: the requested one, or smaller to fit.
    pub size_px: u32,
    /// 1 when every move has its frame; `n` when only every `n`-th position is
    /// shown (the start and the final position always are).
    pub every_nth: usize,
    /// Frames in the GIF: 1 when only the final position could be shown.
    pub frames: usize,
    /// False only when even the final position alone at the smallest width does
    /// not fit (a limit of a few kilobytes); the GIF is then that still.
    pub within_limit: bool,
}

impl Fitted {
    /// Whether the replay is what was asked for: every move, at the requested width.
    pub fn is_whole(&self, requested: &ReplayOptions) -> bool {
        self.every_nth == 1 && self.size_px == requested.size_px && self.within_limit
    }
}

/// The width a replay is not drawn below before frames are left out: a board
/// stays readable on a phone down to about here.
pub const FIT_FLOOR_PX: u32 = 320;

/// Draws `views` as [`replay`] does, in at most `limit` bytes (Discord's
/// `attachment_size_limit`, Matrix's `m.upload.size`): first smaller, down to
/// [`FIT_FLOOR_PX`] (or the requested width, if smaller); then with only every
/// `n`-th position; at last only the final position, down to the smallest width.
/// Never refuses for its size; [`Fitted`] says what was done.
pub fn replay_within(views: &[BoardView], options: &ReplayOptions, limit: usize) -> Result<Fitted, RenderError> {
    let n = views.len();
    let mut options = options.clone();
    let mut every_nth = 1;
    let mut gif = replay(views, &options)?;
    let over = |gif: &Vec<u8>| gif.len() > limit;
    let shrink = |size: u32, ratio: f64, floor: u32| {
        // The bytes follow the width rather than the area (measured: a frame's
        // changes are thin lines and text, whose size has a floor); 0.95 leaves
        // room for the estimate's error, and a step is at least one pixel.
        let next = (f64::from(size) * ratio * 0.95) as u32;
        next.clamp(floor, size.saturating_sub(1).max(floor))
    };
    let floor = FIT_FLOOR_PX.clamp(MIN_SIZE, options.size_px.max(MIN_SIZE));
    while over(&gif) && options.size_px > floor {
        options.size_px = shrink(options.size_px, limit as f64 / gif.len() as f64, floor);
        gif = animate(views, &sample(n, every_nth), &options)?;
    }
    while over(&gif) && sample(n, every_nth).len() > 2 {
        // Fewer frames, each carrying more change: aim a tenth lower than the ratio.
        let ratio = gif.len() as f64 / limit as f64;
        every_nth = ((every_nth as f64 * ratio * 1.1).ceil() as usize).max(every_nth + 1);
        gif = animate(views, &sample(n, every_nth), &options)?;
    }
    let mut frames = sample(n, every_nth).len();
    if over(&gif) {
        // The final position alone, smaller until it fits or cannot shrink.
        (every_nth, frames) = (n.max(1), 1);
        let last = [n.saturating_sub(1)];
        gif = animate(views, &last, &options)?;
        while over(&gif) && options.size_px > MIN_SIZE {
            options.size_px = shrink(options.size_px, limit as f64 / gif.len() as f64, MIN_SIZE);
            gif = animate(views, &last, &options)?;
        }
    }
    let within_limit = !over(&gif);
    Ok(Fitted { gif, size_px: options.size_px, every_nth, frames, within_limit })
}

/// The frames kept of `n` positions when only every `nth` is shown: the start,
/// every `nth` after it, and the final position.
fn sample(n: usize, nth: usize) -> Vec<usize> {
    let mut keep: Vec<usize> = (0..n).step_by(nth.max(1)).collect();
    if n > 0 && keep.last() != Some(&(n - 1)) {
        keep.push(n - 1);
    }
    keep
}

/// Encodes the frames `keep` of `views`.
fn animate(views: &[BoardView], keep: &[usize], options: &ReplayOptions) -> Result<Vec<u8>, RenderError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&options.size_px) {
        return Err(RenderError::Size(options.size_px));
    }
    let (Some(final_index), Some(_)) = (views.len().checked_sub(1), keep.first()) else {
        return Err(RenderError::Nothing("a replay needs at least one position"));
    };
    let mut last = views[final_index].clone();
    if let Some(result) = &options.result {
        last.result = Some(result.clone());
    }
    // A game with a result has nobody to move: a resignation or a timeout leaves a
    // position whose view still names whose turn it was.
    if last.result.is_some() {
        last.to_move = None;
    }
    let view = |k: usize| if k >= final_index { &last } else { &views[k] };
    let draw = RenderOptions { size_px: options.size_px, flip: options.flip, names: options.names.clone() };
    // Every frame gets the panel of the tallest, so that all share one layout.
    let lines = keep.iter().map(|&k| panel::plan(view(k), &draw.names, draw.size_px).lines()).max().unwrap_or(0);
    let frame = |k: usize| compose_lines(view(k), &draw, lines);

    let first = frame(keep[0])?;
    let (width, height) = (first.width(), first.height());
    let mut counts = Counts::new();
    counts.add(first.data());
    for k in [keep[keep.len() / 2], keep[keep.len() - 1]] {
        if k != keep[0] {
            let other = frame(k)?;
            same_size(&other, width, height)?;
            counts.add(other.data());
        }
    }
    // One entry stays free for the transparent pixels of later frames.
    let mut palette = Palette::new(&counts, &theme::known_colours(), 255);
    palette.cover_every_cell();
    let transparent = palette.colours.len() as u8;
    let mut colours: Vec<u8> = palette.colours.concat();
    colours.extend(theme::BACKGROUND);

    let dims = |v: u32| u16::try_from(v).map_err(|_| RenderError::Size(options.size_px));
    let (w16, h16) = (dims(width)?, dims(height)?);
    let mut out = Vec::with_capacity(256 * 1024);
    let mut encoder = gif::Encoder::new(&mut out, w16, h16, &colours)?;
    encoder.set_repeat(gif::Repeat::Infinite)?;
    let delay = |i: usize| if i + 1 == keep.len() { options.speed.final_cs() } else { options.speed.move_cs() };

    let (mut indices, mut patch, mut lzw) = (Vec::new(), Vec::new(), Vec::new());
    palette.index_into(first.data(), &mut indices);
    lzw::encode(&indices, transparent, &mut lzw);
    encoder.write_lzw_pre_encoded_frame(&gif::Frame {
        width: w16,
        height: h16,
        delay: delay(0),
        dispose: gif::DisposalMethod::Keep,
        buffer: Cow::Borrowed(&lzw),
        ..gif::Frame::default()
    })?;
    let mut previous = first;
    for (i, &k) in keep.iter().enumerate().skip(1) {
        let current = frame(k)?;
        same_size(&current, width, height)?;
        // Within the frame, whose sides fit in u16.
        let [left, top, w, h] = changed(&previous, &current, &palette, transparent, &mut patch).map(|v| v as u16);
        lzw::encode(&patch, transparent, &mut lzw);
        encoder.write_lzw_pre_encoded_frame(&gif::Frame {
            left,
            top,
            width: w,
            height: h,
            delay: delay(i),
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(transparent),
            buffer: Cow::Borrowed(&lzw),
            ..gif::Frame::default()
        })?;
        previous = current;
    }
    encoder.into_inner()?;
    Ok(out)
}

/// The frame, refused if its size differs from the first's (which a view whose
/// board changes shape in the middle of a game would cause).
fn same_size(frame: &Pixmap, width: u32, height: u32) -> Result<(), RenderError> {
    if (frame.width(), frame.height()) == (width, height) {
        Ok(())
    } else {
        Err(RenderError::View(format!(
            "a frame of {}×{} in a replay of {width}×{height}",
            frame.width(),
            frame.height()
        )))
    }
}

/// The rectangle `[left, top, width, height]` where `current` differs from
/// `previous` (two pictures of one size), and in `patch` its pixels' palette
/// entries, `transparent` where they did not change. A frame that changed
/// nothing still carries one transparent pixel, which holds its delay.
fn changed(previous: &Pixmap, current: &Pixmap, palette: &Palette, transparent: u8, patch: &mut Vec<u8>) -> [usize; 4] {
    let stride = current.width() as usize * 4;
    let rows = || previous.data().chunks_exact(stride).zip(current.data().chunks_exact(stride));
    let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0, usize::MAX, 0);
    for (y, (a, b)) in rows().enumerate() {
        // Whole rows and then blocks of pixels compare as memory, far faster than
        // pixel by pixel; only the differing blocks at the ends are looked into.
        if a == b {
            continue;
        }
        const BLOCK: usize = 64;
        let blocks = || a.chunks(BLOCK).zip(b.chunks(BLOCK));
        let first = blocks().position(|(p, q)| p != q).unwrap_or(0);
        let last = blocks().rposition(|(p, q)| p != q).unwrap_or(0);
        let pixel = |block: usize, from_end: bool| {
            let end = (block * BLOCK + BLOCK).min(a.len());
            let (p, q) = (&a[block * BLOCK..end], &b[block * BLOCK..end]);
            let mut pairs = p.chunks_exact(4).zip(q.chunks_exact(4));
            let at = if from_end { pairs.rposition(|(p, q)| p != q) } else { pairs.position(|(p, q)| p != q) };
            block * BLOCK / 4 + at.unwrap_or(0)
        };
        (x0, x1, y0, y1) = (x0.min(pixel(first, false)), x1.max(pixel(last, true)), y0.min(y), y);
    }
    patch.clear();
    if y0 == usize::MAX {
        patch.push(transparent);
        return [0, 0, 1, 1];
    }
    for (a, b) in rows().skip(y0).take(y1 + 1 - y0) {
        palette.index_changes(&a[x0 * 4..(x1 + 1) * 4], &b[x0 * 4..(x1 + 1) * 4], transparent, patch);
    }
    [x0, y0, x1 + 1 - x0, y1 + 1 - y0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_keeps_the_start_and_the_end() {
        assert_eq!(sample(5, 1), vec![0, 1, 2, 3, 4]);
        assert_eq!(sample(10, 4), vec![0, 4, 8, 9]);
        assert_eq!(sample(9, 4), vec![0, 4, 8]);
        assert_eq!(sample(3, 10), vec![0, 2]);
        assert_eq!(sample(1, 3), vec![0]);
        assert!(sample(0, 1).is_empty());
    }

    #[test]
    fn the_changed_rectangle_is_tight_and_the_rest_transparent() {
        let mut previous = Pixmap::new(5, 4).unwrap();
        previous.fill(tiny_skia::Color::from_rgba8(0x26, 0x2a, 0x33, 255));
        let mut current = previous.clone();
        let mut set = |x: usize, y: usize, c: [u8; 3]| {
            let at = (y * 5 + x) * 4;
            current.data_mut()[at..at + 4].copy_from_slice(&[c[0], c[1], c[2], 255]);
        };
        set(1, 1, theme::MOVE);
        set(3, 2, theme::WALL);
        let mut counts = Counts::new();
        counts.add(current.data());
        let palette = Palette::new(&counts, &theme::known_colours(), 255);
        let mut patch = Vec::new();
        assert_eq!(changed(&previous, &current, &palette, 250, &mut patch), [1, 1, 3, 2]);
        assert_eq!(patch[1..5], [250; 4]);
        // Each changed pixel takes the palette's colour for it (within its grid cell).
        for (i, want) in [(0, theme::MOVE), (5, theme::WALL)] {
            let got = palette.colours[usize::from(patch[i])];
            assert!(got.iter().zip(want).all(|(g, w)| g.abs_diff(w) < 8), "{got:?} for {want:?}");
        }
        assert_eq!(changed(&previous, &previous, &palette, 250, &mut patch), [0, 0, 1, 1]);
        assert_eq!(patch, vec![250]);

        // Rows longer than the blocks compared as memory: the ends are exact.
        let mut wide = Pixmap::new(100, 3).unwrap();
        wide.fill(tiny_skia::Color::from_rgba8(0x26, 0x2a, 0x33, 255));
        let mut after = wide.clone();
        for (x, y) in [(3, 1), (77, 2), (40, 2)] {
            let at = (y * 100 + x) * 4;
            after.data_mut()[at..at + 3].copy_from_slice(&theme::MOVE);
        }
        assert_eq!(changed(&wide, &after, &palette, 250, &mut patch), [3, 1, 75, 2]);
        assert_eq!(patch.iter().filter(|&&i| i != 250).count(), 3);
        assert_ne!(patch[0], 250);
        assert_ne!(patch[75 + 74], 250);
    }

    #[test]
    fn speeds_parse_by_name() {
        for s in Speed::ALL {
            assert_eq!(s.name().parse(), Ok(s));
        }
        assert_eq!(" FAST ".parse(), Ok(Speed::Fast));
        assert!("quick".parse::<Speed>().is_err());
        assert!(Speed::ALL.iter().all(|s| s.final_cs() >= 300 && s.final_cs() > s.move_cs()));
    }
}
