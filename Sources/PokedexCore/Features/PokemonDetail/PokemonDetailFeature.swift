import Composable

/// The detail of one Pokémon: loads its extra data, toggles it as a favorite, adds it to the
/// team, closes itself (seeds 000 and 002), and drills down through abilities: an ability
/// pushes the Pokémon that have it, one of those pushes its detail, and so on, all on this
/// detail's stack.

public struct PokemonDetailFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The Pokémon shown.
    public let pokemon: Pokemon
    /// The extra data the detail loads.
    public var extra: LoadState<PokemonDetail> = .idle
    /// The screens drilled into from this detail, bottom first (empty on a pushed detail: the
    /// presented one owns the stack).
    public var path = StackState<Path.State>()
    /// The user's favorites, which this screen changes.
    @Shared(.favorites) public var favorites

    /// The detail of `pokemon`.
    public init(
      pokemon: Pokemon, extra: LoadState<PokemonDetail> = .idle,
      path: StackState<Path.State> = StackState()
    ) {
      self.pokemon = pokemon
      self.extra = extra
      self.path = path
    }

    // Shared values are saved with the session's shared snapshot, not with the state.
    private enum CodingKeys: String, CodingKey {
      case pokemon, extra, path
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
    /// One of the shown Pokémon's abilities was tapped: its screen is pushed.
    case abilityTapped(name: String)
    /// Something happened on a screen drilled into.
    case path(StackActionOf<Path>)
  }

  /// The screens a detail drills into.
  public struct Path: Reducer, Sendable {
    public enum State: Equatable, Sendable, Codable, StateCasePathable {
      /// An ability and the Pokémon that have it.
      case ability(AbilityFeature.State)
      /// The detail of one of those Pokémon.
      case detail(PokemonDetailFeature.State)
    }

    public enum Action: Equatable, Sendable, Codable {
      /// Something happened on an ability screen.
      case ability(AbilityFeature.Action)
      /// Something happened on a pushed detail (indirect: a detail's actions hold its stack's).
      indirect case detail(PokemonDetailFeature.Action)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.ability, action: \.ability) {
        AbilityFeature()
      }
      Scope(state: \.detail, action: \.detail) {
        PokemonDetailFeature.Screen()
      }
    }
  }

  @Dependency(\.warnings) var warnings

  public init() {}

  public var body: some ReducerOf<Self> {
    Screen()
    Reduce { state, action in
      switch action {
      case let .abilityTapped(name):
        return push(ability: name, of: state.pokemon, onto: &state)

      case let .path(.element(id, .detail(.abilityTapped(name)))):
        guard case let .detail(detail)? = state.path[id: id] else { return .none }
        return push(ability: name, of: detail.pokemon, onto: &state)

      case let .path(.element(id, .ability(.pokemonTapped(pokemonID)))):
        guard case let .ability(screen)? = state.path[id: id],
          let pokemon = screen.shownPokemon(id: pokemonID)
        else {
          warnings("Pokémon \(pokemonID) is not shown on that ability's screen; wait for it to load. Nothing changed.")
          return .none
        }
        state.path.append(.detail(State(pokemon: pokemon)))
        return .none

      case .onAppear, .extraLoaded, .favoriteTapped, .addToTeamTapped, .closeTapped, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Path()
    }
  }

  /// Pushes the screen of the ability `name` when `pokemon` has it (the tap acts on what the
  /// screen shows).
  private func push(
    ability name: String, of pokemon: Pokemon, onto state: inout State
  ) -> Effect<Action> {
    guard pokemon.abilities.contains(where: { $0.name == name }) else {
      let names = pokemon.abilities.map(\.name).joined(separator: ", ")
      warnings("\(pokemon.displayName) has no ability \"\(name)\" (it has \(names)). Nothing changed.")
      return .none
    }
    state.path.append(.ability(AbilityFeature.State(name: name)))
    return .none
  }
}

extension PokemonDetailFeature {
  /// One detail screen, presented or pushed: its own data, favorite, team and close buttons.
  /// Its taps on abilities are handled by the detail owning the stack.
  public struct Screen: Reducer, Sendable {
    public typealias State = PokemonDetailFeature.State
    public typealias Action = PokemonDetailFeature.Action

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

        case .addToTeamTapped, .abilityTapped, .path:
          return .none

        case .closeTapped:
          return .run { _ in await dismiss() }
        }
      }
    }
  }
}
