import Composable
import ComposableInspection
import StoreInspector

// state, expect, actions: reading the app.
extension REPL {
  func state(_ arguments: String) throws(REPLError) {
    let path = arguments.trimmingWhitespace()
    let value = try valueAt(path, command: "state", synopsis: synopsis(.state))
    var text = inspectorDump(value)
    // As JSON: the value's own encoding when it has one, else its dump as text.
    var json = JSONValue.string(text)
    if let encodable = value as? any Encodable, let encoded = try? JSONValue(encoding: encodable) {
      json = encoded
    }
    var members: [JSONValue.Member] = [.init("path", .string(path)), .init("value", json)]
    // A value a shared key backs says which: `(the value of @Shared(appStorage:pageSize))`.
    if let parsed = try? StatePath(parsing: path),
      let backing = sharedKey(backing: parsed, in: session.store.state)
    {
      let name = session.sharedName(of: backing.key)
      text += "\n(\(backing.isWhole ? "the" : "in the") value of \(MomentDiff.title(name)))"
      members.append(.init("shared", .string(name)))
    }
    session.command {
      session.emit(OutputItem(type: "state", text: text, members: members))
    }
  }

  func expect(_ arguments: String) throws(REPLError) {
    let expectation = try Expectation(parsing: arguments)
    let value = try valueAt(expectation.pathText, command: "expect", synopsis: Expectation.synopsis)
    let matches = literalMatches(value, expectation.expected)
    if matches != expectation.isEqual {
      let reason =
        expectation.isEqual
        ? describeMismatch(value, expectation.expected)
        : "expected a value other than \(expectation.expectedText)"
      throw .expectationFailed("\(expectation.pathText): \(reason)")
    }
  }

  /// The value at the state path `text` (the whole state when empty).
  func valueAt(_ text: String, command: String, synopsis: String) throws(REPLError) -> Any {
    let path: StatePath
    do {
      path = try StatePath(parsing: text.trimmingWhitespace())
    } catch {
      throw .badArguments(command: command, problem: "\(error)", synopsis: synopsis)
    }
    let state = session.store.state
    do {
      return try StoreInspector.value(at: path, in: state)
    } catch {
      throw .failed("\(command): \(error)")
    }
  }

  func actions(_ arguments: String) throws(REPLError) {
    let listing = try ActionCatalog<App.Feature.Action>.listing(at: arguments.trimmingWhitespace())
    session.command {
      for line in listing { print(line) }
    }
  }
}

/// Walks the action case tables: what can be sent at a path of case names.
enum ActionCatalog<Root: CaseListing> {
  /// One line per case at `path` (`""`, `list`, `list.destination.presented.detail`).
  static func listing(at path: String) throws(REPLError) -> [String] {
    let type = try listingType(at: path)
    return type.caseDescriptions.map(\.signature)
  }

  /// The listable type at a dotted path of case names.
  static func listingType(at path: String) throws(REPLError) -> any CaseListing.Type {
    var type: any CaseListing.Type = Root.self
    var walked: [String] = []
    for name in path.split(separator: ".").map(String.init) where !name.isEmpty {
      let cases = type.caseDescriptions
      guard let entry = cases.first(where: { $0.name == name }) else {
        let here = walked.isEmpty ? "the app" : walked.joined(separator: ".")
        throw .failed(
          "'\(name)' is not a case at \(here); cases: \(cases.map { ".\($0.name)" }.joined(separator: ", "))")
      }
      guard let next = entry.arguments.lazy.compactMap({ $0.type as? any CaseListing.Type }).last
      else {
        throw .failed("\(entry.signature) takes no action to look into")
      }
      walked.append(name)
      type = next
    }
    return type
  }
}
