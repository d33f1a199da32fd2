//! The Discord double's part for Discord's Activity (issue #51): the OAuth2 code
//! exchange (`POST oauth2/token`, with the application's client id and secret) and
//! who a Bearer access token belongs to (`GET users/@me`). A test grants a code to a
//! user first ([`super::Double::grant`]); a code works once, as
//! Discord's.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

/// The client secret the doubles accept.
pub const CLIENT_SECRET: &str = "test-client-secret";

#[derive(Default)]
struct Grants {
    /// Codes not yet exchanged: the user id and name they belong to.
    codes: HashMap<String, (String, String)>,
    /// Access tokens given: the user id and name.
    tokens: HashMap<String, (String, String)>,
    next: u64,
}

/// Codes are made unique by each test: one table for every double.
fn grants() -> &'static Mutex<Grants> {
    static GRANTS: OnceLock<Mutex<Grants>> = OnceLock::new();
    GRANTS.get_or_init(Mutex::default)
}

impl super::Double {
    /// The code `code` belongs to the Discord user `id` called `name`, once.
    pub fn grant(&self, code: &str, id: &str, name: &str) {
        grants().lock().expect("the grants").codes.insert(code.to_string(), (id.to_string(), name.to_string()));
    }
}

fn json(status: StatusCode, value: serde_json::Value) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], value.to_string()).into_response()
}

/// A form's fields (`application/x-www-form-urlencoded`).
fn form(body: &[u8]) -> HashMap<String, String> {
    let decode = |s: &str| {
        let bytes = s.replace('+', " ").into_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
                (b'%', Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                }
                (b, _, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    String::from_utf8_lossy(body)
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

/// The double's answer to an Activity's call, `None` for any other call.
pub fn answer(method: &str, parts: &[&str], headers: &HeaderMap, body: &[u8]) -> Option<Response> {
    match (method, parts) {
        ("POST", ["oauth2", "token"]) => {
            let form = form(body);
            let field = |k: &str| form.get(k).map(String::as_str).unwrap_or_default();
            if field("client_secret") != CLIENT_SECRET || field("client_id").is_empty() {
                return Some(json(StatusCode::UNAUTHORIZED, serde_json::json!({"error": "invalid_client"})));
            }
            if field("grant_type") != "authorization_code" {
                return Some(json(StatusCode::BAD_REQUEST, serde_json::json!({"error": "unsupported_grant_type"})));
            }
            let mut grants = grants().lock().expect("the grants");
            let Some(user) = grants.codes.remove(field("code")) else {
                return Some(json(StatusCode::BAD_REQUEST, serde_json::json!({"error": "invalid_grant"})));
            };
            grants.next += 1;
            let token = format!("access-{}-{}", grants.next, user.0);
            grants.tokens.insert(token.clone(), user);
            Some(json(
                StatusCode::OK,
                serde_json::json!({"access_token": token, "token_type": "Bearer", "expires_in": 604800,
                                   "refresh_token": "refresh", "scope": "identify"}),
            ))
        }
        ("GET", ["users", "@me"]) => {
            let bearer = headers
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(str::to_string);
            // The bot's own token (`Bot …`) is another matter: not this block's.
            let bearer = bearer?;
            let grants = grants().lock().expect("the grants");
            Some(match grants.tokens.get(&bearer) {
                Some((id, name)) => json(
                    StatusCode::OK,
                    serde_json::json!({"id": id, "username": name, "global_name": name, "discriminator": "0",
                                       "avatar": null}),
                ),
                None => json(StatusCode::UNAUTHORIZED, serde_json::json!({"message": "401: Unauthorized", "code": 0})),
            })
        }
        _ => None,
    }
}
