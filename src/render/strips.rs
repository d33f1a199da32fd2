//! A picture drawn and encoded in strips of rows, by the calling thread and a
//! helper thread that every caller shares.
//!
//! Drawing, counting colours, mapping them to the palette and deflating all work
//! row by row, so a picture splits into strips that two threads can share. The
//! helper is woken for each picture, which may take a while on a machine whose
//! other core sleeps: strips are therefore handed out one at a time to whichever
//! thread is free, and the caller never waits for a strip the helper has not
//! taken. A picture is the same whichever thread drew or encoded which strip: the
//! palette depends only on the strips' counts, merged in order.
//!
//! Should the helper be missing (its thread could not be started, or it died),
//! the caller does every strip itself.

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};

use super::board::Base;
use super::encode::{self, Counts, EncodeError, Palette, Part};
use super::raster::{Color, Picture};
use super::with_kept;

/// Rows per strip. Smaller strips share the work more evenly between the threads
/// (the last strip handed out is what one thread may wait for); each strip starts
/// a fresh deflate window, which costs a little size.
pub const STRIP_ROWS: u32 = 128;

/// Draws the picture's moving parts onto a strip laid from the static layer.
pub type Paint = Box<dyn Fn(&mut Picture) + Send + Sync>;

/// One strip and how far it got.
#[derive(Default)]
struct Slot {
    picture: Picture,
    drawn: bool,
    counts: Counts,
    /// What mapping and deflating the strip costs, roughly (see [`Part::cost`]).
    cost: usize,
    part: Option<Result<Part, EncodeError>>,
}

/// Where a picture's work stands, for the helper waiting between the two phases.
enum Stage {
    /// Strips are being drawn and counted.
    Drawing,
    /// The palette is chosen: strips are mapped and deflated, dearest first.
    Encoding { palette: Arc<Palette>, order: Arc<[usize]> },
    /// The caller has the picture (or gave up); nothing is left to do.
    Over,
}

/// One picture's work.
struct Job {
    base: Arc<Base>,
    paint: Paint,
    slots: Vec<Mutex<Slot>>,
    next_draw: AtomicUsize,
    next_part: AtomicUsize,
    stage: Mutex<Stage>,
    changed: Condvar,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A thread that panicked left its strip unmarked, and the caller redoes it.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Job {
    fn rows(&self, i: usize) -> std::ops::Range<u32> {
        let height = self.base.img.height();
        let top = (i as u32).saturating_mul(STRIP_ROWS).min(height);
        top..top.saturating_add(STRIP_ROWS).min(height)
    }

    /// Lays strip `i` from the static layer, draws on it and counts its colours.
    fn draw(&self, i: usize, slot: &mut Slot) {
        let rows = self.rows(i);
        slot.picture.lay_rows(&self.base.img, self.base.id, rows.clone());
        (self.paint)(&mut slot.picture);
        let (img, touched) = (slot.picture.image(), slot.picture.touched());
        let reference = self.base.quantized.under(img, rows.start, touched);
        slot.counts = encode::count(img, reference, rows.start as usize, encode::SAMPLE_ROWS);
        slot.cost = Part::cost(img, touched);
        slot.drawn = true;
    }

    /// Maps and deflates strip `i`, once drawn.
    fn encode(&self, i: usize, slot: &mut Slot, palette: &Palette) {
        if !slot.drawn {
            self.draw(i, slot);
        }
        let (img, touched) = (slot.picture.image(), slot.picture.touched());
        let reference = self.base.quantized.under(img, self.rows(i).start, touched);
        let last = i + 1 == self.slots.len();
        slot.part = Some(encode::part(img, reference, palette, 0..img.height() as usize, last));
    }

    /// Draws the strips nobody has taken yet.
    fn draw_free(&self) {
        loop {
            let i = self.next_draw.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = self.slots.get(i) else { return };
            let mut slot = lock(slot);
            if !slot.drawn {
                self.draw(i, &mut slot);
            }
        }
    }

    /// Encodes the strips nobody has taken yet, in `order`.
    fn encode_free(&self, palette: &Palette, order: &[usize]) {
        loop {
            let k = self.next_part.fetch_add(1, Ordering::Relaxed);
            let Some(&i) = order.get(k) else { return };
            let Some(slot) = self.slots.get(i) else { continue };
            let mut slot = lock(slot);
            if slot.part.is_none() {
                self.encode(i, &mut slot, palette);
            }
        }
    }

    /// The helper's share: free strips to draw, then, once the caller has chosen
    /// the palette, free strips to encode.
    fn help(&self) {
        self.draw_free();
        let (palette, order) = {
            let mut stage = lock(&self.stage);
            loop {
                match &*stage {
                    Stage::Drawing => stage = self.changed.wait(stage).unwrap_or_else(PoisonError::into_inner),
                    Stage::Encoding { palette, order } => break (Arc::clone(palette), Arc::clone(order)),
                    Stage::Over => return,
                }
            }
        };
        self.encode_free(&palette, &order);
    }

    fn set(&self, stage: Stage) {
        *lock(&self.stage) = stage;
        self.changed.notify_all();
    }
}

/// Ends a job however the caller leaves, so that a helper waiting on it goes on.
struct Over<'a>(&'a Job);

impl Drop for Over<'_> {
    fn drop(&mut self) {
        self.0.set(Stage::Over);
    }
}

/// The shared helper thread, started on first use; `None` if it cannot be.
fn helper() -> Option<&'static Mutex<Sender<Arc<Job>>>> {
    static HELPER: OnceLock<Option<Mutex<Sender<Arc<Job>>>>> = OnceLock::new();
    HELPER
        .get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Arc<Job>>();
            let spawned = std::thread::Builder::new().name("boardbot-render".into()).spawn(move || {
                for job in rx {
                    job.help();
                }
            });
            spawned.ok().map(|_| Mutex::new(tx))
        })
        .as_ref()
}

thread_local! {
    // Each calling thread keeps its last picture's strips: a fresh buffer of a
    // picture's size costs page faults that take longer than the drawing itself,
    // and the next picture on the same board only has to undo what the last one
    // drew.
    static SCRATCH: RefCell<Vec<Picture>> = const { RefCell::new(Vec::new()) };
}

/// Draws a picture on `base` with `paint`, strip by strip, and encodes it as PNG
/// with the `seeds` as palette entries of their own.
pub fn render(base: Arc<Base>, paint: Paint, seeds: &[Color]) -> Result<Vec<u8>, EncodeError> {
    with_kept(&SCRATCH, |pictures| {
        let job = Arc::new(Job::new(base, paint, std::mem::take(pictures)));
        if let Some(helper) = helper() {
            // A send fails only when the helper is gone; then this thread does it all.
            let _ = lock(helper).send(Arc::clone(&job));
        }
        let (png, kept) = job.finish(seeds);
        *pictures = kept;
        png
    })
}

impl Job {
    /// A picture's work, in strips laid on the given pictures (reused as far as
    /// they go).
    fn new(base: Arc<Base>, paint: Paint, mut pictures: Vec<Picture>) -> Job {
        let n = base.img.height().div_ceil(STRIP_ROWS).max(1) as usize;
        pictures.resize_with(n, Picture::default);
        Job {
            base,
            paint,
            slots: pictures.into_iter().map(|picture| Mutex::new(Slot { picture, ..Slot::default() })).collect(),
            next_draw: AtomicUsize::new(0),
            next_part: AtomicUsize::new(0),
            stage: Mutex::new(Stage::Drawing),
            changed: Condvar::new(),
        }
    }

    /// The caller's share: free strips to draw; then, once every strip is drawn
    /// (doing itself any that a helper took and did not finish), the palette;
    /// then free strips to encode, and the same for any left unfinished. Returns
    /// the PNG and the strips' pictures for the next picture.
    fn finish(&self, seeds: &[Color]) -> (Result<Vec<u8>, EncodeError>, Vec<Picture>) {
        let over = Over(self);
        self.draw_free();
        let n = self.slots.len();
        let mut counts = Vec::with_capacity(n);
        let mut costs = Vec::with_capacity(n);
        for (i, slot) in self.slots.iter().enumerate() {
            let mut slot = lock(slot);
            if !slot.drawn {
                self.draw(i, &mut slot);
            }
            counts.push(std::mem::take(&mut slot.counts));
            costs.push((slot.cost, i));
        }
        let palette = Arc::new(encode::palette(&counts, seeds, Some(self.base.quantized.folding()), 256));
        // Dearest first, so that the strip one thread may be left waiting for at
        // the end is a cheap one.
        costs.sort_unstable_by(|a, b| b.cmp(a));
        let order: Arc<[usize]> = costs.iter().map(|&(_, i)| i).collect();
        self.set(Stage::Encoding { palette: Arc::clone(&palette), order: Arc::clone(&order) });
        self.encode_free(&palette, &order);
        let mut parts = Vec::with_capacity(n);
        let mut pictures = Vec::with_capacity(n);
        for (i, slot) in self.slots.iter().enumerate() {
            let mut slot = lock(slot);
            if slot.part.is_none() {
                self.encode(i, &mut slot, &palette);
            }
            parts.push(slot.part.take().unwrap_or(Err(EncodeError::Strips("a strip was not encoded"))));
            pictures.push(std::mem::take(&mut slot.picture));
        }
        drop(over);
        let (width, height) = self.base.img.dimensions();
        let png = parts
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .and_then(|p| encode::assemble(width, height, &palette, &p));
        (png, pictures)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{BoardView, GameKind};
    use crate::render::testing::random_view;
    use crate::render::{draw, paint, prepare, theme, RenderOptions};

    /// A position of every game after `plies` seeded random moves, last move shown.
    fn views(plies: usize) -> Vec<BoardView> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        GameKind::ALL.iter().map(|&kind| random_view(kind, plies, &mut seed)).collect()
    }

    fn options(size_px: u32) -> RenderOptions {
        RenderOptions { size_px, flip: false, names: vec!["Alice".into(), "Bob".into()] }
    }

    /// A job for `view`, as [`crate::render::render`] makes it.
    fn job(view: &BoardView, options: &RenderOptions) -> Job {
        let scene = prepare(view, options).unwrap();
        let (view, names, layout) = (view.clone(), options.names.clone(), scene.layout);
        Job::new(scene.base, Box::new(move |img: &mut Picture| paint(img, &view, &names, &layout)), Vec::new())
    }

    /// Each strip, drawn on its own, holds exactly the rows of the picture drawn
    /// whole, and marks every pixel it changed.
    #[test]
    fn strips_draw_what_the_whole_picture_draws() {
        for (view, size) in views(26).iter().zip([768, 333, 500, 400]) {
            let options = options(size);
            let whole = draw(view, &options).unwrap();
            let scene = prepare(view, &options).unwrap();
            let width = whole.width() as usize * 3;
            for rows in [13, STRIP_ROWS] {
                for top in (0..whole.height()).step_by(rows as usize) {
                    let mut strip = Picture::default();
                    strip.lay_rows(&scene.base.img, scene.base.id, top..top + rows);
                    paint(&mut strip, view, &options.names, &scene.layout);
                    let at = top as usize * width;
                    let want = &whole.as_raw()[at..at + strip.image().as_raw().len()];
                    assert!(strip.image().as_raw() == want, "{}: rows {top}.. of {rows}", view.title);
                    let layer = &scene.base.img.as_raw()[at..];
                    for (i, (p, q)) in strip.image().as_raw().chunks(3).zip(layer.chunks(3)).enumerate() {
                        let (x, y) = (i % whole.width() as usize, i / whole.width() as usize);
                        assert!(p == q || strip.touched().band(y, x / crate::render::raster::BAND));
                    }
                }
            }
        }
    }

    /// The bytes do not depend on which thread did which strip: pictures made by
    /// several callers at once, sharing the helper, equal the caller's own.
    #[test]
    fn pictures_are_the_same_whoever_draws_them() {
        let seeds = theme::pure_colours();
        let views = views(26);
        let alone: Vec<Vec<u8>> = views.iter().map(|v| job(v, &options(768)).finish(&seeds).0.unwrap()).collect();
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| {
                    for _ in 0..3 {
                        for (view, want) in views.iter().zip(&alone) {
                            let got = crate::render::render(view, &options(768)).unwrap();
                            assert!(&got == want, "{}", view.title);
                        }
                    }
                });
            }
        });
    }

    /// Strips a helper took and never finished (it died, or panicked holding one)
    /// are done by the caller, and the picture is the same.
    #[test]
    fn strips_left_behind_are_done_by_the_caller() {
        let seeds = theme::pure_colours();
        for view in views(30) {
            let want = job(&view, &options(500)).finish(&seeds).0.unwrap();
            let lost = job(&view, &options(500));
            lost.next_draw.store(2, Ordering::Relaxed);
            lost.next_part.store(3, Ordering::Relaxed);
            assert_eq!(lost.finish(&seeds).0.unwrap(), want, "{}", view.title);
            let poisoned = job(&view, &options(500));
            std::thread::scope(|s| {
                let _ = s
                    .spawn(|| {
                        let _held = poisoned.slots[1].lock();
                        panic!("a helper dies holding strip 1");
                    })
                    .join();
            });
            assert!(poisoned.slots[1].is_poisoned());
            assert_eq!(poisoned.finish(&seeds).0.unwrap(), want, "{}", view.title);
        }
    }

    /// A helper waiting for the palette of a picture whose caller gave up goes on.
    #[test]
    fn a_waiting_helper_is_released() {
        let view = &views(10)[0];
        let job = Arc::new(job(view, &options(400)));
        let helper = {
            let job = Arc::clone(&job);
            std::thread::spawn(move || job.help())
        };
        drop(Over(&job));
        helper.join().unwrap();
        assert!(matches!(*lock(&job.stage), Stage::Over));
    }
}
