//! Move counts (like chess's perft) from `tests/fixtures/kuba/perft.txt`, each
//! cross-checked by a deliberately naive generator written here from §1 alone.

use boardbot::games::kuba::{Kuba, KubaSettings};
use boardbot::games::Game;

fn perft(p: &Kuba, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = p.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// A naive Kuba: a 7×7 grid of characters, rules spelled out step by step.
#[derive(Clone)]
struct Naive {
    grid: [[char; 7]; 7], // grid[rank][file]
    white_to_move: bool,
    reds: [u32; 2],
    ban: Option<(usize, usize, (i32, i32))>,
}

const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Naive {
    fn parse(code: &str) -> Naive {
        let fields: Vec<&str> = code.split(' ').collect();
        let mut grid = [['.'; 7]; 7];
        for (i, row) in fields[0].split('/').enumerate() {
            let mut file = 0;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as usize;
                } else {
                    grid[6 - i][file] = c;
                    file += 1;
                }
            }
        }
        let (w, b) = fields[2].split_once('-').unwrap();
        let ban = (fields[3] != "-").then(|| {
            let b = fields[3].as_bytes();
            let d = match b[3] {
                b'N' => (0, 1),
                b'E' => (1, 0),
                b'S' => (0, -1),
                _ => (-1, 0),
            };
            ((b[0] - b'a') as usize, (b[1] - b'1') as usize, d)
        });
        Naive { grid, white_to_move: fields[1] == "w", reds: [w.parse().unwrap(), b.parse().unwrap()], ban }
    }

    fn on(f: i32, r: i32) -> bool {
        (0..7).contains(&f) && (0..7).contains(&r)
    }

    fn count(&self, c: char) -> usize {
        self.grid.iter().flatten().filter(|x| **x == c).count()
    }

    fn moves(&self) -> Vec<(usize, usize, (i32, i32))> {
        if self.reds[0] >= 7 || self.reds[1] >= 7 || self.count('W') == 0 || self.count('B') == 0 {
            return vec![];
        }
        let own = if self.white_to_move { 'W' } else { 'B' };
        let mut out = vec![];
        for f in 0..7 {
            for r in 0..7 {
                if self.grid[r][f] != own {
                    continue;
                }
                for d in DIRS {
                    let (bf, br) = (f as i32 - d.0, r as i32 - d.1);
                    if Self::on(bf, br) && self.grid[br as usize][bf as usize] != '.' {
                        continue;
                    }
                    let (mut cf, mut cr) = (f as i32, r as i32);
                    while Self::on(cf + d.0, cr + d.1) && self.grid[(cr + d.1) as usize][(cf + d.0) as usize] != '.' {
                        cf += d.0;
                        cr += d.1;
                    }
                    if !Self::on(cf + d.0, cr + d.1) && self.grid[cr as usize][cf as usize] == own {
                        continue;
                    }
                    if self.ban == Some((f, r, d)) {
                        continue;
                    }
                    out.push((f, r, d));
                }
            }
        }
        out
    }

    fn play(&self, (f, r, d): (usize, usize, (i32, i32))) -> Naive {
        let mut next = self.clone();
        let mut line = vec![];
        let (mut cf, mut cr) = (f as i32, r as i32);
        while Self::on(cf, cr) && self.grid[cr as usize][cf as usize] != '.' {
            line.push((cf, cr));
            cf += d.0;
            cr += d.1;
        }
        let mut captured = None;
        for &(lf, lr) in line.iter().rev() {
            let c = self.grid[lr as usize][lf as usize];
            next.grid[lr as usize][lf as usize] = '.';
            let (tf, tr) = (lf + d.0, lr + d.1);
            if Self::on(tf, tr) {
                next.grid[tr as usize][tf as usize] = c;
            } else {
                captured = Some(c);
            }
        }
        let me = usize::from(!self.white_to_move);
        next.ban = None;
        match captured {
            Some('R') => next.reds[me] += 1,
            Some(_) => {}
            None => {
                let (ff, fr) = (cf, cr);
                let front = self.grid[(fr - d.1) as usize][(ff - d.0) as usize];
                let opponent = if self.white_to_move { 'B' } else { 'W' };
                if front == opponent {
                    next.ban = Some((ff as usize, fr as usize, (-d.0, -d.1)));
                }
                next.white_to_move = !self.white_to_move;
            }
        }
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves().into_iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

#[test]
fn perft_fixtures() {
    let text = include_str!("../fixtures/kuba/perft.txt");
    let mut position: Option<(String, Kuba)> = None;
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(code) = line.strip_prefix("position ") {
            let p = Kuba::from_code(code, &KubaSettings::default()).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
            position = Some((code.to_string(), p));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest.split_once(' ').expect("perft <depth> <count>");
            let depth: u32 = depth.parse().expect("depth");
            let count: u64 = count.parse().expect("count");
            let (code, p) = position.as_ref().expect("a position first");
            assert_eq!(perft(p, depth), count, "line {}: perft {depth} of {code}", n + 1);
            assert_eq!(Naive::parse(code).perft(depth), count, "line {}: naive perft {depth} of {code}", n + 1);
            checked += 1;
        } else {
            panic!("line {}: unknown line {line:?}", n + 1);
        }
    }
    assert!(checked >= 16, "the fixture holds depths 1–4 for four positions at least");
}
