import DexPlatform
import Foundation
import PokedexCore
import Testing
import Composable

@Suite struct PokedexTests {
  @Test func theDatasetHoldsTheNationalDexFromOneTo1025() throws {
    let all = try Pokedex.shared.all()
    #expect(try Pokedex.shared.count == 1025)
    #expect(all.map(\.id) == Array(1...1025))
    #expect(Set(all.map(\.name)).count == 1025)
  }

  @Test func pikachuIsNumber25AndElectric() throws {
    let pikachu = try #require(try Pokedex.shared.pokemon(id: 25))
    #expect(pikachu.name == "pikachu")
    #expect(pikachu.displayName == "Pikachu")
    #expect(pikachu.types == ["electric"])
    #expect(pikachu.height == 4)
    #expect(pikachu.weight == 60)
    #expect(pikachu.generation == 1)
    #expect(pikachu.genus == "Mouse Pokémon")
    #expect(pikachu.stats.total == 320)
    #expect(
      pikachu.spriteURL.absoluteString
        == "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png")
  }

  @Test(arguments: ["Mr. Mime", "mr-mime", "MR-MIME", "  mr. mime "])
  func lookingUpMrMimeIgnoresCaseAndTakesEitherName(_ name: String) throws {
    #expect(try Pokedex.shared.pokemon(named: name)?.id == 122)
  }

  @Test func lookingUpIgnoresAccentsAndTheKindOfApostrophe() throws {
    #expect(try Pokedex.shared.pokemon(named: "flabebe")?.displayName == "Flabébé")
    #expect(try Pokedex.shared.pokemon(named: "Farfetch'd")?.id == 83)
    #expect(try Pokedex.shared.pokemon(named: "nidoran♀")?.name == "nidoran-f")
  }

  @Test func everyPokemonIsFoundByItsOwnNames() throws {
    for pokemon in try Pokedex.shared.all() {
      #expect(try Pokedex.shared.pokemon(named: pokemon.name) == pokemon)
      #expect(try Pokedex.shared.pokemon(named: pokemon.displayName.uppercased()) == pokemon)
    }
  }

  @Test func anUnknownIDOrNameFindsNothing() throws {
    #expect(try Pokedex.shared.pokemon(id: 0) == nil)
    #expect(try Pokedex.shared.pokemon(id: 1026) == nil)
    #expect(try Pokedex.shared.pokemon(named: "missingno") == nil)
    #expect(try Pokedex.shared.detail(id: 1026) == nil)
  }

  @Test func searchingCharFindsEveryNameContainingItInIDOrder() throws {
    let found = try Pokedex.shared.search("CHAR")
    #expect(
      found.map(\.name) == [
        "charmander", "charmeleon", "charizard", "chimchar", "charjabug", "charcadet",
        "pecharunt",
      ])
  }

  @Test func searchingMatchesEnglishNamesToo() throws {
    #expect(try Pokedex.shared.search("mr. ").map(\.name) == ["mr-mime", "mr-rime"])
  }

  @Test func aBlankSearchFindsEveryPokemon() throws {
    #expect(try Pokedex.shared.search("  ").count == 1025)
  }

  @Test func theTypesAreTheEighteenStandardOnesInAlphabeticalOrder() throws {
    #expect(
      try Pokedex.shared.types() == [
        "bug", "dark", "dragon", "electric", "fairy", "fighting", "fire", "flying", "ghost",
        "grass", "ground", "ice", "normal", "poison", "psychic", "rock", "steel", "water",
      ])
  }

  @Test func theDataIsReadOnFirstUseAndOnlyOnce() async throws {
    let reads = LockedValue(0)
    let bundled = Pokedex.bundled()
    let pokedex = Pokedex(resourceName: "pokedex.json") {
      reads.withLock { $0 += 1 }
      return try Pokedex.readBundledData()
    }
    #expect(!bundled.isLoaded)
    #expect(!pokedex.isLoaded)
    #expect(reads.withLock { $0 } == 0)

    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<8 { group.addTask { try pokedex.count } }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(counts == Array(repeating: 1025, count: 8))
    #expect(pokedex.isLoaded)
    #expect(reads.withLock { $0 } == 1)
    #expect(!bundled.isLoaded)
    #expect(try bundled.pokemon(id: 1)?.name == "bulbasaur")
    #expect(bundled.isLoaded)
  }

  @Test func aFileThatDoesNotDecodeIsADecodingErrorNamingIt() throws {
    let pokedex = Pokedex(resourceName: "broken.json") { Data(#"[{"id": 1}]"#.utf8) }
    let expected = DexError(
      kind: .decoding, message: "broken.json could not be decoded: missing key '[0].name'.")
    #expect(throws: expected) { try pokedex.pokemon(id: 1) }
    #expect(throws: expected) { try pokedex.search("a") }
  }

  @Test func aFileThatCannotBeReadIsAnErrorNamingIt() throws {
    let pokedex = Pokedex(resourceName: "gone.json") {
      try Data(contentsOf: URL(filePath: "/nonexistent/gone.json"))
    }
    let error = #expect(throws: DexError.self) { try pokedex.count }
    #expect(error?.kind == .other)
    #expect(error?.message.hasPrefix("Could not read gone.json: ") == true)
  }
}
