import Composable
import ComposableInspection
import DexPlatform
import StoreInspector

// What `trace` and `send --trace` print: the reducer tree an action went through.
extension Transcript {
  /// The trace of an entry: a header, one line per reducer the action went into, indented as
  /// they nest and each with where it is written, with what each changed itself and the
  /// effects of those with logic of their own, then who changed something and who changed
  /// nothing.
  ///
  /// ```text
  /// trace #3 sent .list(.destination(.presented(.detail(.starTapped))))
  /// AppFeature at App/AppFeature.swift:47
  ///   Scope(list) at App/AppFeature.swift:48 › ListFeature at …
  ///   …
  /// changed by: AppFeature › … › Reduce at App/DetailFeature.swift:51
  ///   (list.destination.detail)
  /// ```
  ///
  /// As JSON: `{"type":"trace","entry":N,"action":…,"reducers":[{"location":…,"source":…,
  /// "depth":N,"statePath":…,"ownLogic":…,"changed":DIFF|null,"effects":[…]}],"changedBy":[…],
  /// "changedNothing":[…]}` (`location` without the `at FILE:LINE`, which `source` holds).
  static func trace(
    _ traced: DexSession<App>.TracedEntry, settings: SessionSettings,
    naming name: (SharedKeyID) -> String
  ) -> OutputItem {
    let line = traced.printedLine ?? ActionText<App>.line(traced.step, naming: name)
    let header = settings.style.header(
      "trace #\(traced.entry) \(describe(traced.origin)) \(line)")
    // The object is made only for --json: a trace's text is what `send --trace` pays for.
    var members: [JSONValue.Member] =
      settings.printsJSON
      ? [.init("entry", .number(traced.entry.number)), stepJSON(traced.step, naming: name)] : []
    guard let trace = traced.trace else {
      let reason = "no reducer ran: the entry changed a shared value from outside"
      members.append(.init("reducers", .array([])))
      return OutputItem(type: "trace", text: header + "\n" + reason, members: members)
    }
    var lines = [header]
    var reducers: [JSONValue] = []
    for root in trace.roots {
      render(root, depth: 0, entry: traced.entry, lines: &lines, json: &reducers, settings: settings)
    }
    let changers = trace.changers.map(describe)
    let unchanged = trace.unchanged.map(\.locatedText)
    lines.append(
      changers.isEmpty
        ? "changed by: no reducer changed anything"
        : "changed by: " + changers.joined(separator: "; "))
    if !unchanged.isEmpty {
      lines.append("reached, changed nothing: " + unchanged.joined(separator: "; "))
    }
    if settings.printsJSON {
      members += [
        .init("reducers", .array(reducers)),
        .init("changedBy", .array(trace.changers.map { .string($0.locationText) })),
        .init("changedNothing", .array(trace.unchanged.map { .string($0.locationText) })),
      ]
    }
    return OutputItem(type: "trace", text: lines.joined(separator: "\n"), members: members)
  }

  /// `AppFeature › … › Reduce at App/DetailFeature.swift:51
  /// (list.destination.detail)`.
  private static func describe(_ step: ActionTrace.Step) -> String {
    step.locatedText + (step.statePath.isEmpty ? "" : " (\(step.statePath))")
  }

  /// Lines for `step` and the reducers it ran, each named with where it is written. A routing
  /// reducer and the feature it runs share a line (`Scope(list) at … › ListFeature at
  /// …`); one whose case did not match is left out.
  private static func render(
    _ step: ActionTrace.Step, depth: Int, entry: EntryID, lines: inout [String],
    json: inout [JSONValue], settings: SessionSettings
  ) {
    guard step.isRouted else { return }
    var shown = step
    var label = step.locatedLabel
    // `Scope(list)` runs one feature: print them as one line.
    while shown.node.kind != .feature, !shown.node.runsOwnLogic, shown.children.count == 1,
      let only = shown.children.first, only.node.kind == .feature, shown.change.isEmpty
    {
      shown = only
      label += " › " + only.locatedLabel
    }
    let indent = String(repeating: "  ", count: depth)
    var line = indent + label
    if shown.node.runsOwnLogic, shown.change.isEmpty { line += " (changed nothing)" }
    lines.append(line)
    lines += details(of: shown, entry: entry, indent: indent + "  ", settings: settings)
    let effects = shown.node.runsOwnLogic ? effectTexts(shown.effect) : []
    if settings.printsJSON {
      json.append(
        .object([
          .init("location", .string(shown.locationText)),
          .init("source", shown.node.source.map { .string($0.description) } ?? .null),
          .init("depth", .number(depth)),
          .init("statePath", .string(shown.statePath)),
          .init("ownLogic", .bool(shown.node.runsOwnLogic)),
          .init("changed", shown.change.isEmpty ? .null : shown.change.jsonValue),
          .init("effects", .array(effects.map { .string($0) })),
        ]))
    }
    for child in shown.children {
      render(
        child, depth: depth + 1, entry: entry, lines: &lines, json: &json, settings: settings)
    }
  }

  /// What a reducer changed itself (`changed PATH:` and the diff, shortened with a pointer to
  /// `diff ENTRY`; nil during `step`, before the entry exists) and, for one with logic of its
  /// own, the effects it returned (`effects: …`), each line starting with `indent`.
  private static func details(
    of step: ActionTrace.Step, entry: EntryID?, indent: String, settings: SessionSettings
  ) -> [String] {
    var lines: [String] = []
    if !step.change.isEmpty {
      let path = step.statePath.isEmpty ? "the state" : step.statePath
      lines.append(indent + "changed \(path):")
      let diff = TranscriptDiff.text(step.change, entry: entry, wrapsStrings: false)
      lines.append(indented(settings.style.diff(diff), by: indent + "  "))
    }
    let effects = step.node.runsOwnLogic ? effectTexts(step.effect) : []
    if !effects.isEmpty { lines.append(indent + "effects: " + effects.joined(separator: ", ")) }
    return lines
  }

  /// `text` with `indent` before each of its lines (the lines of one element of a list of lines
  /// joined with newlines). Newlines are found among the UTF-8 bytes, with no character read.
  private static func indented(_ text: String, by indent: String) -> String {
    let bytes = text.utf8
    var result = indent
    var lineStart = bytes.startIndex
    var index = lineStart
    while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
      index = bytes.index(after: newline)
      result += text[lineStart..<index]
      result += indent
      lineStart = index
    }
    result += text[lineStart...]
    return result
  }

  /// `step K of N: LOCATION at FILE:LINE`, what the reducer changed and its effects, then what
  /// can follow; as JSON `{"type":"step","step":K,"of":N,"location":…,"source":…,
  /// "changed":DIFF|null,"effects":[…]}`.
  static func stepped(
    _ step: ActionTrace.Step, number: Int, of count: Int, settings: SessionSettings
  ) -> OutputItem {
    var lines = ["step \(number) of \(count): \(step.locatedText)"]
    let details = details(of: step, entry: nil, indent: "  ", settings: settings)
    lines += details.isEmpty ? ["  (changed nothing)"] : details
    lines.append(
      number < count
        ? "('next' runs the next reducer; 'state PATH', 'continue' or 'abort')"
        : "(every reducer ran: 'next' or 'continue' sends the action, 'abort' drops it)")
    return OutputItem(
      type: "step", text: lines.joined(separator: "\n"),
      members: [
        .init("step", .number(number)), .init("of", .number(count)),
        .init("location", .string(step.locationText)),
        .init("source", step.node.source.map { .string($0.description) } ?? .null),
        .init("changed", step.change.isEmpty ? .null : step.change.jsonValue),
        .init("effects", .array(effectTexts(step.effect).map { .string($0) })),
      ])
  }

  /// `run (cancellable: ListFeature.CancelID.page, cancels in flight)`,
  /// `sends .list(.onAppear)`, `cancels the effects of destination`.
  static func effectTexts(_ summary: EffectSummary) -> [String] {
    summary.parts.map { part in
      var text: String
      switch part.work {
      case let .send(action): text = "sends " + ValueText.line(action)
      case .run: text = "run"
      case let .cancel(id): text = "cancels " + idText(id)
      }
      var notes: [String] = []
      if !part.cancellableIDs.isEmpty {
        notes.append("cancellable: " + part.cancellableIDs.map(idText).joined(separator: ", "))
      }
      if part.cancelsInFlight { notes.append("cancels in flight") }
      if part.isInSequence { notes.append("in sequence") }
      if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
      return text
    }
  }

  /// A cancellation id as a trace names it: the composed reducers' own ids say what they
  /// stand for, an app's id is its type and value (`ListFeature.CancelID.page`).
  static func idText(_ id: AnyHashable) -> String {
    if let described = id.base as? any CustomStringConvertible { return described.description }
    let value = ValueText.line(id.base)
    return TypeName.of(type(of: id.base)) + (value.hasPrefix(".") ? value : "." + value)
  }
}
