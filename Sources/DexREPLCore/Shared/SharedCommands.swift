import Composable
import StoreInspector

// MARK: - The commands

extension REPLCommand {
  /// The commands over shared values, in the order `help` lists them.
  static var sharedValueCommands: [REPLCommand] {
    [shared, restore]
  }

  /// `shared`: list the shared values, print one, or set one.
  static var shared: REPLCommand {
    REPLCommand(
      name: "shared", synopsis: "shared [NAME [= VALUE]]",
      summary: "list the shared values, print one, or set one",
      details: """
        NAME is the value's key as diffs show it (@Shared(NAME)); 'shared NAME' prints the
        value and, when it has them, its loadError, saveError and isLoading. Before the first entry,
        'shared NAME = VALUE' sets the starting value (scripts begin with it); later, it is an
        external entry, as if another process had written the value.
        """,
      acceptsArguments: true,
      section: .shared, changesTheApp: { $0.contains("=") },
      complete: { completer, place in completer.sharedNames(place) },
      outcome: { repl, call throws(REPLError) in
        try repl.shared(call)
        return .proceed
      })
  }

  /// `restore`: write the session's value of a shared value to its file (after an import).
  static var restore: REPLCommand {
    REPLCommand(
      name: "restore", synopsis: "restore NAME",
      summary: "write the session's value of a shared value to its file (after an import)",
      details: """
        'import' opens a session with its shared values in memory and leaves their files as
        they are. 'restore NAME' writes the session's value of NAME to its file as this
        session's own change: what the file held is recorded first, as an external entry, then
        the change to the session's value as an entry of its own, which time travel undoes.
        NAME may leave out the file's extension.
        """,
      acceptsArguments: true,
      section: .shared, changesTheApp: true,
      complete: { completer, place in completer.sharedNames(place) }
    ) { repl, call throws(REPLError) in try repl.restore(call) }
  }
}

// MARK: - Running them

// shared: the session's shared values, by the names diffs give them.
extension REPL {
  func shared(_ call: CommandCall) throws(REPLError) {
    let synopsis = call.synopsis
    let container = session.store.sharedContainer
    let text = call.arguments.trimmingWhitespace()
    guard !text.isEmpty else {
      let snapshot = container.snapshot()
      let lines = container.keys.compactMap { key in
        snapshot[key].map {
          "\(session.sharedName(of: key)) = \(inspectorDump($0, maxWidth: .max))"
        }
      }
      console.print(lines.isEmpty ? Notice.noSharedValues.text : lines.joined(separator: "\n"))
      return
    }
    let parts = text.split(separator: "=", maxSplits: 1)
    let name = String(parts[0]).trimmingWhitespace()
    let key = try sharedKey(named: name, command: "shared", synopsis: synopsis)
    guard parts.count == 2 else {
      guard !text.contains("=") else {
        throw .badArguments(command: "shared", problem: .valueNeeded(after: "="), synopsis: synopsis)
      }
      let value = container.snapshot()[key].map { inspectorDump($0) } ?? "(none)"
      let status = SharedStatusText.lines(container.status(of: key))
      console.print(([value] + status).joined(separator: "\n"))
      return
    }
    let valueText = String(parts[1]).trimmingWhitespace()
    guard !valueText.isEmpty else {
      throw .badArguments(command: "shared", problem: .valueNeeded(after: "="), synopsis: synopsis)
    }
    let value = try decodeShared(valueText, key: key, in: container, name: name)
    // Before the first entry it sets the starting value silently, as `dep` and `clock` do;
    // later it prints the external entry it records.
    _ = session.setShared(key, to: value)
  }

  /// `restore NAME`: writes the session's value of a persisted shared value to its file.
  func restore(_ call: CommandCall) throws(REPLError) {
    let synopsis = "restore NAME"
    let name = call.arguments.trimmingWhitespace()
    guard !name.isEmpty else {
      throw .badArguments(command: "restore", problem: .sharedNameNeeded, synopsis: synopsis)
    }
    let key = try sharedKey(named: name, command: "restore", synopsis: synopsis)
    let outcome: DexSession<App>.RestoreOutcome
    do {
      outcome = try session.console.running { try session.restoreShared(key) }
    } catch {
      throw .failed(.restoreFailed(reason: "\(error)"))
    }
    let keyName = session.sharedName(of: key)
    switch outcome {
    case .notPersisted:
      console.print(Notice.inMemoryOnly(name: keyName).text)
    case .alreadyStored:
      console.print(Notice.alreadyStored(name: keyName).text)
    case .restored:
      break
    }
  }

  /// The key of the shared value called `name` (its extension or kind may be left out), or an
  /// error listing the names there are.
  private func sharedKey(
    named name: String, command: String, synopsis: String
  ) throws(REPLError) -> SharedKeyID {
    if let key = session.sharedKey(named: name) { return key }
    let names = session.store.sharedContainer.keys.map(session.sharedName(of:))
    throw .badArguments(
      command: command,
      problem: .noSharedValue(name, suggestion: name.closestMatch(in: names), names: names),
      synopsis: synopsis)
  }

  private func decodeShared(
    _ text: String, key: SharedKeyID, in container: SharedContainer, name: String
  ) throws(REPLError) -> any Sendable {
    let literal: Literal
    do {
      literal = try LiteralParser.parse(text)
    } catch {
      throw .failed(.unreadableSharedValue(name: name, reason: "\(error)"))
    }
    do {
      return try container.decodeValue(of: key, from: LiteralDecoder(literal))
    } catch {
      throw .failed(.notASharedValue(name: name, reason: describeDecodingError(error)))
    }
  }
}
