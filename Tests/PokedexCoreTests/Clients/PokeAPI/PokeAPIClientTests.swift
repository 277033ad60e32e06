import DexTesting
import Foundation
import PokeAPILoopback
@testable import PokedexCore
import Testing
import Composable

/// `PokemonClient.pokeAPI(baseURL:)` against a loopback server that answers with the PokeAPI
/// fixtures; no test reaches the internet.
@Suite struct PokeAPIClientTests {
  @Test func detailOfPikachuHasTheFieldsOfTheBundledPikachu() async throws {
    let server = try LoopbackHTTPServer(route: PokeAPIFixtures.route)
    defer { server.stop() }

    let detail = try await PokemonClient.pokeAPI(baseURL: server.baseURL, cache: nil).detail(id: 25)

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

    let page = try await PokemonClient.pokeAPI(baseURL: server.baseURL, cache: nil)
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
  /// the server answers 404 for the others, so the page fails naming its first listed Pokémon
  /// without one, and counts the 18 others.
  @Test(arguments: [
    (offset: 0, firstMissing: 2, name: "ivysaur"), (offset: 20, firstMissing: 21, name: "spearow"),
  ])
  func aPageOfTwentyFetchesEveryListedIDAndFailsOnTheFirstMissingDetail(
    offset: Int, firstMissing: Int, name: String
  ) async throws {
    let server = try LoopbackHTTPServer(route: PokeAPIFixtures.route)
    defer { server.stop() }

    let error = await #expect(throws: DexError.self) {
      try await PokemonClient.pokeAPI(baseURL: server.baseURL, cache: nil)
        .page(offset: offset, limit: 20)
    }

    #expect(error?.kind == .http)
    #expect(
      error?.message
        == "#\(firstMissing) \(name): HTTP 404 from "
        + "\(server.baseURL)/api/v2/pokemon/\(firstMissing) (and 18 more of this page).")
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
      try await PokemonClient.pokeAPI(baseURL: server.baseURL, cache: nil).detail(id: 25)
    }

    #expect(
      error
        == DexError(
          kind: .http,
          message: "HTTP 500 from \(server.baseURL)/api/v2/pokemon/25."))
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
    let client = PokemonClient.pokeAPI(baseURL: server.baseURL, cache: nil)

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
      try await PokemonClient.pokeAPI(baseURL: baseURL, cache: nil).detail(id: 1)
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
      try await PokemonClient.pokeAPI(baseURL: server.baseURL, cache: nil)
        .page(offset: -1, limit: 20)
    }
    #expect(server.requests.isEmpty)
  }

  // MARK: - Against PokeAPI's shape for all 1,025 Pokémon

  @Test(arguments: [
    ("https://pokeapi.co/api/v2/", "https://pokeapi.co/api/v2"),
    ("https://pokeapi.co/api/v2", "https://pokeapi.co/api/v2"),
    ("https://pokeapi.co", "https://pokeapi.co/api/v2"),
    ("https://pokeapi.co/", "https://pokeapi.co/api/v2"),
    ("http://127.0.0.1:8080/mirror/api/v2//", "http://127.0.0.1:8080/mirror/api/v2"),
    ("http://127.0.0.1:8080/mirror", "http://127.0.0.1:8080/mirror/api/v2"),
  ])
  func theAPIRootIsTheBaseURLEndingInAPIV2ElseAPIV2UnderIt(base: String, root: String) throws {
    #expect(PokeAPIClient.apiRoot(of: try #require(URL(string: base))).absoluteString == root)
  }

  @Test(arguments: ["api/v2/", "api/v2", "", "/"])
  func theDocumentedAPIRootAndTheBareHostLoadTheSamePage(suffix: String) async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let baseURL = try #require(URL(string: server.http.baseURL.absoluteString + "/" + suffix))

    let page = try await PokemonClient.pokeAPI(baseURL: baseURL, cache: nil)
      .page(offset: 0, limit: 20)

    #expect(page == (try Pokedex.shared.page(offset: 0, limit: 20)))
    #expect(
      server.requests.first
        == .init(path: "/api/v2/pokemon", query: ["offset": "0", "limit": "20"]))
    #expect(server.requests.count == 21)
  }

  @Test func everyPageOfTheServerIsTheBundledPage() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let client = PokemonClient.pokeAPI(baseURL: server.apiRoot, cache: nil)

    var offset = 0
    var loaded: [Pokemon] = []
    while true {
      let page = try await client.page(offset: offset, limit: 100)
      #expect(page == (try Pokedex.shared.page(offset: offset, limit: 100)))
      loaded += page.items
      guard page.hasMore else { break }
      offset += 100
    }

    #expect(loaded == (try Pokedex.shared.all()))
    #expect(server.requests.count == 1_025 + 11)
  }

  @Test func atMostSixRequestsAreInFlightOverConnectionsThatAreReused() async throws {
    let server = try PokeAPIServer(.init(delay: .milliseconds(40)))
    defer { server.stop() }
    let client = PokemonClient.pokeAPI(baseURL: server.apiRoot, cache: nil)

    _ = try await client.page(offset: 0, limit: 20)
    _ = try await client.page(offset: 20, limit: 20)

    #expect(server.requests.count == 42)
    // Never more than six; several at once (a loaded machine may not reach six).
    #expect(server.http.mostConcurrentRequests <= PokeAPIClient.maximumConcurrentRequests)
    #expect(server.http.mostConcurrentRequests >= 2)
    // Connections are reused. The session may close idle ones and open others, more of them on
    // a loaded machine where answers come late (18 connections for 42 requests beside two
    // builds, 22 beside a CI run and a busy core), but far from one per request.
    #expect(server.http.connectionCount < server.requests.count * 3 / 4)
  }

  @Test func aFailingDetailFailsThePageNamingThePokemonAndTheReason() async throws {
    let server = try PokeAPIServer(.init(failingIDs: [7]))
    defer { server.stop() }

    let error = await #expect(throws: DexError.self) {
      try await PokemonClient.pokeAPI(baseURL: server.apiRoot, cache: nil)
        .page(offset: 0, limit: 20)
    }

    #expect(
      error
        == DexError(
          kind: .http, message: "#7 squirtle: HTTP 500 from \(server.apiRoot)pokemon/7."))
    #expect(server.requests.count == 21)
  }

  @Test func aRetryAfterAFailingDetailRequestsThatDetailOnly() async throws {
    let cacheDirectory = try TemporaryDirectory()
    let server = try PokeAPIServer(.init(failingIDs: [7], failsOnce: true))
    defer { server.stop() }
    let client = PokemonClient.pokeAPI(
      baseURL: server.apiRoot, cache: PokeAPICache(directory: cacheDirectory.url))
    await #expect(throws: DexError.self) { try await client.page(offset: 0, limit: 20) }
    server.http.resetLog()

    let page = try await client.page(offset: 0, limit: 20)

    #expect(page == (try Pokedex.shared.page(offset: 0, limit: 20)))
    #expect(server.requests == [.init(path: "/api/v2/pokemon/7")])
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
      problem: "expected Int at 'id', found a string",
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

extension PokeAPIClientTests {
  @Test func anAbilityListsTheBundledPokemonThatHaveIt() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }

    let ability = try await PokemonClient.pokeAPI(baseURL: server.apiRoot, cache: nil)
      .ability(name: "overgrow")

    #expect(ability == (try Pokedex.shared.ability(named: "overgrow")))
    #expect(ability.pokemon.prefix(3).map(\.name) == ["bulbasaur", "ivysaur", "venusaur"])
    #expect(server.requests == [.init(path: "/api/v2/ability/overgrow", query: [:])])
  }

  @Test(arguments: ["../pokemon/1", "", "Overgrow", "over grow"])
  func aNameThatCannotBeAnAbilitysIsNotRequested(name: String) async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }

    await #expect(throws: DexError(kind: .notFound, message: "No Pokémon has an ability named \(String(reflecting: name)).")) {
      try await PokemonClient.pokeAPI(baseURL: server.apiRoot, cache: nil).ability(name: name)
    }
    #expect(server.requests.isEmpty)
  }
}
