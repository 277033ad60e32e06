import Composable

/// The root of the app: the list (with its detail and search), the favorites screen and the
/// team. It coordinates them by reacting to their actions, so children never hold closures to
/// each other: the detail's "add to team" reaches the team through here.

public struct AppFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The Pokémon list, its detail and search.
    public var list = PokemonListFeature.State()
    /// The favorites screen.
    public var favorites = FavoritesFeature.State()
    /// The team.
    public var team = TeamFeature.State()

    /// The app as it starts.
    public init() {}
  }

  public enum Action: Equatable, Sendable, Codable {
    /// Something happened in the list.
    case list(PokemonListFeature.Action)
    /// Something happened on the favorites screen.
    case favorites(FavoritesFeature.Action)
    /// Something happened to the team.
    case team(TeamFeature.Action)
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
    Reduce { state, action in
      switch action {
      case .list(.destination(.presented(.detail(.addToTeamTapped)))):
        guard case let .detail(detail)? = state.list.destination else { return .none }
        return .send(.team(.addTapped(id: detail.pokemon.id)))
      case .list, .favorites, .team:
        return .none
      }
    }
  }
}
