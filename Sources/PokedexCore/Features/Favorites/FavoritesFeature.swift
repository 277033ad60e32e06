import Composable

/// The favorites screen (seed 002's example): the user's favorite Pokémon, toggled by id, and
/// released after a confirmation alert.

public struct FavoritesFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The favorite ids, shared with every screen and persisted in `favorites.json`.
    @Shared(.favorites) public var favorites
    /// The alert asking before a favorite is released, while it is shown.
    public var alert: AlertState<Alert>?

    /// The favorites screen.
    public init() {}

    // The favorites are saved with the session's shared snapshot, not with the state; an alert
    // shown is saved with the state.
    private enum CodingKeys: String, CodingKey { case alert }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      alert = try container.decodeIfPresent(AlertState<Alert>.self, forKey: .alert)
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(alert, forKey: .alert)
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
    /// Release was tapped beside the favorite with this id: an alert asks first.
    case releaseTapped(id: Int)
    /// A button of the alert was tapped, or it was closed.
    case alert(PresentationAction<Alert>)
  }

  /// What the release alert's buttons send.
  public enum Alert: Equatable, Sendable, Codable, CasePathable {
    /// The release was confirmed: the favorite with this id stops being one.
    case releaseConfirmed(id: Int)
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

      case let .releaseTapped(id):
        guard state.favorites.contains(id) else {
          warnings("\(Self.name(of: id)) is not a favorite. Nothing changed.")
          return .none
        }
        state.alert = Self.releaseAlert(id: id)
        return .none

      case let .alert(.presented(.releaseConfirmed(id))):
        // The favorite may have gone meanwhile (another process): tapping would add it back.
        guard state.favorites.contains(id) else { return .none }
        return .send(.favoriteTapped(id: id))

      case .alert:
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert) {}
    .onChange(of: \.favorites) { _, favorites in
      Reduce { state, _ in
        // A Pokémon tapped away while its alert shows leaves the alert nothing to ask.
        if case let .releaseConfirmed(id)? = state.alert?.buttons.first?.action,
          !favorites.contains(id)
        {
          state.alert = nil
        }
        return .none
      }
    }
  }

  /// The alert asking before the favorite `id` is released.
  public static func releaseAlert(id: Int) -> AlertState<Alert> {
    let name = name(of: id)
    return AlertState {
      TextState("Release \(name)?")
    } actions: {
      ButtonState(role: .destructive, action: .releaseConfirmed(id: id)) { TextState("Release") }
      ButtonState(role: .cancel) { TextState("Keep") }
    } message: {
      TextState("\(name) stops being a favorite.")
    }
  }

  /// The Pokémon's name, or its id for one the Pokédex does not have.
  private static func name(of id: Int) -> String {
    (try? Pokedex.shared.pokemon(id: id))?.displayName ?? "The Pokémon with id \(id)"
  }
}
