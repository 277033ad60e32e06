import Foundation
import StoreInspector

// A toy counter/todo domain for the history, session and test-generation tests. StoreInspector
// knows none of these types: it gets `reduceTodoApp` as a closure.

struct TodoApp: Equatable {
  var count = 0
  var todos: [Todo] = []
  var isLoading = false
}

enum TodoAction: Equatable {
  case incrementTapped
  case decrementTapped
  case addTapped(title: String)
  case toggled(id: Int)
  case onAppear
  case loaded(titles: [String])
}

/// The pure state change of each action, the way a reducer's `reduce` would apply it.
func reduceTodoApp(_ state: inout TodoApp, _ action: TodoAction) {
  switch action {
  case .incrementTapped:
    state.count += 1
  case .decrementTapped:
    state.count -= 1
  case .addTapped(let title):
    state.todos.append(Todo(id: (state.todos.map(\.id).max() ?? 0) + 1, title: title))
  case .toggled(let id):
    if let index = state.todos.firstIndex(where: { $0.id == id }) {
      state.todos[index].isDone.toggle()
    }
  case .onAppear:
    state.isLoading = true
  case .loaded(let titles):
    state.isLoading = false
    for title in titles { reduceTodoApp(&state, .addTapped(title: title)) }
  }
}

/// A stand-in for the live store and its wiring: it reduces each action, records it with the
/// resulting moment, and puts the moment at the cursor back after every time-travel.
struct ToySession {
  var state = TodoApp()
  var history: History<TodoApp, TodoAction>

  init(keyframeInterval: Int = 32, limit: Int? = nil) {
    history = History(
      initial: TodoApp(), keyframeInterval: keyframeInterval, limit: limit, reduce: reduceTodoApp)
  }

  /// Sends `action` as the user would.
  @discardableResult
  mutating func send(_ action: TodoAction) -> EntryID {
    reduceTodoApp(&state, action)
    return history.record(action, origin: .sent, moment: state)
  }

  /// Delivers `action` as the effect of entry `source` would.
  @discardableResult
  mutating func receive(_ action: TodoAction, from source: EntryID) -> EntryID {
    reduceTodoApp(&state, action)
    return history.record(action, origin: .received(from: source), moment: state)
  }

  /// Runs a time-travel command, then puts the moment at the cursor back into the "store".
  mutating func travel(_ command: (inout History<TodoApp, TodoAction>) throws -> Void) rethrows {
    try command(&history)
    state = history.currentMoment
  }
}

/// Counts calls, e.g. of a reduce closure; for one test at a time on one thread.
final class CallCounter: @unchecked Sendable {
  var count = 0
}

/// The resident memory of this process in bytes, from `/proc/self/statm`; nil where there is no
/// such file.
func residentMemory() -> Int? {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return nil
  }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
