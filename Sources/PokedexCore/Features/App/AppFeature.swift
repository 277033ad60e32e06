import Composable

/// The root of the app: the list (with its detail and search), the favorites screen, the team,
/// the settings and the stats. It coordinates them by reacting to their actions, so children
/// never hold closures to each other: the detail's "add to team" reaches the team through here,
/// and a type tapped in the stats filters the list. It shows the list's download status.

public struct AppFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The Pokémon list, its detail and search.
    public var list = PokemonListFeature.State()
    /// The favorites screen.
    public var favorites = FavoritesFeature.State()
    /// The team.
    public var team = TeamFeature.State()
    /// The settings screen.
    public var settings = SettingsFeature.State()
    /// The stats of the favorites.
    public var stats = StatsFeature.State()
    /// How loading the list goes (written by the list, read only here).
    @SharedReader(.downloads) public var downloads

    /// The app as it starts.
    public init() {}

    // The download status is saved with the session's shared snapshot.
    private enum CodingKeys: String, CodingKey {
      case list, favorites, team, settings, stats
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    /// Something happened in the list.
    case list(PokemonListFeature.Action)
    /// Something happened on the favorites screen.
    case favorites(FavoritesFeature.Action)
    /// Something happened to the team.
    case team(TeamFeature.Action)
    /// Something happened on the settings screen.
    case settings(SettingsFeature.Action)
    /// Something happened on the stats screen.
    case stats(StatsFeature.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) {
      PokemonListFeature()
    }
    Scope(state: \.favorites, action: \.favorites) {
      FavoritesFeature()
    }
    Scope(state: \.team, action: \.team) {
      TeamFeature()
    }
    Scope(state: \.settings, action: \.settings) {
      SettingsFeature()
    }
    Scope(state: \.stats, action: \.stats) {
      StatsFeature()
    }
    Reduce { state, action in
      switch action {
      case .list(.destination(.presented(.detail(.addToTeamTapped)))):
        guard case let .detail(detail)? = state.list.destination else { return .none }
        return .send(.team(.addTapped(id: detail.pokemon.id)))
      case let .stats(.typeTapped(type)):
        return .send(.list(.search(.filter(.binding(.set(\.selectedTypes, [type]))))))
      case .list, .favorites, .team, .settings, .stats:
        return .none
      }
    }
  }
}
