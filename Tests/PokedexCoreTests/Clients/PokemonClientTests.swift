import DexPlatform
import Foundation
import PokedexCore
import Testing
import Composable

/// Every client call here awaits a clock or a server: none may wait long.
@Suite(.timeLimit(.minutes(1))) struct PokemonClientTests {
  @Test func pagingTheBundledDataByTwentyTakesFiftyTwoPagesAndEndsWithFive() async throws {
    let client = PokemonClient.bundled()
    var pages: [PokemonPage] = []
    var offset = 0
    repeat {
      let page = try await client.page(offset: offset, limit: 20)
      pages.append(page)
      offset = page.nextOffset
    } while pages.last?.hasMore == true && pages.count < 100

    #expect(pages.count == 52)
    #expect(pages.last?.offset == 1020)
    #expect(pages.last?.items.count == 5)
    #expect(pages.last?.hasMore == false)
    #expect(pages.dropLast().allSatisfy { $0.items.count == 20 && $0.hasMore })
    #expect(pages.allSatisfy { $0.totalCount == 1025 })
    #expect(pages.flatMap(\.items).map(\.id) == Array(1...1025))
  }

  @Test func anOffsetPastTheEndGivesAnEmptyPage() async throws {
    let page = try await PokemonClient.bundled().page(offset: 2000, limit: 20)
    #expect(page == PokemonPage(offset: 2000, items: [], totalCount: 1025))
    #expect(!page.hasMore)
  }

  @Test(arguments: [(offset: -1, limit: 20), (offset: 0, limit: -20)])
  func aNegativeOffsetOrLimitIsAnError(offset: Int, limit: Int) async {
    let error = await #expect(throws: DexError.self) {
      try await PokemonClient.bundled().page(offset: offset, limit: limit)
    }
    #expect(
      error
        == DexError(
          kind: .other,
          message: "A page needs an offset and a limit of 0 or more, not offset \(offset) and "
            + "limit \(limit)."))
  }

  @Test func theBundledDetailOfPikachuIsTheDatasetsPikachu() async throws {
    let detail = try await PokemonClient.bundled().detail(id: 25)
    #expect(
      detail
        == PokemonDetail(
          id: 25,
          baseExperience: 112,
          isLegendary: false,
          isMythical: false,
          color: "yellow",
          abilities: [
            PokemonAbility(name: "static", isHidden: false),
            PokemonAbility(name: "lightning-rod", isHidden: true),
          ],
          stats: PokemonStats(
            hp: 35, attack: 55, defense: 40, specialAttack: 50, specialDefense: 50, speed: 90),
          flavorText: try #require(try Pokedex.shared.pokemon(id: 25)).flavorText,
          spriteURL: Pokemon.spriteURL(id: 25)))
  }

  @Test func theBundledDetailOfAnUnknownIDIsNotFound() async {
    let error = await #expect(throws: DexError.self) {
      try await PokemonClient.bundled().detail(id: 1026)
    }
    #expect(
      error
        == DexError(kind: .notFound, message: "No Pokémon has id 1026 in the bundled Pokédex."))
  }

  @Test func bundledLatencySleepsOnTheClockDependency() async throws {
    let clock = ManualClock()
    let returned = Flag()
    let call = Task {
      try await withDependencies {
        $0.clock = clock
      } operation: {
        let page = try await PokemonClient.bundled(latency: .seconds(1)).page(offset: 0, limit: 20)
        returned.set()
        return page
      }
    }
    for _ in 0..<10_000 where clock.sleeperCount == 0 { await Task.yield() }
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .milliseconds(999))
    #expect(!returned.isSet)

    await clock.advance(by: .milliseconds(1))
    let page = try await call.value
    #expect(returned.isSet)
    #expect(page.items.count == 20)
  }

  @Test func anImmediateClockRemovesTheBundledLatency() async throws {
    let page = try await withDependencies {
      $0.clock = ImmediateClock()
    } operation: {
      try await PokemonClient.bundled(latency: .seconds(3600)).page(offset: 0, limit: 1)
    }
    #expect(page.items.map(\.name) == ["bulbasaur"])
  }

  @Test func failingThrowsItsErrorFromEveryEndpoint() async {
    let offline = DexError(kind: .network, message: "offline")
    let client = PokemonClient.failing(offline)
    let pageError = await #expect(throws: DexError.self) {
      try await client.page(offset: 0, limit: 20)
    }
    let detailError = await #expect(throws: DexError.self) { try await client.detail(id: 25) }
    #expect(pageError == offline)
    #expect(detailError == offline)
  }

  @Test func theTestValueReportsEachUnimplementedEndpointAndThrows() async {
    let issues = IssueLog()
    await IssueReporting.$reporter.withValue({ message, _, _ in issues.append(message) }) {
      await #expect(throws: DexError.self) {
        try await PokemonClient.test.page(offset: 0, limit: 20)
      }
      await #expect(throws: DexError.self) { try await PokemonClient.test.detail(id: 25) }
    }
    #expect(
      issues.messages == [
        "PokemonClient.page is unimplemented. Override it: "
          + "withDependencies { $0.pokemonClient.page = { … } }",
        "PokemonClient.detail is unimplemented. Override it: "
          + "withDependencies { $0.pokemonClient.detail = { … } }",
      ])
  }

  @Test func aTestContextGetsTheUnimplementedClientAndALiveOneTheBundledData() async throws {
    let issues = IssueLog()
    await IssueReporting.$reporter.withValue({ message, _, _ in issues.append(message) }) {
      await #expect(throws: DexError.self) {
        try await withDependencies {
          $0.context = .test
        } operation: {
          @Dependency(\.pokemonClient) var pokemonClient
          return try await pokemonClient.detail(id: 1)
        }
      }
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("PokemonClient.detail is unimplemented") == true)

    let page = try await withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.pokemonClient) var pokemonClient
      return try await pokemonClient.page(offset: 24, limit: 1)
    }
    #expect(page.items.map(\.name) == ["pikachu"])
  }

  @Test func anErrorThatIsNotADexErrorIsWrappedInOne() async {
    struct Unexpected: Error, CustomStringConvertible {
      var description: String { "something unexpected" }
    }
    var client = PokemonClient.test
    client.detail = { _ in throw Unexpected() }
    let error = await #expect(throws: DexError.self) { try await client.detail(id: 1) }
    #expect(error == DexError(kind: .other, message: "something unexpected"))
  }
}

/// Whether something happened, safe to set from another task.
private final class Flag: Sendable {
  private let value = LockedValue(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}

/// The issues reported while a test ran.
private final class IssueLog: Sendable {
  private let value = LockedValue<[String]>([])
  var messages: [String] { value.withLock { $0 } }
  func append(_ message: String) { value.withLock { $0.append(message) } }
}
