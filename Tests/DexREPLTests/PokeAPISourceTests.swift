import DexTesting
import Foundation
import PokeAPILoopback
import Testing

/// The real `dex` against PokeAPI's shape on loopback: the documented base URL, the cache
/// across runs, `--no-cache` and its `dep` spelling, and a failing detail with its retry.
@Suite struct PokeAPISourceTests {
  /// Loads the first page and checks it.
  static let firstPage = """
    send .list(.onAppear)
    expect list.visiblePokemon.count == 20
    expect list.visiblePokemon[6].name == "squirtle"

    """

  @Test func theDocumentedAPIRootLoadsTheFirstPage() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    #expect(server.apiRoot.absoluteString.hasSuffix("/api/v2/"))

    let result = try await DexProcess.run(
      ["--source", "pokeapi=\(server.apiRoot.absoluteString)"], input: Self.firstPage)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      server.requests.first
        == .init(path: "/api/v2/pokemon", query: ["offset": "0", "limit": "20"]))
    #expect(server.requests.count == 21)
  }

  @Test func aSecondRunOfTheSameScriptMakesNoRequestAndPrintsTheSame() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let cache = try TemporaryDirectory()
    let arguments = ["--source", "pokeapi=\(server.apiRoot.absoluteString)"]
    let environment = ["DEX_CACHE_DIR": cache.url.path]

    let first = try await DexProcess.run(
      arguments, input: Self.firstPage, environment: environment)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(server.requests.count == 21)
    server.http.resetLog()
    let second = try await DexProcess.run(
      arguments, input: Self.firstPage, environment: environment)

    #expect(second.status == 0, "\(second.standardError)")
    #expect(server.requests == [])
    #expect(second.standardOutput == first.standardOutput)
    let port = try #require(server.http.baseURL.port)
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.path("127.0.0.1_\(port)"))
    #expect(files.count == 21)

    let uncached = try await DexProcess.run(
      arguments + ["--no-cache"], input: Self.firstPage, environment: environment)
    #expect(uncached.status == 0, "\(uncached.standardError)")
    #expect(server.requests.count == 21)
    #expect(uncached.standardOutput == first.standardOutput)
  }

  @Test func theDepSpellingBypassesTheCacheAndRecordKeepsIt() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let directory = try TemporaryDirectory()
    let root = server.apiRoot.absoluteString
    let script = """
      dep pokemonClient pokeapi=\(root) --no-cache
      deps
      \(Self.firstPage)
      record \(directory.path("session.dex"))
      """
    let environment = ["DEX_CACHE_DIR": directory.path("cache")]

    let first = try await DexProcess.run(input: script, environment: environment)
    try FileManager.default.removeItem(atPath: directory.path("session.dex"))
    let second = try await DexProcess.run(input: script, environment: environment)

    #expect(first.status == 0 && second.status == 0, "\(first.standardError)")
    #expect(server.requests.count == 42)
    #expect(first.standardOutput.contains("pokemonClient  pokeapi=\(root) --no-cache\n"))
    #expect(!FileManager.default.fileExists(atPath: directory.path("cache")))
    let recorded = try String(contentsOfFile: directory.path("session.dex"), encoding: .utf8)
    #expect(recorded.contains("\ndep pokemonClient pokeapi=\(root) --no-cache\n"))
  }

  @Test func noCacheAtLaunchAlsoBypassesTheCacheOfADepClient() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let root = server.apiRoot.absoluteString

    let result = try await DexProcess.run(
      ["--no-cache"], input: "dep pokemonClient pokeapi=\(root)\ndeps\n")

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("pokemonClient  pokeapi=\(root) --no-cache\n"))
  }

  @Test func aFailingDetailNamesThePokemonAndTheRetryRequestsItAlone() async throws {
    let server = try PokeAPIServer(.init(failingIDs: [7], failsOnce: true))
    defer { server.stop() }
    let root = server.apiRoot.absoluteString
    let message = "#7 squirtle: HTTP 500 from \(root)pokemon/7."

    let result = try await DexProcess.run(
      ["--source", "pokeapi=\(root)"],
      input: """
        send .list(.onAppear)
        expect list.loadState == .failed(DexError(kind: .http, message: "\(message)"))
        send .list(.retryTapped)
        expect list.visiblePokemon.count == 20

        """)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains(message))
    #expect(server.requests.count == 22)
    #expect(server.requests.last == .init(path: "/api/v2/pokemon/7"))
  }

  @Test(arguments: [
    "dep pokemonClient bundled --no-cache",
    "dep pokemonClient failing --no-cache",
    "dep pokemonClient pokeapi --cache",
    "dep pokemonClient --no-cache",
    "dep pokemonClient pokeapi=ftp://pokeapi.co",
  ])
  func aPokemonClientThatIsNotOneIsRejectedWithTheSpellings(line: String) async throws {
    let result = try await DexProcess.run(input: line + "\n")

    let value = line.dropFirst("dep pokemonClient ".count)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "<stdin>:1: dep: pokemonClient takes bundled, failing, manual, pokeapi or pokeapi=URL (then "
          + "--no-cache to bypass the PokeAPI cache), not '\(value)'. Usage: dep NAME VALUE"
      ])
  }
}
