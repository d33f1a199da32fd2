//! The SQLite binding: statements run through rusqlite's statement cache, parameters
//! renumbered from `$n` to `?n`.

use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, ErrorCode};

use super::{Param, Row, SqlError, SqlErrorKind, Value};

impl rusqlite::ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Param::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Param::Int(i) => ToSqlOutput::Borrowed(ValueRef::Integer(*i)),
            Param::Real(r) => ToSqlOutput::Borrowed(ValueRef::Real(*r)),
            Param::Bool(b) => ToSqlOutput::Borrowed(ValueRef::Integer(i64::from(*b))),
            Param::Text(t) => ToSqlOutput::Borrowed(ValueRef::Text(t.as_bytes())),
        })
    }
}

impl From<rusqlite::Error> for SqlError {
    fn from(e: rusqlite::Error) -> Self {
        let kind = match &e {
            rusqlite::Error::SqliteFailure(f, _)
                if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
                    || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
            {
                SqlErrorKind::Unique
            }
            e => match e.sqlite_error_code() {
                Some(ErrorCode::DiskFull) => SqlErrorKind::DiskFull,
                Some(ErrorCode::ReadOnly) => SqlErrorKind::ReadOnly,
                Some(ErrorCode::NotADatabase) => SqlErrorKind::NotADatabase,
                _ => SqlErrorKind::Other,
            },
        };
        SqlError { kind, message: e.to_string() }
    }
}

impl From<rusqlite::Error> for crate::store::StoreError {
    fn from(e: rusqlite::Error) -> Self {
        match e {
            rusqlite::Error::QueryReturnedNoRows => crate::store::StoreError::NotFound("row".to_string()),
            e => SqlError::from(e).into(),
        }
    }
}

/// `sql` with each `$n` written `?n`, SQLite's numbered parameter. The store's SQL has
/// no `$` anywhere else (no string literal holds one).
pub(crate) fn renumber(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('?');
        } else {
            out.push(c);
        }
    }
    out
}

fn value(v: ValueRef<'_>) -> Result<Value, SqlError> {
    Ok(match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        ValueRef::Real(r) => Value::Real(r),
        ValueRef::Text(t) => {
            Value::Text(std::str::from_utf8(t).map_err(|_| SqlError::other("a text column is not UTF-8"))?.to_string())
        }
        ValueRef::Blob(_) => return Err(SqlError::other("a column holds a blob")),
    })
}

/// Every row of `sql` on `conn`.
pub(crate) fn query(conn: &Connection, sql: &str, params: &[Param<'_>]) -> Result<Vec<Row>, SqlError> {
    let mut stmt = conn.prepare_cached(&renumber(sql))?;
    let columns = stmt.column_count();
    let mut rows = stmt.query(rusqlite::params_from_iter(params.iter()))?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let mut values = Vec::with_capacity(columns);
        for i in 0..columns {
            values.push(value(row.get_ref(i)?)?);
        }
        out.push(Row(values));
    }
    Ok(out)
}

/// Runs `sql` on `conn`; the rows it changed.
pub(crate) fn execute(conn: &Connection, sql: &str, params: &[Param<'_>]) -> Result<u64, SqlError> {
    let mut stmt = conn.prepare_cached(&renumber(sql))?;
    Ok(stmt.execute(rusqlite::params_from_iter(params.iter()))? as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_renumbered() {
        assert_eq!(renumber("SELECT $1, $12 FROM t WHERE a = $2"), "SELECT ?1, ?12 FROM t WHERE a = ?2");
        assert_eq!(renumber("SELECT '$' || x"), "SELECT '$' || x");
    }
}
