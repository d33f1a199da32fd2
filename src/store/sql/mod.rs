//! One way to run SQL on either back end: the [`Transaction`] every query function
//! takes, the values it binds and the rows it gives back.
//!
//! The queries of the store (`games.rs`, `ratings.rs` …) are written once, in the SQL
//! both SQLite and PostgreSQL accept, with parameters numbered `$1`, `$2` … (rewritten
//! to SQLite's `?1`, `?2` … on the way). Where the two differ (row locks, `SKIP
//! LOCKED`), a query asks [`Transaction::dialect`] and picks its text. Values cross as
//! a small set of types ([`Param`] in, [`Value`] out) that both back ends store the
//! same way: integers are 64-bit (`BIGINT` on PostgreSQL), reals are doubles, text is
//! text and booleans are PostgreSQL's `BOOLEAN` or SQLite's `0`/`1`.
//!
//! This module and its two bindings (`sqlite.rs`, `postgres.rs`) are the bottom of the
//! store: they import nothing of it but the model and the error types.

pub(crate) mod postgres;
pub(crate) mod sqlite;

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::fmt;

use super::error::StoreError;
use super::model::{ChallengeId, CommunityId, EventId, GameId, MessageId, PlayerId, TimeControl, TournamentId};

/// Which SQL a back end speaks, for the few queries that differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite (one file, one writer).
    Sqlite,
    /// PostgreSQL (a server, many writers).
    Postgres,
}

/// A value bound to a parameter.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Param<'a> {
    Null,
    Int(i64),
    Real(f64),
    Bool(bool),
    Text(Cow<'a, str>),
}

/// A value read from a column.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Null,
    Int(i64),
    Real(f64),
    Bool(bool),
    Text(String),
}

/// A Rust value that binds to a parameter.
pub(crate) trait ToParam {
    fn to_param(&self) -> Param<'_>;
}

/// A Rust value read from a column; the error says what the column held instead.
pub(crate) trait FromValue: Sized {
    fn from_value(v: &Value) -> Result<Self, String>;
}

/// The parameters of a query: `args![a, b]` is `&[&a, &b]` as `&[&dyn ToParam]`.
macro_rules! args {
    () => { &[] as &[&dyn $crate::store::sql::ToParam] };
    ($($x:expr),+ $(,)?) => { &[$(&$x as &dyn $crate::store::sql::ToParam),+] as &[&dyn $crate::store::sql::ToParam] };
}
pub(crate) use args;

impl<T: ToParam + ?Sized> ToParam for &T {
    fn to_param(&self) -> Param<'_> {
        (**self).to_param()
    }
}

impl<T: ToParam> ToParam for Option<T> {
    fn to_param(&self) -> Param<'_> {
        match self {
            Some(v) => v.to_param(),
            None => Param::Null,
        }
    }
}

macro_rules! int_param {
    ($($t:ty),*) => {$(
        impl ToParam for $t {
            fn to_param(&self) -> Param<'_> {
                Param::Int(i64::from(*self))
            }
        }
    )*};
}
int_param!(i64, i32, u32, u16, u8);

impl ToParam for usize {
    fn to_param(&self) -> Param<'_> {
        Param::Int(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl ToParam for u64 {
    fn to_param(&self) -> Param<'_> {
        Param::Int(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl ToParam for f64 {
    fn to_param(&self) -> Param<'_> {
        Param::Real(*self)
    }
}

impl ToParam for bool {
    fn to_param(&self) -> Param<'_> {
        Param::Bool(*self)
    }
}

impl ToParam for str {
    fn to_param(&self) -> Param<'_> {
        Param::Text(Cow::Borrowed(self))
    }
}

impl ToParam for String {
    fn to_param(&self) -> Param<'_> {
        Param::Text(Cow::Borrowed(self))
    }
}

impl ToParam for TimeControl {
    fn to_param(&self) -> Param<'_> {
        Param::Text(Cow::Owned(self.to_sql_text()))
    }
}

impl ToParam for Param<'_> {
    fn to_param(&self) -> Param<'_> {
        match self {
            Param::Text(t) => Param::Text(Cow::Borrowed(t)),
            Param::Null => Param::Null,
            Param::Int(i) => Param::Int(*i),
            Param::Real(r) => Param::Real(*r),
            Param::Bool(b) => Param::Bool(*b),
        }
    }
}

impl ToParam for Value {
    fn to_param(&self) -> Param<'_> {
        match self {
            Value::Text(t) => Param::Text(Cow::Borrowed(t)),
            Value::Null => Param::Null,
            Value::Int(i) => Param::Int(*i),
            Value::Real(r) => Param::Real(*r),
            Value::Bool(b) => Param::Bool(*b),
        }
    }
}

fn held(v: &Value) -> String {
    match v {
        Value::Null => "NULL".to_string(),
        Value::Int(i) => format!("the integer {i}"),
        Value::Real(r) => format!("the real {r}"),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Text(t) => format!("the text \"{}\"", crate::games::excerpt(t)),
    }
}

impl FromValue for i64 {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Int(i) => Ok(*i),
            other => Err(format!("an integer was expected, not {}", held(other))),
        }
    }
}

macro_rules! int_value {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(v: &Value) -> Result<Self, String> {
                let i = i64::from_value(v)?;
                <$t>::try_from(i).map_err(|_| format!("{i} is out of range for {}", stringify!($t)))
            }
        }
    )*};
}
int_value!(i32, u32, u16, u8, u64, usize);

impl FromValue for f64 {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Real(r) => Ok(*r),
            // SQLite keeps a REAL that is a whole number as such only in REAL columns;
            // an expression may give an integer.
            Value::Int(i) => Ok(*i as f64),
            other => Err(format!("a real was expected, not {}", held(other))),
        }
    }
}

impl FromValue for bool {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Bool(b) => Ok(*b),
            Value::Int(0) => Ok(false),
            Value::Int(1) => Ok(true),
            other => Err(format!("a boolean was expected, not {}", held(other))),
        }
    }
}

impl FromValue for String {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Text(t) => Ok(t.clone()),
            other => Err(format!("text was expected, not {}", held(other))),
        }
    }
}

impl FromValue for Value {
    fn from_value(v: &Value) -> Result<Self, String> {
        Ok(v.clone())
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value) -> Result<Self, String> {
        match v {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl FromValue for TimeControl {
    fn from_value(v: &Value) -> Result<Self, String> {
        let text = String::from_value(v)?;
        TimeControl::from_sql_text(&text)
            .ok_or_else(|| format!("\"{}\" is not a time control", crate::games::excerpt(&text)))
    }
}

macro_rules! id_value {
    ($($t:ident),*) => {$(
        impl ToParam for $t {
            fn to_param(&self) -> Param<'_> {
                Param::Int(self.0)
            }
        }

        impl FromValue for $t {
            fn from_value(v: &Value) -> Result<Self, String> {
                i64::from_value(v).map($t)
            }
        }
    )*};
}
id_value!(PlayerId, CommunityId, GameId, ChallengeId, MessageId, EventId, TournamentId);

/// One row of a result.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row(pub(crate) Vec<Value>);

impl Row {
    /// Column `i` as a `T`.
    pub(crate) fn get<T: FromValue>(&self, i: usize) -> Result<T, StoreError> {
        let v = self.0.get(i).ok_or_else(|| StoreError::Internal(format!("no column {i} in the row")))?;
        T::from_value(v).map_err(|e| StoreError::Internal(format!("column {i}: {e}")))
    }
}

/// What kind of failure a statement met, as far as the store cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SqlErrorKind {
    /// A primary key or unique constraint refused the row.
    Unique,
    /// No room left.
    DiskFull,
    /// The database cannot be written.
    ReadOnly,
    /// The file is not an SQLite database.
    NotADatabase,
    /// The connection to the server is gone or cannot be made.
    Connection,
    /// Anything else.
    Other,
}

/// A failed statement.
#[derive(Clone, Debug)]
pub(crate) struct SqlError {
    pub(crate) kind: SqlErrorKind,
    pub(crate) message: String,
}

impl SqlError {
    pub(crate) fn other(message: impl Into<String>) -> SqlError {
        SqlError { kind: SqlErrorKind::Other, message: message.into() }
    }

    /// True when a uniqueness or primary key constraint refused the row.
    pub(crate) fn is_unique_violation(&self) -> bool {
        self.kind == SqlErrorKind::Unique
    }
}

impl fmt::Display for SqlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<SqlError> for StoreError {
    fn from(e: SqlError) -> Self {
        match e.kind {
            SqlErrorKind::DiskFull => StoreError::DiskFull,
            SqlErrorKind::ReadOnly => StoreError::ReadOnly(e.message),
            SqlErrorKind::NotADatabase => StoreError::NotADatabase { path: Default::default() },
            SqlErrorKind::Connection => StoreError::Unavailable(e.message),
            SqlErrorKind::Unique | SqlErrorKind::Other => StoreError::Internal(e.message),
        }
    }
}

/// The transaction a [`super::Store::read`] or [`super::Store::write`] job runs in,
/// on whichever back end the store uses. Every query function of the store takes one;
/// the service only passes it on.
pub struct Transaction<'a> {
    inner: Inner<'a>,
}

enum Inner<'a> {
    Sqlite(&'a rusqlite::Connection),
    Postgres {
        conn: RefCell<&'a mut postgres::PgConn>,
        /// A statement failed: PostgreSQL refuses every later one in this transaction,
        /// and its commit would silently roll back, so the store must not report it
        /// as committed.
        failed: Cell<bool>,
    },
}

impl fmt::Debug for Transaction<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Transaction").field("dialect", &self.dialect()).finish_non_exhaustive()
    }
}

impl<'a> Transaction<'a> {
    /// A transaction (or a single statement's snapshot) on an SQLite connection; the
    /// caller began and ends it.
    pub(crate) fn sqlite(conn: &'a rusqlite::Connection) -> Transaction<'a> {
        Transaction { inner: Inner::Sqlite(conn) }
    }

    /// A transaction on a PostgreSQL connection; the caller began and ends it.
    pub(crate) fn postgres(conn: &'a mut postgres::PgConn) -> Transaction<'a> {
        Transaction { inner: Inner::Postgres { conn: RefCell::new(conn), failed: Cell::new(false) } }
    }

    /// True when a statement failed in this transaction (PostgreSQL only: SQLite
    /// undoes just the statement).
    pub(crate) fn failed(&self) -> bool {
        match &self.inner {
            Inner::Sqlite(_) => false,
            Inner::Postgres { failed, .. } => failed.get(),
        }
    }

    /// The SQL this back end speaks.
    pub(crate) fn dialect(&self) -> Dialect {
        match self.inner {
            Inner::Sqlite(_) => Dialect::Sqlite,
            Inner::Postgres { .. } => Dialect::Postgres,
        }
    }

    fn on_postgres<T>(
        conn: &RefCell<&mut postgres::PgConn>,
        failed: &Cell<bool>,
        run: impl FnOnce(&mut postgres::PgConn) -> Result<T, SqlError>,
    ) -> Result<T, SqlError> {
        let mut conn = conn.try_borrow_mut().map_err(|_| SqlError::other("the transaction is already in use"))?;
        let result = run(&mut conn);
        if result.is_err() {
            failed.set(true);
        }
        result
    }

    /// Every row `sql` gives.
    pub(crate) fn query(&self, sql: &str, params: &[&dyn ToParam]) -> Result<Vec<Row>, SqlError> {
        let params: Vec<Param<'_>> = params.iter().map(|p| p.to_param()).collect();
        match &self.inner {
            Inner::Sqlite(conn) => sqlite::query(conn, sql, &params),
            Inner::Postgres { conn, failed } => Self::on_postgres(conn, failed, |c| c.query(sql, &params)),
        }
    }

    /// The first row `sql` gives, if any.
    pub(crate) fn query_opt(&self, sql: &str, params: &[&dyn ToParam]) -> Result<Option<Row>, SqlError> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// The first row `sql` gives; none is an internal error (for aggregates and
    /// `RETURNING`, which always give one).
    pub(crate) fn query_one(&self, sql: &str, params: &[&dyn ToParam]) -> Result<Row, StoreError> {
        self.query_opt(sql, params)?.ok_or_else(|| StoreError::Internal("a query gave no row".to_string()))
    }

    /// Runs one statement of plain SQL, without parameters; returns the number of rows
    /// it changed. Not for the bot's own work, which goes through the store's typed
    /// functions: for tests that damage a database on purpose, and for repairs.
    pub fn run_sql(&self, sql: &str) -> Result<u64, StoreError> {
        Ok(self.execute(sql, &[])?)
    }

    /// Runs `sql`; returns the number of rows it changed.
    pub(crate) fn execute(&self, sql: &str, params: &[&dyn ToParam]) -> Result<u64, SqlError> {
        let params: Vec<Param<'_>> = params.iter().map(|p| p.to_param()).collect();
        match &self.inner {
            Inner::Sqlite(conn) => sqlite::execute(conn, sql, &params),
            Inner::Postgres { conn, failed } => Self::on_postgres(conn, failed, |c| c.execute(sql, &params)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_convert_or_say_what_they_held() {
        assert_eq!(u8::from_value(&Value::Int(3)), Ok(3));
        assert!(u8::from_value(&Value::Int(300)).unwrap_err().contains("out of range"));
        assert_eq!(bool::from_value(&Value::Int(1)), Ok(true));
        assert_eq!(bool::from_value(&Value::Bool(false)), Ok(false));
        assert!(bool::from_value(&Value::Int(2)).is_err());
        assert_eq!(Option::<String>::from_value(&Value::Null), Ok(None));
        assert!(String::from_value(&Value::Int(1)).unwrap_err().contains("the integer 1"));
        assert_eq!(f64::from_value(&Value::Int(2)), Ok(2.0));
        assert_eq!(TimeControl::from_value(&Value::Text("days:3".into())), Ok(TimeControl::DaysPerMove(3)));
        assert!(TimeControl::from_value(&Value::Text("days:0".into())).is_err());
        assert_eq!(Some(GameId(4)).to_param(), Param::Int(4));
        assert_eq!(None::<u32>.to_param(), Param::Null);
    }
}
