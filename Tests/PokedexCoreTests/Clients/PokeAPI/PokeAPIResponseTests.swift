import Foundation
@testable import PokedexCore
import Testing
import Composable

@Suite struct PokeAPIResponseTests {
  @Test func anAlternateFormIsNamedFromItsAPINameAndTakesItsSpeciesDataFromTheDataset() throws {
    let form = try decode(
      id: 10080, name: "pikachu-rock-star", baseExperience: "null", species: 25)

    let pokemon = form.pokemon(in: .shared)
    let detail = form.detail(in: .shared)

    let pikachu = try #require(try Pokedex.shared.pokemon(id: 25))
    #expect(pokemon.id == 10080)
    #expect(pokemon.displayName == "Pikachu Rock Star")
    #expect(pokemon.types == ["electric"])
    #expect(pokemon.genus == "Mouse Pokémon")
    #expect(pokemon.generation == 1)
    #expect(pokemon.flavorText == pikachu.flavorText)
    #expect(detail.baseExperience == nil)
    #expect(detail.color == "yellow")
    #expect(detail.flavorText == pikachu.flavorText)
  }

  @Test func aSpeciesTheDatasetDoesNotKnowGetsTheDocumentedFallbacks() throws {
    let unknown = try decode(id: 20000, name: "missing-no", baseExperience: "7", species: 20000)

    let pokemon = unknown.pokemon(in: .shared)
    let detail = unknown.detail(in: .shared)

    #expect(pokemon.displayName == "Missing No")
    #expect(pokemon.generation == 0)
    #expect(pokemon.genus == "")
    #expect(pokemon.flavorText == "")
    #expect(detail.baseExperience == 7)
    #expect(detail.isLegendary == false)
    #expect(detail.isMythical == false)
    #expect(detail.color == nil)
  }

  @Test func typesFollowTheirSlotsAndHiddenAbilitiesComeLast() throws {
    let json = """
      {"id": 1, "name": "bulbasaur", "height": 7, "weight": 69, "base_experience": 64,
       "types": [{"slot": 2, "type": {"name": "poison", "url": ""}},
                 {"slot": 1, "type": {"name": "grass", "url": ""}}],
       "stats": \(Self.stats),
       "abilities": [
         {"ability": {"name": "chlorophyll", "url": ""}, "is_hidden": true, "slot": 3},
         {"ability": {"name": "second", "url": ""}, "is_hidden": false, "slot": 2},
         {"ability": {"name": "overgrow", "url": ""}, "is_hidden": false, "slot": 1}],
       "sprites": {"front_default": null},
       "species": {"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon-species/1/"}}
      """
    let bulbasaur = try PokeAPIResponse.makeDecoder()
      .decode(PokeAPIResponse.Pokemon.self, from: Data(json.utf8))

    #expect(bulbasaur.types == ["grass", "poison"])
    #expect(bulbasaur.abilities.map(\.name) == ["overgrow", "second", "chlorophyll"])
    #expect(bulbasaur.frontSprite == nil)
    #expect(bulbasaur.pokemon(in: .shared).displayName == "Bulbasaur")
  }

  @Test(arguments: [
    ("https://pokeapi.co/api/v2/pokemon/25/", 25),
    ("https://pokeapi.co/api/v2/pokemon/10080", 10080),
    ("https://pokeapi.co/api/v2/pokemon/pikachu/", nil),
    ("", nil),
  ] as [(String, Int?)])
  func aResourceIDIsTheLastPathComponentOfItsURL(url: String, id: Int?) {
    #expect(PokeAPIResponse.NamedResource(name: "x", url: url).id == id)
  }

  /// The pikachu fixture with its id, name, base experience and species id replaced.
  private func decode(
    id: Int, name: String, baseExperience: String, species: Int
  ) throws -> PokeAPIResponse.Pokemon {
    let fixture = String(decoding: try PokeAPIFixtures.data("pokemon-25"), as: UTF8.self)
      .replacingOccurrences(of: "\"id\": 25,", with: "\"id\": \(id),")
      .replacingOccurrences(
        of: "\"name\": \"pikachu\",\n  \"species\"",
        with: "\"name\": \"\(name)\",\n  \"species\"")
      .replacingOccurrences(
        of: "\"base_experience\": 112", with: "\"base_experience\": \(baseExperience)")
      .replacingOccurrences(of: "pokemon-species/25/", with: "pokemon-species/\(species)/")
    let form = try PokeAPIResponse.makeDecoder()
      .decode(PokeAPIResponse.Pokemon.self, from: Data(fixture.utf8))
    try #require(form.id == id && form.name == name && form.species.id == species)
    return form
  }

  private static let stats = """
    [{"base_stat": 45, "effort": 0, "stat": {"name": "hp", "url": ""}},
     {"base_stat": 49, "effort": 0, "stat": {"name": "attack", "url": ""}},
     {"base_stat": 49, "effort": 0, "stat": {"name": "defense", "url": ""}},
     {"base_stat": 65, "effort": 1, "stat": {"name": "special-attack", "url": ""}},
     {"base_stat": 65, "effort": 0, "stat": {"name": "special-defense", "url": ""}},
     {"base_stat": 45, "effort": 0, "stat": {"name": "speed", "url": ""}}]
    """
}
