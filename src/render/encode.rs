//! PNG encoding through an indexed palette.
//!
//! A board picture is mostly flat colours with soft edges, a few thousand distinct
//! colours in all. Folding them into at most 256 palette entries (by 5-5-5 bit
//! buckets, the most used buckets first) makes the pixel data a third of RGB's and
//! lets the fast deflate pass find long runs, so pictures stay small and quick.

use image::RgbImage;

/// Why encoding failed.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct EncodeError(#[from] png::EncodingError);

const BUCKETS: usize = 1 << 15;

/// Rows sampled for the histogram: flat colours fill many rows, so every fourth
/// row finds them, and a colour missed there still maps to its nearest entry.
const SAMPLE_ROWS: usize = 4;

/// Pixels compared with the row above at once.
const SEGMENT: usize = 32;

/// Marks a bucket whose palette entry is not chosen yet.
const UNSET: u16 = u16::MAX;

/// A picture folded into a palette: the palette and each pixel's entry.
#[derive(Clone, Debug)]
pub struct Quantized {
    palette: Palette,
    indices: Vec<u8>,
}

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

/// Folds a picture into at most `limit` (≤ 256) palette entries. The `seeds` (the
/// theme's pure colours) always get an entry of their own, so a small mark in a
/// colour of its own (an arrow, a badge, a line of text) keeps its exact colour even
/// when the sampled rows miss it.
///
/// With a `reference` (the static layer this picture was drawn on, already folded),
/// the reference's palette is kept as the start of this one and every segment of
/// pixels the picture did not change takes the reference's entries as they are; only
/// what was drawn on top is sampled and looked up.
pub fn quantize(
    img: &RgbImage,
    seeds: &[[u8; 3]],
    reference: Option<(&RgbImage, &Quantized)>,
    limit: usize,
) -> Quantized {
    let reference =
        reference.filter(|(r, q)| r.dimensions() == img.dimensions() && q.indices.len() * 3 == r.as_raw().len());
    let raw = img.as_raw();
    let width = img.width() as usize;
    let same =
        |i: usize, n: usize| reference.is_some_and(|(r, _)| r.as_raw()[i * 3..(i + n) * 3] == raw[i * 3..(i + n) * 3]);
    let mut count = vec![0u32; BUCKETS];
    let mut colour = vec![0u32; BUCKETS];
    // Runs of one colour are the rule, so the passes act only on colour changes.
    for y in (0..img.height() as usize).step_by(SAMPLE_ROWS) {
        let mut prev = u32::MAX;
        let mut key = 0;
        let mut run = 0;
        if same(y * width, width) {
            continue;
        }
        for x in (0..width).step_by(SEGMENT) {
            let (i, n) = (y * width + x, SEGMENT.min(width - x));
            if same(i, n) {
                continue;
            }
            for p in raw[i * 3..(i + n) * 3].chunks_exact(3) {
                let c = pack(p);
                if c != prev {
                    count[key] += run;
                    run = 0;
                    prev = c;
                    key = bucket(c);
                    if count[key] == 0 {
                        colour[key] = c;
                    }
                }
                run += 1;
            }
        }
        count[key] += run;
    }
    let mut pal = match reference {
        Some((_, q)) => q.palette.clone(),
        None => Palette { lut: vec![UNSET; BUCKETS], rgb: Vec::with_capacity(256 * 3), kept: Vec::with_capacity(256) },
    };
    let limit = limit.clamp(1, 256);
    for seed in seeds {
        pal.add(bucket(pack(seed)), *seed, limit);
    }
    let mut used: Vec<usize> = (0..BUCKETS).filter(|&k| count[k] > 0).collect();
    used.sort_unstable_by(|a, b| count[*b].cmp(&count[*a]).then(a.cmp(b)));
    for &k in &used {
        pal.add(k, rgb(colour[k]), limit);
    }
    if pal.kept.is_empty() {
        pal.add(0, [0, 0, 0], limit);
    }
    let mut lut = pal.lut.clone();
    let mut indices = vec![0u8; raw.len() / 3];
    let mut prev = u32::MAX;
    let mut index = 0u8;
    for y in 0..img.height() as usize {
        let row = y * width;
        if let (true, Some((_, q))) = (same(row, width), reference) {
            indices[row..row + width].copy_from_slice(&q.indices[row..row + width]);
            continue;
        }
        let mut x = 0;
        while x < width {
            let n = SEGMENT.min(width - x);
            let i = y * width + x;
            // Most of a picture is the untouched board, and most of the rest repeats
            // the row above: such segments are copied, and only where something
            // changes is each pixel looked up.
            if let (true, Some((_, q))) = (same(i, n), reference) {
                indices[i..i + n].copy_from_slice(&q.indices[i..i + n]);
            } else if y > 0 && raw[(i - width) * 3..(i - width + n) * 3] == raw[i * 3..(i + n) * 3] {
                indices.copy_within(i - width..i - width + n, i);
            } else {
                for (p, out) in raw[i * 3..(i + n) * 3].chunks_exact(3).zip(&mut indices[i..i + n]) {
                    let c = pack(p);
                    if c != prev {
                        prev = c;
                        let k = bucket(c);
                        if lut[k] == UNSET {
                            lut[k] = nearest(&pal.kept, rgb(c).map(i32::from));
                        }
                        index = lut[k] as u8;
                    }
                    *out = index;
                }
            }
            x += n;
        }
    }
    Quantized { palette: pal, indices }
}

/// A palette: entries by bucket, their colours, and the colours as integers for
/// the nearest-entry search.
#[derive(Clone, Debug)]
struct Palette {
    lut: Vec<u16>,
    rgb: Vec<u8>,
    kept: Vec<[i32; 3]>,
}

impl Palette {
    /// Gives bucket `k` an entry of colour `c`, unless it has one or `limit` are taken.
    fn add(&mut self, k: usize, c: [u8; 3], limit: usize) {
        if self.lut[k] == UNSET && self.kept.len() < limit {
            self.lut[k] = self.kept.len() as u16;
            self.rgb.extend_from_slice(&c);
            self.kept.push(c.map(i32::from));
        }
    }
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

fn nearest(palette: &[[i32; 3]], c: [i32; 3]) -> u16 {
    let mut best = (i32::MAX, 0u16);
    for (i, d) in palette.iter().enumerate() {
        let (dr, dg, db) = (c[0] - d[0], c[1] - d[1], c[2] - d[2]);
        let dist = dr * dr + dg * dg + db * db;
        if dist < best.0 {
            best = (dist, i as u16);
        }
    }
    best.1
}

/// Encodes a folded picture of `width` × `height` as an 8-bit indexed PNG.
pub fn png(q: &Quantized, width: u32, height: u32) -> Result<Vec<u8>, EncodeError> {
    let (palette, indices) = (q.palette().to_vec(), q.indices());
    let mut out = Vec::with_capacity(48 * 1024);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    // Measured on board pictures at 768 px: zlib level 2 on unfiltered indices takes
    // about a millisecond and gives 40–50 KB; the PNG-tuned fast deflate is a little
    // quicker but twice the size, and filters only hurt palette indices.
    encoder.set_deflate_compression(png::DeflateCompression::Level(2));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
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
        for x in 20..30 {
            img.put_pixel(x, 8, Rgb([1, 250, 3]));
        }
        let q = quantize(&img, &[], Some((&base, &folded)), 256);
        assert_eq!(&q.palette()[..300], folded.palette());
        assert_eq!(q.indices()[..64 * 8], folded.indices()[..64 * 8]);
        assert_eq!(q.indices()[64 * 9..], folded.indices()[64 * 9..]);
        let i = usize::from(q.indices()[64 * 8 + 25]);
        assert_eq!(&q.palette()[i * 3..i * 3 + 3], &[1, 250, 3]);
    }

    #[test]
    fn the_output_decodes_to_the_same_size() {
        let img = RgbImage::from_fn(33, 17, |x, y| Rgb([(x * 7) as u8, (y * 9) as u8, 100]));
        let bytes = png(&quantize(&img, &[], None, 256), 33, 17).unwrap();
        let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png).unwrap();
        assert_eq!((back.width(), back.height()), (33, 17));
    }
}
