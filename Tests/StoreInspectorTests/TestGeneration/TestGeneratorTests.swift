import Testing

@testable import StoreInspector

struct TestGeneratorTests {
  private let generator = TestGenerator<TodoApp, TodoAction>(
    suiteName: "RecordedSessionTests", testName: "loadingAndTogglingTodos",
    imports: ["DexTesting", "PokedexCore", "Testing"], reducer: "TodoFeature()",
    dependencies: ["$0.clock = ImmediateClock()", "$0.date = .constant(.distantPast)"],
    initialState: { inspectorDump($0) }, action: { inspectorDump($0) })

  @Test func theCurrentBranchBecomesATestWithExhaustiveAssertions() throws {
    var session = ToySession()
    session.send(.incrementTapped)
    let appear = session.send(.onAppear)
    session.receive(.loaded(titles: ["milk", "eggs"]), from: appear)
    session.send(.toggled(id: 2))
    session.send(.toggled(id: 9))
    session.send(.addTapped(title: "tea"))
    #expect(
      try generator.generate(from: session.history) == """
        import DexTesting
        import PokedexCore
        import Testing

        struct RecordedSessionTests {
          @Test func loadingAndTogglingTodos() async {
            let store = TestStore(initialState: TodoApp(count: 0, todos: [], isLoading: false)) {
              TodoFeature()
            } withDependencies: {
              $0.clock = ImmediateClock()
              $0.date = .constant(.distantPast)
            }
            await store.send(.incrementTapped) {
              $0.count = 1
            }
            await store.send(.onAppear) {
              $0.isLoading = true
            }
            await store.receive(.loaded(titles: ["milk", "eggs"])) {
              $0.todos.append(contentsOf: [Todo(id: 1, title: "milk", isDone: false), Todo(id: 2, title: "eggs", isDone: false)])
              $0.isLoading = false
            }
            await store.send(.toggled(id: 2)) {
              $0.todos[1].isDone = true
            }
            await store.send(.toggled(id: 9))
            await store.send(.addTapped(title: "tea")) {
              $0.todos.append(Todo(id: 3, title: "tea", isDone: false))
            }
            await store.finish()
          }
        }

        """)
  }

  @Test func onlyTheCurrentBranchIsReplayedAndSkippedEntriesAreLeftOut() throws {
    var session = ToySession()
    session.send(.incrementTapped)
    session.send(.incrementTapped)
    try session.travel { try $0.back() }
    session.send(.decrementTapped)
    session.send(.incrementTapped)
    try session.history.skip(3)
    let generator = TestGenerator<TodoApp, TodoAction>(
      suiteName: "BranchTests", testName: "countingUp", imports: [], reducer: "TodoFeature()",
      initialState: { _ in "TodoApp()" }, action: { inspectorDump($0) })
    #expect(
      try generator.generate(from: session.history) == """
        struct BranchTests {
          @Test func countingUp() async {
            let store = TestStore(initialState: TodoApp()) {
              TodoFeature()
            }
            await store.send(.incrementTapped) {
              $0.count = 1
            }
            await store.send(.incrementTapped) {
              $0.count = 2
            }
            await store.finish()
          }
        }

        """)
  }

  @Test func anInitialStateOnSeveralLinesIsIndentedInPlace() throws {
    let generator = TestGenerator<TodoApp, TodoAction>(
      suiteName: "S", testName: "t", imports: [], reducer: "TodoFeature()",
      initialState: { inspectorDump($0, maxWidth: 20) }, action: { inspectorDump($0) })
    let history = History(initial: TodoApp(), reduce: reduceTodoApp)
    #expect(
      try generator.generate(from: history) == """
        struct S {
          @Test func t() async {
            let store = TestStore(initialState: TodoApp(
              count: 0,
              todos: [],
              isLoading: false
            )) {
              TodoFeature()
            }
            await store.finish()
          }
        }

        """)
  }

  @Test func anActionReceivedFromASkippedEntryCannotBeReplayed() throws {
    var session = ToySession()
    let appear = session.send(.onAppear)
    session.receive(.loaded(titles: ["milk"]), from: appear)
    try session.history.skip(appear)
    #expect(throws: TestGenerationError.receivedFromSkippedEntry(entry: 2, source: 1)) {
      try generator.generate(from: session.history)
    }
    #expect(
      TestGenerationError.receivedFromSkippedEntry(entry: 2, source: 1).description
        == "Entry 2 was received from skipped entry 1, so a test store would never receive it; "
        + "skip entry 2 too or unskip entry 1.")
    try session.history.skip(2)
    #expect(try generator.generate(from: session.history).contains("await store.finish()"))
  }
}
