//! Unit tests for the Kewbz rules (§2), clause by clause.
use super::*;
