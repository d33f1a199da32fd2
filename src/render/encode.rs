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
    // Measured on board pictures: zlib level 1 on unfiltered indices is as quick as
    // the PNG-tuned fast deflate on filtered ones and gives files half the size.
    encoder.set_deflate_compression(png::DeflateCompression::Level(1));
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

    #[test]
    fn many_colours_fold_into_256_nearby() {
        let img = RgbImage::from_fn(256, 64, |x, y| Rgb([x as u8, (y * 4) as u8, (x ^ y) as u8]));
        let (palette, indices) = quantize(&img);
        assert!(palette.len() <= 256 * 3);
        for (i, p) in img.pixels().enumerate() {
            let q = &palette[usize::from(indices[i]) * 3..][..3];
            let err: i32 = (0..3).map(|c| (i32::from(p.0[c]) - i32::from(q[c])).abs()).max().unwrap_or(0);
            assert!(err < 96, "pixel {i}: {:?} became {q:?}", p.0);
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
