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

/// Marks a bucket whose palette entry is not chosen yet.
const UNSET: u16 = u16::MAX;

/// The palette (RGB triples) and each pixel's palette index.
pub fn quantize(img: &RgbImage) -> (Vec<u8>, Vec<u8>) {
    let raw = img.as_raw();
    let row = (img.width() as usize * 3).max(3);
    let mut count = vec![0u32; BUCKETS];
    let mut colour = vec![0u32; BUCKETS];
    // Runs of one colour are the rule, so the passes look only at colour changes.
    for line in raw.chunks_exact(row).step_by(SAMPLE_ROWS) {
        let mut prev = u32::MAX;
        let mut key = 0;
        for p in line.chunks_exact(3) {
            let c = pack(p);
            if c != prev {
                prev = c;
                key = bucket(c);
                if count[key] == 0 {
                    colour[key] = c;
                }
            }
            count[key] += 1;
        }
    }
    let mut used: Vec<usize> = (0..BUCKETS).filter(|&k| count[k] > 0).collect();
    used.sort_unstable_by(|a, b| count[*b].cmp(&count[*a]).then(a.cmp(b)));
    used.truncate(256);
    let mut lut = vec![UNSET; BUCKETS];
    let mut palette = Vec::with_capacity(used.len().max(1) * 3);
    let mut kept: Vec<[i32; 3]> = Vec::with_capacity(used.len());
    for (i, &k) in used.iter().enumerate() {
        lut[k] = i as u16;
        let c = rgb(colour[k]);
        palette.extend_from_slice(&c);
        kept.push(c.map(i32::from));
    }
    if kept.is_empty() {
        palette.extend_from_slice(&[0, 0, 0]);
        kept.push([0, 0, 0]);
    }
    let mut indices = vec![0u8; raw.len() / 3];
    let mut prev = u32::MAX;
    let mut index = 0u8;
    for (p, out) in raw.chunks_exact(3).zip(indices.iter_mut()) {
        let c = pack(p);
        if c != prev {
            prev = c;
            let k = bucket(c);
            if lut[k] == UNSET {
                lut[k] = nearest(&kept, rgb(c).map(i32::from));
            }
            index = lut[k] as u8;
        }
        *out = index;
    }
    (palette, indices)
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
    (((c >> 9) & 0x7c00) | ((c >> 6) & 0x3e0) | ((c >> 3) & 0x1f)) as usize
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

/// Encodes a picture as an 8-bit indexed PNG.
pub fn png(img: &RgbImage) -> Result<Vec<u8>, EncodeError> {
    let (palette, indices) = quantize(img);
    let mut out = Vec::with_capacity(48 * 1024);
    let mut encoder = png::Encoder::new(&mut out, img.width(), img.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    // Measured on board pictures at 768 px: zlib level 2 on unfiltered indices takes
    // about a millisecond and gives 40–50 KB; the PNG-tuned fast deflate is a little
    // quicker but twice the size, and filters only hurt palette indices.
    encoder.set_deflate_compression(png::DeflateCompression::Level(2));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&indices)?;
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
        let (palette, indices) = quantize(&img);
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
        let (palette, indices) = quantize(&img);
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

    #[test]
    fn the_output_decodes_to_the_same_size() {
        let img = RgbImage::from_fn(33, 17, |x, y| Rgb([(x * 7) as u8, (y * 9) as u8, 100]));
        let bytes = png(&img).unwrap();
        let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png).unwrap();
        assert_eq!((back.width(), back.height()), (33, 17));
    }
}
