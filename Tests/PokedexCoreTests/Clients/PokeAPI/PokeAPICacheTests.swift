import DexPlatform
import DexTesting
import Foundation
import PokeAPILoopback
import Testing

@testable import PokedexCore
import Composable

/// The PokeAPI client's on-disk cache, against PokeAPI's shape on loopback: what a second
/// client asks for, how long an entry lives, the server's caching headers, broken files.
@Suite struct PokeAPICacheTests {
  let directory: TemporaryDirectory
  /// The cache's clock, moved by `advance(by:)`.
  let clock = LockedValue(Date(timeIntervalSince1970: 1_767_225_600))

  init() throws {
    directory = try TemporaryDirectory()
  }

  var cache: PokeAPICache {
    PokeAPICache(directory: directory.url, now: { [clock] in clock.withLock { $0 } })
  }

  func client(_ server: PokeAPIServer) -> PokemonClient {
    .pokeAPI(baseURL: server.apiRoot, cache: cache)
  }

  func advance(by seconds: TimeInterval) {
    clock.withLock { $0.addTimeInterval(seconds) }
  }

  /// The folder of the server's entries.
  func serverFolder(_ server: PokeAPIServer) throws -> URL {
    let port = try #require(server.http.baseURL.port)
    return directory.url.appendingPathComponent("127.0.0.1_\(port)")
  }

  @Test func aSecondClientAsksForNothingTheFirstFetched() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let first = try await client(server).page(offset: 0, limit: 20)
    #expect(server.requests.count == 21)
    server.http.resetLog()

    let second = client(server)
    let again = try await second.page(offset: 0, limit: 20)
    let detail = try await second.detail(id: 7)

    #expect(server.requests == [])
    #expect(again == first)
    #expect(detail == (try Pokedex.shared.detail(id: 7)))
  }

  @Test func eachResourceIsOneFileNamedAfterItsPathAndQuery() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }

    _ = try await client(server).page(offset: 0, limit: 2)

    let names = try FileManager.default.contentsOfDirectory(atPath: serverFolder(server).path)
    #expect(
      names.sorted() == [
        "api%2Fv2%2Fpokemon%2F1", "api%2Fv2%2Fpokemon%2F2",
        "api%2Fv2%2Fpokemon%3Foffset=0&limit=2",
      ])
  }

  @Test func aResponseIsKeptThirtyDaysWhenTheServerDoesNotSay() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let thirtyDays = TimeInterval(30 * 24 * 60 * 60)
    _ = try await client(server).detail(id: 25)

    advance(by: thirtyDays - 1)
    _ = try await client(server).detail(id: 25)
    #expect(server.requests.count == 1)

    advance(by: 2)
    _ = try await client(server).detail(id: 25)
    #expect(server.requests.count == 2)
  }

  /// After the first answer, the client asks again at `secondsLater` only when the answer's
  /// `Cache-Control` let it go stale; `no-store` leaves no file at all.
  @Test(arguments: [
    (cacheControl: "public, max-age=86400, s-maxage=86400", secondsLater: 86_399.0, asks: false),
    (cacheControl: "public, max-age=86400, s-maxage=86400", secondsLater: 86_401.0, asks: true),
    (cacheControl: "max-age=60", secondsLater: 59.0, asks: false),
    (cacheControl: "max-age=60", secondsLater: 61.0, asks: true),
    (cacheControl: "no-cache", secondsLater: 0.0, asks: true),
    (cacheControl: "no-store", secondsLater: 0.0, asks: true),
  ])
  func theServersCacheControlSetsTheLifetime(
    cacheControl: String, secondsLater: TimeInterval, asks: Bool
  ) async throws {
    let server = try PokeAPIServer(.init(cacheControl: cacheControl))
    defer { server.stop() }
    _ = try await client(server).detail(id: 25)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(files.isEmpty == (cacheControl == "no-store"))

    advance(by: secondsLater)
    let detail = try await client(server).detail(id: 25)

    #expect(detail == (try Pokedex.shared.detail(id: 25)))
    #expect(server.requests.count == (asks ? 2 : 1))
  }

  @Test func aStaleEntryWithAnETagIsRevalidatedAndA304RenewsIt() async throws {
    let server = try PokeAPIServer(.init(cacheControl: "max-age=60", sendsETags: true))
    defer { server.stop() }
    let url = server.apiRoot.appending(path: "pokemon/25")
    _ = try await client(server).detail(id: 25)

    advance(by: 61)
    let revalidated = try await client(server).detail(id: 25)

    #expect(revalidated == (try Pokedex.shared.detail(id: 25)))
    #expect(server.requests.count == 2)
    #expect(server.requests.last?.headers["if-none-match"] == #""1-/api/v2/pokemon/25""#)
    let renewed = try #require(cache.entry(for: url))
    #expect(renewed.storedAt == clock.withLock { $0 })
    advance(by: 59)
    _ = try await client(server).detail(id: 25)
    #expect(server.requests.count == 2)

    server.update { $0.revision = 2 }
    advance(by: 2)
    _ = try await client(server).detail(id: 25)
    #expect(server.requests.count == 3)
    #expect(cache.entry(for: url)?.etag == #""2-/api/v2/pokemon/25""#)
  }

  @Test func a304WithoutCachingHeadersRenewsTheEntryForTheLifetimeItHad() async throws {
    let server = try PokeAPIServer(.init(cacheControl: "max-age=60", sendsETags: true))
    defer { server.stop() }
    _ = try await client(server).detail(id: 25)
    server.update { $0.cacheControl = nil }

    advance(by: 61)
    _ = try await client(server).detail(id: 25)
    advance(by: 59)
    _ = try await client(server).detail(id: 25)
    #expect(server.requests.count == 2)
    advance(by: 2)
    _ = try await client(server).detail(id: 25)

    #expect(server.requests.count == 3)
  }

  @Test(arguments: CorruptEntry.all)
  func aCorruptEntryIsFetchedAgainAndReplaced(_ corruption: CorruptEntry) async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    _ = try await client(server).detail(id: 25)
    let file = try serverFolder(server).appendingPathComponent("api%2Fv2%2Fpokemon%2F25")
    try corruption.change(Data(contentsOf: file)).write(to: file)

    let detail = try await client(server).detail(id: 25)

    #expect(detail == (try Pokedex.shared.detail(id: 25)))
    #expect(server.requests.count == 2)
    let entry = try #require(PokeAPICacheEntry(decoding: try Data(contentsOf: file)))
    #expect(entry.url == server.apiRoot.appending(path: "pokemon/25"))
    _ = try await client(server).detail(id: 25)
    #expect(server.requests.count == 2)
  }

  @Test func withoutACacheEveryCallAsksAndNothingIsWritten() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let client = PokemonClient.pokeAPI(baseURL: server.apiRoot, cache: nil)

    _ = try await client.detail(id: 25)
    _ = try await client.detail(id: 25)

    #expect(server.requests.count == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
  }

  @Test func aCacheThatCannotBeWrittenIsReportedOnceAndThePageStillLoads() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let blocker = directory.url.appendingPathComponent("blocker")
    try Data("a file".utf8).write(to: blocker)
    let cache = PokeAPICache(directory: blocker.appendingPathComponent("cache"))
    let client = PokemonClient.pokeAPI(baseURL: server.apiRoot, cache: cache)
    let warnings = LockedValue<[String]>([])

    let page = try await withDependencies {
      $0.warnings = WarningReporter { message in warnings.withLock { $0.append(message) } }
    } operation: {
      try await client.page(offset: 0, limit: 20)
    }

    #expect(page == (try Pokedex.shared.page(offset: 0, limit: 20)))
    // The first folder that cannot be made is named.
    #expect(
      warnings.withLock { $0 } == [
        "The PokeAPI cache could not be written (\(blocker.path)/cache: "
          + "Not a directory); responses are fetched again next time. Set DEX_CACHE_DIR to a "
          + "writable folder."
      ])
  }

  @Test func anExpiresTenThousandYearsAwayIsKeptUntilTheLatestExpiryThatReadsBack() async throws {
    let server = try PokeAPIServer(.init(hostility: .farExpires))
    defer { server.stop() }
    _ = try await client(server).detail(id: 25)

    let entry = try #require(cache.entry(for: server.apiRoot.appending(path: "pokemon/25")))
    #expect(entry.expiresAt == PokeAPICacheEntry.latestExpiry)
    _ = try await client(server).detail(id: 25)
    #expect(server.requests.count == 1)
  }

  /// A symbolic link planted at an entry's name, dangling (into folders that do not exist) or
  /// leading to a file outside: the entry replaces the link; nothing outside is written or made.
  @Test(arguments: [false, true])
  func aLinkPlantedAtAnEntryIsReplacedAndNothingOutsideIsWritten(targetExists: Bool) async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let outside = try TemporaryDirectory()
    let target = targetExists ? outside.path("victim") : outside.path("made/by/dex/victim")
    if targetExists { try Data("keep me".utf8).write(to: URL(filePath: target)) }
    let folder = try serverFolder(server)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("api%2Fv2%2Fpokemon%2F25")
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)

    let detail = try await client(server).detail(id: 25)

    #expect(detail == (try Pokedex.shared.detail(id: 25)))
    #expect(server.requests.count == 1)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    #expect(!FileManager.default.fileExists(atPath: outside.path("made")))
    let victim = try? String(contentsOfFile: target, encoding: .utf8)
    #expect(victim == (targetExists ? "keep me" : nil))
    _ = try await client(server).detail(id: 25)
    #expect(server.requests.count == 1)
  }

  @Test func aLinkPlantedAtAnEntryIsNeverReadThroughEvenToAValidEntry() async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    _ = try await client(server).detail(id: 25)
    let file = try serverFolder(server).appendingPathComponent("api%2Fv2%2Fpokemon%2F25")
    let outside = try TemporaryDirectory()
    try FileManager.default.moveItem(atPath: file.path, toPath: outside.path("entry"))
    try FileManager.default.createSymbolicLink(
      atPath: file.path, withDestinationPath: outside.path("entry"))

    _ = try await client(server).detail(id: 25)

    #expect(server.requests.count == 2)
  }

  /// A server folder that is a link (to a folder outside, or dangling) is refused: the page
  /// still loads, the warning names the link, nothing is written or made outside.
  @Test(arguments: [false, true])
  func aLinkPlantedAsTheServersFolderIsRefusedAndReported(targetExists: Bool) async throws {
    let server = try PokeAPIServer()
    defer { server.stop() }
    let outside = try TemporaryDirectory()
    let target = targetExists ? outside.url.path : outside.path("made/by/dex")
    let folder = try serverFolder(server)
    try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: target)
    let warnings = LockedValue<[String]>([])

    let detail = try await withDependencies {
      $0.warnings = WarningReporter { message in warnings.withLock { $0.append(message) } }
    } operation: {
      try await client(server).detail(id: 25)
    }

    #expect(detail == (try Pokedex.shared.detail(id: 25)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path) == [])
    #expect(
      warnings.withLock { $0 } == [
        "The PokeAPI cache could not be written (\(folder.path): it is a symbolic link, which "
          + "dex never follows there; remove it); responses are fetched again next time. Set "
          + "DEX_CACHE_DIR to a writable folder."
      ])
  }

  @Test func anEntryLargerThanTheCacheReadsBackIsNeverWritten() throws {
    let url = try #require(URL(string: "http://127.0.0.1:1/api/v2/pokemon/25"))
    let entry = PokeAPICacheEntry(
      url: url, storedAt: Date(), expiresAt: Date(), etag: nil, lastModified: nil,
      body: Data(count: PokeAPICache.maximumEntrySize))

    #expect(throws: PokeAPICache.StoreFailure.self) { try cache.store(entry) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
    #expect(PokeAPICache.maximumEntrySize > PokeAPILimits.standard.maximumBodySize)
  }

  @Test(arguments: [("http://../api/v2/pokemon/1", "%2E%2E"), ("http://./", "%2E")])
  func aHostOfDotsIsAFolderInsideTheCache(url: String, folder: String) throws {
    let file = cache.fileURL(for: try #require(URL(string: url)))
    #expect(file.deletingLastPathComponent().lastPathComponent == folder)
  }

  @Test(arguments: [
    (["DEX_CACHE_DIR": "/tmp/dex-cache", "XDG_CACHE_HOME": "/x", "HOME": "/h"], "/tmp/dex-cache"),
    (["DEX_CACHE_DIR": "", "XDG_CACHE_HOME": "/x", "HOME": "/h"], "/x/dex/pokeapi"),
    (["XDG_CACHE_HOME": "relative", "HOME": "/h"], "/h/.cache/dex/pokeapi"),
    (["HOME": "/h"], "/h/.cache/dex/pokeapi"),
  ])
  func theStandardDirectoryFollowsDexThenXDGThenHome(
    environment: [String: String], path: String
  ) {
    #expect(PokeAPICache.standardDirectory(environment: environment).path == path)
  }
}

/// A way an entry file can be broken.
struct CorruptEntry: Sendable, CustomTestStringConvertible {
  var testDescription: String
  var change: @Sendable (Data) -> Data

  static let all = [
    CorruptEntry(testDescription: "not an entry") { _ in Data("{\"id\": 25}".utf8) },
    CorruptEntry(testDescription: "empty") { _ in Data() },
    CorruptEntry(testDescription: "cut short") { $0.prefix($0.count - 10) },
    CorruptEntry(testDescription: "body that is not the resource, its length right") { data in
      guard let end = data.firstRange(of: Data("\n\n".utf8)) else { return data }
      let body = data[end.upperBound...]
      return data[..<end.upperBound] + Data(repeating: UInt8(ascii: "x"), count: body.count)
    },
    CorruptEntry(testDescription: "entry of another URL") { data in
      Data(String(decoding: data, as: UTF8.self)
        .replacingOccurrences(of: "pokemon/25\n", with: "pokemon/26\n").utf8)
    },
  ]
}
