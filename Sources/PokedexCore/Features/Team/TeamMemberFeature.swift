import Foundation
import Composable

/// One member of the team: a Pokémon with a nickname and a level, run with its own store per
/// row (seed 003).
public struct TeamMemberFeature: Reducer, Sendable {
  public struct State: Equatable, Identifiable, Sendable, Codable {
    /// The member's identity, from the `uuid` dependency.
    public let id: UUID
    /// The Pokémon's national-dex id.
    public let pokemonID: Int
    /// What the trainer calls it.
    public var nickname: String
    /// Its level, 1…100.
    public var level: Int
    /// Whether its Pokémon is a favorite: read from the favorites as they change, never stored.
    @SharedReader public var isFavorite: Bool

    /// A member of the team.
    public init(id: UUID, pokemonID: Int, nickname: String, level: Int = 5) {
      self.id = id
      self.pokemonID = pokemonID
      self.nickname = nickname
      self.level = level
      _isFavorite = Self.isFavorite(pokemonID)
    }

    /// Whether `pokemonID` is among the favorites, read along with them.
    private static func isFavorite(_ pokemonID: Int) -> SharedReader<Bool> {
      Shared(.favorites).read { $0.contains(pokemonID) }
    }

    private enum CodingKeys: String, CodingKey {
      case id, pokemonID, nickname, level
    }

    /// A member as the team makes one: a Pokémon of the Pokédex at a level in 1…100. Decoding
    /// refuses any other (`DecodingError.dataCorrupted` at the field), as `addTapped` and the
    /// level binding do, so a session file or an action cannot bring one in.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(UUID.self, forKey: .id)
      pokemonID = try container.decode(Int.self, forKey: .pokemonID)
      nickname = try container.decode(String.self, forKey: .nickname)
      level = try container.decode(Int.self, forKey: .level)
      _isFavorite = Self.isFavorite(pokemonID)
      guard (try? Pokedex.shared.pokemon(id: pokemonID)) != nil else {
        throw DecodingError.dataCorruptedError(
          forKey: .pokemonID, in: container,
          debugDescription: "there is no Pokémon with id \(pokemonID) in the Pokédex")
      }
      guard TeamMemberFeature.levels.contains(level) else {
        throw DecodingError.dataCorruptedError(
          forKey: .level, in: container, debugDescription: "level \(level) is outside 1…100")
      }
    }
  }

  public enum Action: Equatable, Sendable, Codable, BindableAction {
    /// A field was edited: `.binding(.set(\.nickname, "Sparky"))` or `\.level`.
    case binding(BindingAction<State>)
  }

  public static let levels = 1...100

  @Dependency(\.warnings) var warnings

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case let .binding(binding) where binding.name == "level":
        if !Self.levels.contains(state.level) {
          let refused = state.level
          state.level = min(max(state.level, Self.levels.lowerBound), Self.levels.upperBound)
          warnings("Level \(refused) is outside 1…100; \(state.nickname) is level \(state.level).")
        }
        return .none
      case .binding:
        return .none
      }
    }
  }
}

extension TeamMemberFeature.State: BindableFields {
  public static let bindableFields: [BindableField<Self>] = [
    BindableField("nickname", \.nickname),
    BindableField("level", \.level),
  ]
}
