import Foundation
import Composable
import DexPlatform

/// Where the Pokédex features get their Pokémon: a page of the list and the detail of one.
///
/// Errors are `DexError`s (or `CancellationError` when the calling task is cancelled). The live
/// value reads the bundled dataset; tests override it:
///
/// ```swift
/// let page = try await withDependencies {
///   $0.pokemonClient = .bundled()
/// } operation: {
///   @Dependency(\.pokemonClient) var pokemonClient
///   return try await pokemonClient.page(offset: 0, limit: 20)
/// }
/// page.items.map(\.name).prefix(2)  // ["bulbasaur", "ivysaur"]
/// page.totalCount                   // 1025
/// ```
public struct PokemonClient: Sendable {
  /// Loads `limit` Pokémon starting at `offset`; call it as `page(offset:limit:)`.
  public var page: @Sendable (_ offset: Int, _ limit: Int) async throws -> PokemonPage
  /// Loads the detail of the Pokémon with an id; call it as `detail(id:)`.
  public var detail: @Sendable (_ id: Int) async throws -> PokemonDetail
  /// Loads an ability and the Pokémon that have it, by its API name; call it as
  /// `ability(name:)`.
  public var ability: @Sendable (_ name: String) async throws -> AbilityDetail

  /// A client whose endpoints run the given closures.
  public init(
    page: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> PokemonPage,
    detail: @escaping @Sendable (_ id: Int) async throws -> PokemonDetail,
    ability: @escaping @Sendable (_ name: String) async throws -> AbilityDetail
  ) {
    self.page = page
    self.detail = detail
    self.ability = ability
  }

  /// The page of at most `limit` Pokémon starting at `offset`: empty past the end of the list.
  public func page(offset: Int, limit: Int) async throws -> PokemonPage {
    try await Self.dexErrors { try await self.page(offset, limit) }
  }

  /// What the detail screen shows for the Pokémon with `id`.
  public func detail(id: Int) async throws -> PokemonDetail {
    try await Self.dexErrors { try await self.detail(id) }
  }

  /// The ability named `name` (`overgrow`) and the Pokémon that have it; a name that cannot be
  /// an ability's is not looked up.
  public func ability(name: String) async throws -> AbilityDetail {
    guard AbilityDetail.isValidName(name) else { throw DexError.noAbility(named: name) }
    return try await Self.dexErrors { try await self.ability(name) }
  }

  /// Runs `operation`, turning any error but a `DexError` or a cancellation into a `DexError`.
  private static func dexErrors<Value>(
    _ operation: () async throws -> Value
  ) async throws -> Value {
    do {
      return try await operation()
    } catch let error as DexError {
      throw error
    } catch let error as CancellationError {
      throw error
    } catch {
      throw DexError(error)
    }
  }
}

extension PokemonClient {
  /// The bundled dataset (the live default), answering after `latency` on the `clock`
  /// dependency, so an immediate clock removes the wait.
  public static func bundled(latency: Duration? = nil) -> Self {
    bundled(latency: latency, pokedex: .shared)
  }

  static func bundled(latency: Duration?, pokedex: Pokedex) -> Self {
    @Sendable func wait() async throws {
      guard let latency else { return }
      @Dependency(\.clock) var clock
      try await clock.sleep(for: latency)
    }
    return Self(
      page: { offset, limit in
        try await wait()
        return try pokedex.page(offset: offset, limit: limit)
      },
      detail: { id in
        try await wait()
        guard let detail = try pokedex.detail(id: id) else {
          throw DexError(
            kind: .notFound, message: "No Pokémon has id \(id) in the bundled Pokédex.")
        }
        return detail
      },
      ability: { name in
        try await wait()
        guard let ability = try pokedex.ability(named: name) else {
          throw DexError.noAbility(named: name)
        }
        return ability
      }
    )
  }

  /// The public PokeAPI, as its documentation names the API root.
  public static let publicPokeAPI =
    URL(string: "https://pokeapi.co/api/v2/") ?? URL(fileURLWithPath: "/")

  /// PokeAPI's REST API at `baseURL`, the API root (`https://pokeapi.co/api/v2/`, with or
  /// without the trailing slash) or the bare host (`https://pokeapi.co`):
  /// `pokemon?offset=&limit=` and `pokemon/{id}` under the root, paged by offset and limit, at
  /// most six requests in flight over reused connections. Each request is given 10 seconds in
  /// all, a body of at most 8 MiB and at most 3 redirects, to http or https URLs only. Every
  /// response is kept in `cache` (nil: none) as PokeAPI's fair-use policy asks; a cache that
  /// cannot be written is reported once on the `warnings` dependency. English names, genus,
  /// Pokédex entries and the like come from the bundled dataset.
  public static func pokeAPI(
    baseURL: URL = publicPokeAPI, cache: PokeAPICache? = .standard
  ) -> Self {
    pokeAPI(baseURL: baseURL, cache: cache, pokedex: .shared)
  }

  static func pokeAPI(
    baseURL: URL, cache: PokeAPICache?, pokedex: Pokedex, limits: PokeAPILimits = .standard
  ) -> Self {
    let warned = LockedValue(false)
    let client = PokeAPIClient(
      baseURL: baseURL, cache: cache, pokedex: pokedex, limits: limits,
      cacheWriteFailed: { failure in
        guard !warned.withLock({ warned in defer { warned = true }; return warned }) else {
          return
        }
        @Dependency(\.warnings) var warnings
        warnings(
          "The PokeAPI cache could not be written (\(failure.path): \(failure.reason)); "
            + "responses are fetched again next time. Set DEX_CACHE_DIR to a writable folder.")
      })
    return Self(
      page: { offset, limit in
        try await dexErrors { try await client.page(offset: offset, limit: limit) }
      },
      detail: { id in try await dexErrors { try await client.detail(id: id) } },
      ability: { name in try await dexErrors { try await client.ability(name: name) } }
    )
  }

  /// A client whose every call fails with `error`, for error paths.
  public static func failing(_ error: DexError) -> Self {
    Self(
      page: { _, _ in throw error },
      detail: { _ in throw error },
      ability: { _ in throw error }
    )
  }

  /// A client whose every call reports an issue (failing the test that reaches it) and throws:
  /// the test value, so a test states which endpoints its feature may use.
  public static let test = Self(
    page: { _, _ in throw unimplemented("page") },
    detail: { _ in throw unimplemented("detail") },
    ability: { _ in throw unimplemented("ability") }
  )

  private static func unimplemented(_ endpoint: String) -> DexError {
    let message = "PokemonClient.\(endpoint) is unimplemented"
    reportIssue(
      "\(message). Override it: withDependencies { $0.pokemonClient.\(endpoint) = { … } }")
    return DexError(kind: .other, message: "\(message).")
  }
}

extension DependencyValues {
  /// Where features get their Pokémon: the bundled dataset when live, unimplemented in tests.
  public var pokemonClient: PokemonClient {
    get { self[PokemonClientKey.self] }
    set { self[PokemonClientKey.self] = newValue }
  }
}

enum PokemonClientKey: DependencyKey {
  static var liveValue: PokemonClient { .bundled() }
  static var testValue: PokemonClient? { .test }
}
