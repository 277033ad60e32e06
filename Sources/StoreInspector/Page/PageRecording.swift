import DexPlatform
import Dispatch

/// A page's entries worked out while a session records them, from the diffs it prints anyway,
/// so that writing the page at the end does not diff every entry again (`dex --html`).
///
/// The work runs on a queue of its own, in the order the entries were recorded, beside the
/// session: recording an entry only hands its moments and diff over, `batchSize` at a time (one
/// wake-up of the queue for several entries; at most `maximumPending` batches wait at a time, so
/// a session that outruns the queue waits rather than piling them up). Writing the page hands
/// over what is left and waits for it. The queue hands each batch it is done with back, and
/// the session's thread lets it go as it hands over the next: their moments and diffs were
/// allocated on that thread, and freeing them there spares both threads the allocator's lock of
/// the other's heap, which they would otherwise wait for at every entry.
///
/// It holds while the history's moments stay the ones it was worked out from: a skip or a
/// fold works them out again, and the recording starts over from there. Entries it missed
/// (a hidden action's, an external change's) are worked out when the page is written.
///
/// ```swift
/// let recording = PageRecording(page: page)
/// recording.record(entry, in: history, before: before, after: after, sections: diff)
/// let html = page.html(of: history, recording: recording)
/// ```
public final class PageRecording<Moment, Action>: @unchecked Sendable {
  /// How the entries are described.
  public let page: SessionPage<Moment, Action>
  private let queue = DispatchQueue(label: "dex.page-recording")
  private let room = DispatchSemaphore(value: maximumPending)
  /// Entries the queue is done with, for the recording thread to let go.
  private let done = LockedValue<[HandedEntry]>([])
  /// Entries recorded and not handed over yet, fewer than `batchSize`.
  private let batch = LockedValue<[HandedEntry]>([])
  /// The model and the lineage of the history it was worked out from; only read and written
  /// on `queue`.
  private var model: (model: PageModel, lineage: Int)?

  /// How many entries are handed over together.
  static var batchSize: Int { 8 }

  /// How many batches may wait for the queue at once.
  static var maximumPending: Int { 4 }

  /// A recording with no entries yet, describing them as `page` does.
  public init(page: SessionPage<Moment, Action>) {
    self.page = page
  }

  /// Hands over the entry `id` of `history`, which went from `before` to `after` with the diff
  /// `sections` (as `page.diff` gives them); `rendered` is that diff as the caller rendered
  /// it already (the page takes its lines), `actionText` its action as `page.actionText` reads
  /// it, when the caller has that text already.
  public func record(
    _ id: EntryID, in history: History<Moment, Action>, before: Moment, after: Moment,
    sections: [DiffSection], rendered: RenderedDiff? = nil, actionText: String? = nil
  ) {
    guard let entry = try? history.entry(id) else { return }
    let handed = HandedEntry(
      entry: entry, before: before, after: after, sections: sections, rendered: rendered,
      actionText: actionText, lineage: history.lineage, initial: history.initialMoment)
    let full = batch.withLock { batch -> [HandedEntry]? in
      batch.append(handed)
      guard batch.count >= Self.batchSize else { return nil }
      defer { batch.removeAll(keepingCapacity: true) }
      return batch
    }
    if let full { handOver(full) }
  }

  /// Hands `entries` to the queue, letting go of the ones it is done with.
  private func handOver(_ entries: [HandedEntry]) {
    // Freed here, on the thread that made them, once this call returns.
    let finished = done.withLock { entries in
      let taken = entries
      entries.removeAll(keepingCapacity: false)
      return taken
    }
    room.wait()
    queue.async { [self] in
      defer { room.signal() }
      for handed in entries { add(handed) }
      done.withLock { $0.append(contentsOf: entries) }
    }
    withExtendedLifetime(finished) {}
  }

  /// Hands over the entries recorded since the last batch.
  private func handOverRest() {
    let rest = batch.withLock { batch in
      defer { batch.removeAll(keepingCapacity: true) }
      return batch
    }
    if !rest.isEmpty { handOver(rest) }
  }

  /// How many entries the queue is done with that the recording thread has not let go yet.
  var finishedCount: Int {
    handOverRest()
    return queue.sync { done.withLock(\.count) }
  }

  /// How many entries were recorded and not handed over yet.
  var waitingCount: Int {
    batch.withLock(\.count)
  }

  /// Adds a handed-over entry to the model of its lineage (started afresh for a new one).
  private func add(_ handed: HandedEntry) {
    var current = model?.lineage == handed.lineage ? model : nil
    model = nil
    var made = current?.model ?? PageModel(initial: handed.initial, page: page)
    current = nil
    made.record(
      handed.entry, before: handed.before, after: handed.after, sections: handed.sections,
      rendered: handed.rendered, actionText: handed.actionText, page: page)
    model = (made, handed.lineage)
  }

  /// An entry on its way to the queue, with what it needs there; the moments are only read.
  private struct HandedEntry: @unchecked Sendable {
    var entry: HistoryEntry<Action>
    var before: Moment
    var after: Moment
    var sections: [DiffSection]
    var rendered: RenderedDiff?
    var actionText: String?
    var lineage: Int
    var initial: Moment
  }

  /// How many entries were worked out since the recording last started over.
  var count: Int {
    handOverRest()
    return queue.sync { model?.model.recorded.count ?? 0 }
  }

  /// The entries worked out for `history`'s moments, once every entry recorded is.
  func model(for history: History<Moment, Action>) -> PageModel? {
    handOverRest()
    let lineage = history.lineage
    return queue.sync { model?.lineage == lineage ? model?.model : nil }
  }
}
