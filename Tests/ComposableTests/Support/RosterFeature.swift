import Foundation
import Composable

/// A row with its own timer effect, run one per element through `forEach`.
struct RowFeature: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var title: String
    var ticks = 0
    var nickname = ""
  }

  enum Action: Equatable, Sendable, Codable, BindableAction {
    case tapped
    case timerStarted
    case ticked
    case binding(BindingAction<State>)
  }

  @Dependency(\.clock) var clock

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .tapped:
        state.title += "!"
        return .none
      case .timerStarted:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.ticked)
          }
        }
      case .ticked:
        state.ticks += 1
        return .none
      case .binding:
        return .none
      }
    }
  }
}

extension RowFeature.State: BindableFields {
  static let bindableFields: [BindableField<Self>] = [BindableField("nickname", \.nickname)]
}

/// A presented detail with a long-running effect, which can dismiss itself.
struct DetailFeature: Reducer {
  struct State: Equatable, Sendable {
    var rowID: Int
    var ticks = 0
  }

  enum Action: Equatable, Sendable, Codable {
    case onAppear
    case ticked
    case closeTapped
  }

  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.ticked)
          }
        }
      case .ticked:
        state.ticks += 1
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

/// A list of rows with delete, move and a presented detail: seed 003's shape on a toy domain.
struct RosterFeature: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<RowFeature.State> = []
    var detail: DetailFeature.State?
  }

  enum Action: Equatable, Sendable, Codable {
    case rows(IdentifiedActionOf<RowFeature>)
    case rowsDeleted(atOffsets: IndexSet)
    case rowsMoved(fromOffsets: IndexSet, toOffset: Int)
    case rowTapped(id: Int)
    case detail(PresentationAction<DetailFeature.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows:
        return .none
      case let .rowsDeleted(offsets):
        state.rows.remove(atOffsets: offsets)
        return .none
      case let .rowsMoved(offsets, destination):
        state.rows.move(fromOffsets: offsets, toOffset: destination)
        return .none
      case let .rowTapped(id):
        state.detail = DetailFeature.State(rowID: id)
        return .none
      case .detail:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { RowFeature() }
    .ifLet(\.detail, action: \.detail) { DetailFeature() }
  }
}

extension RosterFeature.State {
  /// Rows 1…count titled "row N".
  static func withRows(_ count: Int) -> Self {
    Self(rows: IdentifiedArray(uniqueElements: (1...count).map { RowFeature.State(id: $0, title: "row \($0)") }))
  }
}
