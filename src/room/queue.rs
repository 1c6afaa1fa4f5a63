//! A bounded queue from many senders to one receiver that holds no memory while it is empty:
//! a room's inbox of commands, and each connection's outbox of frames.
//!
//! A server holds two of these per seated player, nearly always empty, so what an empty queue
//! costs is what counts. Tokio's `mpsc` channel allocates a block of 32 slots when it is made
//! (about 1.3 KiB for a connection's frames, 2.6 KiB for a room's commands); this queue is a
//! `VecDeque` behind a lock, which allocates on the first item and gives its memory back
//! whenever it has drained: a few bytes' allocation per burst, against slots kept by every
//! idle queue.
//!
//! The queue closes when its receiver is dropped, or when its last sender is (the receiver
//! reads what is left, then `None`). A [`WeakSender`] does not keep it open.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

pub fn channel<T>(capacity: usize) -> (Sender<T>, Receiver<T>) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            items: VecDeque::new(),
            senders: 1,
            receiving: true,
        }),
        capacity,
        filled: Notify::new(),
        emptied: Notify::new(),
    });
    let receiver = Receiver {
        shared: shared.clone(),
    };
    (Sender { shared }, receiver)
}

#[derive(Debug)]
struct Shared<T> {
    state: Mutex<State<T>>,
    capacity: usize,
    /// Wakes the receiver: an item arrived, or the last sender left.
    filled: Notify,
    /// Wakes senders waiting for room: an item was taken, or the receiver left.
    emptied: Notify,
}

#[derive(Debug)]
struct State<T> {
    items: VecDeque<T>,
    senders: usize,
    receiving: bool,
}

impl<T> Shared<T> {
    /// The state; a panic elsewhere while it was held leaves nothing half done (every change
    /// is a single push, pop or count), so a poisoned lock is taken as it is.
    fn state(&self) -> MutexGuard<'_, State<T>> {
        self.state
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// Queues `item` if there is room; hands it back otherwise.
    fn push(&self, item: T) -> Result<(), TrySendError<T>> {
        let mut state = self.state();
        if !state.receiving {
            return Err(TrySendError::Closed(item));
        }
        if state.items.len() >= self.capacity {
            return Err(TrySendError::Full(item));
        }
        state.items.push_back(item);
        drop(state);
        self.filled.notify_one();
        Ok(())
    }

    /// Takes the next item, if any; a queue that drains gives its memory back.
    fn pop(&self) -> Result<T, TryRecvError> {
        let mut state = self.state();
        match state.items.pop_front() {
            Some(item) => {
                if state.items.is_empty() {
                    state.items = VecDeque::new();
                }
                drop(state);
                self.emptied.notify_one();
                Ok(item)
            }
            None if state.senders == 0 => Err(TryRecvError::Disconnected),
            None => Err(TryRecvError::Empty),
        }
    }
}

/// Why an item could not be queued; the item comes back.
#[derive(Debug, PartialEq, Eq)]
pub enum TrySendError<T> {
    Full(T),
    Closed(T),
}

/// Why nothing was received.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TryRecvError {
    Empty,
    Disconnected,
}

/// The receiver has gone: nothing sent will be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closed;

#[derive(Debug)]
pub struct Sender<T> {
    shared: Arc<Shared<T>>,
}

impl<T> Sender<T> {
    /// Queues `item` without waiting.
    pub fn try_send(&self, item: T) -> Result<(), TrySendError<T>> {
        self.shared.push(item)
    }

    /// Queues `item`, waiting while the queue is full.
    ///
    /// An async block rather than an `async fn`: the block keeps `item` in one place, where
    /// an `async fn` would hold a second copy of its argument for as long as it waits.
    #[expect(
        clippy::manual_async_fn,
        reason = "an async fn would copy its argument"
    )]
    pub fn send(&self, mut item: T) -> impl Future<Output = Result<(), Closed>> + '_ {
        async move {
            loop {
                let emptied = self.shared.emptied.notified();
                tokio::pin!(emptied);
                emptied.as_mut().enable();
                item = match self.shared.push(item) {
                    Ok(()) => return Ok(()),
                    Err(TrySendError::Closed(_)) => return Err(Closed),
                    Err(TrySendError::Full(item)) => item,
                };
                emptied.await;
            }
        }
    }

    /// A handle that does not keep the queue open.
    pub fn downgrade(&self) -> WeakSender<T> {
        WeakSender {
            shared: self.shared.clone(),
        }
    }
}

impl<T> Clone for Sender<T> {
    fn clone(&self) -> Self {
        self.shared.state().senders += 1;
        Sender {
            shared: self.shared.clone(),
        }
    }
}

impl<T> Drop for Sender<T> {
    fn drop(&mut self) {
        let mut state = self.shared.state();
        state.senders -= 1;
        let last = state.senders == 0;
        drop(state);
        if last {
            self.shared.filled.notify_one();
        }
    }
}

#[derive(Debug)]
pub struct WeakSender<T> {
    shared: Arc<Shared<T>>,
}

impl<T> WeakSender<T> {
    /// A sender, while some other sender still keeps the queue open.
    pub fn upgrade(&self) -> Option<Sender<T>> {
        let mut state = self.shared.state();
        if state.senders == 0 {
            return None;
        }
        state.senders += 1;
        Some(Sender {
            shared: self.shared.clone(),
        })
    }
}

#[derive(Debug)]
pub struct Receiver<T> {
    shared: Arc<Shared<T>>,
}

impl<T> Receiver<T> {
    /// Whether nothing is queued and at most one sender is left: with that sender held
    /// where nobody else can take a copy, nothing more can arrive.
    pub fn alone(&self) -> bool {
        let state = self.shared.state();
        state.items.is_empty() && state.senders <= 1
    }

    /// The next item without waiting.
    pub fn try_recv(&mut self) -> Result<T, TryRecvError> {
        self.shared.pop()
    }

    /// The next item, or `None` once every sender has gone and the queue is drained.
    /// Cancel-safe: an item is taken only when this returns it.
    pub async fn recv(&mut self) -> Option<T> {
        loop {
            let filled = self.shared.filled.notified();
            tokio::pin!(filled);
            filled.as_mut().enable();
            match self.shared.pop() {
                Ok(item) => return Some(item),
                Err(TryRecvError::Disconnected) => return None,
                Err(TryRecvError::Empty) => filled.await,
            }
        }
    }
}

impl<T> Drop for Receiver<T> {
    fn drop(&mut self) {
        let mut state = self.shared.state();
        state.receiving = false;
        let left = std::mem::take(&mut state.items);
        drop(state);
        drop(left);
        self.shared.emptied.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn items_arrive_in_order_then_none_when_the_senders_have_gone() {
        let (sender, mut receiver) = channel(4);
        let other = sender.clone();
        sender.try_send(1).unwrap();
        other.send(2).await.unwrap();
        drop(sender);
        assert_eq!(receiver.recv().await, Some(1));
        assert_eq!(receiver.try_recv(), Ok(2));
        assert_eq!(receiver.try_recv(), Err(TryRecvError::Empty));
        drop(other);
        assert_eq!(receiver.recv().await, None);
        assert_eq!(receiver.try_recv(), Err(TryRecvError::Disconnected));
    }

    #[tokio::test]
    async fn a_full_queue_refuses_or_waits_and_a_gone_receiver_closes_it() {
        let (sender, mut receiver) = channel(1);
        sender.try_send('a').unwrap();
        assert_eq!(sender.try_send('b'), Err(TrySendError::Full('b')));
        let waiting = tokio::spawn({
            let sender = sender.clone();
            async move { sender.send('c').await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(
            !waiting.is_finished(),
            "the send waits while the queue is full"
        );
        assert_eq!(receiver.recv().await, Some('a'));
        assert_eq!(waiting.await.unwrap(), Ok(()));
        assert_eq!(receiver.recv().await, Some('c'));

        sender.try_send('d').unwrap();
        let blocked = tokio::spawn({
            let sender = sender.clone();
            async move { sender.send('e').await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(receiver);
        assert_eq!(blocked.await.unwrap(), Err(Closed));
        assert_eq!(sender.try_send('f'), Err(TrySendError::Closed('f')));
    }

    #[tokio::test]
    async fn a_weak_sender_does_not_keep_the_queue_open() {
        let (sender, mut receiver) = channel::<u8>(2);
        let weak = sender.downgrade();
        let upgraded = weak.upgrade().expect("a sender is alive");
        drop(sender);
        upgraded.try_send(7).unwrap();
        drop(upgraded);
        assert!(weak.upgrade().is_none());
        assert_eq!(receiver.recv().await, Some(7));
        assert_eq!(receiver.recv().await, None);
    }

    #[tokio::test]
    async fn a_waiting_receiver_wakes_for_an_item_sent_from_another_task() {
        let (sender, mut receiver) = channel(2);
        let reader = tokio::spawn(async move { receiver.recv().await });
        tokio::time::sleep(Duration::from_millis(20)).await;
        sender.try_send("frame").unwrap();
        assert_eq!(reader.await.unwrap(), Some("frame"));
    }

    #[test]
    fn an_empty_queue_holds_no_slots() {
        let (sender, mut receiver) = channel(64);
        assert_eq!(receiver.shared.state().items.capacity(), 0);
        for burst in [1, 32] {
            for item in 0..burst {
                sender.try_send(item).unwrap();
            }
            assert!(receiver.shared.state().items.capacity() >= burst);
            while receiver.try_recv().is_ok() {}
            assert_eq!(receiver.shared.state().items.capacity(), 0);
        }
    }
}
