//! The mover's choices when he is short of cubes (§2.4, KW-I4): every way to share
//! `left` cubes among vertices that earned `earned[i]` each, in canonical order.
//!
//! A choice is written as its vertices in board order, one per cube, and choices are
//! ordered by that list, vertex by vertex. With vertices already in board order this
//! is the order of the per-vertex counts with the first count descending.

/// Ways to share `left` cubes, counted from vertex `i` on: `table[i][l]`.
struct Ways {
    width: usize,
    table: Vec<u64>,
}

impl Ways {
    fn new(earned: &[u8], left: usize) -> Ways {
        let width = left + 1;
        let mut table = vec![0u64; (earned.len() + 1) * width];
        if let Some(first) = table.get_mut(earned.len() * width) {
            *first = 1;
        }
        for i in (0..earned.len()).rev() {
            for l in 0..width {
                let max = usize::from(earned[i]).min(l);
                let sum = (0..=max).fold(0u64, |acc, x| acc.saturating_add(Self::at(&table, width, i + 1, l - x)));
                table[i * width + l] = sum;
            }
        }
        Ways { width, table }
    }

    fn at(table: &[u64], width: usize, i: usize, l: usize) -> u64 {
        table.get(i * width + l).copied().unwrap_or(0)
    }

    fn get(&self, i: usize, l: usize) -> u64 {
        Self::at(&self.table, self.width, i, l)
    }
}

/// How many choices there are (saturating at `u64::MAX`).
pub(super) fn count(earned: &[u8], left: usize) -> u64 {
    Ways::new(earned, left).get(0, left)
}

/// The choice of the given rank in canonical order, as a count per vertex.
pub(super) fn unrank(earned: &[u8], left: usize, mut rank: u64) -> Vec<u8> {
    let ways = Ways::new(earned, left);
    let mut l = left;
    let mut out = Vec::with_capacity(earned.len());
    for (i, e) in earned.iter().enumerate() {
        let mut take = 0;
        for x in (0..=usize::from(*e).min(l)).rev() {
            let w = ways.get(i + 1, l - x);
            if rank < w {
                take = x;
                break;
            }
            rank -= w;
        }
        out.push(take as u8);
        l -= take;
    }
    out
}

/// Calls `f` with every choice in canonical order, as a count per vertex.
pub(super) fn for_each(earned: &[u8], left: usize, f: &mut dyn FnMut(&[u8])) {
    // Room the vertices after `i` still have, to prune hopeless branches.
    let mut room_after = vec![0usize; earned.len() + 1];
    for i in (0..earned.len()).rev() {
        room_after[i] = room_after[i + 1] + usize::from(earned[i]);
    }
    let mut counts = vec![0u8; earned.len()];
    walk(earned, &room_after, 0, left, &mut counts, f);
}

fn walk(earned: &[u8], room_after: &[usize], i: usize, left: usize, counts: &mut [u8], f: &mut dyn FnMut(&[u8])) {
    let Some(&e) = earned.get(i) else {
        if left == 0 {
            f(counts);
        }
        return;
    };
    let rest = room_after.get(i + 1).copied().unwrap_or(0);
    let max = usize::from(e).min(left);
    let min = left.saturating_sub(rest);
    for x in (min..=max).rev() {
        if let Some(c) = counts.get_mut(i) {
            *c = x as u8;
        }
        walk(earned, room_after, i + 1, left - x, counts, f);
    }
    if let Some(c) = counts.get_mut(i) {
        *c = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(earned: &[u8], left: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for_each(earned, left, &mut |c| out.push(c.to_vec()));
        out
    }

    #[test]
    fn choices_come_in_canonical_order() {
        assert_eq!(all(&[2, 2], 2), vec![vec![2, 0], vec![1, 1], vec![0, 2]]);
        assert_eq!(all(&[1, 1, 1], 1), vec![vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 1]]);
        assert_eq!(all(&[2, 1], 3), vec![vec![2, 1]]);
        assert_eq!(all(&[1], 2), Vec::<Vec<u8>>::new());
    }

    #[test]
    fn count_and_unrank_agree_with_enumeration() {
        for (earned, left) in [(vec![2u8, 2], 2usize), (vec![4, 1, 3, 2], 5), (vec![1, 1, 1, 1], 2), (vec![3], 2)] {
            let listed = all(&earned, left);
            assert_eq!(count(&earned, left), listed.len() as u64);
            for (r, c) in listed.iter().enumerate() {
                assert_eq!(&unrank(&earned, left, r as u64), c);
            }
        }
    }
}
