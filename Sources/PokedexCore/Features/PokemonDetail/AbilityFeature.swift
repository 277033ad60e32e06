import Composable

/// An ability drilled into from a detail: loads the Pokémon that have it, whose rows push their
/// detail (the detail owning the stack pushes it), and closes itself.

public struct AbilityFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The ability's API name: `overgrow`.
    public let name: String
    /// The ability and the Pokémon that have it, as loaded.
    public var ability: LoadState<AbilityDetail> = .idle

    /// The screen of the ability `name`, not loaded yet.
    public init(name: String, ability: LoadState<AbilityDetail> = .idle) {
      self.name = name
      self.ability = ability
    }

    /// The Pokémon with `id` among those the screen shows, if it shows it.
    public func shownPokemon(id: Int) -> Pokemon? {
      ability.value?.pokemon.first { $0.id == id }
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    /// The screen appeared: the Pokémon that have the ability load.
    case onAppear
    /// The ability finished loading.
    case abilityLoaded(Result<AbilityDetail, DexError>)
    /// The row of a Pokémon was tapped (the detail owning the stack pushes its detail).
    case pokemonTapped(id: Int)
    /// "Close" was tapped.
    case closeTapped
  }

  @Dependency(\.pokemonClient) var pokemonClient
  @Dependency(\.dismiss) var dismiss

  enum CancelID { case ability }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard !state.ability.isLoading, state.ability.value == nil else { return .none }
        state.ability = .loading
        let name = state.name
        return .run { send in
          do {
            await send(.abilityLoaded(.success(try await pokemonClient.ability(name: name))))
          } catch {
            await send(.abilityLoaded(.failure(DexError(error))))
          }
        }
        .cancellable(id: CancelID.ability, cancelInFlight: true)

      case let .abilityLoaded(.success(ability)):
        state.ability = .loaded(ability)
        return .none

      case let .abilityLoaded(.failure(error)):
        state.ability = .failed(error)
        return .none

      case .pokemonTapped:
        return .none

      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}
