//! Unit tests for the Kuba rules (§1), clause by clause.
use super::*;
