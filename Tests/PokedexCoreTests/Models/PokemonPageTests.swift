import PokedexCore
import Testing
import Composable

@Suite struct PokemonPageTests {
  @Test(arguments: [
    (offset: 0, count: 20, total: 1025, hasMore: true),
    (offset: 1000, count: 20, total: 1025, hasMore: true),
    (offset: 1020, count: 5, total: 1025, hasMore: false),
    (offset: 2000, count: 0, total: 1025, hasMore: false),
    (offset: 0, count: 0, total: 0, hasMore: false),
  ])
  func hasMoreIsTrueUntilThePageReachesTheTotal(
    offset: Int, count: Int, total: Int, hasMore: Bool
  ) throws {
    let pokemon = try Pokedex.shared.all()
    let items = Array(pokemon.prefix(count))
    let page = PokemonPage(offset: offset, items: items, totalCount: total)
    #expect(page.hasMore == hasMore)
    #expect(page.nextOffset == offset + count)
  }
}
