import DexREPLCore
import Todos

/// The todo list as dex explores it: every command of dex, and `add TITLE`.
@main enum TodosApp: REPLApp {
  static let subject = "a todo list"
  static let dataDirectory = DataDirectorySetting.nothingPersisted
  static func makeFeature() -> Todos { Todos() }
  static func makeInitialState() -> Todos.State { Todos.State() }
  static var testSpelling: TestSpelling<Todos.State> {
    TestSpelling(imports: ["Todos"], reducer: "Todos()", dependencies: [],
      initialState: { _ in "Todos.State()" }, shared: { _ in nil })
  }
  static var commands: [AppCommand<TodosApp>] {
    [AppCommand(name: "add", synopsis: "add TITLE", summary: "add a todo: sends .addTapped(title:)",
      details: "TITLE is the rest of the line: 'add Buy milk'.") { title, _ throws(AppCommandRefusal) in
        guard !title.isEmpty else { throw AppCommandRefusal("a title is needed") }
        return .addTapped(title: title)
      }]
  }
  static let helpExamples = [
    "send": [#"send .addTapped(title: "Buy milk")"#, "send .todos(.element(id: #0, action: .checkboxTapped))"],
    "state": ["state todos[0].title", "state todos.count"], "tree": ["tree TodoFeature"],
    "log": ["log .todos", "log --path todos"],
    "expect": [#"expect todos[1].title == "Walk the cat""#, "expect todos.count >= 2"],
  ]
  static let actionPatternExample: String? = ".todos(.element)"
  static let expectationExample: String? = "todos.count == 2"
}
