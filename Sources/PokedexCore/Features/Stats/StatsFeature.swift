import Composable

/// The stats screen: how the favorites spread over types and generations (seed 002's
/// `@SharedReader`). It reads the favorites and cannot change them: a `SharedReader` has no
/// `withLock`. Tapping a type shows those Pokémon in the list (the app does it).
public struct StatsFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The favorite ids, read only.
    @SharedReader(.favorites) public var favorites

    /// The stats screen.
    public init() {}

    // The favorites are saved with the session's shared snapshot, not with the state.
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {
      _ = encoder.container(keyedBy: EmptyCodingKey.self)
    }

    /// How many favorites have each type (a Pokémon of two types counts for both). Derived.
    public var countsByType: [String: Int] {
      favoritePokemon.reduce(into: [:]) { counts, pokemon in
        for type in pokemon.types { counts[type, default: 0] += 1 }
      }
    }

    /// How many favorites each generation introduced. Derived.
    public var countsByGeneration: [Int: Int] {
      favoritePokemon.reduce(into: [:]) { counts, pokemon in counts[pokemon.generation, default: 0] += 1 }
    }

    private var favoritePokemon: [Pokemon] {
      favorites.compactMap { try? Pokedex.shared.pokemon(id: $0) }
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    /// The row of a type was tapped: the list shows the Pokémon of that type.
    case typeTapped(String)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .typeTapped:
        // The app filters the list; the stats change nothing of their own.
        return .none
      }
    }
  }
}
