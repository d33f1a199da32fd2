//! Every position of random playouts, in every game, draws without panic and gives
//! a PNG of the expected width, with the last move highlighted and the board seen
//! from either side.

use boardbot::ai::Rng;
use boardbot::games::{GameKind, Position};
use boardbot::lang::Lang;
use boardbot::present::view::worded;
use boardbot::render::{render, RenderOptions};

const GAMES_PER_KIND: u64 = 2;
const MAX_PLIES: usize = 100;
const WIDTH: u32 = 200;

fn png_width(png: &[u8]) -> u32 {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    u32::from_be_bytes([png[16], png[17], png[18], png[19]])
}

#[test]
fn random_playouts_render_without_panic() {
    let mut pictures = 0;
    for kind in GameKind::ALL {
        for game in 0..GAMES_PER_KIND {
            let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15 ^ (game + 1));
            let mut position = Position::start(&kind.default_settings());
            for ply in 0..MAX_PLIES {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = &moves[rng.below(moves.len())];
                let last = position.play(m).unwrap_or_else(|e| panic!("{kind} {m}: {e}"));
                let view = worded(position.view(Some(last.view)), Lang::En);
                let options = RenderOptions { size_px: WIDTH, flip: ply % 2 == 1, names: vec!["A".into()] };
                let png = render(&view, &options).unwrap_or_else(|e| panic!("{kind} {}: {e}", position.code()));
                assert_eq!(png_width(&png), WIDTH);
                pictures += 1;
            }
        }
    }
    assert!(pictures > 100, "only {pictures} pictures");
}
