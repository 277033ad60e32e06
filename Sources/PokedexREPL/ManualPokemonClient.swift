import Composable
import PokedexCore

extension PokemonClient {
  /// A client whose every call waits on the `pendingCalls` dependency for an answer typed at
  /// the prompt (`respond e3`, `respond e3 .failure(…)`); the standard answer is the bundled
  /// client's.
  static let manual: Self = {
    let bundled = Self.bundled()
    return Self(
      page: { offset, limit in
        @Dependency(\.pendingCalls) var calls
        return try await calls.wait(
          for: "pokemonClient.page(offset: \(offset), limit: \(limit))",
          answer: Result<PokemonPage, DexError>.self,
          standard: { try await bundled.page(offset: offset, limit: limit) })
      },
      detail: { id in
        @Dependency(\.pendingCalls) var calls
        return try await calls.wait(
          for: "pokemonClient.detail(id: \(id))", answer: Result<PokemonDetail, DexError>.self,
          standard: { try await bundled.detail(id: id) })
      })
  }()
}
