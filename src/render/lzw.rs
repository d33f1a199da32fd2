//! GIF's LZW compression, the same code stream `weezl` (the `gif` crate's
//! compressor) writes, with one addition: a run of one index is taken in a few
//! steps instead of one step per byte.
//!
//! A replay's frames are mostly that: after the first frame each carries the
//! rectangle that changed, and most of it is the transparent index of pixels that
//! did not. A run of `T` in greedy LZW only walks the chain of strings `T`, `TT`,
//! `TTT` … the dictionary holds, so knowing that chain's length `L` gives the
//! codes a run produces without looking at each byte: a run of `r` after a
//! prefix of `k` is `k + r` when that is at most `L`, else the code of `T^L`
//! followed by a run of `r − (L − k) − 1` after `T`, while `T^(L+1)` joins the
//! chain. With weezl, compressing a replay's frames took half of its time.

/// Codes of at most 12 bits (GIF's limit).
const MAX_CODES: usize = 1 << 12;
/// Slots of the dictionary's hash table: twice its entries keeps probes short.
const SLOTS: usize = 2 * MAX_CODES;

/// The dictionary since the last clear code: strings as (prefix code, byte) → code.
struct Dictionary {
    /// `(prefix << 8 | byte) + 1` of each slot, 0 when free.
    keys: Vec<u32>,
    /// The code in each used slot.
    codes: Vec<u16>,
    /// For each code, `k` when it is the string of `k` run bytes, else 0.
    run_of: Vec<u16>,
    /// The codes of the run strings: `chain[k]` is the code of `k` run bytes
    /// (`chain[0]` unused).
    chain: Vec<u16>,
    /// The byte whose runs take the short way.
    run: u8,
}

impl Dictionary {
    fn new(run: u8) -> Self {
        let mut d = Dictionary {
            keys: vec![0; SLOTS],
            codes: vec![0; SLOTS],
            run_of: vec![0; MAX_CODES + 1],
            chain: Vec::with_capacity(MAX_CODES + 1),
            run,
        };
        d.clear();
        d
    }

    fn clear(&mut self) {
        self.keys.iter_mut().for_each(|k| *k = 0);
        self.run_of.iter_mut().for_each(|k| *k = 0);
        self.run_of[usize::from(self.run)] = 1;
        self.chain.clear();
        self.chain.extend([0, u16::from(self.run)]);
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9e37_79b1) >> 19) as usize & (SLOTS - 1)
    }

    /// The code of `prefix` followed by `byte`, if the dictionary has it.
    fn get(&self, prefix: u16, byte: u8) -> Option<u16> {
        let key = (u32::from(prefix) << 8 | u32::from(byte)) + 1;
        let mut i = Self::slot(key);
        loop {
            match self.keys[i] {
                0 => return None,
                k if k == key => return Some(self.codes[i]),
                _ => i = (i + 1) & (SLOTS - 1),
            }
        }
    }

    /// Adds `prefix` followed by `byte` as `code`.
    fn add(&mut self, prefix: u16, byte: u8, code: u16) {
        let key = (u32::from(prefix) << 8 | u32::from(byte)) + 1;
        let mut i = Self::slot(key);
        while self.keys[i] != 0 {
            i = (i + 1) & (SLOTS - 1);
        }
        (self.keys[i], self.codes[i]) = (key, code);
        let k = self.run_of[usize::from(prefix)];
        if byte == self.run && k > 0 {
            // Only the longest run string is ever extended (see the module's note).
            self.run_of[usize::from(code)] = k + 1;
            self.chain.push(code);
        }
    }

    /// The longest run string's length.
    fn longest_run(&self) -> u16 {
        (self.chain.len() - 1) as u16
    }
}

/// Codes packed into bytes, least significant bit first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    len: u32,
}

impl Bits<'_> {
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= u64::from(code) << self.len;
        self.len += width;
        while self.len >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.len -= 8;
        }
    }

    fn finish(self) {
        if self.len > 0 {
            self.out.push(self.acc as u8);
        }
    }
}

/// The encoder's state between codes.
struct Encoder<'a> {
    dict: Dictionary,
    bits: Bits<'a>,
    clear: u16,
    /// The code the next new string gets.
    next: u16,
    width: u32,
    min_width: u32,
}

impl Encoder<'_> {
    /// Writes `code` and adds it followed by `byte` to the dictionary, clearing
    /// the dictionary when it is full, as weezl does.
    fn emit(&mut self, code: u16, byte: u8) {
        self.bits.put(code, self.width);
        if usize::from(self.next) < MAX_CODES {
            self.dict.add(code, byte, self.next);
        }
        self.next += 1;
        if u32::from(self.next) > 1 << self.width && self.width < 12 {
            self.width += 1;
        }
        if usize::from(self.next) > MAX_CODES {
            self.bits.put(self.clear, self.width);
            self.dict.clear();
            self.next = self.clear + 2;
            self.width = self.min_width + 1;
        }
    }
}

/// Compresses `data` for a GIF image block: the minimum code size (as the `gif`
/// crate chooses it, from the largest index) and then the code stream, which
/// [`gif::Encoder::write_lzw_pre_encoded_frame`] writes. Runs of `run` are fast.
pub fn encode(data: &[u8], run: u8, out: &mut Vec<u8>) {
    out.clear();
    let largest = data.iter().copied().max().unwrap_or(0);
    let min_width = (u32::from(largest) + 1).max(4).next_power_of_two().trailing_zeros();
    out.push(min_width as u8);
    // A run byte the data cannot hold is never met.
    let run = if u32::from(run) < 1 << min_width { run } else { 0 };
    let clear = 1u16 << min_width;
    let mut e = Encoder {
        dict: Dictionary::new(run),
        bits: Bits { out, acc: 0, len: 0 },
        clear,
        next: clear + 2,
        width: min_width + 1,
        min_width,
    };
    e.bits.put(clear, e.width);
    let Some((&first, mut rest)) = data.split_first() else {
        e.bits.put(clear + 1, e.width);
        e.bits.finish();
        return;
    };
    let mut current = u16::from(first);
    while let Some((&byte, tail)) = rest.split_first() {
        let k = e.dict.run_of[usize::from(current)];
        if byte == run && k > 0 {
            let r = rest.iter().position(|&b| b != run).unwrap_or(rest.len());
            let (mut k, mut left) = (k, r);
            loop {
                let room = usize::from(e.dict.longest_run() - k);
                if left <= room {
                    k += left as u16;
                    break;
                }
                // Up the chain to its end; the next run byte is not in it.
                let longest = e.dict.chain[usize::from(e.dict.longest_run())];
                left -= room + 1;
                e.emit(longest, run);
                k = 1;
            }
            current = e.dict.chain[usize::from(k)];
            rest = &rest[r..];
            continue;
        }
        match e.dict.get(current, byte) {
            Some(code) => current = code,
            None => {
                e.emit(current, byte);
                current = u16::from(byte);
            }
        }
        rest = tail;
    }
    e.bits.put(current, e.width);
    // The decoder adds one more string on reading that code.
    if u32::from(e.next) > (1 << e.width) - 1 && e.width < 12 {
        e.width += 1;
    }
    e.bits.put(clear + 1, e.width);
    e.bits.finish();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `gif` crate's own compression of `data`.
    fn weezl(data: &[u8]) -> Vec<u8> {
        let mut frame = gif::Frame { buffer: data.to_vec().into(), ..Default::default() };
        frame.make_lzw_pre_encoded();
        frame.buffer.into_owned()
    }

    fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Byte for byte the stream weezl writes, whatever the mix of runs and noise,
    /// across dictionary clears and for every code size.
    #[test]
    fn the_stream_is_weezl_s() {
        let mut seed = 0x1234_5678_9abc_def1;
        for case in 0..200 {
            let len = (xorshift(&mut seed) % 20_000) as usize;
            let colours = [2u64, 3, 16, 17, 200, 256][case % 6];
            let run = (xorshift(&mut seed) % colours) as u8;
            let mut data = Vec::with_capacity(len);
            while data.len() < len {
                match xorshift(&mut seed) % 3 {
                    0 => data.extend(std::iter::repeat_n(run, (xorshift(&mut seed) % 700) as usize)),
                    _ => data.push((xorshift(&mut seed) % colours) as u8),
                }
            }
            data.truncate(len);
            let mut ours = Vec::new();
            encode(&data, run, &mut ours);
            assert_eq!(ours, weezl(&data), "case {case}: {} bytes, {colours} colours, run {run}", data.len());
        }
    }

    #[test]
    fn long_runs_and_empty_data() {
        for data in
            [vec![7u8; 100_000], vec![], vec![0u8], vec![255u8; 5000], [vec![1, 2, 3], vec![9; 70_000]].concat()]
        {
            for run in [0, 7, 9, 255] {
                let mut ours = Vec::new();
                encode(&data, run, &mut ours);
                assert_eq!(ours, weezl(&data), "{} bytes, run {run}", data.len());
            }
        }
    }
}
