import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP side of `PokemonClient.pokeAPI(baseURL:)`: requests against `baseURL`, turns
/// statuses, transport failures and bad JSON into `DexError`s that name the URL.
struct PokeAPIClient: Sendable {
  /// How long one request may wait for data before it fails as a network error.
  static let requestTimeout: TimeInterval = 10
  /// How many detail requests of one page are in flight at once.
  static let maximumConcurrentRequests = 6

  let baseURL: URL
  let session: URLSession
  let pokedex: Pokedex

  init(baseURL: URL, pokedex: Pokedex) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = Self.requestTimeout
    configuration.timeoutIntervalForResource = Self.requestTimeout * 3
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    self.baseURL = baseURL
    self.session = URLSession(configuration: configuration)
    self.pokedex = pokedex
  }

  /// `GET /api/v2/pokemon?offset=&limit=`, then `GET /api/v2/pokemon/{id}` for each result,
  /// against `baseURL` whatever host the result URLs name.
  func page(offset: Int, limit: Int) async throws -> PokemonPage {
    try PokemonPage.checkBounds(offset: offset, limit: limit)
    let listURL = pokemonURL().appending(queryItems: [
      URLQueryItem(name: "offset", value: String(offset)),
      URLQueryItem(name: "limit", value: String(limit)),
    ])
    let list = try await get(PokeAPIResponse.List.self, from: listURL)
    let ids = try list.results.enumerated().map { index, result throws(DexError) in
      guard let id = result.id else {
        throw DexError(
          kind: .decoding,
          message: "The response from \(listURL) could not be decoded: results[\(index)].url "
            + "'\(result.url)' does not end with a Pokémon id.")
      }
      return id
    }
    let responses = try await responses(ids: ids)
    return PokemonPage(
      offset: offset, items: responses.map { $0.pokemon(in: pokedex) }, totalCount: list.count)
  }

  /// `GET /api/v2/pokemon/{id}`.
  func detail(id: Int) async throws -> PokemonDetail {
    try await pokemon(id: id).detail(in: pokedex)
  }

  private func pokemon(id: Int) async throws -> PokeAPIResponse.Pokemon {
    try await get(PokeAPIResponse.Pokemon.self, from: pokemonURL(id: id))
  }

  /// The responses for `ids` in their order, a few requests at a time; the first failure in
  /// that order is the one thrown, so the same server always gives the same error.
  private func responses(ids: [Int]) async throws -> [PokeAPIResponse.Pokemon] {
    let results = await withTaskGroup(
      of: (Int, Result<PokeAPIResponse.Pokemon, any Error>).self
    ) { group in
      var results = [Result<PokeAPIResponse.Pokemon, any Error>?](
        repeating: nil, count: ids.count)
      var next = 0
      func startNext() {
        guard next < ids.count else { return }
        let index = next
        next += 1
        group.addTask {
          do {
            return (index, .success(try await pokemon(id: ids[index])))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      for _ in 0..<Self.maximumConcurrentRequests { startNext() }
      while let (index, result) = await group.next() {
        results[index] = result
        startNext()
      }
      return results
    }
    return try results.compactMap { try $0?.get() }
  }

  private func pokemonURL(id: Int? = nil) -> URL {
    let url = baseURL.appending(path: "api/v2/pokemon")
    return id.map { url.appending(path: String($0)) } ?? url
  }

  private func get<Response: Decodable>(_: Response.Type, from url: URL) async throws -> Response {
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.requestTimeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      try Task.checkCancellation()
      throw DexError(kind: .network, message: "Could not reach \(url): \(Self.reason(error)).")
    }
    guard let status = (response as? HTTPURLResponse)?.statusCode else {
      throw DexError(kind: .network, message: "The response from \(url) is not an HTTP response.")
    }
    guard status < 400 else {
      throw DexError(
        kind: .http,
        message: "The server answered HTTP \(status) for \(url).")
    }
    do {
      return try PokeAPIResponse.makeDecoder().decode(Response.self, from: data)
    } catch let error as DecodingError {
      throw DexError(
        kind: .decoding,
        message: "The response from \(url) could not be decoded: \(error.summary).")
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
