import Foundation
import Composable

/// What the detail screen loads on top of the `Pokemon` it already shows: the fields a list row
/// does not need, plus the abilities, stats and Pokédex entry as the source reports them.
///
/// The species-level fields (`isLegendary`, `isMythical`, `color`, `flavorText`) are not in
/// PokeAPI's `/pokemon/{id}` response; the PokeAPI client takes them from the bundled dataset by
/// species id, and uses the fallbacks documented on each field for a species it does not know.
public struct PokemonDetail: Codable, Equatable, Hashable, Identifiable, Sendable {
  /// The Pokémon's id, the same as its `Pokemon.id`.
  public var id: Int
  /// The experience gained by defeating it; nil when the source has none (some alternate forms).
  public var baseExperience: Int?
  /// Whether the species is legendary; false when unknown.
  public var isLegendary: Bool
  /// Whether the species is mythical; false when unknown.
  public var isMythical: Bool
  /// The Pokédex colour (`yellow`); nil when unknown.
  public var color: String?
  /// Non-hidden abilities first, then hidden ones, each in slot order.
  public var abilities: [PokemonAbility]
  /// The base stats.
  public var stats: PokemonStats
  /// An English Pokédex entry; empty when unknown.
  public var flavorText: String
  /// The front sprite the source reports; nil when it has no image.
  public var spriteURL: URL?

  /// A detail with the given fields.
  public init(
    id: Int,
    baseExperience: Int?,
    isLegendary: Bool,
    isMythical: Bool,
    color: String?,
    abilities: [PokemonAbility],
    stats: PokemonStats,
    flavorText: String,
    spriteURL: URL?
  ) {
    self.id = id
    self.baseExperience = baseExperience
    self.isLegendary = isLegendary
    self.isMythical = isMythical
    self.color = color
    self.abilities = abilities
    self.stats = stats
    self.flavorText = flavorText
    self.spriteURL = spriteURL
  }
}
