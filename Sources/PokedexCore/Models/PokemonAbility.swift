import Composable

/// One of a Pokémon's abilities, by its API name (`lightning-rod`).

public struct PokemonAbility: Codable, Equatable, Hashable, Sendable {
  /// The ability's API name, lowercase with hyphens: `static`, `lightning-rod`.
  public var name: String
  /// Whether this is the Pokémon's hidden ability.
  public var isHidden: Bool

  /// An ability named `name`.
  public init(name: String, isHidden: Bool) {
    self.name = name
    self.isHidden = isHidden
  }
}
