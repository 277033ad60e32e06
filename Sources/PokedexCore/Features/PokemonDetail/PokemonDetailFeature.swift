import Composable

/// The detail of one Pokémon: loads its extra data, toggles it as a favorite, adds it to the
/// team, and closes itself (seeds 000 and 002).

public struct PokemonDetailFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The Pokémon shown.
    public let pokemon: Pokemon
    /// The extra data the detail loads.
    public var extra: LoadState<PokemonDetail> = .idle
    /// The user's favorites, which this screen changes.
    @Shared(.favorites) public var favorites

    /// The detail of `pokemon`.
    public init(pokemon: Pokemon, extra: LoadState<PokemonDetail> = .idle) {
      self.pokemon = pokemon
      self.extra = extra
    }

    // Shared values are saved with the session's shared snapshot, not with the state.
    private enum CodingKeys: String, CodingKey {
      case pokemon, extra
    }

    /// Whether the shown Pokémon is a favorite.
    public var isFavorite: Bool { favorites.contains(pokemon.id) }
  }

  public enum Action: Equatable, Sendable, Codable {
    /// The detail appeared: its extra data loads.
    case onAppear
    /// The extra data finished loading.
    case extraLoaded(Result<PokemonDetail, DexError>)
    /// The star was tapped.
    case favoriteTapped
    /// "Add to team" was tapped (the app adds it to the team).
    case addToTeamTapped
    /// "Close" was tapped.
    case closeTapped
  }

  @Dependency(\.pokemonClient) var pokemonClient
  @Dependency(\.dismiss) var dismiss

  enum CancelID { case extra }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard !state.extra.isLoading, state.extra.value == nil else { return .none }
        state.extra = .loading
        let id = state.pokemon.id
        return .run { send in
          do {
            await send(.extraLoaded(.success(try await pokemonClient.detail(id: id))))
          } catch {
            await send(.extraLoaded(.failure(DexError(error))))
          }
        }
        .cancellable(id: CancelID.extra, cancelInFlight: true)

      case let .extraLoaded(.success(detail)):
        state.extra = .loaded(detail)
        return .none

      case let .extraLoaded(.failure(error)):
        state.extra = .failed(error)
        return .none

      case .favoriteTapped:
        let id = state.pokemon.id
        state.$favorites.withLock { $0.toggle(id) }
        return .none

      case .addToTeamTapped:
        return .none

      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}
