import Composable

/// A screen of a navigation stack: a count, a close button that dismisses it, an appearance
/// that starts work lasting until it is cancelled, a delayed request under a cancel id, and a
/// delayed dismissal — what the scenarios of TCA's stack tests push and pop.
struct ScreenFeature: Reducer {
  struct State: Equatable, Sendable, Codable {
    var count = 0
  }

  enum Action: Equatable, Sendable, Codable {
    case appeared
    case closeTapped
    case incrementTapped
    case requestTapped
    case cancelTapped
    case responded(Int)
    case closeAfterCountTapped
  }

  enum CancelID { case request }

  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .appeared:
        return .run { _ in try await untilCancelled() }
      case .closeTapped:
        return .run { _ in await dismiss() }
      case .incrementTapped:
        state.count += 1
        return .none
      case .requestTapped:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.responded(42))
        }
        .cancellable(id: CancelID.request)
      case .cancelTapped:
        return .cancel(id: CancelID.request)
      case let .responded(value):
        state.count = value
        return .none
      case .closeAfterCountTapped:
        return .run { [seconds = state.count] _ in
          try await clock.sleep(for: .seconds(seconds))
          await dismiss()
        }
      }
    }
  }
}

/// The screens a stack holds in the enum scenarios: two cases of the same screen.
struct PathFeature: Reducer {
  enum State: Equatable, Sendable, Codable, StateCasePathable {
    case first(ScreenFeature.State)
    case second(ScreenFeature.State)
  }

  enum Action: Equatable, Sendable, Codable {
    case first(ScreenFeature.Action)
    case second(ScreenFeature.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: \.first) { ScreenFeature() }
    Scope(state: \.second, action: \.second) { ScreenFeature() }
  }
}
