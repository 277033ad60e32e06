import Composable
import Foundation

/// One row of the list: a title and whether it is done.
public struct TodoFeature: Reducer, Sendable {
  public struct State: Equatable, Identifiable, Codable, Sendable {
    /// The row's identity, from the `uuid` dependency.
    public let id: UUID
    public var title: String
    public var isComplete = false

    public init(id: UUID, title: String, isComplete: Bool = false) {
      self.id = id
      self.title = title
      self.isComplete = isComplete
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    case checkboxTapped
    case titleChanged(String)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .checkboxTapped:
        state.isComplete.toggle()
        return .none
      case let .titleChanged(title):
        state.title = title
        return .none
      }
    }
  }
}
