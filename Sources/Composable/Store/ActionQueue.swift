import DexPlatform
import Synchronization

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
  /// in first out, and whether a thread is processing them.
  @usableFromInline
  struct ActionQueue: Sendable {
    @usableFromInline var items: [Queued] = []
    @usableFromInline var head = 0
    @usableFromInline var isProcessing = false
    @usableFromInline var lastIndex: UInt64 = 0

    @inlinable
    init() {}

    @inlinable
    mutating func pop() -> Queued? {
      guard head < items.count else {
        items.removeAll(keepingCapacity: true)
        head = 0
        return nil
      }
      defer {
        head += 1
        if head > 1024, head * 2 > items.count {
          items.removeFirst(head)
          head = 0
        }
      }
      return items[head]
    }
  }

  /// An action sent by an effect of the action numbered `index`.
  @usableFromInline
  func receive(_ action: Action, from index: UInt64, tracker: EffectTracker) {
    tracker.begin()
    enqueue(Queued(action: action, origin: .received(from: index), tracker: tracker))
  }

  @inlinable
  func enqueue(_ item: Queued) {
    let shouldProcess = queue.withLock { queue -> Bool in
      queue.items.append(item)
      if queue.isProcessing { return false }
      queue.isProcessing = true
      return true
    }
    if shouldProcess { processQueue(next: []) }
  }

  /// Processes `next` (the actions `.send` effects sent) and the actions their `.send` effects
  /// send in turn, first in first out as in TCA, then the queued actions (sent by async effects
  /// or re-entrant sends) until none is left, then lets go of the queue. Only one thread runs
  /// this at a time: the one that claimed the queue.
  @inlinable
  func processQueue(next: [Queued]) {
    var immediate = next
    var immediateHead = 0
    while true {
      var index: UInt64 = 0
      let item: Queued
      if immediateHead < immediate.count {
        item = immediate[immediateHead]
        immediateHead += 1
        queue.withLock { queue in
          queue.lastIndex += 1
          index = queue.lastIndex
        }
      } else {
        guard
          let popped = queue.withLock({ queue -> Queued? in
            guard let item = queue.pop() else {
              queue.isProcessing = false
              return nil
            }
            queue.lastIndex += 1
            index = queue.lastIndex
            return item
          })
        else { return }
        item = popped
      }
      let sends = process(item.action, origin: item.origin, index: index, tracker: item.tracker)
        .sends
      if !sends.isEmpty { immediate.append(contentsOf: sends) }
    }
  }
}
