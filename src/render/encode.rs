//! PNG encoding of a finished picture with the `png` crate, as an indexed picture:
//! a board picture has a few dozen flat colours and a thousand or so blends on
//! soft edges, so 256 entries keep it within a few levels at a third of the bytes
//! (and a third of the deflate time) of RGB.

use tiny_skia::Pixmap;

use super::canvas::Color;

/// zlib level: level 2 keeps a 768 px board near 50 KB in about a millisecond;
/// level 3 saves 5 % for half as much time again, and higher levels cost several
/// times the time for a few per cent.
const LEVEL: u8 = 2;

/// The picture's pixels as RGB. Every picture is drawn on an opaque layer, so its
/// premultiplied pixels are plain colours and the alpha channel says nothing.
pub fn rgb(img: &Pixmap) -> Vec<u8> {
    img.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect()
}

/// A colour's cell in a 32 × 32 × 32 grid of the colour cube.
fn cell(r: u8, g: u8, b: u8) -> usize {
    (usize::from(r >> 3) << 10) | (usize::from(g >> 3) << 5) | usize::from(b >> 3)
}

/// How many pixels fall in each cell of the colour grid, over one picture or many
/// (an animation's frames share one palette).
pub struct Counts(Vec<u32>);

impl Default for Counts {
    fn default() -> Self {
        Counts::new()
    }
}

impl Counts {
    /// No pixel counted yet.
    pub fn new() -> Self {
        Counts(vec![0; 1 << 15])
    }

    /// Counts `pixels` (RGBA).
    pub fn add(&mut self, pixels: &[u8]) {
        let count = &mut self.0;
        // Counted by runs of equal pixels: most of a picture is flat, and counting
        // pixel by pixel waits on the same counter again and again.
        let mut run = (0u32, [0u8; 4]);
        for p in pixels.chunks_exact(4) {
            if p != run.1 || run.0 == 0 {
                count[cell(run.1[0], run.1[1], run.1[2])] += run.0;
                run = (0, [p[0], p[1], p[2], p[3]]);
            }
            run.0 += 1;
        }
        count[cell(run.1[0], run.1[1], run.1[2])] += run.0;
    }
}

/// A palette and the entry of every grid cell.
pub struct Palette {
    /// The colours, at most the `size` it was built for.
    pub colours: Vec<Color>,
    /// The entry of each grid cell (`u16::MAX`: none yet).
    entry: Vec<u16>,
    /// The same as bytes: a byte table stays in the first-level cache.
    table: Vec<u8>,
}

impl Palette {
    /// A palette of at most `size` (≤ 256) colours for what `counts` counted.
    ///
    /// The `known` colours (the theme's) come first, and pixels in a known colour's
    /// grid cell take it; the rest of the palette is the centres of the most used
    /// cells the pictures add, within 4 levels of every pixel in them, and every
    /// other counted cell takes the entry nearest its centre.
    pub fn new(counts: &Counts, known: &[Color], size: usize) -> Palette {
        let (count, size) = (&counts.0, size.clamp(1, 256));
        let centre = |c: usize| [(c >> 10) as u8, (c >> 5) as u8 & 31, c as u8 & 31].map(|v| v << 3 | 4);
        let mut palette: Vec<Color> = known.iter().copied().take(size).collect();
        let mut entry = vec![u16::MAX; 1 << 15];
        for (i, k) in palette.iter().enumerate() {
            entry[cell(k[0], k[1], k[2])] = i as u16;
        }
        let mut added: Vec<usize> = (0..count.len()).filter(|&c| count[c] > 0 && entry[c] == u16::MAX).collect();
        added.sort_unstable_by_key(|&c| (std::cmp::Reverse(count[c]), c));
        let room = size - palette.len();
        for &c in added.iter().take(room) {
            entry[c] = palette.len() as u16;
            palette.push(centre(c));
        }
        let wide: Vec<[i32; 3]> = palette.iter().map(|c| c.map(i32::from)).collect();
        let nearest = |c: usize| {
            let m = centre(c).map(i32::from);
            let distance = |p: &[i32; 3]| (p[0] - m[0]).pow(2) + (p[1] - m[1]).pow(2) + (p[2] - m[2]).pow(2);
            (0..wide.len()).min_by_key(|&i| distance(&wide[i])).unwrap_or(0) as u16
        };
        for &c in added.iter().skip(room) {
            entry[c] = nearest(c);
        }
        let table = entry.iter().map(|&e| e as u8).collect();
        Palette { colours: palette, entry, table }
    }

    /// Gives every grid cell no counted picture used the entry of a used cell
    /// near it, so that pictures that were not counted (an animation's other
    /// frames) can be indexed too. A breadth-first fill over the grid rather than
    /// a search of the palette per cell: a millisecond instead of twenty, and the
    /// colours it serves are rare blends on soft edges.
    pub fn cover_every_cell(&mut self) {
        let entry = &mut self.entry;
        let mut queue: std::collections::VecDeque<usize> = (0..entry.len()).filter(|&c| entry[c] != u16::MAX).collect();
        if queue.is_empty() {
            entry.iter_mut().for_each(|e| *e = 0);
            self.table = vec![0; entry.len()];
            return;
        }
        while let Some(c) = queue.pop_front() {
            let (r, g, b) = (c >> 10, (c >> 5) & 31, c & 31);
            let steps = [(r > 0, c.wrapping_sub(1 << 10)), (r < 31, c + (1 << 10)), (g > 0, c.wrapping_sub(1 << 5))];
            let more = [(g < 31, c + (1 << 5)), (b > 0, c.wrapping_sub(1)), (b < 31, c + 1)];
            for (inside, n) in steps.into_iter().chain(more) {
                if inside && entry[n] == u16::MAX {
                    entry[n] = entry[c];
                    queue.push_back(n);
                }
            }
        }
        self.table = entry.iter().map(|&e| e as u8).collect();
    }

    /// Each pixel's entry, for `pixels` (RGBA), written over `out`.
    pub fn index_into(&self, pixels: &[u8], out: &mut Vec<u8>) {
        let table = &self.table;
        out.clear();
        out.reserve(pixels.len() / 4);
        let mut last: Option<(&[u8], u8)> = None;
        for p in pixels.chunks_exact(4) {
            // Runs of equal pixels look the table up once.
            let i = match last {
                Some((q, i)) if q == p => i,
                _ => table[cell(p[0], p[1], p[2])],
            };
            last = Some((p, i));
            out.push(i);
        }
    }
}

impl Palette {
    /// Each pixel's entry for `after` (RGBA), or `unchanged` where it equals
    /// `before`, appended to `out`: an animation frame's changed rectangle.
    pub fn index_changes(&self, before: &[u8], after: &[u8], unchanged: u8, out: &mut Vec<u8>) {
        let table = &self.table;
        out.extend(before.chunks_exact(4).zip(after.chunks_exact(4)).map(|(a, p)| {
            if a == p {
                unchanged
            } else {
                table[cell(p[0], p[1], p[2])]
            }
        }));
    }
}

/// A palette of at most 256 colours for `pixels` (RGBA), and each pixel's entry
/// (see [`Palette::new`]).
pub fn palette(pixels: &[u8], known: &[Color]) -> (Vec<Color>, Vec<u8>) {
    let mut counts = Counts::new();
    counts.add(pixels);
    let palette = Palette::new(&counts, known, 256);
    let mut indices = Vec::new();
    palette.index_into(pixels, &mut indices);
    (palette.colours, indices)
}

/// Encodes a picture as an indexed PNG whose palette keeps the `known` colours.
pub fn png(img: &Pixmap, known: &[Color]) -> Result<Vec<u8>, png::EncodingError> {
    let (palette, indices) = palette(img.data(), known);
    let mut out = Vec::with_capacity(128 * 1024);
    let mut encoder = png::Encoder::new(&mut out, img.width(), img.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    encoder.set_deflate_compression(png::DeflateCompression::Level(LEVEL));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&indices)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known colours are kept exactly, a colour the picture adds gets an entry of
    /// its own (its grid cell's centre), and the palette never passes 256 entries, however many colours.
    #[test]
    fn the_palette_keeps_known_colours_and_adds_the_picture_s() {
        let known = [[0x26, 0x2a, 0x33], [0xff, 0x7a, 0x1a]];
        let mut pixels = Vec::new();
        for c in [[0x26, 0x2a, 0x33], [0xff, 0x7a, 0x1a], [0x10, 0x80, 0x40]] {
            for _ in 0..10 {
                pixels.extend([c[0], c[1], c[2], 255]);
            }
        }
        let (palette, indices) = palette(&pixels, &known);
        assert_eq!(&palette[..2], &known);
        assert_eq!(palette[usize::from(indices[0])], known[0]);
        assert_eq!(palette[usize::from(indices[10])], known[1]);
        assert_eq!(palette[usize::from(indices[29])], [0x14, 0x84, 0x44]);
        let every: Vec<u8> = (0..1 << 18).flat_map(|i: u32| [(i >> 10) as u8, (i >> 2) as u8, i as u8, 255]).collect();
        let (palette, indices) = super::palette(&every, &known);
        assert!(palette.len() <= 256);
        assert!(indices.iter().all(|&i| usize::from(i) < palette.len()));
    }
}
