import Foundation
import Composable

/// The parts of PokeAPI's REST responses the client reads, decoded by `makeDecoder()`
/// (`base_experience` → `baseExperience`).
enum PokeAPIResponse {
  /// A decoder for PokeAPI's snake_case keys.
  static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }

  /// `{"name": "pikachu", "url": "https://pokeapi.co/api/v2/pokemon/25/"}`.
  struct NamedResource: Decodable, Sendable {
    var name: String
    var url: String

    /// The id at the end of `url` (`…/pokemon/25/` → 25), if it ends with one.
    var id: Int? {
      url.split(separator: "/", omittingEmptySubsequences: true).last.flatMap { Int($0) }
    }
  }

  /// `GET /api/v2/pokemon?offset=&limit=`: the total count and one page of named resources.
  /// `next` and `previous` are left unread: the client pages by offset and limit itself.
  struct List: Decodable, Sendable {
    var count: Int
    var results: [NamedResource]
  }

  /// `GET /api/v2/ability/{name}`: the ability's name and the Pokémon that have it.
  struct Ability: Decodable, Sendable {
    var name: String
    var pokemon: [Holder]

    /// One Pokémon having the ability.
    struct Holder: Decodable, Sendable {
      var pokemon: NamedResource
    }
  }

  /// `GET /api/v2/pokemon/{id}`.
  struct Pokemon: Decodable, Sendable {
    var id: Int
    var name: String
    var height: Int
    var weight: Int
    var baseExperience: Int?
    /// Type names in slot order.
    var types: [String]
    var stats: PokemonStats
    /// Non-hidden abilities first, then hidden ones, each in slot order, as the dataset has them.
    var abilities: [PokemonAbility]
    var frontSprite: URL?
    var species: NamedResource

    private enum CodingKeys: String, CodingKey {
      case id, name, height, weight, baseExperience, types, stats, abilities, sprites, species
    }

    private struct TypeSlot: Decodable {
      var slot: Int
      var type: NamedResource
    }

    private struct Stat: Decodable {
      var baseStat: Int
      var stat: NamedResource
    }

    private struct Ability: Decodable {
      var ability: NamedResource
      var isHidden: Bool
      var slot: Int
    }

    private struct Sprites: Decodable {
      var frontDefault: String?
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      name = try container.decode(String.self, forKey: .name)
      height = try container.decode(Int.self, forKey: .height)
      weight = try container.decode(Int.self, forKey: .weight)
      baseExperience = try container.decodeIfPresent(Int.self, forKey: .baseExperience)
      types = try container.decode([TypeSlot].self, forKey: .types)
        .sorted { $0.slot < $1.slot }
        .map(\.type.name)
      let stats = try container.decode([Stat].self, forKey: .stats)
      func base(_ name: String) throws -> Int {
        guard let stat = stats.first(where: { $0.stat.name == name }) else {
          throw DecodingError.dataCorruptedError(
            forKey: .stats, in: container, debugDescription: "no stat named '\(name)'")
        }
        return stat.baseStat
      }
      self.stats = PokemonStats(
        hp: try base("hp"),
        attack: try base("attack"),
        defense: try base("defense"),
        specialAttack: try base("special-attack"),
        specialDefense: try base("special-defense"),
        speed: try base("speed"))
      abilities = try container.decode([Ability].self, forKey: .abilities)
        .sorted { ($0.isHidden ? 1 : 0, $0.slot) < ($1.isHidden ? 1 : 0, $1.slot) }
        .map { PokemonAbility(name: $0.ability.name, isHidden: $0.isHidden) }
      frontSprite = try container.decodeIfPresent(Sprites.self, forKey: .sprites)?
        .frontDefault.flatMap { URL(string: $0) }
      species = try container.decode(NamedResource.self, forKey: .species)
    }
  }
}
