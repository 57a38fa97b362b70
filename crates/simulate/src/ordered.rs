//! Work items run on several threads, their results handed on in the order of the items.
//!
//! A result that is ready before those of earlier items waits in a small reorder buffer, and no
//! item starts more than a window of items ahead of the oldest one not yet handed on (as
//! `check` does for files, `src/cli/output.rs`). Memory therefore holds a window of results,
//! however many items there are, and what the consumer sees does not depend on the threads.

use std::any::Any;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Items in flight per thread: enough that a slow item does not stall the other threads.
const WINDOW_PER_THREAD: usize = 8;

/// What the threads share.
struct Window<T> {
    /// The next item to start.
    next: usize,
    /// Items handed on to the consumer so far.
    handed_on: usize,
    /// Finished items that wait for earlier ones.
    ready: BTreeMap<usize, T>,
    /// Set when the consumer stops early or an item panicked: no new item starts.
    stop: bool,
    /// The first panic of an item, raised again on the calling thread.
    panic: Option<Box<dyn Any + Send>>,
}

fn lock<T>(state: &Mutex<Window<T>>) -> MutexGuard<'_, Window<T>> {
    // Items run outside the lock and their panics are caught, so a poisoned lock still holds
    // consistent data.
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

fn wait<'a, T>(changed: &Condvar, guard: MutexGuard<'a, Window<T>>) -> MutexGuard<'a, Window<T>> {
    changed.wait(guard).unwrap_or_else(PoisonError::into_inner)
}

/// [`for_each_ordered_with`] without a state of each thread's own (the tests' form).
#[cfg(test)]
pub fn for_each_ordered<T: Send, B>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> T + Sync,
    consume: impl FnMut(usize, T) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for_each_ordered_with(count, threads, || (), |(), index| work(index), consume)
}

/// Runs `work(worker, i)` for every `i` in `0..count` on `threads` threads (one: on the
/// calling thread) and calls `consume(i, result)` on the calling thread in the order of `i`.
/// Each thread makes its own `worker` state once with `new_worker` and reuses it from item to
/// item (the simulator's game and engine, emptied between games instead of rebuilt). Stops
/// starting items as soon as `consume` breaks, and returns its value. A panic of `work` is
/// raised again on the calling thread once the other threads have stopped.
pub fn for_each_ordered_with<W, T: Send, B>(
    count: usize,
    threads: usize,
    new_worker: impl Fn() -> W + Sync,
    work: impl Fn(&mut W, usize) -> T + Sync,
    mut consume: impl FnMut(usize, T) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if threads <= 1 {
        let mut worker = new_worker();
        for index in 0..count {
            consume(index, work(&mut worker, index))?;
        }
        return ControlFlow::Continue(());
    }
    let window = threads * WINDOW_PER_THREAD;
    let state = Mutex::new(Window {
        next: 0,
        handed_on: 0,
        ready: BTreeMap::new(),
        stop: false,
        panic: None,
    });
    let changed = Condvar::new();
    let outcome = std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut worker = new_worker();
                loop {
                    let index = {
                        let mut shared = lock(&state);
                        loop {
                            if shared.stop || shared.next >= count {
                                return;
                            }
                            if shared.next < shared.handed_on + window {
                                break;
                            }
                            shared = wait(&changed, shared);
                        }
                        shared.next += 1;
                        shared.next - 1
                    };
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        work(&mut worker, index)
                    }));
                    let mut shared = lock(&state);
                    match result {
                        Ok(result) => {
                            shared.ready.insert(index, result);
                        }
                        Err(panic) => {
                            shared.panic.get_or_insert(panic);
                            shared.stop = true;
                        }
                    }
                    changed.notify_all();
                }
            });
        }
        let stop = |shared: &mut Window<T>| {
            shared.stop = true;
            changed.notify_all();
        };
        for index in 0..count {
            let result = {
                let mut shared = lock(&state);
                loop {
                    if shared.panic.is_some() {
                        stop(&mut shared);
                        return ControlFlow::Continue(());
                    }
                    if let Some(result) = shared.ready.remove(&index) {
                        shared.handed_on += 1;
                        changed.notify_all();
                        break result;
                    }
                    shared = wait(&changed, shared);
                }
            };
            if let ControlFlow::Break(value) = consume(index, result) {
                stop(&mut lock(&state));
                return ControlFlow::Break(value);
            }
        }
        ControlFlow::Continue(())
    });
    if let Some(panic) = lock(&state).panic.take() {
        std::panic::resume_unwind(panic);
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_the_threads() {
        for threads in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            // Later items finish first: the reorder buffer puts them back in order.
            let work = |i: usize| {
                std::thread::sleep(std::time::Duration::from_micros(
                    ((40 - i % 40) * 20) as u64,
                ));
                i * i
            };
            let flow = for_each_ordered(100, threads, work, |i, square| {
                seen.push((i, square));
                ControlFlow::<()>::Continue(())
            });
            assert_eq!(flow, ControlFlow::Continue(()));
            assert_eq!(seen, (0..100).map(|i| (i, i * i)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn no_item_starts_more_than_a_window_ahead() {
        let started = std::sync::atomic::AtomicUsize::new(0);
        let mut most_ahead = 0;
        let flow = for_each_ordered(
            500,
            2,
            |i| {
                started.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                i
            },
            |i, _| {
                let ahead = started.load(std::sync::atomic::Ordering::SeqCst) - i;
                most_ahead = most_ahead.max(ahead);
                ControlFlow::<()>::Continue(())
            },
        );
        assert_eq!(flow, ControlFlow::Continue(()));
        assert!(
            most_ahead <= 2 * WINDOW_PER_THREAD + 1,
            "{most_ahead} ahead"
        );
    }

    #[test]
    fn a_break_stops_the_run_with_its_value() {
        for threads in [1, 3] {
            let mut consumed = 0;
            let flow = for_each_ordered(
                1000,
                threads,
                |i| i,
                |i, _| {
                    consumed += 1;
                    if i == 10 {
                        ControlFlow::Break("stopped")
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(flow, ControlFlow::Break("stopped"));
            assert_eq!(consumed, 11);
        }
    }

    #[test]
    fn a_panic_of_an_item_reaches_the_caller() {
        let outcome = std::panic::catch_unwind(|| {
            for_each_ordered(
                100,
                2,
                |i| {
                    assert!(i != 37, "item 37 fails");
                    i
                },
                |_, _| ControlFlow::<()>::Continue(()),
            )
        });
        assert!(outcome.is_err());
    }
}
