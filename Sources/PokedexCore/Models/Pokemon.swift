import Foundation
import Composable

/// A Pokémon as the list, search and team show it: the default form of a national-dex species.
public struct Pokemon: Codable, Equatable, Hashable, Identifiable, Sendable {
  /// The national-dex number, which is also PokeAPI's pokemon id: 25 for Pikachu.
  public var id: Int
  /// The API name, lowercase with hyphens: `pikachu`, `mr-mime`, `deoxys-normal`.
  public var name: String
  /// The English name: `Pikachu`, `Mr. Mime`, `Nidoran♀`.
  public var displayName: String
  /// One or two lowercase type names in slot order: `["grass", "poison"]`.
  public var types: [String]
  /// Height in decimetres.
  public var height: Int
  /// Weight in hectograms.
  public var weight: Int
  /// The base stats.
  public var stats: PokemonStats
  /// Non-hidden abilities first, then hidden ones, each in slot order.
  public var abilities: [PokemonAbility]
  /// The generation that introduced the species, 1…9; 0 when unknown.
  public var generation: Int
  /// The English genus: `Mouse Pokémon`; empty when unknown.
  public var genus: String
  /// An English Pokédex entry; empty when unknown.
  public var flavorText: String

  /// A Pokémon with the given fields.
  public init(
    id: Int,
    name: String,
    displayName: String,
    types: [String],
    height: Int,
    weight: Int,
    stats: PokemonStats,
    abilities: [PokemonAbility],
    generation: Int,
    genus: String,
    flavorText: String
  ) {
    self.id = id
    self.name = name
    self.displayName = displayName
    self.types = types
    self.height = height
    self.weight = weight
    self.stats = stats
    self.abilities = abilities
    self.generation = generation
    self.genus = genus
    self.flavorText = flavorText
  }

  /// The front sprite, where PokeAPI keeps it:
  /// `https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png`.
  public var spriteURL: URL { Self.spriteURL(id: id) }

  /// The front sprite of the Pokémon with `id`, built the way PokeAPI builds `front_default`.
  public static func spriteURL(id: Int) -> URL {
    var components = URLComponents()
    components.scheme = "https"
    components.host = "raw.githubusercontent.com"
    components.path = "/PokeAPI/sprites/master/sprites/pokemon/\(id).png"
    // Scheme, host and an absolute path always make a URL; the fallback is never taken.
    return components.url ?? URL(filePath: components.path)
  }
}
