import Testing

@testable import StoreInspector

/// A state with the shapes a generated assertion must spell: an identified collection that is
/// not an array, an optional struct, a dictionary of structs.
private struct Board {
  var todos = IdentifiedTodos(storage: [:], order: [])
  var selected: Todo?
  var byTag: [String: Todo] = [:]
  var pair = (x: 1, 2)
}

extension IdentifiedTodos {
  fileprivate init(_ todos: [Todo]) {
    self.init(
      storage: Dictionary(uniqueKeysWithValues: todos.map { ($0.id, $0) }), order: todos.map(\.id))
  }
}

struct AssignmentPlannerTests {
  private func statements<State>(
    _ old: State, _ new: State, assignment: @escaping (StateAssignment) -> String? = { _ in nil }
  ) -> [String] {
    let generator = TestGenerator<State, Int>(
      suiteName: "S", testName: "t", reducer: "R()", initialState: { _ in "" },
      action: { _ in "" }, assignment: assignment)
    return generator.statements(old, new)
  }

  @Test func aChangedFieldIsAssignedInPlace() {
    var new = AppState.withRows(5)
    new.list.page = 2
    new.list.rows[3].name = "Mew"
    #expect(
      statements(AppState.withRows(5), new)
        == [#"$0.list.rows[3].name = "Mew""#, "$0.list.page = 2"])
  }

  @Test func aRemovalFromAnArrayIsByIDAndASetThatWasEmptyIsAssignedWhole() {
    var new = AppState.withRows(3)
    new.list.rows.remove(at: 1)
    new.list.favorites = [4, 1]
    #expect(
      statements(AppState.withRows(3), new) == [
        "$0.list.rows.removeAll { $0.id == 2 }", "$0.list.favorites = [1, 4]",
      ])
  }

  @Test func setElementsAreInsertedAndRemovedOneByOne() {
    var old = AppState()
    old.list.favorites = [1, 4]
    var new = AppState()
    new.list.favorites = [4, 25]
    #expect(
      statements(old, new) == ["$0.list.favorites.remove(1)", "$0.list.favorites.insert(25)"])
  }

  @Test func elementsAddedAtTheEndOfAnArrayAreAppendedInOneEdit() {
    var new = AppState.withRows(2)
    new.list.rows.append(Row(id: 3, name: "Mew", isFavorite: true))
    #expect(
      statements(AppState.withRows(1), new) == [
        #"$0.list.rows.append(contentsOf: [Row(id: 2, name: "Pokémon #2", isFavorite: false), "#
          + #"Row(id: 3, name: "Mew", isFavorite: true)])"#
      ])
  }

  @Test func anArrayEditedAndChangedInsideAtOnceIsAssignedWhole() {
    var new = AppState.withRows(2)
    new.list.rows[0].name = "Mew"
    let statements = statements(AppState.withRows(1), new)
    #expect(statements.count == 1)
    #expect(statements.first?.hasPrefix("$0.list.rows = [") == true)
  }

  @Test func anAbbreviatedRunOfAppendedElementsIsWrittenAsItsAbbreviation() {
    var new = AppState.withRows(3)
    new.list.page = 2
    let generator = TestGenerator<AppState, Int>(
      suiteName: "S", testName: "t", reducer: "R()", initialState: { _ in "" },
      action: { _ in "" })
    var abbreviating = generator
    abbreviating.abbreviation = { value in
      guard let rows = value as? [Row], rows.count > 1 else { return nil }
      return "Row.fixtures(\(rows[0].id)...\(rows[rows.count - 1].id))"
    }
    #expect(
      abbreviating.statements(AppState.withRows(1), new) == [
        "$0.list.rows.append(contentsOf: Row.fixtures(2...3))", "$0.list.page = 2",
      ])
  }

  @Test func aChangeInsideAPayloadWithAMemberIsAssignedThroughIt() {
    let old = TodoList(title: "a", todos: [], filter: .failed("offline"))
    let new = TodoList(title: "a", todos: [], filter: .failed("timed out"))
    let generator = TestGenerator<TodoList, Int>(
      suiteName: "S", testName: "t", reducer: "R()", initialState: { _ in "" },
      action: { _ in "" })
    #expect(generator.statements(old, new) == [#"$0.filter = .failed("timed out")"#])
    var throughMember = generator
    throughMember.payloadMember = { value, name in
      value is LoadState && name == "failed" ? ".failure" : nil
    }
    #expect(throughMember.statements(old, new) == [#"$0.filter.failure = "timed out""#])
  }

  @Test func dictionaryEntriesAreSetChangedAndRemovedByKey() {
    let old = AppState(counts: ["a": 1, "b": 2])
    let new = AppState(counts: ["b": 3, "c": 4])
    #expect(
      statements(old, new) == [
        #"$0.counts["a"] = nil"#, #"$0.counts["b"] = 3"#, #"$0.counts["c"] = 4"#,
      ])
  }

  @Test func aChangeInsideAnEnumPayloadAssignsTheWholeEnumValue() {
    let old = AppState(load: .loaded(items: ["a"], hasMore: true))
    let new = AppState(load: .loaded(items: ["a", "b"], hasMore: false))
    #expect(statements(old, new) == [#"$0.load = .loaded(items: ["a", "b"], hasMore: false)"#])
  }

  @Test func optionalsAreAssignedWholeOrChainedThrough() {
    #expect(statements(AppState(), AppState(selection: 3)) == ["$0.selection = 3"])
    #expect(statements(AppState(selection: 3), AppState()) == ["$0.selection = nil"])
    let old = Board(selected: Todo(id: 1, title: "milk"))
    let new = Board(selected: Todo(id: 1, title: "oat milk"))
    #expect(statements(old, new) == [#"$0.selected?.title = "oat milk""#])
  }

  @Test func identifiedElementsAreAddressedByID() {
    let milk = Todo(id: 1, title: "milk")
    let eggs = Todo(id: 2, title: "eggs")
    let tea = Todo(id: 3, title: "tea")
    let old = Board(todos: IdentifiedTodos([milk, eggs]), byTag: ["x": milk])
    var renamed = eggs
    renamed.title = "free-range eggs"
    var done = milk
    done.isDone = true
    let new = Board(todos: IdentifiedTodos([renamed, tea]), byTag: ["x": done])
    #expect(
      statements(old, new) == [
        "$0.todos.remove(id: 1)",
        #"$0.todos.append(Todo(id: 3, title: "tea", isDone: false))"#,
        #"$0.todos[id: 2]?.title = "free-range eggs""#,
        #"$0.byTag["x"]?.isDone = true"#,
      ])
  }

  @Test func anElementInsertedBeforeTheEndIsInsertedAtItsPosition() {
    let milk = Todo(id: 1, title: "milk")
    let tea = Todo(id: 3, title: "tea")
    let old = Board(todos: IdentifiedTodos([milk]))
    let new = Board(todos: IdentifiedTodos([tea, milk]))
    #expect(
      statements(old, new) == [#"$0.todos.insert(Todo(id: 3, title: "tea", isDone: false), at: 0)"#])
  }

  @Test func unchangedElementsMovedTogetherAreOneMove() {
    let todos = (1...4).map { Todo(id: $0, title: "#\($0)") }
    let old = Board(todos: IdentifiedTodos(todos))
    let new = Board(todos: IdentifiedTodos([todos[1], todos[2], todos[0], todos[3]]))
    #expect(statements(old, new) == ["$0.todos.move(fromOffsets: [0], toOffset: 3)"])
  }

  @Test func tupleElementsAreAssignedByLabelOrPosition() {
    var new = Board()
    new.pair.x = 5
    new.pair.1 = 6
    #expect(statements(Board(), new) == ["$0.pair.x = 5", "$0.pair.1 = 6"])
  }

  @Test func aReplacedRootIsAssignedWhole() {
    #expect(
      statements(LoadState.idle, LoadState.failed("offline")) == [#"$0 = .failed("offline")"#])
  }

  @Test func theAssignmentHookSpellsSpecialPaths() {
    var new = AppState()
    new.list.favorites = [1, 25]
    new.list.page = 3
    let statements = statements(AppState(), new) { assignment in
      guard assignment.path == [.field("list"), .field("favorites")] else { return nil }
      return "$0.list.$favorites.withLock { $0 = \(assignment.value) }"
    }
    #expect(statements == ["$0.list.$favorites.withLock { $0 = [1, 25] }", "$0.list.page = 3"])
  }
}
