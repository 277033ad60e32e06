import DexTesting
import Foundation
import PokeAPILoopback
import Testing

@testable import PokedexCore
import Composable

/// Every PokeAPI request is held to its limits, against a loopback server that attacks its
/// client: the body's size, a deadline for the whole request, the list's limit and
/// a few http(s) redirects. The client's limits are small here (64 KiB, 1 second) so that each
/// test takes a moment; `dex` uses `PokeAPILimits.standard`.
@Suite(.timeLimit(.minutes(1))) struct BoundedTransfersTests {
  static let limits = PokeAPILimits(
    maximumBodySize: 64 << 10, deadline: .seconds(1), maximumRedirects: 3)

  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  func client(_ server: PokeAPIServer, limits: PokeAPILimits = limits) -> PokemonClient {
    .pokeAPI(
      baseURL: server.apiRoot, cache: PokeAPICache(directory: directory.url),
      pokedex: .shared, limits: limits)
  }

  /// The files under the cache folder, at any depth.
  func cachedFiles() -> [String] {
    let root = directory.url.path
    let paths = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
    return paths.filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }
  }

  @Test(arguments: [
    PokeAPIServer.Hostility.endlessBody, .oversizedBody(bytes: 400_000_000),
    .oversizedBody(bytes: (64 << 10) + 1),
  ])
  func aBodyPastTheLimitFailsNamingTheURLAndTheLimitAndIsNotCached(
    _ hostility: PokeAPIServer.Hostility
  ) async throws {
    let server = try PokeAPIServer(.init(hostility: hostility))
    defer { server.stop() }

    let error = await #expect(throws: DexError.self) {
      try await client(server).detail(id: 25)
    }

    #expect(
      error
        == DexError(
          kind: .network,
          message: "The response from \(server.apiRoot)pokemon/25 is larger than 64 KiB, the "
            + "most dex reads of one response."))
    #expect(server.requests.count == 1)
    #expect(cachedFiles() == [])
  }

  @Test func aBodyOfExactlyTheLimitIsReadAndCached() async throws {
    let server = try PokeAPIServer(.init(hostility: .oversizedBody(bytes: 64 << 10)))
    defer { server.stop() }

    let detail = try await client(server).detail(id: 25)

    #expect(detail == (try Pokedex.shared.detail(id: 25)))
    #expect(cachedFiles().count == 1)
  }

  @Test func aTricklingBodyFailsAtTheDeadlineOfTheWholeRequest() async throws {
    let server = try PokeAPIServer(.init(hostility: .tricklingBody(interval: .milliseconds(50))))
    defer { server.stop() }
    let clock = ContinuousClock()
    let start = clock.now

    let error = await #expect(throws: DexError.self) {
      try await client(server).detail(id: 25)
    }

    // The body would take minutes (a byte every 50 ms): the request ends at its deadline, not
    // when data stops. The bound is loose so that a loaded machine does not fail it.
    #expect(clock.now - start < .seconds(60))
    #expect(
      error
        == DexError(
          kind: .network,
          message: "The response from \(server.apiRoot)pokemon/25 did not arrive in full within "
            + "1 second, the most dex waits for one request."))
    #expect(cachedFiles() == [])
  }

  @Test func aCancelledRequestEndsAtOnceWhateverTheServerDoes() async throws {
    let server = try PokeAPIServer(.init(hostility: .tricklingBody(interval: .milliseconds(50))))
    defer { server.stop() }
    // A deadline far past the bound below: only the cancellation can end the request in time.
    var limits = PokeAPILimits.standard
    limits.deadline = .seconds(600)
    let client = client(server, limits: limits)
    let clock = ContinuousClock()

    let request = Task { try await client.detail(id: 25) }
    while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    let cancelledAt = clock.now
    request.cancel()
    let result = await request.result

    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.now - cancelledAt < .seconds(60))
  }

  @Test func aListLongerThanItsLimitIsReadOnlyUpToTheLimit() async throws {
    let server = try PokeAPIServer(.init(hostility: .overlongList(results: 500)))
    defer { server.stop() }

    let page = try await client(server, limits: .standard).page(offset: 0, limit: 20)

    #expect(page == (try Pokedex.shared.page(offset: 0, limit: 20)))
    #expect(server.requests.count == 21)
  }

  @Test(arguments: ["file:///etc/passwd", "data:,{}", "ftp://127.0.0.1/pokemon/25", "//"])
  func aRedirectToAnythingButHTTPFailsAfterOneRequest(location: String) async throws {
    let server = try PokeAPIServer(.init(hostility: .redirect(to: location)))
    defer { server.stop() }

    let error = await #expect(throws: DexError.self) {
      try await client(server).detail(id: 25)
    }

    #expect(
      error
        == DexError(
          kind: .http,
          message: "The response from \(server.apiRoot)pokemon/25 redirects to '\(location)', "
            + "which is not an http or https URL; dex follows no other."))
    #expect(server.requests.count == 1)
  }

  @Test func aPageBehindARedirectToAFileURLFailsAfterItsListRequest() async throws {
    let server = try PokeAPIServer(.init(hostility: .redirect(to: "file:///etc/passwd")))
    defer { server.stop() }

    await #expect(throws: DexError.self) {
      try await client(server).page(offset: 0, limit: 20)
    }

    #expect(server.requests.count == 1)
  }

  @Test func threeRedirectsAreFollowedAndAFourthFails() async throws {
    let server = try PokeAPIServer(.init(hostility: .redirectHops(3)))
    defer { server.stop() }
    #expect(try await client(server).detail(id: 25) == (try Pokedex.shared.detail(id: 25)))
    #expect(server.requests.map { $0.query["hop"] } == [nil, "1", "2", "3"])
    server.update { $0.hostility = .redirectHops(100) }
    server.http.resetLog()

    let error = await #expect(throws: DexError.self) {
      try await client(server).detail(id: 26)
    }

    #expect(
      error
        == DexError(
          kind: .http,
          message: "The response from \(server.apiRoot)pokemon/26 redirects more than 3 times, "
            + "the most dex follows."))
    #expect(server.requests.count == 4)
  }

  @Test func aRedirectLocationIsShownWithoutControlCharactersAndCut() async throws {
    let location = "data:\u{1B}[2J" + String(repeating: "x", count: 300)
    let server = try PokeAPIServer(.init(hostility: .redirect(to: location)))
    defer { server.stop() }

    let error = await #expect(throws: DexError.self) {
      try await client(server).detail(id: 25)
    }

    let shown = "data:\\u{1B}[2J" + String(repeating: "x", count: 186) + "…"
    #expect(error?.message.contains("redirects to '\(shown)', which") == true, "\(error?.message ?? "")")
  }

  @Test(arguments: [
    (PokeAPILimits.standard, "8 MiB", "10 seconds"),
    (PokeAPILimits(maximumBodySize: 1000, deadline: .milliseconds(1500), maximumRedirects: 0),
     "1000 bytes", "1.5 seconds"),
  ])
  func limitsAreNamedAsAPersonWritesThem(limits: PokeAPILimits, size: String, time: String) {
    #expect(PokeAPILimits.describe(bytes: limits.maximumBodySize) == size)
    #expect(PokeAPILimits.describe(limits.deadline) == time)
  }
}
