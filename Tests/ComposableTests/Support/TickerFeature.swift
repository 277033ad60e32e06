import Composable

/// A child with a timer, a stop button, a delayed request, a close button and an id it can
/// change: what the scenarios of TCA's navigation tests present, list and replace.
struct TickerFeature: Reducer {
  struct State: Equatable, Identifiable, Sendable, Codable {
    var id = 0
    var ticks = 0
    var response = 0
  }

  enum Action: Equatable, Sendable, Codable {
    case startTapped
    case stopTapped
    case ticked
    case requestTapped
    case responded(Int)
    case renumbered(Int)
    case closeTapped
  }

  enum CancelID { case timer, request }

  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.ticked)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stopTapped:
        return .cancel(id: CancelID.timer)
      case .ticked:
        state.ticks += 1
        return .none
      case .requestTapped:
        return .run { [id = state.id] send in
          try await clock.sleep(for: .seconds(1))
          await send(.responded(id))
        }
        .cancellable(id: CancelID.request, cancelInFlight: true)
      case let .responded(value):
        state.response = value
        return .none
      case let .renumbered(id):
        state.id = id
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}
