//! An output buffer a test reads while the terminal chat writes to it.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Shared bytes: one clone goes to the terminal, the test keeps the other.
#[derive(Clone, Default)]
pub struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("buffer").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    /// What was written since the last call, emptying the buffer.
    pub fn take(&self) -> String {
        String::from_utf8(std::mem::take(&mut *self.0.lock().expect("buffer"))).expect("utf-8 output")
    }
}
