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
        snapshot[key].map { "\(key.displayName) = \(inspectorDump($0, maxWidth: .max))" }
      }
      session.command { print(lines.isEmpty ? "No shared values." : lines.joined(separator: "\n")) }
      return
    }
    let parts = text.split(separator: "=", maxSplits: 1)
    let name = String(parts[0]).trimmingWhitespace()
    let key = try sharedKey(named: name, in: container, synopsis: synopsis)
    guard parts.count == 2 else {
      guard !text.contains("=") else {
        throw .badArguments(
          command: "shared", problem: "a value is needed after '='", synopsis: synopsis)
      }
      let value = container.snapshot()[key].map { inspectorDump($0) } ?? "(none)"
      session.command { print(value) }
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

  /// The key whose display name is `name`, or an error listing the names there are.
  private func sharedKey(
    named name: String, in container: SharedContainer, synopsis: String
  ) throws(REPLError) -> SharedKeyID {
    let keys = container.keys
    if let key = keys.first(where: { $0.displayName == name }) { return key }
    let names = keys.map(\.displayName)
    let suggestion = name.closestMatch(in: names).map { " Did you mean '\($0)'?" } ?? ""
    throw .badArguments(
      command: "shared",
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
      throw .failed("cannot read the value of \(name): \(error)")
    }
    do {
      return try container.decodeValue(of: key, from: LiteralDecoder(literal))
    } catch {
      throw .failed("not a value for \(name): \(describeDecodingError(error)).")
    }
  }
}
