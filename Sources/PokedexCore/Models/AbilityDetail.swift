import Composable

/// What the ability screen shows: an ability and the Pokémon of the national dex that have it.
public struct AbilityDetail: Codable, Equatable, Hashable, Sendable {
  /// The ability's API name: `overgrow`, `lightning-rod`.
  public var name: String
  /// The Pokémon that have it (as a hidden ability or not), in national-dex order.
  public var pokemon: [Pokemon]

  /// The ability `name`, which `pokemon` have.
  public init(name: String, pokemon: [Pokemon]) {
    self.name = name
    self.pokemon = pokemon
  }

  /// Whether `name` can be an ability's API name: 1 to 64 lowercase letters, digits and
  /// hyphens (what a request path may carry as it is).
  public static func isValidName(_ name: String) -> Bool {
    (1...64).contains(name.utf8.count)
      && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
  }
}
