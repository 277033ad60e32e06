import DexTesting
import Foundation
import PokeAPILoopback
import Testing

/// The real `dex --source pokeapi=URL`, with the limits it documents (8 MiB a body, 10 seconds a
/// request, 3 redirects), against hostile servers: each one ends in one failure
/// line, in a moment, with memory and disk bounded.
@Suite(.timeLimit(.minutes(2))) struct HostilePokeAPIServerTests {
  /// Loads the first page.
  static let firstPage = "send .list(.onAppear)\n"

  /// The lines of `output` that report a failed page.
  static func failureLines(_ output: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.contains(".pageLoaded(.failure(") }
  }

  /// The bytes of the files under `directory`, at any depth.
  static func bytes(under directory: TemporaryDirectory) -> Int {
    let root = directory.url.path
    let paths = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
    return paths.reduce(0) { total, path in
      let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + path)
      return total + ((attributes?[.size] as? Int) ?? 0)
    }
  }

  /// An endless body, a body of 400 MB and a list of 200,000 results (12 MB) for `limit=20`:
  /// before, dex grew to gigabytes, wrote entries it could never read back, or fetched every
  /// result.
  @Test(arguments: [
    PokeAPIServer.Hostility.endlessBody, .oversizedBody(bytes: 400_000_000),
    .overlongList(results: 200_000),
  ])
  func aBodyPastEightMiBIsOneFailureLineWithMemoryAndDiskBounded(
    _ hostility: PokeAPIServer.Hostility
  ) async throws {
    let server = try PokeAPIServer(.init(hostility: hostility))
    defer { server.stop() }
    let cache = try TemporaryDirectory()
    let root = server.apiRoot.absoluteString
    let arguments = ["--source", "pokeapi=\(root)"]
    let environment = ["DEX_CACHE_DIR": cache.url.path]
    let message =
      "The response from \(root)pokemon?offset=0&limit=20 is larger than 8 MiB, the most dex "
      + "reads of one response."
    let clock = ContinuousClock()
    let start = clock.now

    let result = try await DexProcess.run(
      arguments,
      input: Self.firstPage
        + "expect list.loadState == .failed(DexError(kind: .network, message: \"\(message)\"))\n",
      environment: environment)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(clock.now - start < .seconds(30))
    #expect(Self.failureLines(result.standardOutput).count == 1)
    #expect(server.requests.count == 1)
    #expect(Self.bytes(under: cache) < 8 << 20)
    let measured = try await PeakMemory.run(
      arguments, then: Self.firstPage, environment: environment)
    #expect(measured.status == 0, "\(measured.standardError)")
    if !PeakMemory.underAddressSanitizer {
      #expect(measured.kilobytes < 200_000, "peak RSS \(measured.kilobytes) KB")
    }
  }

  @Test func aListLongerThanItsLimitLoadsThePageWithOneRequestPerPokemonAsked() async throws {
    let server = try PokeAPIServer(.init(hostility: .overlongList(results: 2_000)))
    defer { server.stop() }

    let result = try await DexProcess.run(
      ["--source", "pokeapi=\(server.apiRoot.absoluteString)"],
      input: Self.firstPage + "expect list.visiblePokemon.count == 20\n")

    #expect(result.status == 0, "\(result.standardError)")
    #expect(server.requests.count == 21)
  }

  /// Before, FoundationNetworking followed such a redirect as a path on the same server, 20
  /// times: 21 requests per resource.
  @Test func aRedirectToAFileURLIsOneRequestAndOneFailureLine() async throws {
    let server = try PokeAPIServer(.init(hostility: .redirect(to: "file:///etc/passwd")))
    defer { server.stop() }
    let root = server.apiRoot.absoluteString
    let message =
      "The response from \(root)pokemon?offset=0&limit=20 redirects to 'file:///etc/passwd', "
      + "which is not an http or https URL; dex follows no other."

    let result = try await DexProcess.run(
      ["--source", "pokeapi=\(root)"],
      input: Self.firstPage
        + "expect list.loadState == .failed(DexError(kind: .http, message: \"\(message)\"))\n")

    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.failureLines(result.standardOutput).count == 1)
    #expect(server.requests.count == 1)
  }

  /// `Expires` in year 9999 with a `Date` in year 1: before, the entry said `expires 12025-…`,
  /// which dex could not read, so every run fetched the page again.
  @Test func aFarExpiresIsServedFromTheCacheOnTheNextRun() async throws {
    let server = try PokeAPIServer(.init(hostility: .farExpires))
    defer { server.stop() }
    let cache = try TemporaryDirectory()
    let arguments = ["--source", "pokeapi=\(server.apiRoot.absoluteString)"]
    let input = Self.firstPage + "expect list.visiblePokemon.count == 20\n"
    let environment = ["DEX_CACHE_DIR": cache.url.path]
    let first = try await DexProcess.run(arguments, input: input, environment: environment)
    #expect(first.status == 0, "\(first.standardError)")
    server.http.resetLog()

    let second = try await DexProcess.run(arguments, input: input, environment: environment)

    #expect(second.status == 0, "\(second.standardError)")
    #expect(server.requests == [])
  }
}
