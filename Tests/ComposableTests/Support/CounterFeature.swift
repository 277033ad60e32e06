import Composable

/// A counter with a timer, a delayed fact and a search: the effects the core must support.
struct CounterFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var isTimerRunning = false
    var query = ""
    var searchResults: [String] = []
  }

  enum Action: Equatable, Sendable, Codable {
    case incrementTapped
    case decrementTapped
    case timerStartTapped
    case timerStopTapped
    case timerTicked
    case queryChanged(String)
    case searchCompleted([String])
    case delayedIncrementTapped
    case chainTapped
    case concatenatedTapped
  }

  @Dependency(\.clock) var clock

  enum CancelID { case timer, search }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .decrementTapped:
        state.count -= 1
        return .none
      case .timerStartTapped:
        state.isTimerRunning = true
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .timerStopTapped:
        state.isTimerRunning = false
        return .cancel(id: CancelID.timer)
      case .timerTicked:
        state.count += 1
        return .none
      case let .queryChanged(query):
        state.query = query
        return .run { send in
          await send(.searchCompleted(["\(query)-1", "\(query)-2"]))
        }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case let .searchCompleted(results):
        state.searchResults = results
        return .none
      case .delayedIncrementTapped:
        return .run { send in
          try await clock.sleep(for: .milliseconds(500))
          await send(.incrementTapped)
        }
      case .chainTapped:
        return .merge(.send(.incrementTapped), .send(.incrementTapped), .send(.decrementTapped))
      case .concatenatedTapped:
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .milliseconds(100))
            await send(.incrementTapped)
          },
          .send(.decrementTapped)
        )
      }
    }
  }
}
