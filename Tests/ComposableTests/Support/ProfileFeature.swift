import Composable

/// A parent that shares unnamed values with a child by `$`, the scenarios of TCA's own shared
/// state tests: a count, the stats of a profile held twice, a count changed by an effect's
/// action.
struct ProfileFeature: Reducer {
  struct Stats: Equatable, Sendable, Codable {
    var count = 0
  }

  /// A child holding the same stats as its parent.
  struct Profile: Equatable, Sendable {
    @Shared var stats: Stats
  }

  struct State: Equatable, Sendable {
    @Shared var count: Int
    @Shared var otherCount: Int
    @Shared var stats: Stats
    var profile: Profile

    /// A state whose profile shows `stats` itself, not a copy.
    init(count: Int = 0, otherCount: Int = 0, stats: Shared<Stats> = Shared(value: Stats())) {
      _count = Shared(value: count)
      _otherCount = Shared(value: otherCount)
      _stats = stats
      profile = Profile(stats: stats)
    }
  }

  enum Action: Equatable, Sendable, Codable {
    case incrementTapped
    case statsIncrementTapped
    case requestTapped
    case responseReceived
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped, .responseReceived:
        state.$count.withLock { $0 += 1 }
        return .none
      case .statsIncrementTapped:
        state.profile.$stats.withLock { $0.count += 1 }
        return .none
      case .requestTapped:
        return .run { send in await send(.responseReceived) }
      }
    }
  }
}
