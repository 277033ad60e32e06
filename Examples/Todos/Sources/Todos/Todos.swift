import Composable
import Foundation

/// A todo list: rows are added, edited, checked and cleared; a second after the last checkbox
/// tap, the completed rows move below the others.
public struct Todos: Reducer, Sendable {
  public struct State: Equatable, Codable, Sendable {
    public var todos: IdentifiedArrayOf<TodoFeature.State> = []

    public init() {}
  }

  public enum Action: Equatable, Sendable, Codable {
    case addTapped(title: String)
    case clearCompletedTapped
    case sortDelayFinished
    case todos(IdentifiedActionOf<TodoFeature>)
  }

  enum CancelID: Hashable, Sendable { case sort }

  @Dependency(\.clock) var clock
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addTapped(title):
        state.todos.append(TodoFeature.State(id: uuid(), title: title))
        return .none

      case .clearCompletedTapped:
        state.todos = IdentifiedArray(uniqueElements: state.todos.filter { !$0.isComplete })
        return .none

      case .sortDelayFinished:
        // A stable sort: the open rows keep their order above the completed ones.
        let open = state.todos.filter { !$0.isComplete }
        let done = state.todos.filter(\.isComplete)
        state.todos = IdentifiedArray(uniqueElements: open + done)
        return .none

      case .todos(.element(_, .checkboxTapped)):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.sortDelayFinished)
        }
        .cancellable(id: CancelID.sort, cancelInFlight: true)

      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) {
      TodoFeature()
    }
  }
}
