/// A page's entries worked out while a session records them, from the diffs it prints anyway,
/// so that writing the page at the end does not diff every entry again (`dex --html`).
///
/// It holds while the history's moments stay the ones it was worked out from: a skip or a
/// fold works them out again, and the recording starts over from there. Entries it missed
/// (a hidden action's, an external change's) are worked out when the page is written.
///
/// ```swift
/// var recording = PageRecording(history: history, page: page)
/// recording.record(entry, in: history, before: before, after: after, sections: diff, page: page)
/// let html = page.html(of: history, recording: recording)
/// ```
public struct PageRecording {
  var model: PageModel
  /// The lineage of the history the entries were worked out from.
  var lineage: Int

  /// A recording that starts at `history`'s initial moment, with none of its entries yet.
  public init<Moment, Action>(history: History<Moment, Action>, page: SessionPage<Moment, Action>) {
    model = PageModel(initial: history.initialMoment, page: page)
    lineage = history.lineage
  }

  /// Adds the entry `id` of `history`, which went from `before` to `after` with the diff
  /// `sections` (as `page.diff` gives them).
  public mutating func record<Moment, Action>(
    _ id: EntryID, in history: History<Moment, Action>, before: Moment, after: Moment,
    sections: [DiffSection], page: SessionPage<Moment, Action>
  ) {
    if history.lineage != lineage { self = PageRecording(history: history, page: page) }
    guard let entry = try? history.entry(id) else { return }
    model.record(entry, before: before, after: after, sections: sections, page: page)
  }
}
