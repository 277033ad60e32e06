import Foundation
import PokedexCore
import Testing
import Composable

@Suite struct PokemonTests {
  @Test func theSpriteURLIsWherePokeAPIKeepsTheFrontSprite() {
    #expect(
      Pokemon.spriteURL(id: 150).absoluteString
        == "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/150.png")
  }

  @Test func aPokemonSurvivesAJSONRoundTrip() throws {
    let mewtwo = try #require(try Pokedex.shared.pokemon(id: 150))
    let data = try JSONEncoder().encode(mewtwo)
    #expect(try JSONDecoder().decode(Pokemon.self, from: data) == mewtwo)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "id", "name", "displayName", "types", "height", "weight", "stats", "abilities",
        "generation", "genus", "flavorText",
      ])
  }

  @Test func theStatsTotalIsTheSumOfTheSixBaseStats() {
    let stats = PokemonStats(
      hp: 1, attack: 2, defense: 3, specialAttack: 4, specialDefense: 5, speed: 6)
    #expect(stats.total == 21)
  }
}
