//! PNG encoding of a finished picture with the `png` crate.

use tiny_skia::Pixmap;

/// zlib level for the picture data: level 3 keeps a 768 px board near 100 KB in a
/// few milliseconds, where higher levels cost several times the time for a few
/// per cent.
const LEVEL: u8 = 3;

/// The picture's pixels as RGB rows. Every picture is drawn on an opaque layer, so
/// its premultiplied pixels are plain colours and the alpha channel says nothing.
pub fn rgb(img: &Pixmap) -> Vec<u8> {
    img.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect()
}

/// Encodes a picture as an RGB PNG.
pub fn png(img: &Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::with_capacity(128 * 1024);
    let mut encoder = png::Encoder::new(&mut out, img.width(), img.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::Level(LEVEL));
    encoder.set_filter(png::Filter::Adaptive);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb(img))?;
    writer.finish()?;
    Ok(out)
}
