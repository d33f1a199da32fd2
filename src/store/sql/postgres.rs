//! The PostgreSQL binding: one connection of the pool with its own cache of prepared
//! statements, so a query costs one round trip once it has been seen.

use std::collections::HashMap;

use postgres::error::SqlState;
use postgres::types::{ToSql, Type};
use postgres::{Client, Statement};

use super::{Param, Row, SqlError, SqlErrorKind, Value};

/// A connection to the server and the statements prepared on it.
pub(crate) struct PgConn {
    pub(crate) client: Client,
    statements: HashMap<String, Statement>,
    /// Set when the connection met an error of its own (not of a statement): the
    /// pool drops it rather than hand it out again.
    pub(crate) broken: bool,
}

impl PgConn {
    /// Wraps a connected client.
    pub(crate) fn new(client: Client) -> PgConn {
        PgConn { client, statements: HashMap::new(), broken: false }
    }

    fn statement(&mut self, sql: &str) -> Result<Statement, SqlError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql).map_err(|e| self.error(e))?;
        self.statements.insert(sql.to_string(), s.clone());
        Ok(s)
    }

    /// Classifies `e`, marking the connection broken when the connection itself failed.
    pub(crate) fn error(&mut self, e: postgres::Error) -> SqlError {
        let e = classify(&e);
        if e.kind == SqlErrorKind::Connection {
            self.broken = true;
        }
        e
    }

    /// Runs `sql` (several statements, no parameters, no rows) as one batch.
    pub(crate) fn batch(&mut self, sql: &str) -> Result<(), SqlError> {
        self.client.batch_execute(sql).map_err(|e| self.error(e))
    }

    /// Every row of `sql`.
    pub(crate) fn query(&mut self, sql: &str, params: &[Param<'_>]) -> Result<Vec<Row>, SqlError> {
        let stmt = self.statement(sql)?;
        let bound = bind_all(&stmt, params)?;
        let refs: Vec<&(dyn ToSql + Sync)> = bound.iter().map(|b| b.as_ref()).collect();
        let rows = self.client.query(&stmt, &refs).map_err(|e| self.error(e))?;
        rows.iter().map(row).collect()
    }

    /// Runs `sql`; the rows it changed.
    pub(crate) fn execute(&mut self, sql: &str, params: &[Param<'_>]) -> Result<u64, SqlError> {
        let stmt = self.statement(sql)?;
        let bound = bind_all(&stmt, params)?;
        let refs: Vec<&(dyn ToSql + Sync)> = bound.iter().map(|b| b.as_ref()).collect();
        self.client.execute(&stmt, &refs).map_err(|e| self.error(e))
    }
}

/// What kind of failure `e` is.
pub(crate) fn classify(e: &postgres::Error) -> SqlError {
    let kind = match e.code() {
        Some(c) if *c == SqlState::UNIQUE_VIOLATION => SqlErrorKind::Unique,
        Some(c) if *c == SqlState::DISK_FULL => SqlErrorKind::DiskFull,
        Some(c) if *c == SqlState::READ_ONLY_SQL_TRANSACTION => SqlErrorKind::ReadOnly,
        // The server is shutting down or restarting, or refuses connections for now.
        Some(c)
            if *c == SqlState::ADMIN_SHUTDOWN
                || *c == SqlState::CRASH_SHUTDOWN
                || *c == SqlState::CANNOT_CONNECT_NOW
                || *c == SqlState::TOO_MANY_CONNECTIONS =>
        {
            SqlErrorKind::Connection
        }
        Some(_) => SqlErrorKind::Other,
        // No SQL state: the socket, the protocol or a closed connection.
        None if e.is_closed() || e.as_db_error().is_none() => SqlErrorKind::Connection,
        None => SqlErrorKind::Other,
    };
    // A database error's `Display` is the server's message, which never holds the
    // connection's password.
    let message = match e.as_db_error() {
        Some(db) => format!("{}: {}", db.severity(), db.message()),
        None => e.to_string(),
    };
    SqlError { kind, message }
}

fn mismatch(p: &Param<'_>, ty: &Type) -> SqlError {
    SqlError::other(format!("cannot bind {p:?} to a parameter of type {ty}"))
}

fn is_text(ty: &Type) -> bool {
    [Type::TEXT, Type::VARCHAR, Type::BPCHAR, Type::NAME, Type::UNKNOWN].contains(ty)
}

/// `p` as the Rust type that PostgreSQL's binary format wants for `ty` (the type the
/// server inferred for the parameter).
fn bind<'a>(p: &'a Param<'_>, ty: &Type) -> Result<Box<dyn ToSql + Sync + 'a>, SqlError> {
    let int = |i: i64| -> Result<Box<dyn ToSql + Sync + 'a>, SqlError> {
        Ok(if *ty == Type::INT8 {
            Box::new(i)
        } else if *ty == Type::INT4 {
            Box::new(i32::try_from(i).map_err(|_| mismatch(p, ty))?)
        } else if *ty == Type::INT2 {
            Box::new(i16::try_from(i).map_err(|_| mismatch(p, ty))?)
        } else if *ty == Type::FLOAT8 {
            Box::new(i as f64)
        } else if *ty == Type::BOOL && (i == 0 || i == 1) {
            // SQLite's booleans, copied across.
            Box::new(i == 1)
        } else {
            return Err(mismatch(p, ty));
        })
    };
    Ok(match p {
        Param::Null => {
            if *ty == Type::INT8 {
                Box::new(None::<i64>)
            } else if *ty == Type::INT4 {
                Box::new(None::<i32>)
            } else if *ty == Type::INT2 {
                Box::new(None::<i16>)
            } else if *ty == Type::FLOAT8 {
                Box::new(None::<f64>)
            } else if *ty == Type::BOOL {
                Box::new(None::<bool>)
            } else if is_text(ty) {
                Box::new(None::<&str>)
            } else {
                return Err(mismatch(p, ty));
            }
        }
        Param::Int(i) => int(*i)?,
        Param::Bool(b) if *ty == Type::BOOL => Box::new(*b),
        Param::Bool(b) => int(i64::from(*b))?,
        Param::Real(r) if *ty == Type::FLOAT8 => Box::new(*r),
        Param::Real(r) if *ty == Type::FLOAT4 => Box::new(*r as f32),
        Param::Text(t) if is_text(ty) => Box::new(t.as_ref()),
        _ => return Err(mismatch(p, ty)),
    })
}

fn bind_all<'a>(stmt: &Statement, params: &'a [Param<'_>]) -> Result<Vec<Box<dyn ToSql + Sync + 'a>>, SqlError> {
    if stmt.params().len() != params.len() {
        return Err(SqlError::other(format!(
            "{} parameters given, the statement takes {}",
            params.len(),
            stmt.params().len()
        )));
    }
    params.iter().zip(stmt.params()).map(|(p, ty)| bind(p, ty)).collect()
}

fn row(r: &postgres::Row) -> Result<Row, SqlError> {
    let bad = |e: postgres::Error| SqlError::other(format!("cannot read a column: {e}"));
    let mut values = Vec::with_capacity(r.len());
    for (i, column) in r.columns().iter().enumerate() {
        let ty = column.type_();
        let v = if *ty == Type::INT8 {
            r.try_get::<_, Option<i64>>(i).map_err(bad)?.map(Value::Int)
        } else if *ty == Type::INT4 {
            r.try_get::<_, Option<i32>>(i).map_err(bad)?.map(|v| Value::Int(v.into()))
        } else if *ty == Type::INT2 {
            r.try_get::<_, Option<i16>>(i).map_err(bad)?.map(|v| Value::Int(v.into()))
        } else if *ty == Type::FLOAT8 {
            r.try_get::<_, Option<f64>>(i).map_err(bad)?.map(Value::Real)
        } else if *ty == Type::FLOAT4 {
            r.try_get::<_, Option<f32>>(i).map_err(bad)?.map(|v| Value::Real(v.into()))
        } else if *ty == Type::BOOL {
            r.try_get::<_, Option<bool>>(i).map_err(bad)?.map(Value::Bool)
        } else if is_text(ty) {
            r.try_get::<_, Option<String>>(i).map_err(bad)?.map(Value::Text)
        } else {
            return Err(SqlError::other(format!(
                "column {} has the type {ty}, which the store does not read",
                column.name()
            )));
        };
        values.push(v.unwrap_or(Value::Null));
    }
    Ok(Row(values))
}
