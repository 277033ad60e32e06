import Composable

/// A Pokémon's six base stats, as the games and PokeAPI give them.

public struct PokemonStats: Codable, Equatable, Hashable, Sendable {
  public var hp: Int
  public var attack: Int
  public var defense: Int
  public var specialAttack: Int
  public var specialDefense: Int
  public var speed: Int

  /// Stats with the given base values.
  public init(
    hp: Int, attack: Int, defense: Int, specialAttack: Int, specialDefense: Int, speed: Int
  ) {
    self.hp = hp
    self.attack = attack
    self.defense = defense
    self.specialAttack = specialAttack
    self.specialDefense = specialDefense
    self.speed = speed
  }

  /// The sum of the six base stats: 320 for Pikachu.
  public var total: Int { hp + attack + defense + specialAttack + specialDefense + speed }
}
