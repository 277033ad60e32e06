import Composable
import ComposableInspection
import StoreInspector

// MARK: - The commands

extension REPLCommand {
  /// The commands that read the app, in the order `help` lists them.
  static var inspectingCommands: [REPLCommand] {
    [state, actions, tree, expect]
  }

  /// `state`: print the whole state, or the value at a path.
  static var state: REPLCommand {
    REPLCommand(
      name: "state", synopsis: "state [--depth N] [PATH]",
      summary: "print the whole state, or the value at a path",
      details: """
        PATH walks stored properties, optionals, enum payloads, collection elements ('[N]'
        indexes the stored collection, '[id: X]' finds an element by its id) and derived values,
        with the words of action paths too (destination.presented.NAME).
        --depth N (before or after PATH) folds what is nested deeper than N levels to what
        identifies it, its id and name.
        On a terminal, output longer than the screen goes through $PAGER (default less -FRX;
        none with --no-pager); Ctrl-C stops a long print.
        """,
      acceptsArguments: true,
      section: .reading, changesTheApp: false,
      complete: { completer, place in
        place.word.hasPrefix("-") ? completer.options(["--depth"], place) : completer.pathArgument(place)
      }
    ) { repl, call throws(REPLError) in try repl.state(call) }
  }

  /// `actions`: the actions that can be sent at PATH, with labels and types.
  static var actions: REPLCommand {
    REPLCommand(
      name: "actions", synopsis: "actions [PATH]",
      summary: "the actions that can be sent at PATH, with labels and types",
      details: """
        'actions' lists the root's cases; 'actions PATH' those of the feature at a state path,
        spelled as state paths or as actions spell it (destination.presented.NAME, or nested:
        .destination(.presented(.NAME))); for an element of a collection, with the fields a
        binding sets (.binding(.set(\\.NAME, TYPE))).
        Inside an action, '#N' names the element shown at row N.
        """,
      acceptsArguments: true,
      section: .inspecting, changesTheApp: false,
      complete: { completer, place in
        completer.appendsSpace = false
        return completer.actionPaths(place.word)
      }
    ) { repl, call throws(REPLError) in try repl.actions(call) }
  }

  /// `expect`: check a value (in scripts, a failed expect stops the run).
  static var expect: REPLCommand {
    REPLCommand(
      name: "expect", synopsis: "expect PATH [OP VALUE]",
      summary: "check a value (in scripts, a failed expect stops the run)",
      details: """
        OP is ==, !=, <, <=, >, >= (numbers and counts), contains (an element of a collection,
        a key of a dictionary, text in a string) or is (the case only). Without OP, PATH must
        be a Bool that is true. VALUE is written as values print: [1, 2], "text", .someCase,
        true, nil, 3. Sets compare without order. A failure names the path, the expected and
        the found value.
        """,
      acceptsArguments: true,
      section: .inspecting, changesTheApp: false,
      complete: { completer, place in completer.pathArgument(place) }
    ) { repl, call throws(REPLError) in try repl.expect(call) }
  }
}

// MARK: - Running them

// state, expect, actions: reading the app.
extension REPL {
  func state(_ call: CommandCall) throws(REPLError) {
    // Options go before or after the path, as in `tree`.
    var words = CommandText.words(call.arguments)
    var depth: Int?
    if let option = words.firstIndex(of: "--depth") {
      guard option + 1 < words.count, let number = Int(words[option + 1]), number >= 0 else {
        throw call.refusal(.depthNotANumber)
      }
      depth = number
      words.removeSubrange(option...(option + 1))
    }
    if let option = words.first(where: { $0.hasPrefix("--") }) {
      throw call.refusal(.notAnOption(option, of: "state"))
    }
    let path = words.joined(separator: " ")
    // During `step`, the state as the reducers that ran so far left it.
    let moment = session.debugger.stepping.map { session.moment(after: $0.done, of: $0) }
      ?? StoreMoment(state: session.store.state, shared: session.store.sharedSnapshot)
    let found = moment.reading { () -> Result<(Any, String), REPLError> in
      do throws(REPLError) {
        let value = try valueAt(path, in: moment.state, command: "state", synopsis: call.synopsis)
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
    console.page(item)
  }

  func expect(_ call: CommandCall) throws(REPLError) {
    let expectation = try Expectation(
      parsing: call.arguments, synopsis: call.synopsis, example: App.expectationExample)
    let value = try valueAt(expectation.pathText, command: "expect", synopsis: call.synopsis)
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
      throw .badArguments(command: command, problem: .described("\(error)"), synopsis: synopsis)
    }
    do {
      return try ActionPath.value(at: path, in: state)
    } catch {
      throw .failed(.because(subject: command, words: "\(error)"))
    }
  }

  func actions(_ call: CommandCall) throws(REPLError) {
    let listing = try ActionCatalog<App.Feature.Action>.listing(at: call.arguments.trimmingWhitespace())
    for line in listing { console.print(line) }
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
  /// `team.members[0]` → `team.members.element`; an action's nesting reads as a path:
  /// `.team(.members(.element))` → `team.members.element`.
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
      case "." where depth == 0, "(" where depth == 0:
        if !name.isEmpty { names.append(name) }
        name = ""
      case ")" where depth == 0:
        break
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
        throw .failed(.notACase(name: name, walked: walked, cases: cases.map(\.name)))
      }
      guard let next = actionType(of: entry) else {
        throw .failed(.takesNoAction(signature: entry.signature))
      }
      walked.append(entry.name)
      type = next
      if entry.name != name, let inner = next.caseDescriptions.first(where: { $0.name == name }) {
        guard let innerType = actionType(of: inner) else {
          throw .failed(.takesNoAction(signature: inner.signature))
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
