import Composable
import ComposableInspection
import StoreInspector

// state, expect, actions: reading the app.
extension REPL {
  func state(_ arguments: String) throws(REPLError) {
    // Options go before or after the path, as in `tree`.
    var words = CommandText.words(arguments)
    var depth: Int?
    if let option = words.firstIndex(of: "--depth") {
      guard option + 1 < words.count, let number = Int(words[option + 1]), number >= 0 else {
        throw .badArguments(
          command: "state", problem: "--depth takes a whole number of levels from 0",
          synopsis: synopsis(.state))
      }
      depth = number
      words.removeSubrange(option...(option + 1))
    }
    if let option = words.first(where: { $0.hasPrefix("--") }) {
      throw .badArguments(
        command: "state", problem: "'\(option)' is not an option of state",
        synopsis: synopsis(.state))
    }
    let path = words.joined(separator: " ")
    // During `step`, the state as the reducers that ran so far left it.
    let moment = session.debugger.stepping.map { session.moment(after: $0.done, of: $0) }
      ?? StoreMoment(state: session.store.state, shared: session.store.sharedSnapshot)
    let found = moment.reading { () -> Result<(Any, String), REPLError> in
      do throws(REPLError) {
        let value = try valueAt(path, in: moment.state, command: "state", synopsis: synopsis(.state))
        let text = inspectorDump(
          value, maxWidth: session.settings.valueWidth, depth: depth,
          wrapsStrings: session.settings.isInteractive)
        return .success((value, text))
      } catch {
        return .failure(error)
      }
    }
    let (value, dump) = try found.get()
    var text = dump
    var members: [JSONValue.Member] = [
      .init("path", .string(path)), .init("value", ValueText.json(value)),
    ]
    // A value a shared key backs says which: `(the value of @Shared(appStorage:pageSize))`.
    if let parsed = try? StatePath(parsing: path),
      let backing = sharedKey(backing: parsed, in: moment.state)
    {
      let name = session.sharedName(of: backing.key)
      text += "\n(\(backing.isWhole ? "the" : "in the") value of \(MomentDiff.title(name)))"
      members.append(.init("shared", .string(name)))
    }
    let item = OutputItem(type: "state", text: text, members: members)
    session.command { page(item) }
  }

  func expect(_ arguments: String) throws(REPLError) {
    let expectation = try Expectation(parsing: arguments, synopsis: synopsis(.expect))
    let value = try valueAt(expectation.pathText, command: "expect", synopsis: synopsis(.expect))
    if let problem = ExpectationCheck.problem(value, expectation) {
      throw .expectationFailed("\(expectation.pathText): \(problem)")
    }
  }

  /// The value at the state path `text` (the whole state when empty). Action paths' words are
  /// understood too: `list.destination.presented.detail` is `list.destination.detail`.
  func valueAt(_ text: String, command: String, synopsis: String) throws(REPLError) -> Any {
    try valueAt(text, in: session.store.state, command: command, synopsis: synopsis)
  }

  /// The value at the state path `text` in `state`.
  func valueAt(
    _ text: String, in state: App.Feature.State, command: String, synopsis: String
  ) throws(REPLError) -> Any {
    let path: StatePath
    do {
      path = try StatePath(parsing: text.trimmingWhitespace())
    } catch {
      throw .badArguments(command: command, problem: "\(error)", synopsis: synopsis)
    }
    do {
      return try ActionPath.value(at: path, in: state)
    } catch {
      throw .failed(Problem(subject: command, "\(error)"))
    }
  }

  func actions(_ arguments: String) throws(REPLError) {
    let listing = try ActionCatalog<App.Feature.Action>.listing(at: arguments.trimmingWhitespace())
    session.command {
      for line in listing { print(line) }
    }
  }
}

/// The words action paths have that state paths do not.
enum ActionPath {
  /// `PresentationAction.presented`: the state is the optional itself.
  static let presented = "presented"
  /// `IdentifiedAction.element(id:action:)`: the state is an element, `[N]` or `[id: X]`.
  static let element = "element"

  /// The value at `path` in `state`, the words of action paths understood too:
  /// `list.destination.presented.detail` is `list.destination.detail`.
  static func value(at path: StatePath, in state: Any) throws(StatePathError) -> Any {
    do {
      return try StoreInspector.value(at: path, in: state)
    } catch {
      let statePath = StatePath(path.components.filter { $0 != .name(presented) })
      if statePath != path, let value = try? StoreInspector.value(at: statePath, in: state) {
        return value
      }
      throw error
    }
  }

  /// The case names of an `actions` path, with state spellings turned into action ones:
  /// `team.members[0]` → `team.members.element`.
  static func caseNames(_ text: String) -> [String] {
    var names: [String] = []
    var name = ""
    var depth = 0
    for character in text {
      switch character {
      case "[":
        if depth == 0 {
          if !name.isEmpty { names.append(name) }
          name = ""
          names.append(element)
        }
        depth += 1
      case "]":
        depth -= 1
      case "." where depth == 0:
        if !name.isEmpty { names.append(name) }
        name = ""
      default:
        if depth == 0, !character.isWhitespace { name.append(character) }
      }
    }
    if !name.isEmpty { names.append(name) }
    return names
  }
}

/// Walks the action case tables: what can be sent at a path of case names.
enum ActionCatalog<Root: CaseListing> {
  /// One line per case at `path` (`""`, `list`, `list.destination.detail`,
  /// `team.members[0]`); a binding case lists one line per bindable field.
  static func listing(at path: String) throws(REPLError) -> [String] {
    let type = try listingType(at: path)
    return type.caseDescriptions.flatMap { entry -> [String] in
      guard let fields = bindableFields(of: entry) else { return [entry.signature] }
      return fields.map { ".\(entry.name)(\($0.signature))" }
    }
  }

  /// The `.set(\.name, Type)` cases of a binding case's argument, nil for another case.
  static func bindableFields(of entry: CaseDescription) -> [CaseDescription]? {
    guard entry.arguments.count == 1,
      let listing = entry.arguments[0].type as? any CaseListing.Type
    else { return nil }
    let cases = listing.caseDescriptions
    guard !cases.isEmpty, cases.allSatisfy({ $0.name == "set" }) else { return nil }
    return cases
  }

  /// The listable type at a dotted path of case names. A name the level does not have is
  /// looked for one level in (`detail` inside `.presented`), so state paths work too.
  static func listingType(at path: String) throws(REPLError) -> any CaseListing.Type {
    var type: any CaseListing.Type = Root.self
    var walked: [String] = []
    for name in ActionPath.caseNames(path) {
      let cases = type.caseDescriptions
      guard let entry = cases.first(where: { $0.name == name }) ?? passage(to: name, in: cases)
      else {
        let here = walked.isEmpty ? "the app" : walked.joined(separator: ".")
        throw .failed(
          Problem(
            "'\(name)' is not a case at \(here)",
            hint: "cases: \(cases.map { ".\($0.name)" }.joined(separator: ", "))"))
      }
      guard let next = actionType(of: entry) else {
        throw .failed(Problem("\(entry.signature) takes no action to look into"))
      }
      walked.append(entry.name)
      type = next
      if entry.name != name, let inner = next.caseDescriptions.first(where: { $0.name == name }) {
        guard let innerType = actionType(of: inner) else {
          throw .failed(Problem("\(inner.signature) takes no action to look into"))
        }
        walked.append(name)
        type = innerType
      }
    }
    return type
  }

  /// The action type a case carries (its last argument that has cases).
  static func actionType(of entry: CaseDescription) -> (any CaseListing.Type)? {
    entry.arguments.lazy.compactMap { $0.type as? any CaseListing.Type }.last
  }

  /// The case whose action has a case called `name`, when exactly one does.
  private static func passage(to name: String, in cases: [CaseDescription]) -> CaseDescription? {
    let passages = cases.filter { entry in
      actionType(of: entry)?.caseDescriptions.contains { $0.name == name } ?? false
    }
    return passages.count == 1 ? passages[0] : nil
  }
}
