//! PNG encoding through an indexed palette.
//!
//! A board picture is mostly flat colours with soft edges, a few thousand distinct
//! colours in all. Folding them into at most 256 palette entries (by 5-5-5 bit
//! buckets, the most used buckets first) makes the pixel data a third of RGB's and
//! lets deflate find long runs, so pictures stay small. The static layer is folded
//! once; a picture drawn on it reuses its entries in every band that drawing left
//! untouched (the picture's [`Touched`] map says which, so nothing is compared).
//!
//! The two halves of a picture are mapped and deflated on two threads: each half
//! is a complete raw deflate stream (the first ends with a sync flush), so their
//! concatenation is one valid zlib stream, checksummed by combining the halves'
//! Adler-32 sums.

use std::io::Write;
use std::ops::Range;
use std::sync::Arc;

use image::RgbImage;

use super::raster::{Touched, BAND};

/// Why encoding failed.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct EncodeError(#[from] std::io::Error);

const BUCKETS: usize = 1 << 15;

/// Rows sampled for a picture's histogram (only in the bands drawing touched):
/// every fourth row finds the flat colours and the marks (the golden pictures keep
/// the same accuracy as with every second row, at half the cost); the theme's pure
/// colours are seeded anyway, and a blend missed there maps to its nearest entry.
const SAMPLE_ROWS: usize = 4;

/// Pixels taken from the static layer or compared with the row above at once.
const SEGMENT: usize = BAND;

/// Marks a bucket whose palette entry is not chosen yet.
const UNSET: u16 = u16::MAX;

/// Measured on board pictures at 768 px: zlib level 2 on unfiltered indices gives
/// 40–55 KB in about a millisecond; level 1 is a third quicker but passes 60 KB
/// on busy Cabale boards, and PNG filters only hurt palette indices.
const DEFLATE_LEVEL: u32 = 2;

/// A picture folded into a palette: the palette and each pixel's entry.
#[derive(Clone, Debug)]
pub struct Quantized {
    palette: Palette,
    indices: Vec<u8>,
}

/// Folds a static layer (see [`choose`]) into at most `limit` entries, for the
/// pictures that will be drawn on it: every row is counted, since the layer is
/// folded once and its thin lines (a grid, a hexagon's rim) must keep their own
/// entries, and the nearest entry of every colour bucket is found in advance.
pub fn quantize_layer(img: &RgbImage, seeds: &[[u8; 3]], limit: usize) -> Quantized {
    let palette = choose(img, seeds, None, limit, 1);
    let width = img.width() as usize;
    let mut indices = vec![0u8; img.as_raw().len() / 3];
    map_rows(img, None, &palette, 0..img.height() as usize, &mut indices, width, 0);
    let mut q = Quantized { palette, indices };
    q.index_buckets();
    q
}

impl Quantized {
    /// Finds, once, the nearest entry of the palette for every colour bucket.
    fn index_buckets(&mut self) {
        let p = &mut self.palette;
        let table: Vec<u8> = (0..BUCKETS)
            .map(|k| match p.lut[k] {
                UNSET => nearest(&p.kept, centre(k)).1 as u8,
                own => own as u8,
            })
            .collect();
        p.near = Some(table.into());
        p.covered = p.kept.len();
    }
}

#[cfg(test)]
impl Quantized {
    /// The palette as RGB triples.
    pub fn palette(&self) -> &[u8] {
        &self.palette.rgb
    }

    /// Each pixel's palette entry, row by row.
    pub fn indices(&self) -> &[u8] {
        &self.indices
    }
}

/// The static layer a picture was drawn on, already folded, and the bands drawing
/// touched: everywhere else the picture is the layer.
pub type Reference<'a> = Option<(&'a Quantized, &'a Touched)>;

/// The reference, if it fits the picture.
fn usable<'a>(img: &RgbImage, reference: Reference<'a>) -> Reference<'a> {
    reference.filter(|(q, t)| {
        t.dimensions() == img.dimensions() && q.indices.len() == img.width() as usize * img.height() as usize
    })
}

/// True when the segment of row `y` from `x` on is the layer's, untouched.
#[inline]
fn untouched(reference: Reference<'_>, y: usize, x: usize) -> bool {
    reference.is_some_and(|(_, t)| !t.band(y, x / SEGMENT))
}

/// True when the whole of row `y` is the layer's.
#[inline]
fn row_untouched(reference: Reference<'_>, y: usize) -> bool {
    reference.is_some_and(|(_, t)| t.row_clean(y))
}

/// Folds a picture (see [`choose`]) without encoding it.
#[cfg(test)]
pub fn quantize(img: &RgbImage, seeds: &[[u8; 3]], reference: Reference<'_>, limit: usize) -> Quantized {
    let reference = usable(img, reference);
    let palette = choose(img, seeds, reference, limit, SAMPLE_ROWS);
    let width = img.width() as usize;
    let mut indices = vec![0u8; img.as_raw().len() / 3];
    map_rows(img, reference, &palette, 0..img.height() as usize, &mut indices, width, 0);
    Quantized { palette, indices }
}

/// Chooses a picture's palette of at most `limit` (≤ 256) entries. The `seeds`
/// (the theme's pure colours) always get an entry of their own, so a small mark in
/// a colour of its own (an arrow, a badge, a line of text) keeps its exact colour
/// even when the sampled rows miss it.
///
/// With a `reference` (the static layer this picture was drawn on, already folded),
/// the reference's palette is kept as the start of this one and every segment of
/// pixels the picture did not change takes the reference's entries as they are; only
/// what was drawn on top is sampled (every `step`-th row) and looked up.
fn choose(img: &RgbImage, seeds: &[[u8; 3]], reference: Reference<'_>, limit: usize, step: usize) -> Palette {
    let raw = img.as_raw();
    let width = img.width() as usize;
    let step = step.max(1);
    thread_local! {
        // The histogram's two tables (256 KB), kept between pictures and cleared
        // bucket by bucket: zeroing them whole took longer than the counting.
        static TABLES: std::cell::RefCell<(Vec<u32>, Vec<u32>)> =
            std::cell::RefCell::new((vec![0; BUCKETS], vec![0; BUCKETS]));
    }
    let tables = TABLES.with(|t| t.try_borrow_mut().map(|mut t| std::mem::take(&mut *t)).unwrap_or_default());
    let (mut count, mut colour) = if tables.0.len() == BUCKETS { tables } else { (vec![0; BUCKETS], vec![0; BUCKETS]) };
    let mut h = Histogram {
        count: &mut count,
        colour: &mut colour,
        seen: Vec::with_capacity(4096),
        prev: u32::MAX,
        key: 0,
        run: 0,
    };
    // Runs of one colour are the rule, so the passes act only on colour changes;
    // a segment equal to the one sampled `step` rows above adds only weight to
    // colours already found, and is skipped.
    for y in (0..img.height() as usize).step_by(step) {
        if row_untouched(reference, y) {
            continue;
        }
        for x in (0..width).step_by(SEGMENT) {
            let (i, n) = (y * width + x, SEGMENT.min(width - x));
            if untouched(reference, y, x)
                || (y >= step && raw[(i - step * width) * 3..(i - step * width + n) * 3] == raw[i * 3..(i + n) * 3])
            {
                continue;
            }
            let pixels = &raw[i * 3..(i + n) * 3];
            if uniform(pixels) {
                h.add(pack(pixels), n as u32);
            } else {
                pixels.chunks_exact(3).for_each(|p| h.add(pack(p), 1));
            }
        }
        h.end_run();
    }
    let seen = std::mem::take(&mut h.seen);
    let mut pal = match reference {
        Some((q, _)) => q.palette.clone(),
        None => Palette::new(),
    };
    let limit = limit.clamp(1, 256);
    for seed in seeds {
        pal.add(bucket(pack(seed)), *seed, limit);
    }
    let mut used: Vec<usize> = seen.iter().copied().filter(|&k| count[k] > 0 && pal.lut[k] == UNSET).collect();
    // On a folded layer, a colour near one of its entries gains little from an
    // entry of its own: the few entries left go to the colours that are common
    // and far from every entry, so a translucent mark keeps its colour.
    let weight = |k: usize| match &pal.near {
        Some(table) => {
            let d = distance(pal.kept[usize::from(table[k])], centre(k));
            u64::from(count[k]) * (f64::from(d).sqrt() as u64 + 1)
        }
        None => u64::from(count[k]),
    };
    let mut weighted: Vec<(u64, usize)> = used.drain(..).map(|k| (weight(k), k)).collect();
    weighted.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    used.extend(weighted.into_iter().map(|(_, k)| k));
    for &k in &used {
        pal.add(k, rgb(colour[k]), limit);
    }
    for &k in &seen {
        count[k] = 0;
    }
    TABLES.with(|t| {
        if let Ok(mut t) = t.try_borrow_mut() {
            *t = (count, colour);
        }
    });
    if pal.kept.is_empty() {
        pal.add(0, [0, 0, 0], limit);
    }
    pal
}

/// Writes the palette entries of rows `ys` into `out`, row `y` starting at
/// `(y - ys.start) * stride + offset`.
fn map_rows(
    img: &RgbImage,
    reference: Reference<'_>,
    palette: &Palette,
    ys: Range<usize>,
    out: &mut [u8],
    stride: usize,
    offset: usize,
) {
    let raw = img.as_raw();
    let width = img.width() as usize;
    let mut lut = palette.lut.clone();
    let (mut prev, mut index) = (u32::MAX, 0u8);
    let first = ys.start;
    for y in ys {
        let row = y * width;
        let at = (y - first) * stride + offset;
        if out.len() < at + width || raw.len() < (row + width) * 3 {
            return;
        }
        if let (true, Some((q, _))) = (row_untouched(reference, y), reference) {
            out[at..at + width].copy_from_slice(&q.indices[row..row + width]);
            continue;
        }
        let mut x = 0;
        while x < width {
            let n = SEGMENT.min(width - x);
            let i = row + x;
            // Most of a picture is the untouched board, and most of the rest repeats
            // the row above: such segments are copied, and only where something
            // changes is each pixel looked up.
            if let (true, Some((q, _))) = (untouched(reference, y, x), reference) {
                out[at + x..at + x + n].copy_from_slice(&q.indices[i..i + n]);
            } else if y > first && raw[(i - width) * 3..(i - width + n) * 3] == raw[i * 3..(i + n) * 3] {
                out.copy_within(at - stride + x..at - stride + x + n, at + x);
            } else if uniform(&raw[i * 3..(i + n) * 3]) {
                let k = bucket(pack(&raw[i * 3..i * 3 + 3]));
                if lut[k] == UNSET {
                    lut[k] = palette.nearest(k);
                }
                out[at + x..at + x + n].fill(lut[k] as u8);
            } else {
                for (p, o) in raw[i * 3..(i + n) * 3].chunks_exact(3).zip(&mut out[at + x..at + x + n]) {
                    let c = pack(p);
                    if c != prev {
                        prev = c;
                        let k = bucket(c);
                        if lut[k] == UNSET {
                            // By the bucket's centre, not this pixel's colour, so that
                            // the result does not depend on which pixel came first.
                            lut[k] = palette.nearest(k);
                        }
                        index = lut[k] as u8;
                    }
                    *o = index;
                }
            }
            x += n;
        }
    }
}

/// Pixels counted by colour bucket, a run of one colour at a time.
struct Histogram<'a> {
    count: &'a mut [u32],
    /// The first colour seen in each bucket.
    colour: &'a mut [u32],
    /// The buckets counted, each once, in the order first seen.
    seen: Vec<usize>,
    prev: u32,
    key: usize,
    run: u32,
}

impl Histogram<'_> {
    /// Counts `n` pixels of colour `c`.
    #[inline]
    fn add(&mut self, c: u32, n: u32) {
        if c != self.prev {
            self.end_run();
            self.prev = c;
            self.key = bucket(c);
            if self.count[self.key] == 0 {
                self.colour[self.key] = c;
                self.seen.push(self.key);
            }
        }
        self.run += n;
    }

    /// Adds the current run to its bucket.
    #[inline]
    fn end_run(&mut self) {
        self.count[self.key] += self.run;
        self.run = 0;
    }
}

/// A palette: entries by bucket, their colours, and the colours as integers for
/// the nearest-entry search.
#[derive(Clone, Debug)]
struct Palette {
    lut: Vec<u16>,
    rgb: Vec<u8>,
    kept: Vec<[i32; 3]>,
    /// For every bucket, the nearest of the first `covered` entries: a static
    /// layer's palette carries it, so that the blends a picture draws on the layer
    /// (thousands of buckets, each looked up anew for every picture) are only
    /// compared with the entries the picture added.
    near: Option<Arc<[u8]>>,
    covered: usize,
}

impl Palette {
    fn new() -> Palette {
        Palette {
            lut: vec![UNSET; BUCKETS],
            rgb: Vec::with_capacity(256 * 3),
            kept: Vec::with_capacity(256),
            near: None,
            covered: 0,
        }
    }

    /// The entry nearest to bucket `k`'s centre.
    fn nearest(&self, k: usize) -> u16 {
        let c = centre(k);
        match &self.near {
            Some(table) if self.covered <= self.kept.len() => {
                let first = u16::from(table[k]);
                let d = distance(self.kept[usize::from(first)], c);
                let (d2, rest) = nearest(&self.kept[self.covered..], c);
                if d2 < d {
                    rest + self.covered as u16
                } else {
                    first
                }
            }
            _ => nearest(&self.kept, c).1,
        }
    }

    /// Gives bucket `k` an entry of colour `c`, unless it has one or `limit` are taken.
    fn add(&mut self, k: usize, c: [u8; 3], limit: usize) {
        if self.lut[k] == UNSET && self.kept.len() < limit {
            self.lut[k] = self.kept.len() as u16;
            self.rgb.extend_from_slice(&c);
            self.kept.push(c.map(i32::from));
        }
    }
}

/// True when the pixels (RGB triples) are all one colour: each equals the next,
/// which one comparison of the slice with itself shifted by a pixel tells.
#[inline]
fn uniform(pixels: &[u8]) -> bool {
    pixels.len() < 6 || pixels[..pixels.len() - 3] == pixels[3..]
}

#[inline]
fn pack(p: &[u8]) -> u32 {
    (u32::from(p[0]) << 16) | (u32::from(p[1]) << 8) | u32::from(p[2])
}

#[inline]
fn rgb(c: u32) -> [u8; 3] {
    [(c >> 16) as u8, (c >> 8) as u8, c as u8]
}

#[inline]
fn bucket(c: u32) -> usize {
    (((c >> 9) & 0x7c00) | ((c >> 6) & 0x3e0) | ((c >> 3) & 0x1f)) as usize & (BUCKETS - 1)
}

/// The middle colour of a 5-5-5 bucket.
fn centre(k: usize) -> [i32; 3] {
    [((k >> 10) & 31) as i32 * 8 + 4, ((k >> 5) & 31) as i32 * 8 + 4, (k & 31) as i32 * 8 + 4]
}

#[inline]
fn distance(a: [i32; 3], b: [i32; 3]) -> i32 {
    let (dr, dg, db) = (a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    dr * dr + dg * dg + db * db
}

/// The squared distance to the nearest entry and its index (the first of equals).
fn nearest(palette: &[[i32; 3]], c: [i32; 3]) -> (i32, u16) {
    let mut best = (i32::MAX, 0u16);
    for (i, d) in palette.iter().enumerate() {
        let dist = distance(*d, c);
        if dist < best.0 {
            best = (dist, i as u16);
        }
    }
    best
}

/// One half of the image data: its rows (each led by PNG's filter byte, 0 for
/// none) as a raw deflate stream, with the rows' Adler-32 sum and length.
struct Part {
    deflated: Vec<u8>,
    adler: u32,
    len: usize,
}

/// Maps rows `ys` and deflates them; the last part finishes the stream, the others
/// end on a sync flush so that the next part may follow.
fn part(
    img: &RgbImage,
    reference: Reference<'_>,
    palette: &Palette,
    ys: Range<usize>,
    last: bool,
) -> std::io::Result<Part> {
    let width = img.width() as usize;
    let mut rows = vec![0u8; ys.len() * (width + 1)];
    map_rows(img, reference, palette, ys, &mut rows, width + 1, 1);
    let mut adler = simd_adler32::Adler32::new();
    adler.write(&rows);
    let mut encoder =
        flate2::write::DeflateEncoder::new(Vec::with_capacity(32 * 1024), flate2::Compression::new(DEFLATE_LEVEL));
    encoder.write_all(&rows)?;
    let deflated = if last {
        encoder.finish()?
    } else {
        encoder.flush()?;
        std::mem::take(encoder.get_mut())
    };
    Ok(Part { deflated, adler: adler.finish(), len: rows.len() })
}

/// The row that splits the work of mapping and deflating into two equal halves:
/// every row is deflated, and a touched band costs about as much again to map.
fn balanced_split(img: &RgbImage, reference: Reference<'_>) -> usize {
    let height = img.height() as usize;
    let Some((_, touched)) = reference else { return height / 2 };
    let bands = (img.width() as usize).div_ceil(SEGMENT).max(1);
    let cost = |y: usize| bands + (0..bands).filter(|&b| touched.band(y, b)).count();
    let total: usize = (0..height).map(cost).sum();
    let mut sum = 0;
    for y in 0..height {
        sum += cost(y);
        if sum * 2 >= total {
            return (y + 1).clamp(1, height.saturating_sub(1).max(1));
        }
    }
    height / 2
}

/// The Adler-32 sum of two pieces of data from the sums of each (zlib's
/// `adler32_combine`).
fn adler_combine(a: u32, b: u32, len_b: usize) -> u32 {
    const BASE: u64 = 65521;
    let rem = len_b as u64 % BASE;
    let mut sum1 = u64::from(a & 0xffff);
    let mut sum2 = (rem * sum1) % BASE;
    sum1 += u64::from(b & 0xffff) + BASE - 1;
    sum2 += u64::from(a >> 16) + u64::from(b >> 16) + BASE - rem;
    sum1 %= BASE;
    sum2 %= BASE;
    (sum1 | (sum2 << 16)) as u32
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// Folds a picture (see [`choose`]) and encodes it as an 8-bit indexed PNG, the
/// two halves on two threads (one when a thread cannot be had).
pub fn png(img: &RgbImage, seeds: &[[u8; 3]], reference: Reference<'_>) -> Result<Vec<u8>, EncodeError> {
    let reference = usable(img, reference);
    let palette = choose(img, seeds, reference, 256, SAMPLE_ROWS);
    let height = img.height() as usize;
    let mid = balanced_split(img, reference);
    let (top, bottom) = std::thread::scope(|s| {
        let spawned = std::thread::Builder::new().spawn_scoped(s, || part(img, reference, &palette, 0..mid, false));
        let bottom = part(img, reference, &palette, mid..height, true);
        let top = match spawned {
            Ok(handle) => handle.join().unwrap_or_else(|_| part(img, reference, &palette, 0..mid, false)),
            Err(_) => part(img, reference, &palette, 0..mid, false),
        };
        (top, bottom)
    });
    let (top, bottom) = (top?, bottom?);
    let mut out = Vec::with_capacity(top.deflated.len() + bottom.deflated.len() + palette.rgb.len() + 128);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&img.width().to_be_bytes());
    header.extend_from_slice(&img.height().to_be_bytes());
    // 8 bits per entry, indexed colour, deflate, no filter method beyond 0, no interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette.rgb);
    let mut data = Vec::with_capacity(top.deflated.len() + bottom.deflated.len() + 6);
    // zlib header: deflate with a 32 KB window, no preset dictionary.
    data.extend_from_slice(&[0x78, 0x01]);
    data.extend_from_slice(&top.deflated);
    data.extend_from_slice(&bottom.deflated);
    data.extend_from_slice(&adler_combine(top.adler, bottom.adler, bottom.len).to_be_bytes());
    chunk(&mut out, b"IDAT", &data);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn few_colours_survive_exactly() {
        let mut img = RgbImage::from_pixel(8, 4, Rgb([10, 20, 30]));
        img.put_pixel(3, 0, Rgb([250, 1, 7]));
        img.put_pixel(3, 2, Rgb([250, 1, 7]));
        let q = quantize(&img, &[], None, 256);
        let (palette, indices) = (q.palette(), q.indices());
        assert_eq!(palette.len(), 6, "both colours are found, the lone one too");
        let at = |i: usize| &palette[usize::from(indices[i]) * 3..][..3];
        assert_eq!(at(0), &[10, 20, 30]);
        assert_eq!(at(2 * 8 + 3), &[250, 1, 7]);
    }

    /// A board's kind of picture: flat areas, soft edges between them, and a
    /// sprinkle of rare colours beyond the palette's 256.
    #[test]
    fn flat_colours_stay_exact_and_rare_ones_map_nearby() {
        let (a, b) = ([200u8, 160, 100], [30u8, 40, 60]);
        let mut img = RgbImage::from_fn(300, 120, |x, _| {
            let t = (x as f32 - 130.0).clamp(0.0, 40.0) / 40.0;
            Rgb([0, 1, 2].map(|i| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t) as u8))
        });
        for i in 0..600u32 {
            img.put_pixel(
                (i * 7) % 300,
                (i * 13) % 120,
                Rgb([(i % 256) as u8, (i * 3 % 256) as u8, (i * 5 % 256) as u8]),
            );
        }
        let q = quantize(&img, &[], None, 256);
        let (palette, indices) = (q.palette(), q.indices());
        assert!(palette.len() <= 256 * 3);
        let at = |x: u32, y: u32| palette[usize::from(indices[(y * 300 + x) as usize]) * 3..][..3].to_vec();
        assert_eq!(at(1, 2), a.to_vec());
        assert_eq!(at(298, 117), b.to_vec());
        for x in 130..170 {
            let want = img.get_pixel(x, 3).0;
            let got = at(x, 3);
            let err = (0..3).map(|c| want[c].abs_diff(got[c])).max().unwrap_or(0);
            assert!(err <= 24, "blend at x={x}: {want:?} became {got:?}");
        }
    }

    /// A mark in a colour of its own on a row the histogram skips keeps its colour
    /// when that colour is a seed, and not otherwise.
    #[test]
    fn seeds_keep_small_marks_exact() {
        let orange = [255, 122, 26];
        let mut img = RgbImage::from_fn(64, 64, |x, y| Rgb([(x * 4) as u8, (y * 4) as u8, 90]));
        img.put_pixel(5, 1, Rgb(orange));
        let q = quantize(&img, &[orange], None, 256);
        let (palette, indices) = (q.palette(), q.indices());
        let i = usize::from(indices[64 + 5]);
        assert_eq!(&palette[i * 3..i * 3 + 3], &orange);
        let q = quantize(&img, &[], None, 256);
        let (palette, indices) = (q.palette(), q.indices());
        let i = usize::from(indices[64 + 5]);
        assert_ne!(&palette[i * 3..i * 3 + 3], &orange);
    }

    /// Drawing on a folded layer keeps the layer's entries where nothing changed and
    /// the layer's palette as the start of the new one.
    #[test]
    fn untouched_segments_keep_the_reference_entries() {
        let base = RgbImage::from_fn(64, 40, |x, y| Rgb([(x * 4) as u8, (y * 6) as u8, 50]));
        let folded = quantize(&base, &[], None, 100);
        assert_eq!(folded.palette().len(), 300);
        let mut img = base.clone();
        let row = SAMPLE_ROWS as u32 * 2;
        for x in 20..30 {
            img.put_pixel(x, row, Rgb([1, 250, 3]));
        }
        let mut touched = Touched::new(64, 40);
        touched.mark(20, row, 30, row + 1);
        let q = quantize(&img, &[], Some((&folded, &touched)), 256);
        let row = row as usize;
        assert_eq!(&q.palette()[..300], folded.palette());
        assert_eq!(q.indices()[..64 * row], folded.indices()[..64 * row]);
        assert_eq!(q.indices()[64 * (row + 1)..], folded.indices()[64 * (row + 1)..]);
        let i = usize::from(q.indices()[64 * row + 25]);
        assert_eq!(&q.palette()[i * 3..i * 3 + 3], &[1, 250, 3]);
    }

    /// The two halves deflated apart decode as one image, pixel for pixel what the
    /// folding chose, for odd and even heights and with a reference.
    #[test]
    fn halves_join_into_one_valid_png() {
        for (w, h) in [(33, 17), (40, 1), (64, 64)] {
            let base = RgbImage::from_fn(w, h, |x, y| Rgb([(x * 7) as u8, (y * 9) as u8, 100]));
            let folded = quantize(&base, &[], None, 128);
            let mut img = base.clone();
            img.put_pixel(w / 2, h / 2, Rgb([250, 0, 250]));
            let mut touched = Touched::new(w, h);
            touched.mark(w / 2, h / 2, w / 2 + 1, h / 2 + 1);
            for reference in [None, Some((&folded, &touched))] {
                let want = quantize(&img, &[[250, 0, 250]], reference, 256);
                let bytes = png(&img, &[[250, 0, 250]], reference).unwrap();
                let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png).unwrap().to_rgb8();
                assert_eq!(back.dimensions(), (w, h));
                for (i, p) in back.pixels().enumerate() {
                    let e = usize::from(want.indices()[i]) * 3;
                    assert_eq!(&p.0[..], &want.palette()[e..e + 3], "pixel {i} of {w}x{h}");
                }
            }
        }
    }

    /// The map is trusted: a band marked untouched takes the layer's entries, and a
    /// map or layer of another size is ignored (every pixel looked up).
    #[test]
    fn the_touched_map_decides_and_a_mismatch_is_ignored() {
        let base = RgbImage::from_pixel(70, 10, Rgb([10, 10, 10]));
        let folded = quantize(&base, &[], None, 16);
        let img = RgbImage::from_pixel(70, 10, Rgb([200, 10, 10]));
        let mut touched = Touched::new(70, 10);
        touched.mark(0, 0, 1, 10);
        let q = quantize(&img, &[], Some((&folded, &touched)), 256);
        let colour = |i: usize| &q.palette()[usize::from(q.indices()[i]) * 3..][..3];
        assert_eq!(colour(5), &[200, 10, 10], "band 0 was touched");
        assert_eq!(colour(40), &[10, 10, 10], "band 1 was not: the layer's entry");
        for other in [Touched::new(71, 10), Touched::new(70, 9)] {
            let q = quantize(&img, &[], Some((&folded, &other)), 256);
            assert_eq!(&q.palette()[usize::from(q.indices()[40]) * 3..][..3], &[200, 10, 10]);
        }
    }

    /// The split falls where the work halves: the middle without a touched map or
    /// with nothing touched, higher up when only the top was drawn on.
    #[test]
    fn halves_split_the_work() {
        let img = RgbImage::new(64, 100);
        let folded = quantize(&img, &[], None, 16);
        assert_eq!(balanced_split(&img, None), 50);
        let mut touched = Touched::new(64, 100);
        assert_eq!(balanced_split(&img, Some((&folded, &touched))), 50);
        touched.mark(0, 0, 64, 30);
        let mid = balanced_split(&img, Some((&folded, &touched)));
        assert!((35..50).contains(&mid), "{mid}");
        assert_eq!(
            balanced_split(
                &RgbImage::new(5, 1),
                Some((&quantize(&RgbImage::new(5, 1), &[], None, 4), &Touched::new(5, 1)))
            ),
            1
        );
    }

    #[test]
    fn adler_sums_combine() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i * 31 % 251) as u8).collect();
        let sum = |d: &[u8]| {
            let mut a = simd_adler32::Adler32::new();
            a.write(d);
            a.finish()
        };
        for cut in [0, 1, 5552, 65521, 70_000, 100_000] {
            let (a, b) = data.split_at(cut);
            assert_eq!(adler_combine(sum(a), sum(b), b.len()), sum(&data), "cut at {cut}");
        }
    }

    #[test]
    fn the_output_decodes_to_the_same_size() {
        let img = RgbImage::from_fn(33, 17, |x, y| Rgb([(x * 7) as u8, (y * 9) as u8, 100]));
        let bytes = png(&img, &[], None).unwrap();
        let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png).unwrap();
        assert_eq!((back.width(), back.height()), (33, 17));
    }
}
