//! `/boardbot web on|off`: a community's public web page (its leaderboards and latest
//! games, issue #44). Off unless someone who manages the community turns it on; its
//! address is a token of its own, given in the answer; off removes it, and turning it
//! on again gives a new address, so a link given out before stays dead.

use super::message::Message;
use super::pages::Links;
use super::{people, Failure, Inner, Refusal, Reply, Request};
use crate::store;

type Result<T> = std::result::Result<T, Failure>;

/// Turns the page of the request's community on or off.
pub(crate) fn turn(inner: &Inner, req: &Request, on: bool) -> Result<Vec<Reply>> {
    if req.place.community.is_none() {
        return Err(Refusal::WebNoCommunity.into());
    }
    if !req.actor.manages_community {
        return Err(Refusal::WebNotManager.into());
    }
    let Some(base) = inner.options.web_url.clone() else {
        return Err(Refusal::WebNotServed.into());
    };
    let Some(community) = people::ensure_community(inner, req.actor.platform, &req.place)? else {
        return Err(Refusal::WebNoCommunity.into());
    };
    let now = inner.clock.now();
    let message = if on {
        let token = inner.store.write(move |tx| store::turn_page_on(tx, community, now))?;
        Message::WebPageOn { url: Links::new(&base).community(token.as_str()) }
    } else {
        let was_on = inner.store.write(move |tx| store::turn_page_off(tx, community))?;
        Message::WebPageOff { was_on }
    };
    Ok(vec![Reply::new(super::boards::here(inner, &req.place), message)])
}
