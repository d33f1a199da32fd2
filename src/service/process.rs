//! This process among those sharing a database, and whether another is gone.
//!
//! A process claims outbox messages and holds leases under a name of its own:
//! `host:boot:pid:start:instance` — the machine's name and boot, the process id and
//! when the process started (so a recycled process id is not mistaken for it), and a
//! number per service started in it. Another process on the same machine can tell at
//! once that the claimer is gone (no such process, or one started at another time, or
//! a machine booted since), and take its claims over without waiting out their leases:
//! a restarted bot resumes at once. A claimer on another machine is waited out.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// This process as it names itself, per service started in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Process {
    name: String,
}

/// What identifies this process on its machine: host, boot, pid, start.
struct Me {
    host: String,
    boot: String,
    pid: u32,
    start: String,
}

fn me() -> &'static Me {
    static ME: OnceLock<Me> = OnceLock::new();
    ME.get_or_init(|| {
        let read = |path: &str| std::fs::read_to_string(path).map(|s| s.trim().to_string()).unwrap_or_default();
        let host = Some(read("/proc/sys/kernel/hostname"))
            .filter(|h| !h.is_empty())
            .or_else(|| std::env::var("HOSTNAME").ok())
            .unwrap_or_else(|| "host".to_string());
        let boot: String =
            read("/proc/sys/kernel/random/boot_id").chars().filter(char::is_ascii_hexdigit).take(8).collect();
        let pid = std::process::id();
        let start = start_of(pid).unwrap_or_else(|| super::Clock::now(&super::SystemClock).to_string());
        Me { host: clean(&host), boot, pid, start }
    })
}

/// Keeps names free of the separator.
fn clean(text: &str) -> String {
    text.chars().map(|c| if c == ':' || c.is_whitespace() { '_' } else { c }).collect()
}

/// When process `pid` started, in clock ticks since boot (Linux), if it runs.
fn start_of(pid: u32) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name, field 2, is in parentheses and may hold spaces: count the
    // fields after its closing one. The start time is field 22.
    let after = stat.rsplit_once(')')?.1;
    after.split_whitespace().nth(19).map(str::to_string)
}

/// Services started in this process that have ended.
fn ended() -> &'static Mutex<HashSet<String>> {
    static ENDED: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    ENDED.get_or_init(|| Mutex::new(HashSet::new()))
}

impl Process {
    /// This process, for one more service started in it.
    pub(crate) fn start() -> Process {
        static INSTANCE: AtomicU64 = AtomicU64::new(0);
        let me = me();
        let instance = INSTANCE.fetch_add(1, Ordering::Relaxed);
        Process { name: format!("{}:{}:{}:{}:{instance}", me.host, me.boot, me.pid, me.start) }
    }

    /// The name it claims and holds under.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// The service of this name has ended (dropped): what it held can be taken at once.
    pub(crate) fn end(&self) {
        if let Ok(mut ended) = ended().lock() {
            ended.insert(self.name.clone());
        }
    }

    /// Whether the process that claims under `name` is known to be gone: on this
    /// machine and not running (or ended, for a service of this very process). A name
    /// of another machine, or not of this form, is never known to be gone.
    pub(crate) fn is_gone(name: &str) -> bool {
        let me = me();
        let parts: Vec<&str> = name.split(':').collect();
        let [host, boot, pid, start, _instance] = parts.as_slice() else { return false };
        if *host != me.host {
            return false;
        }
        if *boot != me.boot {
            // The same machine, booted since: nothing of then runs.
            return !boot.is_empty() && !me.boot.is_empty();
        }
        let Ok(pid) = pid.parse::<u32>() else { return false };
        if pid == me.pid && *start == me.start {
            return ended().lock().is_ok_and(|e| e.contains(name));
        }
        match start_of(pid) {
            None => std::path::Path::new("/proc/self/stat").exists(),
            Some(running) => running != *start,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_is_alive_until_it_ends_and_a_dead_pid_is_gone() {
        let a = Process::start();
        let b = Process::start();
        assert_ne!(a.name(), b.name());
        assert!(!Process::is_gone(a.name()));
        a.end();
        assert!(Process::is_gone(a.name()));
        assert!(!Process::is_gone(b.name()));
        // Another process of this machine that has exited.
        let child = std::process::Command::new("true").spawn().and_then(|mut c| c.wait().map(|_| c.id()));
        if let (Ok(pid), true) = (child, std::path::Path::new("/proc/self/stat").exists()) {
            let me = me();
            let name = format!("{}:{}:{pid}:12345:0", me.host, me.boot);
            assert!(Process::is_gone(&name), "{name}");
            // The same pid started at another time is another process.
            let recycled = format!("{}:{}:{}:1:0", me.host, me.boot, me.pid);
            assert!(Process::is_gone(&recycled));
        }
        // Another machine, or a name of an older version, is never known to be gone.
        assert!(!Process::is_gone("elsewhere:abcd:1:2:0"));
        assert!(!Process::is_gone("host-123-456"));
    }
}
