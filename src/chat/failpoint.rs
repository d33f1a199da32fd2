//! A test hook: with `BOARDBOT_FAILPOINT=after-commit` in its environment, a chat
//! process aborts (`std::process::abort`, which ends it as abruptly as SIGKILL:
//! nothing flushed, nothing posted) right after a move's transaction has committed
//! and before anything about the move is posted (on Discord's HTTP endpoint: once the
//! deferred response has gone out). The tests start the bot with it to check that
//! the restarted process posts every notification of that move, exactly once
//! (`tests/it/discord.rs`, `tests/it/matrix.rs`). Without the variable, or with any
//! other value, it does nothing.

use std::sync::OnceLock;

use crate::service::{Message, Reply};

/// The variable that arms the failpoint.
pub const VARIABLE: &str = "BOARDBOT_FAILPOINT";

/// The one failpoint there is.
const AFTER_COMMIT: &str = "after-commit";

/// Whether the failpoint is armed in this process (read once).
pub fn armed() -> bool {
    static ARMED: OnceLock<bool> = OnceLock::new();
    *ARMED.get_or_init(|| std::env::var(VARIABLE).is_ok_and(|v| v.trim() == AFTER_COMMIT))
}

/// Whether `replies` answer a move that was stored: an answer kept in the outbox
/// (so its change committed) saying a move was played.
pub fn is_stored_move<'a>(replies: impl IntoIterator<Item = &'a Reply>) -> bool {
    replies.into_iter().any(|r| r.delivery.is_some() && matches!(r.message, Message::Moved { .. }))
}

/// Aborts the process when the failpoint is armed and `replies` answer a stored move.
pub fn after_move_commit<'a>(replies: impl IntoIterator<Item = &'a Reply>) {
    if armed() && is_stored_move(replies) {
        abort();
    }
}

/// Aborts the process, saying so on standard error.
pub fn abort() -> ! {
    eprintln!("{VARIABLE}={AFTER_COMMIT}: a move was committed; aborting before anything is posted");
    std::process::abort()
}
