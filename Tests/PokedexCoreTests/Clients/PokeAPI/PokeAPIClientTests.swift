import Foundation
import PokedexCore
import Testing

/// `PokemonClient.pokeAPI(baseURL:)` against a loopback server that answers with the PokeAPI
/// fixtures; no test reaches the internet.
@Suite struct PokeAPIClientTests {
  @Test func detailOfPikachuHasTheFieldsOfTheBundledPikachu() async throws {
    let server = try LoopbackHTTPServer(route: PokeAPIFixtures.route)
    defer { server.stop() }

    let detail = try await PokemonClient.pokeAPI(baseURL: server.baseURL).detail(id: 25)

    #expect(detail == (try Pokedex.shared.detail(id: 25)))
    #expect(detail.baseExperience == 112)
    #expect(
      detail.stats
        == PokemonStats(
          hp: 35, attack: 55, defense: 40, specialAttack: 50, specialDefense: 50, speed: 90))
    #expect(
      detail.abilities == [
        PokemonAbility(name: "static", isHidden: false),
        PokemonAbility(name: "lightning-rod", isHidden: true),
      ])
    #expect(detail.color == "yellow")
    #expect(detail.spriteURL == Pokemon.spriteURL(id: 25))
    #expect(server.requests == [.init(path: "/api/v2/pokemon/25", query: [:])])
  }

  @Test func aPageAsksForItsOffsetAndLimitThenEachDetailFromTheBaseURL() async throws {
    let server = try LoopbackHTTPServer { request in
      request.path == "/api/v2/pokemon"
        ? .json(PokeAPIFixtures.listOfDetailFixtures) : PokeAPIFixtures.route(request)
    }
    defer { server.stop() }

    let page = try await PokemonClient.pokeAPI(baseURL: server.baseURL)
      .page(offset: 0, limit: 3)

    let bundled = try PokeAPIFixtures.detailIDs.compactMap { try Pokedex.shared.pokemon(id: $0) }
    #expect(page.items.map(\.name) == ["bulbasaur", "pikachu", "mewtwo"])
    #expect(page.items == bundled)
    #expect(page.offset == 0)
    #expect(page.totalCount == 1351)
    #expect(page.hasMore)
    let requests = server.requests
    #expect(requests.first == .init(path: "/api/v2/pokemon", query: ["offset": "0", "limit": "3"]))
    #expect(
      Set(requests.dropFirst().map(\.path))
        == ["/api/v2/pokemon/1", "/api/v2/pokemon/25", "/api/v2/pokemon/150"])
    #expect(requests.count == 4)
  }

  /// The list fixtures name twenty Pokémon each, and only 1, 25 and 150 have detail fixtures:
  /// the server answers 404 for the others, so the page fails on its first listed id without one.
  @Test(arguments: [(offset: 0, firstMissing: 2), (offset: 20, firstMissing: 21)])
  func aPageOfTwentyFetchesEveryListedIDAndFailsOnTheFirstMissingDetail(
    offset: Int, firstMissing: Int
  ) async throws {
    let server = try LoopbackHTTPServer(route: PokeAPIFixtures.route)
    defer { server.stop() }

    let error = await #expect(throws: DexError.self) {
      try await PokemonClient.pokeAPI(baseURL: server.baseURL).page(offset: offset, limit: 20)
    }

    #expect(error?.kind == .http)
    #expect(
      error?.message
        == "The server answered HTTP 404 for "
        + "\(server.baseURL)/api/v2/pokemon/\(firstMissing).")
    let requests = server.requests
    #expect(
      requests.first
        == .init(path: "/api/v2/pokemon", query: ["offset": "\(offset)", "limit": "20"]))
    #expect(
      Set(requests.dropFirst().map(\.path))
        == Set((offset + 1...offset + 20).map { "/api/v2/pokemon/\($0)" }))
  }

  @Test func aServerErrorIsAnHTTPErrorNamingTheStatusAndTheURL() async throws {
    let server = try LoopbackHTTPServer { _ in .status(500) }
    defer { server.stop() }

    let error = await #expect(throws: DexError.self) {
      try await PokemonClient.pokeAPI(baseURL: server.baseURL).detail(id: 25)
    }

    #expect(
      error
        == DexError(
          kind: .http,
          message: "The server answered HTTP 500 for "
            + "\(server.baseURL)/api/v2/pokemon/25."))
  }

  @Test(arguments: MalformedResponse.all)
  func aMalformedResponseIsADecodingErrorNamingTheURLAndTheProblem(
    _ response: MalformedResponse
  ) async throws {
    let body = try response.body()
    let server = try LoopbackHTTPServer { request in
      request.path == response.path ? .json(body) : PokeAPIFixtures.route(request)
    }
    defer { server.stop() }
    let client = PokemonClient.pokeAPI(baseURL: server.baseURL)

    let error = await #expect(throws: DexError.self) {
      if response.path == "/api/v2/pokemon/25" {
        _ = try await client.detail(id: 25)
      } else {
        _ = try await client.page(offset: 0, limit: 20)
      }
    }

    #expect(error?.kind == .decoding)
    let url = server.baseURL.absoluteString + response.requestTarget
    let message = error?.message ?? ""
    #expect(message.hasPrefix("The response from \(url) could not be decoded: "), "\(message)")
    #expect(message.contains(response.problem), "\(message)")
  }

  @Test func aPortWhereNothingListensIsANetworkError() async throws {
    let port = try LoopbackHTTPServer.closedPort()
    let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))

    let error = await #expect(throws: DexError.self) {
      try await PokemonClient.pokeAPI(baseURL: baseURL).detail(id: 1)
    }

    #expect(error?.kind == .network)
    #expect(
      error?.message.hasPrefix("Could not reach http://127.0.0.1:\(port)/api/v2/pokemon/1: ")
        == true, "\(String(describing: error))")
  }

  @Test func aNegativeOffsetFailsBeforeAnyRequest() async throws {
    let server = try LoopbackHTTPServer(route: PokeAPIFixtures.route)
    defer { server.stop() }

    await #expect(throws: DexError.self) {
      try await PokemonClient.pokeAPI(baseURL: server.baseURL).page(offset: -1, limit: 20)
    }
    #expect(server.requests.isEmpty)
  }
}

/// A response the client cannot use, at the path that answers it, and what its error must say.
struct MalformedResponse: Sendable, CustomTestStringConvertible {
  var path: String
  var body: @Sendable () throws -> String
  var problem: String
  var testDescription: String

  /// What the client asks for: the first page of twenty, or pikachu's detail.
  var requestTarget: String {
    path == "/api/v2/pokemon" ? "\(path)?offset=0&limit=20" : path
  }

  static let all = [
    MalformedResponse(
      path: "/api/v2/pokemon/25", body: { "{\"id\": 25, " }, problem: "not valid JSON",
      testDescription: "truncated detail"),
    MalformedResponse(
      path: "/api/v2/pokemon/25",
      body: {
        try fixture("pokemon-25").replacingOccurrences(of: "special-attack", with: "sp-atk")
      },
      problem: "invalid value at 'stats': no stat named 'special-attack'",
      testDescription: "detail without special-attack"),
    MalformedResponse(
      path: "/api/v2/pokemon/25",
      body: {
        try fixture("pokemon-25").replacingOccurrences(of: "\"id\": 25", with: "\"id\": \"25\"")
      },
      problem: "expected Int at 'id', found something else",
      testDescription: "detail with a string id"),
    MalformedResponse(
      path: "/api/v2/pokemon", body: { #"{"count": 1351}"# }, problem: "missing key 'results'",
      testDescription: "list without results"),
    MalformedResponse(
      path: "/api/v2/pokemon",
      body: {
        #"{"count": 1, "results": [{"name": "pikachu", "url": "https://pokeapi.co/x/pikachu/"}]}"#
      },
      problem: "results[0].url 'https://pokeapi.co/x/pikachu/' does not end with a Pokémon id",
      testDescription: "list result without an id"),
  ]

  private static func fixture(_ name: String) throws -> String {
    String(decoding: try PokeAPIFixtures.data(name), as: UTF8.self)
  }
}
