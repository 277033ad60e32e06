import DexPlatform
import Composable
import ComposableInspection
import StoreInspector

extension DexSession {
  /// The session as one self-contained HTML page (see README: "Session pages"): the values are
  /// the ones the REPL prints, entry lines as `log` shows them and diffs as `diff N` shows
  /// them. `failures` are the errors of the run, shown at the top.
  package func page(failures: [String]) -> String {
    let page = pageDescription(failures: failures)
    return withRecordedPage { page.html(of: $0, recording: $1) }
  }

  /// How the page describes this session's moments and entries.
  func pageDescription(
    failures: [String]
  ) -> SessionPage<StoreMoment<State>, SessionStep<Action>> {
    let titles = PageRootTitles(state: TypeName.of(State.self))
    var page = SessionPage<StoreMoment<State>, SessionStep<Action>>(
      facts: [
        (label: "made by", value: "dex \(dexVersion)"),
        (label: "command line", value: settings.commandLine),
      ],
      actionText: { [self] in ActionText<App>.line($0, naming: sharedName) },
      originText: { Transcript<App>.describe($0) },
      roots: { [self] in pageRoots($0, titles: titles) },
      environment: { SharedDiffEnvironment(old: $0.shared, new: $1.shared) },
      diff: { [self] before, after in diff(from: before, to: after).sections })
    page.failures = failures
    page.briefItems = TranscriptDiff.shownItems
    return page
  }

  /// How many entries history holds, on every branch.
  package var entryCount: Int { withHistory { $0.count } }

  /// The values a page shows for a moment: the state, then each shared value in key order (the
  /// order diffs list them).
  private func pageRoots(
    _ moment: StoreMoment<State>, titles: PageRootTitles
  ) -> [SessionPage<StoreMoment<State>, SessionStep<Action>>.Root] {
    let shared = moment.shared.values.sorted { $0.key < $1.key }
    var roots: [SessionPage<StoreMoment<State>, SessionStep<Action>>.Root] = []
    roots.reserveCapacity(shared.count + 1)
    roots.append(.init(title: titles.state, value: moment.state))
    for (key, value) in shared {
      roots.append(.init(title: titles.title(of: key) { sharedName(of: $0) }, value: value))
    }
    return roots
  }

  /// The diff of an entry rendered as the page shows it (and a transcript prints it off a
  /// terminal).
  static func renderedForPage(_ diff: MomentDiff) -> RenderedDiff {
    RenderedDiff(sections: diff.sections, maxItems: TranscriptDiff.shownItems)
  }

  /// Hands the entry `entry`, the diff just printed (`rendered`, as the page shows it) and its
  /// action's `line` (as `log` prints it) to the page's recording (see `PageRecording`), which works out the page's entry
  /// beside the session. The shared values of both moments are named here first, so that the
  /// recording's queue finds their names known and never reads the store.
  func recordForPage(
    _ entry: EntryID, before: StoreMoment<State>, after: StoreMoment<State>, diff: MomentDiff,
    rendered: RenderedDiff, line: String
  ) {
    nameUnnamedValues(of: before.shared)
    if !after.shared.isSameSnapshot(as: before.shared) { nameUnnamedValues(of: after.shared) }
    let recording =
      kept.withLock { $0.pageRecording } ?? PageRecording(page: pageDescription(failures: []))
    kept.withLock { kept in
      if kept.pageRecording == nil { kept.pageRecording = recording }
      kept.pageRecording?.record(
        entry, in: kept.history, before: before, after: after, sections: diff.sections,
        rendered: rendered, actionText: line)
    }
  }

  /// Names each unnamed value of `shared` (a look-up once it is named).
  private func nameUnnamedValues(of shared: SharedSnapshot) {
    for key in shared.values.keys where key.isUnnamed { _ = sharedName(of: key) }
  }

  /// `body` with the history and the page entries recorded so far, under the session's lock.
  func withRecordedPage<Result>(
    _ body: (
      History<StoreMoment<State>, SessionStep<Action>>,
      PageRecording<StoreMoment<State>, SessionStep<Action>>?
    ) -> Result
  ) -> Result {
    kept.withLock { kept in body(kept.history, kept.pageRecording) }
  }
}
