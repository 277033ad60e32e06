import Composable
import StoreInspector

// shared: the session's shared values, by the names diffs give them.
extension REPL {
  func shared(_ arguments: String) throws(REPLError) {
    let synopsis = self.synopsis(.shared)
    let container = session.store.sharedContainer
    let text = arguments.trimmingWhitespace()
    guard !text.isEmpty else {
      let snapshot = container.snapshot()
      let lines = container.keys.compactMap { key in
        snapshot[key].map {
          "\(session.sharedName(of: key)) = \(inspectorDump($0, maxWidth: .max))"
        }
      }
      session.command { print(lines.isEmpty ? "No shared values." : lines.joined(separator: "\n")) }
      return
    }
    let parts = text.split(separator: "=", maxSplits: 1)
    let name = String(parts[0]).trimmingWhitespace()
    let key = try sharedKey(named: name, command: "shared", synopsis: synopsis)
    guard parts.count == 2 else {
      guard !text.contains("=") else {
        throw .badArguments(
          command: "shared", problem: "a value is needed after '='", synopsis: synopsis)
      }
      let value = container.snapshot()[key].map { inspectorDump($0) } ?? "(none)"
      let status = SharedStatusText.lines(container.status(of: key))
      session.command { print(([value] + status).joined(separator: "\n")) }
      return
    }
    let valueText = String(parts[1]).trimmingWhitespace()
    guard !valueText.isEmpty else {
      throw .badArguments(command: "shared", problem: "a value is needed after '='", synopsis: synopsis)
    }
    let value = try decodeShared(valueText, key: key, in: container, name: name)
    // Before the first entry it sets the starting value silently, as `dep` and `clock` do;
    // later it prints the external entry it records.
    _ = session.setShared(key, to: value)
  }

  /// `restore NAME`: writes the session's value of a persisted shared value to its file.
  func restore(_ arguments: String) throws(REPLError) {
    let synopsis = "restore NAME"
    let name = arguments.trimmingWhitespace()
    guard !name.isEmpty else {
      throw .badArguments(
        command: "restore", problem: "the name of a shared value is needed", synopsis: synopsis)
    }
    let key = try sharedKey(named: name, command: "restore", synopsis: synopsis)
    let outcome: DexSession<App>.RestoreOutcome
    do {
      outcome = try session.command { try session.restoreShared(key) }
    } catch {
      throw .failed(Problem(subject: "restore", "\(error)", hint: "nothing was written."))
    }
    let keyName = session.sharedName(of: key)
    switch outcome {
    case .notPersisted:
      session.command {
        print(
          "\(keyName) lives in memory only in this session (a script or pipe without "
            + "--data-dir); there is no file to write.")
      }
    case .alreadyStored:
      session.command { print("\(keyName) already holds the session's value.") }
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
    let suggestion = name.closestMatch(in: names).map { " Did you mean '\($0)'?" } ?? ""
    throw .badArguments(
      command: command,
      problem: "no shared value is called '\(name)'.\(suggestion) The shared values are: "
        + names.joined(separator: ", "),
      synopsis: synopsis)
  }

  private func decodeShared(
    _ text: String, key: SharedKeyID, in container: SharedContainer, name: String
  ) throws(REPLError) -> any Sendable {
    let literal: Literal
    do {
      literal = try LiteralParser.parse(text)
    } catch {
      throw .failed(Problem("cannot read the value of \(name)", reason: "\(error)"))
    }
    do {
      return try container.decodeValue(of: key, from: LiteralDecoder(literal))
    } catch {
      throw .failed(Problem("not a value for \(name)", reason: describeDecodingError(error) + "."))
    }
  }
}
