//! What a run skipped, said once, and how the harnesses find their servers: the suites that need a server this machine lacks
//! (PostgreSQL, Synapse) pass without running, and the platforms' suites are not built
//! without their features. The first suite that skips prints one notice on standard
//! error naming every suite this machine skips, each with the command that runs it; a
//! suite found missing only later (a PostgreSQL that fails to start) adds its own line.
//!
//! The notice is written straight to the file descriptor: libtest captures `eprint!`
//! (and shows it only for failing tests), so a skip said with it is a silent skip.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The variables that make a missing PostgreSQL fail the run instead of skipping.
pub const POSTGRES_REQUIRED: [&str; 2] = ["BOARDBOT_REQUIRE_POSTGRES", "CI"];
/// The variables that make a missing Synapse fail the run instead of skipping.
pub const SYNAPSE_REQUIRED: [&str; 2] = ["BOARDBOT_REQUIRE_SYNAPSE", "CI"];
/// Why no PostgreSQL server can be started here.
pub const NO_POSTGRES: &str = "no /usr/lib/postgresql/*/bin/initdb (apt-get install postgresql)";

/// The first of `vars` set to anything but empty, `0` or `false`: it forbids skipping.
pub fn required_by(vars: &[&'static str]) -> Option<&'static str> {
    vars.iter()
        .copied()
        .find(|var| std::env::var(var).is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false")))
}

/// The folder of Debian's PostgreSQL binaries (`BOARDBOT_POSTGRES_BIN`, else the newest
/// `/usr/lib/postgresql/*/bin` that has `initdb`).
pub fn postgres_bin_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("BOARDBOT_POSTGRES_BIN") {
        return Some(PathBuf::from(dir));
    }
    let mut dirs: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let version = e.file_name().to_string_lossy().parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    dirs.sort();
    dirs.pop().map(|(_, bin)| bin)
}

/// The venv that `.ci/install-synapse` makes: `BOARDBOT_SYNAPSE_VENV`, else the
/// repository's `target/synapse-venv`.
pub fn synapse_venv() -> PathBuf {
    match std::env::var_os("BOARDBOT_SYNAPSE_VENV") {
        Some(v) if !v.is_empty() => PathBuf::from(v),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("target/synapse-venv"),
    }
}

/// Whether Synapse is installed in `venv`.
pub fn synapse_installed(venv: &Path) -> bool {
    venv.join("bin/python").is_file() && venv.join("bin/register_new_matrix_user").is_file()
}

/// Why the Matrix tests skip with `venv`.
pub fn synapse_missing(venv: &Path) -> String {
    format!("Synapse is not installed (in {})", venv.display())
}

/// A suite that skips where its server is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suite {
    /// The PostgreSQL half of the store tests (`name::postgres`), `db_cli`,
    /// `store_postgres` and the Discord workers on one database.
    Postgres,
    /// The Matrix adapter against a real Synapse (`matrix::`, `synapse_harness::`).
    Synapse,
}

impl Suite {
    const ALL: [Suite; 2] = [Suite::Postgres, Suite::Synapse];

    /// What the suite is and how to run it, after the reason it skipped.
    fn line(self, why: &str) -> String {
        match self {
            Suite::Postgres => format!(
                "  - the PostgreSQL tests (the ::postgres half of the store tests, db_cli, store_postgres): {why}\n    \
                 run them: apt-get install postgresql, or BOARDBOT_TEST_POSTGRES_URL=postgres://… (a user that may \
                 create databases); then cargo test --all-features --test it postgres"
            ),
            Suite::Synapse => format!(
                "  - the Matrix tests (matrix::, synapse_harness::): {why}\n    \
                 run them: bash .ci/install-synapse; then cargo test --all-features --test it -- matrix:: \
                 synapse_harness::"
            ),
        }
    }

    /// Why this machine skips the suite, found without starting anything; `None` when
    /// it does not (or its tests are not built).
    fn lacking(self) -> Option<String> {
        match self {
            Suite::Postgres => {
                let url = std::env::var("BOARDBOT_TEST_POSTGRES_URL").is_ok_and(|u| !u.trim().is_empty());
                let skips = required_by(&POSTGRES_REQUIRED).is_none() && !url && postgres_bin_dir().is_none();
                skips.then(|| NO_POSTGRES.to_string())
            }
            // Without the matrix feature its tests are not built (said apart).
            Suite::Synapse if cfg!(feature = "matrix") => {
                let venv = synapse_venv();
                (required_by(&SYNAPSE_REQUIRED).is_none() && !synapse_installed(&venv)).then(|| synapse_missing(&venv))
            }
            Suite::Synapse => None,
        }
    }
}

/// The suites named so far in this run.
static SAID: Mutex<Vec<Suite>> = Mutex::new(Vec::new());

/// Says, once per run, that `suite` is skipped because of `why`; the first call also
/// names every other suite this machine skips.
pub fn skipping(suite: Suite, why: &str) {
    let mut said = SAID.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if said.contains(&suite) {
        return;
    }
    let text = if said.is_empty() {
        let others: Vec<(Suite, String)> =
            Suite::ALL.into_iter().filter(|s| *s != suite).filter_map(|s| Some((s, s.lacking()?))).collect();
        said.extend(others.iter().map(|(s, _)| *s));
        notice(suite, why, &others, cfg!(all(feature = "discord", feature = "matrix")))
    } else {
        format!("{}\n", suite.line(why))
    };
    said.push(suite);
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// The notice of the first skip: `suite` skipped because of `why`, the `others` this
/// machine lacks, and the platforms' suites when they were not built.
fn notice(suite: Suite, why: &str, others: &[(Suite, String)], platforms_built: bool) -> String {
    let mut lines = vec!["\nnote: these tests are skipped on this machine (they pass without running):".to_string()];
    lines.push(suite.line(why));
    lines.extend(others.iter().map(|(s, why)| s.line(why)));
    if !platforms_built {
        lines.push(
            "  - the Discord and Matrix tests (discord::, discord_workers::, matrix::, synapse_harness::): not built \
             without their features\n    run them: cargo test --all-features"
                .to_string(),
        );
    }
    lines.push(
        "  BOARDBOT_REQUIRE_POSTGRES=1 or BOARDBOT_REQUIRE_SYNAPSE=1 (or CI) makes a missing server fail instead.\n"
            .to_string(),
    );
    lines.join("\n")
}

#[test]
fn the_notice_names_each_suite_skipped_and_the_command_that_runs_it() {
    let first = notice(Suite::Postgres, "no server", &[(Suite::Synapse, "not installed".into())], false);
    assert!(first.contains("PostgreSQL tests") && first.contains("no server"), "{first}");
    assert!(first.contains("cargo test --all-features --test it postgres"), "{first}");
    assert!(first.contains("Matrix tests (matrix::") && first.contains("bash .ci/install-synapse"), "{first}");
    assert!(first.contains("Discord and Matrix tests") && first.contains("run them: cargo test --all-features\n"));
    let built = notice(Suite::Synapse, "not installed", &[], true);
    assert!(!built.contains("PostgreSQL") && !built.contains("not built"), "{built}");
    assert_eq!(built.matches("run them:").count(), 1, "{built}");
}
