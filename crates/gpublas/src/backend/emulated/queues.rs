//! The emulated device's copy queues: copies enqueued on the Upload and Download queues do not
//! run when enqueued but when something waits for them (an event wait or sync, a full
//! synchronize), as on a GPU where they may run arbitrarily late. The compute queue runs
//! eagerly. So a transfer engine that forgets to wait for a copy reads stale data or touches
//! memory a later free has released — and the tests see it (wrong results, or the bounds checks
//! failing) instead of a race that only shows on real hardware now and then.

use std::collections::VecDeque;

/// One enqueued action of a copy queue.
#[derive(Debug, Clone, Copy)]
pub(super) enum Op {
    /// Copy `bytes` from host address `src` to device address `dst`.
    Up {
        dst: *mut u8,
        src: *const u8,
        bytes: usize,
    },
    /// Copy `bytes` from device address `src` to host address `dst`.
    Down {
        dst: *mut u8,
        src: *const u8,
        bytes: usize,
    },
    /// Event `id`'s recording number `generation` is reached here.
    Record { id: usize, generation: u64 },
    /// Later actions wait until event `id`'s recording `generation` is reached.
    Wait { id: usize, generation: u64 },
}

// SAFETY: the addresses are inert until the queue runs the copy, which happens under the
// emulated device's queue lock after checking both ranges are live.
unsafe impl Send for Op {}

/// The two copy queues and the events' latest recordings.
#[derive(Default)]
pub(super) struct Queues {
    pub ops: [VecDeque<Op>; 2],
    /// `generations[id]`: the latest recording number of event `id` (events are 1-based ids).
    pub generations: Vec<u64>,
}

impl Queues {
    /// The queue holding event `id`'s recording `generation`, if it is not reached yet.
    pub fn pending_in(&self, id: usize, generation: u64) -> Option<usize> {
        (0..2).find(|&q| {
            self.ops[q]
                .iter()
                .any(|op| matches!(*op, Op::Record { id: i, generation: g } if i == id && g == generation))
        })
    }

    /// Whether any queued copy touches host or device bytes `[start, start + bytes)`.
    pub fn touches(&self, start: usize, bytes: usize) -> bool {
        let hit = |a: usize, n: usize| a < start + bytes && start < a + n;
        self.ops.iter().flatten().any(|op| match *op {
            Op::Up { dst, src, bytes: n } | Op::Down { dst, src, bytes: n } => {
                hit(dst as usize, n) || hit(src as usize, n)
            }
            _ => false,
        })
    }
}
