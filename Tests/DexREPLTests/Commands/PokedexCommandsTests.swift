import Testing

/// The Pokédex's own commands name a Pokémon the way `favs` does, whatever was typed.
@Suite struct PokedexCommandsTests {
  @Test func findPrintsTheNameFavsPrints() async throws {
    let result = try await DexProcess.run(input: "find mime\nfav mr-mime\nfavs\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("122 Mr. Mime (psychic, fairy)\n439 Mime Jr. (psychic, fairy)\n"))
    #expect(result.standardOutput.hasSuffix("\n122 Mr. Mime\n"))
  }

  @Test func aNameNoPokemonHasSuggestsDisplayNames() async throws {
    let result = try await DexProcess.run(input: "fav mime\n")
    #expect(
      result.errorLines == [
        "<stdin>:1: no Pokémon is called 'mime'. Did you mean 'Mr. Mime', 'Mime Jr.'?"
      ])
  }
}
