import Composable
import ComposableInspection
import StoreInspector

/// The items a session prints: entries with their diffs, warnings, and command output, each as
/// text and as a JSON object (`--json`: one object per line, every line an object).
enum Transcript<App: REPLApp> {
  /// An entry: `#N sent ACTION`, then its diff, shortened for a transcript.
  ///
  /// As JSON: `{"type":"entry","entry":1,"origin":"sent","action":".list(.onAppear)","diff":…}`;
  /// an external or restore entry has `"shared":"todos.json"` instead of `"action"`.
  static func entry(
    _ entry: EntryID, origin: EntryOrigin, step: SessionStep<App.Feature.Action>,
    line: String? = nil, diff: MomentDiff, rendered: RenderedDiff? = nil,
    settings: SessionSettings, naming name: @escaping (SharedKeyID) -> String
  ) -> OutputItem {
    let line = line ?? ActionText<App>.line(step, naming: name)
    let header = settings.style.header("#\(entry) \(describe(origin)) \(line)")
    let text = TranscriptDiff.text(
      diff, entry: entry, maxWidth: settings.diffWidth, wrapsStrings: settings.isInteractive,
      rendered: rendered)
    return OutputItem(
      type: "entry", text: header + "\n" + settings.style.diff(text),
      members: [
        .init("entry", .number(entry.number)), .init("origin", originJSON(origin)),
        stepJSON(step, naming: name), .init("diff", diff.jsonValue),
      ])
  }

  /// `warning: MESSAGE`, cut between words to fit a terminal; `{"type":"warning","message":…}`.
  static func warning(_ message: String, settings: SessionSettings) -> OutputItem {
    var text = "warning: \(message)"
    if let width = settings.terminalWidth { text = ProseWrapper(width: width).wrap(text) }
    return OutputItem(
      type: "warning", text: settings.style.warning(text),
      members: [.init("message", .string(message))])
  }

  /// `"action": ".list(.onAppear)"`, or `"shared": "todos.json"` for a change of a shared
  /// value (external or restored).
  static func stepJSON(
    _ step: SessionStep<App.Feature.Action>, naming name: (SharedKeyID) -> String
  ) -> JSONValue.Member {
    switch step {
    case let .action(action): .init("action", .string(ActionText<App>.line(action)))
    case .external, .restore:
      .init("shared", .string(step.sharedChanges.map { name($0.key) }.joined(separator: ", ")))
    }
  }

  /// `sent`, `received from #N` or `external`.
  static func describe(_ origin: EntryOrigin) -> String {
    switch origin {
    case .sent: "sent"
    case let .received(from): "received from #\(from)"
    case .external: "external"
    }
  }

  /// `"sent"`, `{"receivedFrom":N}` or `"external"`.
  static func originJSON(_ origin: EntryOrigin) -> JSONValue {
    switch origin {
    case .sent: "sent"
    case let .received(from): .object([.init("receivedFrom", .number(from.number))])
    case .external: "external"
    }
  }

}
