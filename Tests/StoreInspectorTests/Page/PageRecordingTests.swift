import Testing

@testable import StoreInspector

/// A recording hands its entries to its queue in batches and each batch it is done with back to
/// the thread that records, which lets it go at its next batch, and the page it holds stays the
/// page worked out afterwards.
struct PageRecordingTests {
  /// A page of a counter: the moment is the count, an action adds to it.
  private let page = SessionPage<Int, Int>(
    facts: [], actionText: { "add \($0)" }, originText: { "\($0)" },
    roots: { [.init(title: "Int", value: $0)] }, environment: { _, _ in nil },
    diff: { [DiffSection(title: nil, diff: inspectorDiff($0, $1))] })

  /// Records `action` in `history` and hands the entry to `recording`.
  private func record(
    _ action: Int, in history: inout History<Int, Int>, to recording: PageRecording<Int, Int>
  ) {
    let before = history.currentMoment
    let after = before + action
    let id = history.record(action, moment: after)
    recording.record(
      id, in: history, before: before, after: after, sections: page.diff(before, after))
  }

  @Test func theRecordingThreadLetsGoOfTheEntriesTheQueueIsDoneWith() {
    var history = History<Int, Int>(initial: 0) { moment, action in moment += action }
    let recording = PageRecording(page: page)
    record(1, in: &history, to: recording)
    // `count` waits for the queue: the first entry is done and waits to be let go.
    #expect(recording.count == 1)
    #expect(recording.finishedCount == 1)
    for action in 2...5 {
      record(action, in: &history, to: recording)
      #expect(recording.count == action)
      // Handing the entry over let the one before go: only the newest is held.
      #expect(recording.finishedCount == 1)
    }
    #expect(page.html(of: history, recording: recording) == page.html(of: history))
  }

  @Test func entriesWaitForABatchAndTheRestIsHandedOverWhenThePageIsWritten() {
    var history = History<Int, Int>(initial: 0) { moment, action in moment += action }
    let recording = PageRecording(page: page)
    let batchSize = PageRecording<Int, Int>.batchSize
    for action in 1...(batchSize * 2 + 3) {
      record(action, in: &history, to: recording)
      #expect(recording.waitingCount == action % batchSize)
    }
    #expect(page.html(of: history, recording: recording) == page.html(of: history))
    // Writing the page handed the last three over: every entry was worked out as recorded.
    #expect(recording.waitingCount == 0)
    #expect(recording.count == batchSize * 2 + 3)
  }
}
