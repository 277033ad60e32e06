import Composable
import PokedexCore

/// The shape peers are measured on (TCA's and custom-dump's benchmarks): a root of N rows
/// (`id`, `name`, `level`, `nickname`) in an identified array and a set of favorite ids. It is
/// light on purpose: its reducer does almost nothing, so what the store, `forEach` and the diff
/// add shows.
struct RowListFeature: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<RowFeature.State>
    var favorites: Set<Int> = []

    /// `count` rows, ids 1…count.
    init(rows count: Int) {
      rows = IdentifiedArray(
        uniqueElements: (1...max(count, 1)).map {
          RowFeature.State(id: $0, name: "row-\($0)", level: $0 % 100, nickname: "nick \($0)")
        })
    }
  }

  enum Action: Equatable, Sendable, Codable {
    case favoriteToggled(id: Int)
    case rows(IdentifiedActionOf<RowFeature>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .favoriteToggled(id):
        state.favorites.toggle(id)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { RowFeature() }
  }
}

/// One row of `RowListFeature`.
struct RowFeature: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var name: String
    var level: Int
    var nickname: String
  }

  enum Action: Equatable, Sendable, Codable {
    case levelUpTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .levelUpTapped:
      state.level += 1
      return .none
    }
  }
}
