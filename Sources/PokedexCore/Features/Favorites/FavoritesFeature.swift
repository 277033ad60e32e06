import Composable

/// The favorites screen (seed 002's example): the user's favorite Pokémon, toggled by id.

public struct FavoritesFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The favorite ids, shared with every screen and persisted in `favorites.json`.
    @Shared(.favorites) public var favorites

    /// The favorites screen.
    public init() {}

    // The favorites are saved with the session's shared snapshot, not with the state.
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {
      _ = encoder.container(keyedBy: EmptyCodingKey.self)
    }

    /// The favorite Pokémon in id order, for display. Derived from `favorites`, never stored.
    public var favoritePokemon: [Pokemon] {
      favorites.sorted().compactMap { try? Pokedex.shared.pokemon(id: $0) }
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    /// The star of the Pokémon with this id was tapped: it becomes a favorite, or stops being one.
    /// An id no Pokémon has (a file written by hand) can stop being one, never become one.
    case favoriteTapped(id: Int)
  }

  @Dependency(\.warnings) var warnings

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .favoriteTapped(id):
        guard (try? Pokedex.shared.pokemon(id: id)) != nil || state.favorites.contains(id) else {
          warnings("There is no Pokémon with id \(id) (ids are 1…1025). Nothing changed.")
          return .none
        }
        state.$favorites.withLock { $0.toggle(id) }
        return .none
      }
    }
  }
}
