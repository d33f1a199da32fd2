//! A drawn picture (the bytes of a PNG or a GIF, with what a chat needs to post it),
//! apart from the drawing itself so that every picture's module can return one.

/// A drawn picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The file's bytes: a PNG or a GIF.
    pub bytes: Vec<u8>,
    /// Their MIME type: `image/png` or `image/gif`.
    pub mime: &'static str,
    /// A file name such as `K7Q2-12.png` or `K7Q2-replay.gif`.
    pub file_name: String,
    /// What it shows, for people who cannot see it.
    pub alt: String,
    /// Its width and height in pixels.
    pub size: (u32, u32),
    /// What was given up to fit the upload limit ("Drawn smaller to fit the upload
    /// limit."), to show beside the message; `None` when nothing was.
    pub note: Option<String>,
}

/// The MIME type of a PNG.
pub const PNG: &str = "image/png";
/// The MIME type of a board drawn as SVG.
pub const SVG: &str = "image/svg+xml";
/// The MIME type of a GIF.
pub const GIF: &str = "image/gif";

/// A PNG's or a GIF's width and height, from its header.
pub fn dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() >= 24 && &bytes[..8] == b"\x89PNG\r\n\x1a\n" {
        let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
        let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
        return Some((w, h));
    }
    if bytes.len() >= 10 && (&bytes[..6] == b"GIF89a" || &bytes[..6] == b"GIF87a") {
        let w = u16::from_le_bytes([bytes[6], bytes[7]]);
        let h = u16::from_le_bytes([bytes[8], bytes[9]]);
        return Some((u32::from(w), u32::from(h)));
    }
    None
}
