import Composable
import ComposableInspection
import StoreInspector

// The lines the debugging commands print as things happen: watch hits and breakpoint hits.
extension Transcript {
  /// `watch PATH: OLD → NEW (#N ACTION)`; as JSON `{"type":"watch","path":…,"old":…,"new":…,
  /// "entry":N,"action":…}` (`old`/`new` null when the path had no value).
  static func watchHit(
    _ hit: Debugger<App>.WatchHit, entry: EntryID, step: SessionStep<App.Feature.Action>,
    naming name: @escaping (SharedKeyID) -> String
  ) -> OutputItem {
    func text(_ value: Any?) -> String {
      value.map(ExpectationCheck.shortened) ?? "(no value)"
    }
    let line =
      "watch \(hit.watch.text): \(text(hit.old)) → \(text(hit.new)) (#\(entry) \(ActionText<App>.line(step, naming: name)))"
    return OutputItem(
      type: "watch", text: line,
      members: [
        .init("path", .string(hit.watch.text)),
        .init("old", hit.old.map(ValueText.json) ?? .null),
        .init("new", hit.new.map(ValueText.json) ?? .null),
        .init("entry", .number(entry.number)), stepJSON(step, naming: name),
      ])
  }

  /// `break #N: when list.canLoadMore == false (breakpoint 1)`; as JSON
  /// `{"type":"break","entry":N,"breakpoint":1,"condition":…,"action":…}`.
  static func breakHit(
    _ hit: Debugger<App>.Hit, step: SessionStep<App.Feature.Action>,
    naming name: @escaping (SharedKeyID) -> String
  ) -> OutputItem {
    OutputItem(
      type: "break",
      text: "break #\(hit.entry): \(hit.breakpoint.text) (breakpoint \(hit.breakpoint.number))",
      members: [
        .init("entry", .number(hit.entry.number)),
        .init("breakpoint", .number(hit.breakpoint.number)),
        .init("condition", .string(hit.breakpoint.text)), stepJSON(step, naming: name),
      ])
  }
}

extension Transcript {
  /// `first bad: #N ACTION (EXPECTATION fails from there; K states computed)`; as JSON
  /// `{"type":"bisect","entry":N,"action":…,"expectation":…,"computed":K}`.
  static func bisected(
    _ found: DexSession<App>.Bisection, expectation: String, naming name: @escaping (SharedKeyID) -> String
  ) -> OutputItem {
    OutputItem(
      type: "bisect",
      text: "first bad: #\(found.entry) \(ActionText<App>.line(found.step, naming: name)) "
        + "(\(expectation) fails from there; \(found.computed) states computed)",
      members: [
        .init("entry", .number(found.entry.number)), stepJSON(found.step, naming: name),
        .init("expectation", .string(expectation)), .init("computed", .number(found.computed)),
      ])
  }
}
