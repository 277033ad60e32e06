import Composable

extension PokemonClient {
  /// A client whose every call waits on the `pendingCalls` dependency for an answer given from
  /// outside the store (dex's `respond e3 .failure(…)`, a test's `calls.respond(to:with:)`);
  /// the standard answer is the bundled client's.
  public static let manual: Self = {
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
      },
      ability: { name in
        @Dependency(\.pendingCalls) var calls
        return try await calls.wait(
          for: "pokemonClient.ability(name: \(String(reflecting: name)))",
          answer: Result<AbilityDetail, DexError>.self,
          standard: { try await bundled.ability(name: name) })
      })
  }()
}
