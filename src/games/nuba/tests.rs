//! Unit tests for the Nuba rules (§4), clause by clause.
