import Foundation
import StoreInspector

// How the toy domain crosses a session document: the moment as plain JSON built by hand, the
// action as its dump text, read back with LiteralParser (the way the REPL maps action text).

/// An action text that names no case of today's `TodoAction`.
struct UnknownActionError: Error, CustomStringConvertible {
  var text: String
  var description: String { "unknown case \(text)" }
}

/// `TodoAction` as its dump, e.g. `.addTapped(title: "milk")`.
func encodeTodoAction(_ action: TodoAction) -> JSONValue {
  .string(inspectorDump(action))
}

/// The action a dump text names, or `UnknownActionError`.
func decodeTodoAction(_ json: JSONValue) throws -> TodoAction {
  guard case .string(let text) = json else { throw UnknownActionError(text: json.description) }
  switch try LiteralParser.parse(text) {
  case .enumCase("incrementTapped", nil): return .incrementTapped
  case .enumCase("decrementTapped", nil): return .decrementTapped
  case .enumCase("onAppear", nil): return .onAppear
  case .enumCase("addTapped", let arguments?):
    guard case .string(let title)? = arguments.first?.value else { break }
    return .addTapped(title: title)
  case .enumCase("toggled", let arguments?):
    guard case .int(let id)? = arguments.first?.value, let id = Int(id) else { break }
    return .toggled(id: id)
  case .enumCase("loaded", let arguments?):
    guard case .array(let titles)? = arguments.first?.value else { break }
    return .loaded(
      titles: titles.compactMap { literal in
        guard case .string(let title) = literal else { return nil }
        return title
      })
  default: break
  }
  throw UnknownActionError(text: text)
}

/// `TodoApp` as a JSON object.
func encodeTodoApp(_ state: TodoApp) -> JSONValue {
  [
    "count": .number(state.count),
    "isLoading": .bool(state.isLoading),
    "todos": .array(
      state.todos.map { todo in
        ["id": .number(todo.id), "title": .string(todo.title), "isDone": .bool(todo.isDone)]
      }),
  ]
}

/// A moment whose JSON does not have the shape of `TodoApp`.
struct MomentShapeError: Error, CustomStringConvertible {
  var description: String { "expected an object with count, isLoading and todos" }
}

/// The `TodoApp` that `encodeTodoApp` wrote.
func decodeTodoApp(_ json: JSONValue) throws -> TodoApp {
  guard case .number(let count)? = json["count"], let count = Int(count),
    case .bool(let isLoading)? = json["isLoading"], case .array(let todos)? = json["todos"]
  else { throw MomentShapeError() }
  return TodoApp(
    count: count,
    todos: try todos.map { todo in
      guard case .number(let id)? = todo["id"], let id = Int(id),
        case .string(let title)? = todo["title"], case .bool(let isDone)? = todo["isDone"]
      else { throw MomentShapeError() }
      return Todo(id: id, title: title, isDone: isDone)
    },
    isLoading: isLoading)
}

extension ToySession {
  /// The session's history as a session document.
  func exported() throws -> String {
    String(
      decoding: try history.exportSession(
        encodeMoment: encodeTodoApp, encodeAction: encodeTodoAction),
      as: UTF8.self)
  }
}

/// Imports a toy session document.
func importTodoSession(
  _ text: String, keyframeInterval: Int = 32
) throws(SessionError) -> (history: History<TodoApp, TodoAction>, report: ImportReport) {
  try History.importSession(
    from: Data(text.utf8), keyframeInterval: keyframeInterval,
    reduce: { moment, action, _ in
      reduceTodoApp(&moment, action)
      return []
    },
    decodeMoment: decodeTodoApp, decodeAction: { json, _ in try decodeTodoAction(json) })
}
