import DexPlatform
import Foundation
import Composable

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP side of `PokemonClient.pokeAPI(baseURL:cache:)`: requests under the API root, at
/// most `maximumConcurrentRequests` at once over one session's connections, each response
/// taken from or kept in the cache; statuses, transport failures and bad JSON become
/// `PokeAPIFailure`s that name the URL.
struct PokeAPIClient: Sendable {
  /// How long one request may wait for data before it fails as a network error.
  static let requestTimeout: TimeInterval = 10
  /// How many requests of one client are in flight at once.
  static let maximumConcurrentRequests = 6

  /// `https://pokeapi.co/api/v2`: resources are found under it.
  let apiRoot: URL
  let cache: PokeAPICache?
  let pokedex: Pokedex
  /// Told once, the first time the cache cannot be written.
  let cacheWriteFailed: @Sendable (PokeAPICache.StoreFailure) -> Void
  private let session: URLSession
  private let limiter = RequestLimiter(limit: maximumConcurrentRequests)

  init(
    baseURL: URL, cache: PokeAPICache?, pokedex: Pokedex,
    cacheWriteFailed: @escaping @Sendable (PokeAPICache.StoreFailure) -> Void
  ) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = Self.requestTimeout
    configuration.timeoutIntervalForResource = Self.requestTimeout * 3
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpMaximumConnectionsPerHost = Self.maximumConcurrentRequests
    self.apiRoot = Self.apiRoot(of: baseURL)
    self.cache = cache
    self.pokedex = pokedex
    self.cacheWriteFailed = cacheWriteFailed
    self.session = URLSession(configuration: configuration)
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

  /// `GET pokemon?offset=&limit=`, then `GET pokemon/{id}` for each result, under the API root
  /// whatever host the result URLs name. Every detail is asked for even when one fails, so the
  /// others are cached and a retry fetches only what failed; the error names the first failed
  /// Pokémon in list order.
  func page(offset: Int, limit: Int) async throws -> PokemonPage {
    try PokemonPage.checkBounds(offset: offset, limit: limit)
    let listURL = pokemonURL().appending(queryItems: [
      URLQueryItem(name: "offset", value: String(offset)),
      URLQueryItem(name: "limit", value: String(limit)),
    ])
    let list = try await resource(PokeAPIResponse.List.self, at: listURL)
    let listed = try list.results.enumerated().map { index, result throws(PokeAPIFailure) in
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
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.requestTimeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let cached {
      request.setValue(cached.etag, forHTTPHeaderField: "If-None-Match")
      request.setValue(cached.lastModified, forHTTPHeaderField: "If-Modified-Since")
    }
    let (data, response) = try await limiter.run {
      do {
        return try await session.data(for: request)
      } catch {
        try Task.checkCancellation()
        throw PokeAPIFailure.unreachable(url, reason: Self.reason(error))
      }
    }
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

  /// Why a request failed, for a person.
  private static func reason(_ error: any Error) -> String {
    guard let error = error as? URLError else { return error.localizedDescription }
    switch error.code {
    case .cannotConnectToHost: return "the connection was refused"
    case .timedOut: return "no answer within \(Int(requestTimeout)) seconds"
    case .cannotFindHost, .dnsLookupFailed: return "the host was not found"
    case .notConnectedToInternet: return "there is no network connection"
    case .networkConnectionLost: return "the connection was lost"
    default: return error.localizedDescription
    }
  }
}
