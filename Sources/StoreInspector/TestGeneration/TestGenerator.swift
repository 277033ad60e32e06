/// Writes a Swift Testing test that replays the current branch of a history through a
/// `TestStore`: each sent action with `send` and each received one with `receive`, every state
/// change asserted exhaustively.
///
/// StoreInspector knows no store, so the caller says how to spell the parts:
/// ```swift
/// let generator = TestGenerator<TodoApp, TodoAction>(
///   suiteName: "RecordedSessionTests", testName: "addingAndTogglingATodo",
///   imports: ["DexTesting", "Testing"], reducer: "TodoFeature()",
///   initialState: { inspectorDump($0) }, action: { inspectorDump($0) })
/// let source = try generator.generate(from: history)
/// ```
/// gives
/// ```swift
/// import DexTesting
/// import Testing
///
/// struct RecordedSessionTests {
///   @Test func addingAndTogglingATodo() async {
///     let store = TestStore(initialState: TodoApp(count: 0, todos: [], isLoading: false)) {
///       TodoFeature()
///     }
///     await store.send(.addTapped(title: "milk")) {
///       $0.todos = [Todo(id: 1, title: "milk", isDone: false)]
///     }
///     await store.send(.toggled(id: 1)) {
///       $0.todos[0].isDone = true
///     }
///     await store.finish()
///   }
/// }
/// ```
///
/// Skipped entries are left out, so the test replays the branch as history computes it.
public struct TestGenerator<Moment, Action> {
  /// The name of the struct holding the test.
  public var suiteName: String
  /// The name of the test function.
  public var testName: String
  /// The modules to import, in order.
  public var imports: [String]
  /// The reducer as Swift, e.g. `AppFeature()`.
  public var reducer: String
  /// Lines of the `withDependencies:` closure, e.g. `$0.clock = ImmediateClock()`; none leaves
  /// the closure out.
  public var dependencies: [String]
  /// The initial state as a Swift expression (several lines are indented in place).
  public var initialState: (Moment) -> String
  /// An action as a Swift expression, e.g. `.list(.onAppear)`.
  public var action: (Action) -> String
  /// The statement that makes an external entry's change (a shared value another process
  /// wrote), e.g. `Shared(.starred).withLock { $0 = [1, 4] }`; for an own entry, the
  /// statement of a shared value it sets instead of sending an action, or "" for an action.
  public var externalChange: (Action) -> String
  /// The value the test store asserts on; the moment itself by default.
  public var state: (Moment) -> Any
  /// How to read the two sides of a diff (shared values as they were); nil reads values as they
  /// are.
  public var environment: (_ before: Moment, _ after: Moment) -> (any DiffEnvironment)?
  /// Spells an assignment differently, or returns nil to keep `assignment.statement`; e.g. a
  /// shared value as `$0.$starred.withLock { $0 = [1, 25] }`.
  public var assignment: (StateAssignment) -> String?
  /// The widest line the test is written in, where brackets allow a break.
  public var lineWidth = 120
  /// Statements before the store is made, e.g. `let clock = ManualClock()`.
  public var preamble: [String] = []
  /// Statements the session ran after an entry (`.initial`: before the first), e.g.
  /// `await clock.advance(by: .milliseconds(300))`; called for skipped entries too.
  public var statementsAfter: (EntryID) -> [String] = { _ in [] }
  /// The name a sent entry's task is kept under (`let e1 = await store.send(…)`), for a later
  /// statement that cancels it; nil keeps none.
  public var taskName: (EntryID) -> String? = { _ in nil }
  /// Statements before `await store.finish()`, e.g. `await store.skipInFlightEffects()`.
  public var ending: [String] = []
  /// The member that reads and writes the payload of an enum value's case (the value, the
  /// case's name) as an optional, e.g. `.value` or `[case: \.detail]`, so a change inside it is
  /// asserted in place: `$0.load.value?.append(…)`; nil when there is none.
  public var payloadMember: (_ value: Any, _ caseName: String) -> String? = { _, _ in nil }
  /// Shorter Swift for some values in assertions (`Page.fixture(offset: 20, limit: 20)`),
  /// which must evaluate to the same value; nil writes every value in full.
  public var abbreviation: ((Any) -> String?)?
  /// Checked before each entry: true stops the generation with `.interrupted`.
  public var isInterrupted: () -> Bool = { false }

  /// A generator; see the type's example.
  public init(
    suiteName: String,
    testName: String,
    imports: [String] = ["Testing"],
    reducer: String,
    dependencies: [String] = [],
    initialState: @escaping (Moment) -> String,
    action: @escaping (Action) -> String,
    externalChange: @escaping (Action) -> String = { _ in "" },
    state: @escaping (Moment) -> Any = { $0 },
    environment: @escaping (_ before: Moment, _ after: Moment) -> (any DiffEnvironment)? = {
      _, _ in nil
    },
    assignment: @escaping (StateAssignment) -> String? = { _ in nil }
  ) {
    self.suiteName = suiteName
    self.testName = testName
    self.imports = imports
    self.reducer = reducer
    self.dependencies = dependencies
    self.initialState = initialState
    self.action = action
    self.externalChange = externalChange
    self.state = state
    self.environment = environment
    self.assignment = assignment
  }

  /// The source of a test file replaying the current branch of `history`, from its initial
  /// moment to its head.
  public func generate(
    from history: History<Moment, Action>
  ) throws(TestGenerationError) -> String {
    var lines = imports.map { "import \($0)" }
    if !lines.isEmpty { lines.append("") }
    lines.append("struct \(suiteName) {")
    lines.append("  @Test func \(testName)() async {")
    lines += preamble.flatMap { wrapped($0, indent: 4) }
    let initial = initialState(history.initialMoment)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
      .map { $0.offset == 0 ? String($0.element) : "    " + $0.element }
      .joined(separator: "\n")
    lines.append("    let store = TestStore(initialState: \(initial)) {")
    lines.append("      \(reducer)")
    if dependencies.isEmpty {
      lines.append("    }")
    } else {
      lines.append("    } withDependencies: {")
      lines += dependencies.map { "      " + $0 }
      lines.append("    }")
    }
    lines += statementsAfter(.initial).flatMap { wrapped($0, indent: 4) }
    try steps(of: history) { entry, before, after in
      defer { lines += statementsAfter(entry.id).flatMap { wrapped($0, indent: 4) } }
      guard let before, let after else { return }
      let verb: String
      let change = externalChange(entry.action)
      // A change is one statement a line (an external entry may change several values).
      let changeLines = change.split(separator: "\n").flatMap { wrapped(String($0), indent: 4) }
      switch entry.origin {
      case .external:
        lines += changeLines
        return
      case _ where !change.isEmpty:
        // An own entry that changes a shared value rather than sending an action.
        lines += changeLines
        return
      case .sent: verb = "send"
      case .received: verb = "receive"
      }
      let statements = self.statements(before, after)
      let kept = entry.origin == .sent ? taskName(entry.id).map { "let \($0) = " } ?? "" : ""
      var call = wrapped("\(kept)await store.\(verb)(\(action(entry.action)))", indent: 4)
      guard !statements.isEmpty else {
        lines += call
        return
      }
      call[call.count - 1] += " {"
      lines += call
      lines += statements.flatMap { wrapped($0, indent: 6) }
      lines.append("    }")
    }
    lines += ending.flatMap { wrapped($0, indent: 4) }
    lines.append("    await store.finish()")
    lines.append("  }")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `statement` indented by `indent` columns, broken at its brackets when wider than
  /// `lineWidth`.
  private func wrapped(_ statement: String, indent: Int) -> [String] {
    let margin = String(repeating: " ", count: indent)
    return SwiftLineWrapper(width: lineWidth).lines(statement, indent: indent).enumerated().map {
      $0.offset == 0 ? margin + $0.element : $0.element
    }
  }

  /// The statements of the assertion that turns `before` into `after`.
  func statements(_ before: Moment, _ after: Moment) -> [String] {
    let environment = environment(before, after)
    let old = state(before)
    let new = state(after)
    let diff = inspectorDiff(old, new, environment: environment)
    let planner = AssignmentPlanner(
      before: old, after: new, environment: environment, payloadMember: payloadMember,
      abbreviation: abbreviation)
    return planner.assignments(for: diff.changes).map { assignment($0) ?? $0.statement }
      .filter { !$0.isEmpty }
  }

  /// Calls `body` with every entry of the current branch and the moments around it (nil for a
  /// skipped entry).
  private func steps(
    of history: History<Moment, Action>,
    _ body: (HistoryEntry<Action>, Moment?, Moment?) -> Void
  ) throws(TestGenerationError) {
    var skipped: Set<EntryID> = []
    var failure: TestGenerationError?
    history.replayCurrentBranch { entry, before, after in
      guard failure == nil else { return }
      if isInterrupted() {
        failure = .interrupted
        return
      }
      if entry.isSkipped {
        skipped.insert(entry.id)
        body(entry, nil, nil)
        return
      }
      if case .received(let source) = entry.origin, skipped.contains(source) {
        failure = .receivedFromSkippedEntry(entry: entry.id, source: source)
        return
      }
      body(entry, before, after)
    }
    if let failure { throw failure }
  }
}
