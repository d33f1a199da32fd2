//! PNG encoding through an indexed palette.
//!
//! A board picture is mostly flat colours with soft edges, a few thousand distinct
//! colours in all. Folding them into at most 256 palette entries (by 5-5-5 bit
//! buckets, the most used buckets first) makes the pixel data a third of RGB's and
//! lets deflate find long runs, so pictures stay small. The static layer is folded
//! once; a picture drawn on it reuses its entries in every band that drawing left
//! untouched (the picture's [`Touched`] map says which, so nothing is compared).
//!
//! A picture is encoded in strips of rows, which may be counted and deflated on
//! different threads: each strip's colours are counted apart ([`count`]), the
//! counts make one palette ([`palette`]), and each strip is mapped and deflated as
//! a complete raw deflate stream ([`part`]; all but the last end on a sync flush),
//! so that their concatenation is one valid zlib stream, checksummed by combining
//! the strips' Adler-32 sums ([`assemble`]).

use std::cell::RefCell;
use std::ops::Range;
use std::sync::Arc;

use flate2::{Compress, Compression, FlushCompress, Status};
use image::RgbImage;

use super::raster::{Touched, BAND};
use super::with_kept;

/// Why encoding failed.
#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    /// The deflate stream could not be written.
    #[error("deflate failed: {0}")]
    Deflate(#[from] flate2::CompressError),
    /// A strip was missing or did not fit the picture.
    #[error("picture strips do not fit together: {0}")]
    Strips(&'static str),
}

const BUCKETS: usize = 1 << 15;

/// Rows sampled for a picture's histogram (only in the bands drawing touched):
/// every fourth row finds the flat colours and the marks (the golden pictures keep
/// the same accuracy as with every second row, at half the cost); the theme's pure
/// colours are seeded anyway, and a blend missed there maps to its nearest entry.
pub const SAMPLE_ROWS: usize = 4;

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
    width: usize,
}

/// Folds a static layer (see [`palette`]) into at most `limit` entries, for the
/// pictures that will be drawn on it: every row is counted, since the layer is
/// folded once and its thin lines (a grid, a hexagon's rim) must keep their own
/// entries, and the nearest entry of every colour bucket is found in advance.
pub fn quantize_layer(img: &RgbImage, seeds: &[[u8; 3]], limit: usize) -> Quantized {
    let mut palette = palette(&[count(img, None, 0, 1)], seeds, None, limit);
    let width = img.width() as usize;
    let mut indices = vec![0u8; img.as_raw().len() / 3];
    map_rows(img, None, &palette, 0..img.height() as usize, &mut indices, width, 0);
    palette.index_buckets();
    Quantized { palette, indices, width }
}

impl Quantized {
    /// What the strip `img` of a picture, starting at the picture's row `top` and
    /// drawn on this layer, shares with it: everywhere outside the bands drawing
    /// `touched`, the layer's entries. `None` when they do not fit together.
    pub fn under<'a>(&'a self, img: &RgbImage, top: u32, touched: &'a Touched) -> Option<Reference<'a>> {
        let (w, h) = (img.width() as usize, img.height() as usize);
        let first = top as usize * w;
        let indices = self.indices.get(first..first + w * h)?;
        (w == self.width && touched.dimensions() == img.dimensions()).then_some(Reference {
            palette: &self.palette,
            indices,
            touched,
        })
    }
}

impl Quantized {
    /// The palette the layer was folded into, which the pictures drawn on it extend.
    pub fn folding(&self) -> &Palette {
        &self.palette
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

/// The static layer under a picture (or a strip of it): the layer's palette, its
/// entries for the strip's rows, and the bands drawing touched there. Everywhere
/// else the picture is the layer.
#[derive(Clone, Copy, Debug)]
pub struct Reference<'a> {
    palette: &'a Palette,
    indices: &'a [u8],
    touched: &'a Touched,
}

/// True when the segment of row `y` from `x` on is the layer's, untouched.
#[inline]
fn untouched(reference: Option<Reference<'_>>, y: usize, x: usize) -> bool {
    reference.is_some_and(|r| !r.touched.band(y, x / SEGMENT))
}

/// True when the whole of row `y` is the layer's.
#[inline]
fn row_untouched(reference: Option<Reference<'_>>, y: usize) -> bool {
    reference.is_some_and(|r| r.touched.row_clean(y))
}

/// Folds a picture (see [`palette`]) without encoding it.
#[cfg(test)]
pub fn quantize(
    img: &RgbImage,
    seeds: &[[u8; 3]],
    reference: Option<(&Quantized, &Touched)>,
    limit: usize,
) -> Quantized {
    let reference = reference.and_then(|(q, t)| q.under(img, 0, t));
    let palette = palette(&[count(img, reference, 0, SAMPLE_ROWS)], seeds, reference.map(|r| r.palette), limit);
    let width = img.width() as usize;
    let mut indices = vec![0u8; img.as_raw().len() / 3];
    map_rows(img, reference, &palette, 0..img.height() as usize, &mut indices, width, 0);
    Quantized { palette, indices, width }
}

/// The colours counted in a picture or a strip of it: for each colour bucket, the
/// pixels counted and the first colour seen in it, in the order first seen.
#[derive(Clone, Debug, Default)]
pub struct Counts(Vec<(u16, u32, u32)>);

thread_local! {
    // The histogram's two tables (256 KB), kept between pictures and cleared
    // bucket by bucket: zeroing them whole took longer than the counting.
    static TABLES: RefCell<(Vec<u32>, Vec<u32>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// Runs `f` with this thread's histogram tables (count, first colour), all zero,
/// and the list it fills with the buckets it counted; the tables are cleared again
/// from that list.
fn with_tables<T>(f: impl FnOnce(&mut Histogram<'_>) -> T) -> T {
    with_kept(&TABLES, |(count, colour)| {
        if count.len() != BUCKETS || colour.len() != BUCKETS {
            (*count, *colour) = (vec![0; BUCKETS], vec![0; BUCKETS]);
        }
        let mut h = Histogram { count, colour, seen: Vec::with_capacity(4096), prev: u32::MAX, key: 0, run: 0 };
        let out = f(&mut h);
        h.end_run();
        for &k in &h.seen {
            h.count[k] = 0;
        }
        out
    })
}

/// Counts the colours of `img`, a strip of a picture starting at the picture's row
/// `top`, on every `step`-th row of the picture. With a `reference`, only the
/// bands drawing touched are counted.
pub fn count(img: &RgbImage, reference: Option<Reference<'_>>, top: usize, step: usize) -> Counts {
    let raw = img.as_raw();
    let width = img.width() as usize;
    let step = step.max(1);
    let first = (step - top % step) % step;
    with_tables(|h| {
        // Runs of one colour are the rule, so the passes act only on colour changes;
        // a segment equal to the one sampled `step` rows above adds only weight to
        // colours already found, and is skipped.
        for y in (first..img.height() as usize).step_by(step) {
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
        h.end_run();
        Counts(h.seen.iter().map(|&k| (k as u16, h.count[k], h.colour[k])).filter(|c| c.1 > 0).collect())
    })
}

/// Chooses a picture's palette of at most `limit` (≤ 256) entries from the counts
/// of its strips. The `seeds` (the theme's pure colours) always get an entry of
/// their own, so a small mark in a colour of its own (an arrow, a badge, a line of
/// text) keeps its exact colour even when the sampled rows miss it.
///
/// With the `layer`'s palette (the static layer this picture was drawn on, already
/// folded), that palette is kept as the start of this one, and the entries left go
/// to the colours that are common and far from the layer's entries. The result
/// depends only on the counts and their order, not on which thread made them.
pub fn palette(counts: &[Counts], seeds: &[[u8; 3]], layer: Option<&Palette>, limit: usize) -> Palette {
    let mut pal = match layer {
        Some(p) => p.clone(),
        None => Palette::new(),
    };
    let limit = limit.clamp(1, 256);
    for seed in seeds {
        pal.add(bucket(pack(seed)), *seed, limit);
    }
    with_tables(|h| {
        for &(k, n, c) in counts.iter().flat_map(|c| &c.0) {
            let k = usize::from(k);
            if h.count[k] == 0 {
                h.colour[k] = c;
                h.seen.push(k);
            }
            h.count[k] += n;
        }
        // On a folded layer, a colour near one of its entries gains little from an
        // entry of its own: the few entries left go to the colours that are common
        // and far from every entry, so a translucent mark keeps its colour.
        let weight = |k: usize| match &pal.near {
            Some(table) => {
                let d = distance(pal.kept[usize::from(table[k])], centre(k));
                u64::from(h.count[k]) * (f64::from(d).sqrt() as u64 + 1)
            }
            None => u64::from(h.count[k]),
        };
        let mut weighted: Vec<(u64, usize)> =
            h.seen.iter().copied().filter(|&k| pal.lut[k] == UNSET).map(|k| (weight(k), k)).collect();
        weighted.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, k) in weighted {
            pal.add(k, rgb(h.colour[k]), limit);
        }
    });
    if pal.kept.is_empty() {
        pal.add(0, [0, 0, 0], limit);
    }
    pal.id = next_id();
    pal
}

/// A number no palette had before.
fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}
/// Writes the palette entries of rows `ys` into `out`, row `y` starting at
/// `(y - ys.start) * stride + offset`.
fn map_rows(
    img: &RgbImage,
    reference: Option<Reference<'_>>,
    palette: &Palette,
    ys: Range<usize>,
    out: &mut [u8],
    stride: usize,
    offset: usize,
) {
    thread_local! {
        // The entries found for buckets the palette has none of, kept while this
        // thread maps strips of the same picture: each search would otherwise be
        // repeated for every strip.
        static FOUND: RefCell<(u64, Vec<u16>)> = const { RefCell::new((u64::MAX, Vec::new())) };
    }
    with_kept(&FOUND, |found| {
        if found.0 != palette.id || found.1.len() != BUCKETS {
            found.1.clear();
            found.1.extend_from_slice(&palette.lut);
            found.0 = palette.id;
        }
        let lut = &mut found.1;
        let raw = img.as_raw();
        let width = img.width() as usize;
        let (mut prev, mut index) = (u32::MAX, 0u8);
        let first = ys.start;
        for y in ys {
            let row = y * width;
            let at = (y - first) * stride + offset;
            if out.len() < at + width || raw.len() < (row + width) * 3 {
                break;
            }
            if let (true, Some(r)) = (row_untouched(reference, y), reference) {
                out[at..at + width].copy_from_slice(&r.indices[row..row + width]);
                continue;
            }
            let mut x = 0;
            while x < width {
                let n = SEGMENT.min(width - x);
                let i = row + x;
                // Most of a picture is the untouched board, and most of the rest repeats
                // the row above: such segments are copied, and only where something
                // changes is each pixel looked up.
                if let (true, Some(r)) = (untouched(reference, y, x), reference) {
                    out[at + x..at + x + n].copy_from_slice(&r.indices[i..i + n]);
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
    })
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
pub struct Palette {
    lut: Vec<u16>,
    rgb: Vec<u8>,
    kept: Vec<[i32; 3]>,
    /// For every bucket, the nearest of the first `covered` entries: a static
    /// layer's palette carries it, so that the blends a picture draws on the layer
    /// (thousands of buckets, each looked up anew for every picture) are only
    /// compared with the entries the picture added.
    near: Option<Arc<[u8]>>,
    covered: usize,
    /// Tells palettes apart for the tables of found entries that threads keep
    /// (see [`map_rows`]); a palette gets a new one whenever its entries are done.
    id: u64,
}

impl Palette {
    fn new() -> Palette {
        Palette {
            lut: vec![UNSET; BUCKETS],
            rgb: Vec::with_capacity(256 * 3),
            kept: Vec::with_capacity(256),
            near: None,
            covered: 0,
            id: next_id(),
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

    /// Finds, once, the nearest entry for every colour bucket, so that the pictures
    /// drawn on a layer folded with this palette compare a blend only with the
    /// entries they add.
    fn index_buckets(&mut self) {
        let table: Vec<u8> = (0..BUCKETS)
            .map(|k| match self.lut[k] {
                UNSET => nearest(&self.kept, centre(k)).1 as u8,
                own => own as u8,
            })
            .collect();
        self.near = Some(table.into());
        self.covered = self.kept.len();
        self.id = next_id();
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

/// A strip of the image data: its rows (each led by PNG's filter byte, 0 for none)
/// as a raw deflate stream, with the rows' Adler-32 sum and length.
#[derive(Clone, Debug)]
pub struct Part {
    deflated: Vec<u8>,
    adler: u32,
    len: usize,
}

thread_local! {
    // Each thread keeps its deflate state and row buffer: a fresh compressor
    // allocates and clears a few hundred kilobytes, which costs more than a strip.
    static DEFLATE: RefCell<Option<(Compress, Vec<u8>)>> = const { RefCell::new(None) };
}

/// Maps rows `ys` of `img` (see [`palette`]) and deflates them; the `last` part
/// finishes the stream, the others end on a sync flush so that the next part may
/// follow.
pub fn part(
    img: &RgbImage,
    reference: Option<Reference<'_>>,
    palette: &Palette,
    ys: Range<usize>,
    last: bool,
) -> Result<Part, EncodeError> {
    with_kept(&DEFLATE, |kept| {
        let (z, rows) = kept.get_or_insert_with(|| (Compress::new(Compression::new(DEFLATE_LEVEL), false), Vec::new()));
        z.reset();
        let width = img.width() as usize;
        let ys = ys.start.min(img.height() as usize)..ys.end.min(img.height() as usize);
        rows.clear();
        rows.resize(ys.len() * (width + 1), 0);
        map_rows(img, reference, palette, ys, rows, width + 1, 1);
        let adler = {
            let mut a = simd_adler32::Adler32::new();
            a.write(rows);
            a.finish()
        };
        let flush = if last { FlushCompress::Finish } else { FlushCompress::Sync };
        let mut deflated = Vec::with_capacity(rows.len() / 8 + 64);
        loop {
            let consumed = z.total_in() as usize;
            let status = z.compress_vec(&rows[consumed.min(rows.len())..], &mut deflated, flush)?;
            let done = match status {
                Status::StreamEnd => true,
                // A sync flush is complete once all input is taken and the output had room.
                Status::Ok | Status::BufError => {
                    !last && z.total_in() as usize >= rows.len() && deflated.len() < deflated.capacity()
                }
            };
            if done {
                break;
            }
            deflated.reserve(deflated.capacity().max(4096));
        }
        Ok(Part { deflated, adler, len: rows.len() })
    })
}

impl Part {
    /// A rough cost of mapping and deflating a strip, to hand out the dearest
    /// strips first: every row is deflated, and a touched band costs about as much
    /// again to map.
    pub fn cost(img: &RgbImage, touched: &Touched) -> usize {
        let bands = (img.width() as usize).div_ceil(SEGMENT).max(1);
        let rows = img.height() as usize;
        rows * bands + (0..rows).map(|y| (0..bands).filter(|&b| touched.band(y, b)).count()).sum::<usize>()
    }
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

/// Writes an 8-bit indexed PNG of `width` × `height` pixels from its palette and
/// the parts of its rows in order (the last one made with `last`).
pub fn assemble(width: u32, height: u32, palette: &Palette, parts: &[Part]) -> Result<Vec<u8>, EncodeError> {
    let rows: usize = parts.iter().map(|p| p.len).sum();
    if rows != height as usize * (width as usize + 1) {
        return Err(EncodeError::Strips("the parts do not hold the picture's rows"));
    }
    let deflated: usize = parts.iter().map(|p| p.deflated.len()).sum();
    let mut out = Vec::with_capacity(deflated + palette.rgb.len() + 128);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    // 8 bits per entry, indexed colour, deflate, no filter method beyond 0, no interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette.rgb);
    let mut data = Vec::with_capacity(deflated + 6);
    // zlib header: deflate with a 32 KB window, no preset dictionary.
    data.extend_from_slice(&[0x78, 0x01]);
    let mut adler = 1;
    for p in parts {
        data.extend_from_slice(&p.deflated);
        adler = adler_combine(adler, p.adler, p.len);
    }
    data.extend_from_slice(&adler.to_be_bytes());
    chunk(&mut out, b"IDAT", &data);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// Folds a whole picture and encodes it as an 8-bit indexed PNG on this thread.
pub fn png(img: &RgbImage, seeds: &[[u8; 3]], reference: Option<Reference<'_>>) -> Result<Vec<u8>, EncodeError> {
    let palette = palette(&[count(img, reference, 0, SAMPLE_ROWS)], seeds, reference.map(|r| r.palette), 256);
    let all = part(img, reference, &palette, 0..img.height() as usize, true)?;
    assemble(img.width(), img.height(), &palette, &[all])
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

    /// Strips counted and deflated apart (in any order, as two threads would)
    /// decode as one image, pixel for pixel what their palette maps the whole
    /// picture to, for odd and even heights, strip sizes and with a layer under it.
    #[test]
    fn strips_join_into_one_valid_png() {
        for (w, h, rows) in [(33, 17, 5), (40, 1, 1), (64, 64, 64), (64, 64, 7), (20, 9, 100)] {
            let base = RgbImage::from_fn(w, h, |x, y| Rgb([(x * 7) as u8, (y * 9) as u8, 100]));
            let folded = quantize_layer(&base, &[], 128);
            let mut img = base.clone();
            img.put_pixel(w / 2, h / 2, Rgb([250, 0, 250]));
            let mut touched = Touched::new(w, h);
            touched.mark(w / 2, h / 2, w / 2 + 1, h / 2 + 1);
            for layered in [false, true] {
                let tops: Vec<u32> = (0..h).step_by(rows as usize).collect();
                let strips: Vec<(u32, RgbImage, Touched)> = tops
                    .iter()
                    .map(|&top| {
                        let end = (top + rows).min(h);
                        let strip = image::imageops::crop_imm(&img, 0, top, w, end - top).to_image();
                        let mut t = Touched::new(w, end - top);
                        for y in top..end {
                            for b in 0..(w as usize).div_ceil(BAND) {
                                if touched.band(y as usize, b) {
                                    t.mark((b * BAND) as u32, y - top, (b * BAND) as u32 + 1, y - top + 1);
                                }
                            }
                        }
                        (top, strip, t)
                    })
                    .collect();
                fn under<'a>(
                    layer: Option<&'a Quantized>,
                    (top, strip, t): &'a (u32, RgbImage, Touched),
                ) -> Option<Reference<'a>> {
                    layer.map(|q| q.under(strip, *top, t).unwrap())
                }
                let layer = layered.then_some(&folded);
                let counts: Vec<Counts> = strips
                    .iter()
                    .rev()
                    .map(|s| count(&s.1, under(layer, s), s.0 as usize, SAMPLE_ROWS))
                    .rev()
                    .collect();
                let pal = palette(&counts, &[[250, 0, 250]], layered.then(|| folded.folding()), 256);
                let mut parts: Vec<Part> = strips
                    .iter()
                    .enumerate()
                    .rev()
                    .map(|(i, s)| {
                        part(&s.1, under(layer, s), &pal, 0..s.1.height() as usize, i + 1 == strips.len()).unwrap()
                    })
                    .collect();
                parts.reverse();
                let bytes = assemble(w, h, &pal, &parts).unwrap();
                let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png).unwrap().to_rgb8();
                assert_eq!(back.dimensions(), (w, h));
                let whole = layered.then(|| folded.under(&img, 0, &touched).unwrap());
                let mut want = vec![0u8; (w * h) as usize];
                map_rows(&img, whole, &pal, 0..h as usize, &mut want, w as usize, 0);
                for (i, p) in back.pixels().enumerate() {
                    let e = usize::from(want[i]) * 3;
                    assert_eq!(&p.0[..], &pal.rgb[e..e + 3], "pixel {i} of {w}x{h} in strips of {rows}");
                }
                let i = (h / 2 * w + w / 2) as usize;
                assert_eq!(&back.as_raw()[i * 3..i * 3 + 3], &[250, 0, 250]);
            }
        }
        let pal = palette(&[], &[], None, 256);
        assert!(assemble(4, 4, &pal, &[]).is_err(), "parts that miss rows are refused");
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

    /// A strip costs its rows, and as much again for every band drawn on.
    #[test]
    fn touched_bands_make_a_strip_dearer() {
        let img = RgbImage::new(64, 10);
        let mut touched = Touched::new(64, 10);
        assert_eq!(Part::cost(&img, &touched), 20);
        touched.mark(0, 0, 40, 3);
        assert_eq!(Part::cost(&img, &touched), 26);
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
