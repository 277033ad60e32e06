import DexPlatform
import Foundation
import Composable

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP side of `PokemonClient.pokeAPI(baseURL:cache:)`: requests under the API root, at
/// most `maximumConcurrentRequests` at once over one session's connections, each held to
/// `limits` (body size, a deadline for the whole request, a few http(s) redirects) and taken
/// from or kept in the cache; statuses, transport failures, broken limits and bad JSON become
/// `PokeAPIFailure`s that name the URL.
struct PokeAPIClient: Sendable {
  /// How many requests of one client are in flight at once.
  static let maximumConcurrentRequests = 6

  /// `https://pokeapi.co/api/v2`: resources are found under it.
  let apiRoot: URL
  let cache: PokeAPICache?
  let pokedex: Pokedex
  /// What one request may cost at most.
  let limits: PokeAPILimits
  /// Told once, the first time the cache cannot be written.
  let cacheWriteFailed: @Sendable (PokeAPICache.StoreFailure) -> Void
  private let session: URLSession
  private let transfers: BoundedTransfers
  private let limiter = RequestLimiter(limit: maximumConcurrentRequests)

  init(
    baseURL: URL, cache: PokeAPICache?, pokedex: Pokedex, limits: PokeAPILimits = .standard,
    cacheWriteFailed: @escaping @Sendable (PokeAPICache.StoreFailure) -> Void
  ) {
    let configuration = URLSessionConfiguration.ephemeral
    // The deadline of `limits` ends every request; the session's own timeouts (which a
    // trickling body resets) are set past it so that they never fire first.
    let deadline = TimeInterval(limits.deadline.components.seconds) + 1
    configuration.timeoutIntervalForRequest = deadline * 2
    configuration.timeoutIntervalForResource = deadline * 3
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpMaximumConnectionsPerHost = Self.maximumConcurrentRequests
    self.apiRoot = Self.apiRoot(of: baseURL)
    self.cache = cache
    self.pokedex = pokedex
    self.limits = limits
    self.cacheWriteFailed = cacheWriteFailed
    let transfers = BoundedTransfers(limits: limits)
    self.transfers = transfers
    self.session = URLSession(
      configuration: configuration, delegate: transfers,
      delegateQueue: BoundedTransfers.makeDelegateQueue())
  }

  /// The API root a base URL names: the URL itself when it ends in `/api/v2` (with or without
  /// the trailing slash, as PokeAPI documents it), else `/api/v2` under it (the bare host).
  static func apiRoot(of baseURL: URL) -> URL {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
      return baseURL.appending(path: "api/v2")
    }
    components.query = nil
    components.fragment = nil
    var path = components.percentEncodedPath
    while path.hasSuffix("/") { path.removeLast() }
    if !path.hasSuffix("/api/v2") { path += "/api/v2" }
    components.percentEncodedPath = path
    return components.url ?? baseURL.appending(path: "api/v2")
  }

  /// `GET pokemon?offset=&limit=`, then `GET pokemon/{id}` for each of its first `limit`
  /// results (a server may list more; they are left unread), under the API root whatever host
  /// the result URLs name. Every detail is asked for even when one fails, so the others are
  /// cached and a retry fetches only what failed; the error names the first failed Pokémon in
  /// list order.
  func page(offset: Int, limit: Int) async throws -> PokemonPage {
    try PokemonPage.checkBounds(offset: offset, limit: limit)
    let listURL = pokemonURL().appending(queryItems: [
      URLQueryItem(name: "offset", value: String(offset)),
      URLQueryItem(name: "limit", value: String(limit)),
    ])
    let list = try await resource(PokeAPIResponse.List.self, at: listURL)
    let listed = try list.results.prefix(limit).enumerated().map { index, result throws(PokeAPIFailure) in
      guard let id = result.id else {
        throw .undecodable(
          listURL,
          problem: "results[\(index)].url '\(result.url)' does not end with a Pokémon id")
      }
      return (id: id, name: result.name)
    }
    let results = await withTaskGroup(
      of: (Int, Result<PokeAPIResponse.Pokemon, any Error>).self
    ) { group in
      for (index, pokemon) in listed.enumerated() {
        group.addTask {
          do {
            return (index, .success(try await self.pokemon(id: pokemon.id)))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var results = [Result<PokeAPIResponse.Pokemon, any Error>?](
        repeating: nil, count: listed.count)
      for await (index, result) in group { results[index] = result }
      return results.compactMap { $0 }
    }
    var responses: [PokeAPIResponse.Pokemon] = []
    for (index, result) in results.enumerated() {
      switch result {
      case let .success(response):
        responses.append(response)
      case let .failure(failure as PokeAPIFailure):
        let othersFailed = results[(index + 1)...].count { (try? $0.get()) == nil }
        let pokemon = listed[index]
        throw PokeAPIFailure.pokemon(
          id: pokemon.id, name: pokemon.name, failure: failure, othersFailed: othersFailed)
      case let .failure(error):
        throw error
      }
    }
    return PokemonPage(
      offset: offset, items: responses.map { $0.pokemon(in: pokedex) }, totalCount: list.count)
  }

  /// `GET pokemon/{id}`.
  func detail(id: Int) async throws -> PokemonDetail {
    try await pokemon(id: id).detail(in: pokedex)
  }

  /// `GET ability/{name}`: the Pokémon that have it, those the bundled dataset holds (PokeAPI
  /// also lists alternate forms), in national-dex order.
  func ability(name: String) async throws -> AbilityDetail {
    let response = try await resource(
      PokeAPIResponse.Ability.self, at: apiRoot.appending(path: "ability").appending(path: name))
    let pokemon = response.pokemon.compactMap { slot in
      slot.pokemon.id.flatMap { try? pokedex.pokemon(id: $0) }
    }
    return AbilityDetail(name: response.name, pokemon: pokemon.sorted { $0.id < $1.id })
  }

  private func pokemon(id: Int) async throws -> PokeAPIResponse.Pokemon {
    try await resource(PokeAPIResponse.Pokemon.self, at: pokemonURL(id: id))
  }

  private func pokemonURL(id: Int? = nil) -> URL {
    let url = apiRoot.appending(path: "pokemon")
    return id.map { url.appending(path: String($0)) } ?? url
  }

  /// The resource at `url`: from the cache while it is fresh and decodes, else from the server
  /// (conditionally when the stale entry has validators), kept in the cache when the server
  /// allows it.
  private func resource<Response: Decodable>(
    _: Response.Type, at url: URL
  ) async throws -> Response {
    var cached = cache?.entry(for: url)
    if let cache, let entry = cached {
      if let response = try? decode(Response.self, entry.body, from: url) {
        if entry.isFresh(at: cache.now()) { return response }
      } else {
        // A body that no longer decodes is fetched whole, never revalidated.
        cached = nil
      }
    }
    let fetched = try await fetch(url, revalidating: cached)
    let response = try decode(Response.self, fetched.body, from: url)
    if let cache, let entry = fetched.entry {
      do {
        try cache.store(entry)
      } catch {
        cacheWriteFailed(error)
      }
    }
    return response
  }

  /// What the server answered for `url`: the body, and the entry to cache (nil when the server
  /// forbids keeping it or there is no cache). A `304 Not Modified` to a revalidation renews
  /// `cached` with the 304's freshness, else with the lifetime it had.
  private func fetch(
    _ url: URL, revalidating cached: PokeAPICacheEntry?
  ) async throws -> (body: Data, entry: PokeAPICacheEntry?) {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let cached {
      request.setValue(cached.etag, forHTTPHeaderField: "If-None-Match")
      request.setValue(cached.lastModified, forHTTPHeaderField: "If-Modified-Since")
    }
    let received = try await limiter.run {
      do {
        return try await transfers.data(for: request, in: session)
      } catch let failure as BoundedTransfers.Failure {
        throw PokeAPIFailure(failure, url: url, limits: limits)
      }
    }
    let (data, response) = (received.body, received.response)
    guard let response = response as? HTTPURLResponse else { throw PokeAPIFailure.notHTTP(url) }
    let body: Data
    switch (response.statusCode, cached) {
    case (200..<300, _): body = data
    case let (304, cached?): body = cached.body
    default: throw PokeAPIFailure.status(response.statusCode, url)
    }
    guard let cache else { return (body, nil) }
    let now = cache.now()
    // A 304 that says nothing of freshness renews the entry for as long as it lived before.
    let lifetime = response.statusCode == 304
      ? cached.map { $0.expiresAt.timeIntervalSince($0.storedAt) }
      : nil
    let expiry = response.cacheExpiry(
      receivedAt: now,
      defaultLifetime: lifetime ?? TimeInterval(cache.lifetime.components.seconds))
    let entry = expiry.map { expiry in
      PokeAPICacheEntry(
        url: url, storedAt: now, expiresAt: expiry,
        etag: response.value(forHTTPHeaderField: "ETag") ?? cached?.etag,
        lastModified: response.value(forHTTPHeaderField: "Last-Modified") ?? cached?.lastModified,
        body: body)
    }
    return (body, entry)
  }

  private func decode<Response: Decodable>(
    _: Response.Type, _ body: Data, from url: URL
  ) throws(PokeAPIFailure) -> Response {
    do {
      return try PokeAPIResponse.makeDecoder().decode(Response.self, from: body)
    } catch let error as DecodingError {
      throw .undecodable(url, problem: error.summary)
    } catch {
      throw .undecodable(url, problem: "\(error)")
    }
  }
}
