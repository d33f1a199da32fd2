//! Public game ids: short, easy to type, unique and never reused.

use std::hash::BuildHasher;

use super::error::StoreError;
use super::model::{Millis, PublicId};
use super::sql::{args, Transaction};

/// Digits and capitals without the ones people confuse (0 O, 1 I L).
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const SHORTEST: usize = 4;
const LONGEST: usize = 12;
/// Collisions in a row after which ids grow a character: the space is filling up.
const TRIES_PER_LENGTH: usize = 8;

fn random_u64() -> u64 {
    // A fresh `RandomState` has fresh keys: enough randomness for ids that must be
    // unique (the table ensures that), not secret.
    std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
}

fn candidate(len: usize) -> String {
    let mut bits = random_u64();
    let mut id = String::with_capacity(len);
    for i in 0..len {
        if i == 10 {
            bits = random_u64();
        }
        id.push(ALPHABET[(bits % ALPHABET.len() as u64) as usize] as char);
        bits /= ALPHABET.len() as u64;
    }
    id
}

/// Issues a new public id and records it for good.
pub(crate) fn issue(tx: &Transaction, now: Millis) -> Result<PublicId, StoreError> {
    for len in SHORTEST..=LONGEST {
        for _ in 0..TRIES_PER_LENGTH {
            let id = candidate(len);
            let inserted = tx.execute(
                "INSERT INTO issued_ids (public_id, issued_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                args![id, now],
            )?;
            if inserted == 1 {
                return Ok(PublicId(id));
            }
        }
    }
    Err(StoreError::Internal("no free game id".to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_use_the_alphabet() {
        for len in SHORTEST..=LONGEST {
            let id = candidate(len);
            assert_eq!(id.len(), len);
            assert!(id.bytes().all(|b| ALPHABET.contains(&b)), "{id}");
        }
    }
}
