import Composable
import ComposableInspection
import Foundation
import StoreInspector

extension DexSession {
  /// The current branch as one self-contained script that replays to the current state: the
  /// starting shared values, the dependencies that differ from a script's, then the sent
  /// actions with the dep/clock/advance/respond/cancel commands in order, each external change
  /// as a `shared` line, and the UUIDs and dates reducers made (`dep uuid next …`) wherever a
  /// replay would not make the same ones by itself. Effects are called by the names the replay
  /// gives them: those the branch's entries started, numbered again in the order they were
  /// named. Also says, in one line, what the replay may do otherwise (nil when nothing).
  /// With `expects`, each line that changes the store is followed by the `expect` lines that
  /// check what it changed (see `expectationLines(from:to:)`).
  func recordedScript(expects: Bool = false) -> (text: String, drift: String?) {
    let (branch, cursor, initial) = withHistory { ($0.log, $0.currentEntry, $0.initialMoment) }
    let commands = rememberedScriptCommands
    var lines = ["# dex session recorded by 'record'. Replay it with: dex FILE"]
    lines += sharedLines(initial.shared)
    // A replay starts as a script does; the commands after entry 0 set what differed.
    var replay = ReplayedGenerators(uuids: .incrementing, dates: .fixed)
    let upToCursor = Array(branch.prefix(through: branch.firstIndex { $0.id == cursor } ?? -1))
    let onBranch = Set([EntryID.initial] + upToCursor.map(\.id))
    let replayed = Set(upToCursor.filter { !$0.isSkipped }.map(\.id))
    // The replay names the effects of its entries in the order the session named them.
    var replayNumbers: [Int: Int] = [:]
    for (index, entry) in effectNumbers.startingEntries.enumerated() {
      if let entry, replayed.contains(entry) { replayNumbers[index + 1] = replayNumbers.count + 1 }
    }
    var drift = kept.withLock { $0.heldCancellations }.filter { onBranch.contains($0.after) }.map(\.note)
    // What an effect of a skipped entry sent stays in the session, but no replay sends it.
    drift += upToCursor.compactMap { entry in
      guard !entry.isSkipped, case let .received(from: start) = entry.origin,
        onBranch.contains(start), !replayed.contains(start), start != .initial
      else { return nil }
      return "#\(entry.id.number), sent by an effect of skipped #\(start.number), is not replayed"
    }
    // The entry the replay has reached after the lines so far, and the one whose moment the
    // last `expect` lines checked.
    var reached = EntryID.initial
    var checked = EntryID.initial
    var holderPaths: [SharedKeyID: String] = [:]
    func writeExpectations() {
      guard expects, reached != checked else { return }
      let moments = withHistory { history in
        (try? history.moment(at: checked)).flatMap { before in
          (try? history.moment(at: reached)).map { (before, $0) }
        }
      }
      if let (before, after) = moments {
        lines += expectationLines(from: before, to: after, holderPaths: &holderPaths)
      }
      checked = reached
    }
    func emitCommands(after entry: EntryID) {
      for command in commands where command.place(among: onBranch) == entry {
        if let effect = command.effect, replayNumbers[effect] == nil {
          // An effect of an entry the replay does not send: only this branch's answers count.
          if onBranch.contains(entry) {
            drift.append(
              "'\(command.line(effectNumber: effect))' names an effect of a skipped entry, "
                + "which the replay does not start")
          }
          continue
        }
        let line = command.line(effectNumber: command.effect.flatMap { replayNumbers[$0] })
        replay.follow(line)
        writeExpectations()
        lines.append(line)
      }
    }
    emitCommands(after: .initial)
    for (offset, entry) in upToCursor.enumerated() {
      // A skipped entry sends nothing, but the commands typed after it stay in place.
      switch entry.isSkipped ? nil : (entry.action, entry.origin) {
      case (.external, _)?, (.restore, _)?:
        let moment = withHistory { try? $0.moment(at: entry.id) }
        writeExpectations()
        for change in entry.action.sharedChanges {
          if let value = moment?.shared[change.key] { lines += sharedLine(change.key, value) }
        }
      case let (.action(action), .sent)?:
        // The values of this entry and of what its effects sent before the next sent action.
        let group = upToCursor[offset...].prefix { $0.id == entry.id || $0.origin != .sent }
        let values = group.filter { !$0.isSkipped }.flatMap { $0.replayed ?? $0.recorded }
        writeExpectations()
        lines += replay.nextLines(for: values.map(GeneratedValue.init))
        lines.append("send \(ActionText<App>.full(action))")
      default:
        break
      }
      reached = entry.id
      emitCommands(after: entry.id)
    }
    writeExpectations()
    let folded = withHistory { $0.foldedCount }
    if folded > 0 {
      drift.append(
        "the history limit folded #1…#\(folded) into where history starts; the replay starts "
          + "without them")
    }
    if kept.withLock({ $0.origin == .sessionFileWithoutCommands }) {
      drift.append(
        "the imported entries' dep, clock, respond and cancel commands are not in the session file")
    }
    let text = lines.joined(separator: "\n") + "\n"
    return (text, drift.isEmpty ? nil : "the replay may differ: " + drift.joined(separator: "; "))
  }

  /// `shared NAME = VALUE` for each value of `snapshot` a script can name.
  private func sharedLines(_ snapshot: SharedSnapshot) -> [String] {
    snapshot.keys.flatMap { key in snapshot[key].map { sharedLine(key, $0) } ?? [] }
  }

  /// `shared NAME = VALUE`; nothing for an unnamed value the state does not hold.
  private func sharedLine(_ key: SharedKeyID, _ value: any Sendable) -> [String] {
    let name = sharedName(of: key)
    guard !key.isUnnamed || name != key.displayName else { return [] }
    return ["shared \(name) = \(inspectorDump(value, maxWidth: .max))"]
  }

  /// The session as JSON (see README: "Session files"), each entry with the check
  /// `dex --verify` compares a replay with.
  func exportedSession() throws -> Data {
    let container = store.sharedContainer
    let script = self.script.sessionJSON
    return try withHistory { history in
      try history.exportSession(
        extra: [.init("script", script)], checks: true, encodeMoment: { try encodedMoment($0) },
        encodeAction: { step in
          switch step {
          case let .action(action):
            return try JSONValue(encoding: action)
          case .external, .restore:
            // One change as itself; the changes of one write as a list of them.
            let changes = try step.sharedChanges.map { change -> JSONValue in
              .object([
                .init("shared", .string(sharedName(of: change.key))),
                .init("old", try JSONValue(parsing: container.encode(change.old, of: change.key))),
                .init("new", try JSONValue(parsing: container.encode(change.new, of: change.key))),
              ])
            }
            guard changes.count > 1 else { return changes[0] }
            return .object([.init("changes", .array(changes))])
          }
        })
    }
  }

  /// A moment as a session file keeps it: the state and each shared value by kind and name;
  /// `names` gives keys the names a session file exported elsewhere gave them.
  func encodedMoment(
    _ moment: StoreMoment<State>, names: [SharedKeyID: String] = [:]
  ) throws -> JSONValue {
    // An unnamed value is saved under the path of its owner, where an import finds it.
    let shared = try store.sharedContainer.encode(moment.shared).map { key, json -> JSONValue in
      .object([
        .init("kind", .string(key.kind)),
        .init("name", .string(names[key] ?? (key.isUnnamed ? sharedName(of: key) : key.name))),
        .init("value", try JSONValue(parsing: json)),
      ])
    }
    return .object([
      .init("state", try JSONValue(encoding: moment.state)),
      .init("shared", .array(shared)),
    ])
  }

  /// The moment `json` (at the JSON path `path`) encodes, and what the shared values' decoding
  /// had to say. `owners` gathers the unnamed shared values of the state by their owner's path.
  func decodedMoment(
    _ json: JSONValue, at path: String, owners: inout [String: SharedKeyID]
  ) throws -> (moment: StoreMoment<State>, problems: [String]) {
    guard let stateJSON = json["state"] else {
      throw SessionFileError.missing("the moment at \(path) has no \"state\"")
    }
    let state: State
    do {
      state = try stateJSON.decode(State.self)
    } catch {
      if let refused = SessionError.refusedValue(error, at: path + ".state") { throw refused }
      throw error
    }
    for (key, holders) in sharedHolders(in: state) where key.isUnnamed {
      if let owner = holders.first { owners[owner.path] = key }
    }
    var values: [(key: SharedKeyID, json: Data)] = []
    if case let .array(entries)? = json["shared"] {
      for entry in entries {
        guard case let .string(kind)? = entry["kind"], case let .string(name)? = entry["name"],
          let value = entry["value"]
        else { throw SessionFileError.missing("a shared value needs kind, name and value") }
        let key = SharedKeyID(kind: kind, name: name)
        values.append((key.isUnnamed ? owners[name] ?? key : key, Data(value.text(pretty: false).utf8)))
      }
    }
    let (snapshot, found, refused) = store.sharedContainer.decodeSnapshot(values)
    if let (offset, reason) = refused.first {
      throw SessionError.valueRefused(path: "\(path).shared[\(offset)].value", reason: reason)
    }
    return (StoreMoment(state: state, shared: snapshot), found)
  }

  /// Replaces the history with the session in `data`; returns the lines to print. Nothing is
  /// replaced when the file is refused.
  func importSession(_ data: Data) throws -> [String] {
    try importedSession(data).lines
  }

  /// Replaces the history with the session in `data`; returns the lines to print and which
  /// actions no longer decode. Nothing is replaced when the file is refused.
  func importedSession(_ data: Data) throws -> (lines: [String], report: ImportReport) {
    let container = store.sharedContainer
    var problems: [String] = []
    // The unnamed values of the imported state, by the path of their owner.
    var owners: [String: SharedKeyID] = [:]
    /// One change of a shared value: `{"shared": NAME, "old": …, "new": …}`.
    func decodeChange(_ json: JSONValue) throws -> SharedExternalChange {
      guard case let .string(name)? = json["shared"], let old = json["old"], let new = json["new"]
      else { throw SessionFileError.missing("an external entry needs shared, old and new") }
      guard
        let key = owners[name]
          ?? container.keys.first(where: { !$0.isUnnamed && $0.displayName == name })
      else {
        throw SessionFileError.missing("no shared value is called \(JSONValue.string(name)) here")
      }
      func value(_ json: JSONValue, _ field: String) throws -> any Sendable {
        try json.checkIndexSetRanges()
        let value = try container.decode(Data(json.text(pretty: false).utf8), of: key)
        if let reason = container.refusal(of: value, for: key) {
          throw SessionFileError.refused(field: field, reason: reason)
        }
        return value
      }
      return SharedExternalChange(key: key, old: try value(old, "old"), new: try value(new, "new"))
    }
    let (history, report) = try History<StoreMoment<State>, SessionStep<Action>>.importSession(
      from: data, keyframeInterval: Self.keyframeInterval, limit: settings.historyLimit,
      reduce: Self.replayer(container: container) { [store] in store.dependencies },
      decodeMoment: { json in
        let (moment, found) = try decodedMoment(json, at: "$.initial", owners: &owners)
        problems += found
        return moment
      },
      decodeAction: { json, origin in
        // An own entry with "shared" is a restore; only external entries must have it.
        guard origin == .external || json["shared"] != nil else {
          return .action(try json.decode(CaseChecked<Action>.self).value)
        }
        // The changes of one write are listed under "changes".
        if origin == .external, case let .array(listed)? = json["changes"], !listed.isEmpty {
          return .external(try listed.map(decodeChange))
        }
        let change = try decodeChange(json)
        return origin == .external ? .external([change]) : .restore(change)
      })
    // The history decoded, so the document is JSON; its script is read before anything is
    // replaced.
    let scriptValue = (try? JSONValue(parsing: data))?["script"]
    let script = try scriptValue.map { value throws(SessionError) in
      try SessionScript(
        reading: SessionReader(value: value, path: "$.script"), dependencyValue: dependencyValue)
    }
    let notWritten = replaceHistory(history, script: script)
    let (count, current, drifted) = withHistory {
      ($0.count, $0.currentEntry, $0.allEntries.filter(\.isDrifted).map(\.id))
    }
    var lines = ["imported \(count) \(count == 1 ? "entry" : "entries"); at #\(current)"]
    lines += problems + report.lines
    lines += notWritten.map { key in
      "\(sharedName(of: key)) not changed; 'restore \(key.shortName)' writes the session's"
    }
    // Drifted in the exported session, or now: the file recorded no values (version 1), or
    // fewer than the app's reducers now ask for.
    let before = drifted.filter(report.driftedInDocument.contains)
    let now = drifted.filter { !report.driftedInDocument.contains($0) }
    if !before.isEmpty { lines.append(Drift.inputsChangedBeforeExport.line(before)) }
    if !now.isEmpty {
      lines.append((report.version == 1 ? Drift.olderFormat : .appAsksForMore).line(now))
    }
    return (lines, report)
  }
}

/// What is missing from a session file, or refused in it (worded in `Wording/`).
enum SessionFileError: Error {
  case missing(String)
  /// The member `field` holds a value its shared key refuses, for `reason`.
  case refused(field: String, reason: String)
}
