import DexPlatform
import Synchronization

/// Whether a thread processes a store's actions (`StoreRuntime.status`), and whether actions
/// wait for it in the store's queue.
@usableFromInline
enum QueueStatus: UInt8, AtomicRepresentable {
  /// Nothing is processed, and nothing is queued.
  case idle
  /// A thread processes the store's actions; nothing was queued since it last took the queue.
  case processing
  /// A thread processes the store's actions, and actions wait in the queue.
  case queued
}

extension StoreRuntime {
  /// An action waiting for its turn, with who sent it and the send whose work it is part of.
  @usableFromInline
  struct Queued: Sendable {
    @usableFromInline let action: Action
    @usableFromInline let origin: ActionOrigin
    @usableFromInline let tracker: EffectTracker

    @inlinable
    init(action: Action, origin: ActionOrigin, tracker: EffectTracker) {
      self.action = action
      self.origin = origin
      self.tracker = tracker
    }
  }

  /// The actions sent while another is processed (by async effects, or re-entrant sends), first
  /// in first out.
  @usableFromInline
  struct ActionQueue: Sendable {
    @usableFromInline var items: [Queued] = []

    @inlinable
    init() {}

    /// The queued actions, in order, leaving the queue empty.
    @inlinable
    mutating func takeAll() -> [Queued] {
      var taken: [Queued] = []
      swap(&taken, &items)
      return taken
    }
  }

  /// An action sent by an effect of the action numbered `index`.
  @usableFromInline
  func receive(_ action: Action, from index: UInt64, tracker: EffectTracker) {
    tracker.begin()
    enqueue(Queued(action: action, origin: .received(from: index), tracker: tracker))
  }

  /// Queues `item` behind the actions waiting; when nothing was being processed, this thread
  /// claims the store and processes the queue.
  @inlinable
  func enqueue(_ item: Queued) {
    let claimed = queue.withLock { queue -> Bool in
      queue.items.append(item)
      // Marked under the queue's lock, so the processing thread, which takes the queue under
      // it, either takes this item or finds the mark when it tries to let go.
      var current = status.load(ordering: .relaxed)
      while current != .queued {
        let (exchanged, found) = status.compareExchange(
          expected: current, desired: .queued, ordering: .acquiringAndReleasing)
        if exchanged { return current == .idle }
        current = found
      }
      return false
    }
    if claimed { processQueue(next: []) }
  }

  /// Processes `next` (the actions `.send` effects sent) and the actions their `.send` effects
  /// send in turn, first in first out as in TCA, then the queued actions (sent by async effects
  /// or re-entrant sends) one at a time, each followed by what its `.send` effects sent, until
  /// none is left, then lets go of the store. Only the thread that claimed `status` runs this.
  @inlinable
  func processQueue(next: [Queued]) {
    var immediate = next
    var immediateHead = 0
    var queued: [Queued] = []
    var queuedHead = 0
    while true {
      let item: Queued
      if immediateHead < immediate.count {
        item = immediate[immediateHead]
        immediateHead += 1
      } else if queuedHead < queued.count {
        item = queued[queuedHead]
        queuedHead += 1
      } else {
        // Nothing was queued since the last look: let go without locking the queue.
        if status.compareExchange(
          expected: .processing, desired: .idle, ordering: .acquiringAndReleasing
        ).exchanged {
          return
        }
        queued = queue.withLock { queue in
          status.store(.processing, ordering: .relaxed)
          return queue.takeAll()
        }
        queuedHead = 0
        immediate.removeAll(keepingCapacity: true)
        immediateHead = 0
        continue
      }
      let sends = process(item.action, origin: item.origin, tracker: item.tracker).sends
      if !sends.isEmpty { immediate.append(contentsOf: sends) }
    }
  }
}
