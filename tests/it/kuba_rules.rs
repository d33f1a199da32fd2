//! Kuba rule cases from `tests/fixtures/kuba/rules.txt`.

use crate::common;
use boardbot::games::GameKind;

#[test]
fn kuba_rule_fixtures() {
    let cases = common::run_fixtures(GameKind::Kuba, include_str!("../fixtures/kuba/rules.txt"));
    assert!(cases >= 20, "only {cases} cases ran");
}
