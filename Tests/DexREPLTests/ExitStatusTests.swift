import DexTesting
import Foundation
import Testing

/// Exit statuses and error locations of the real binary.
@Suite struct ExitStatusTests {
  @Test func aFailingExpectationIsReportedWithItsFileAndLineAndExitsOne() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("check.dex")
    try """
      # favorites start empty
      expect favorites.favorites == []

      fav pikachu
      expect favorites.favorites == [1]
      fav bulbasaur
      """.write(to: script, atomically: true, encoding: .utf8)
    let result = try await DexProcess.run([script.path])
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "\(script.path):5: expectation failed: favorites.favorites: expected [1], found [25]"
      ])
    #expect(!result.standardOutput.contains("bulbasaur"), "the run stops at the failure")
  }

  @Test func keepGoingRunsThePastFailuresAndStillExitsOne() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"], input: "expect favorites.favorites == [1]\nfav 1\nexpect favorites.favorites == [1]\n")
    #expect(result.status == 1)
    #expect(result.errorLines == ["<stdin>:1: expectation failed: favorites.favorites: expected [1], found []"])
  }

  @Test(arguments: [
    ("send .list(.rowTaped(id: 1))", "<stdin>:1: not an action: 'rowTaped' is not a case of PokemonListFeature.Action; valid cases: .onAppear, .rowAppeared, .rowTapped, .retryTapped, .pageLoaded, .destination, .search. Type 'actions' for the list."),
    ("send .list(.rowTapped(id: \"pikachu\"))", "<stdin>:1: not an action: argument 'id' of .list(.rowTapped): expected Int, found \"pikachu\". Type 'actions' for the list."),
    ("send .list(.rowTapped(id: 99999999999999999999))", "<stdin>:1: not an action: argument 'id' of .list(.rowTapped): 99999999999999999999 is outside Int (-9223372036854775808…9223372036854775807)"),
    ("fav missingno", "<stdin>:1: no Pokémon is called 'missingno'. Try 'find TEXT'."),
    ("favs please", "<stdin>:1: 'favs' takes no arguments, but got 'please'. Usage: favs"),
    ("jump 7", "<stdin>:1: There is no entry 7 because nothing has been recorded yet; send an action first."),
    ("advance 1s", "<stdin>:1: advance moves the manual clock, but the clock is immediate. Type 'clock manual' first."),
    ("dep pokemonClinet failing", "<stdin>:1: dep: no dependency is called 'pokemonClinet'. Did you mean 'pokemonClient'? Type 'deps' for the list. Usage: dep NAME VALUE"),
    ("state list.destination.detail", "<stdin>:1: state: list.destination is nil"),
    ("fvas", "<stdin>:1: Unknown command 'fvas'. Did you mean 'favs'? Type 'help' for the list."),
  ])
  func aRejectedLineIsOneErrorWithItsLocation(line: String, error: String) async throws {
    let result = try await DexProcess.run(input: line + "\nfavs\n")
    #expect(result.status == 1)
    #expect(result.errorLines == [Substring(error)])
    #expect(result.standardOutput.isEmpty, "the run stopped at the rejected line")
  }

  @Test func usageErrorsExitTwo() async throws {
    let unknown = try await DexProcess.run(["--colour"])
    #expect(unknown.status == 2)
    let missing = try await DexProcess.run(["/nonexistent/tour.dex"])
    #expect(missing.status == 2)
    #expect(missing.errorLines == ["dex: cannot read script /nonexistent/tour.dex: no such file."])
  }

  @Test func helpAndVersionExitZero() async throws {
    let help = try await DexProcess.run(["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.hasPrefix("Usage:"))
    let version = try await DexProcess.run(["--version"])
    #expect(version.standardOutput == "dex 0.1.0\n")
  }

  @Test func everyActionTheLogPrintsParsesBackToTheSameAction() async throws {
    let session = """
      send .list(.onAppear)
      send .list(.rowTapped(id: 7))
      send .list(.destination(.presented(.detail(.addToTeamTapped))))
      send .team(.members(.element(id: UUID("00000000-0000-0000-0000-000000000001"), action: .binding(.set(\\.nickname, "Shelly")))))
      send .team(.membersMoved(fromOffsets: [0], toOffset: 1))
      send .list(.search(.filter(.binding(.set(\\.selectedTypes, ["water"])))))
      send .list(.pageLoaded(.failure(DexError(kind: .http, message: "HTTP 500"))))
      fav "Mr. Mime"
      log
      """
    let first = try await DexProcess.run(input: session + "\n")
    #expect(first.status == 0, "\(first.standardError)")
    let logged = first.standardOutput.split(separator: "\n")
      .filter { $0.hasPrefix("  #") || $0.hasPrefix("> #") }
      .compactMap { line -> String? in
        guard let origin = line.range(of: #" (sent|received from #[0-9]+) "#, options: .regularExpression)
        else { return nil }
        return String(line[origin.upperBound...])
      }
      // Received actions carrying model data print abbreviated and are exempt.
      .filter { !$0.contains(" items, ") && !$0.contains("PokemonDetail(id:") }
    #expect(logged.count >= 8)
    // Send every printed action again: each parses and prints the same.
    let replay = try await DexProcess.run(input: logged.map { "send \($0)" }.joined(separator: "\n") + "\nlog\n")
    #expect(replay.status == 0, "\(replay.standardError)")
    for action in logged {
      #expect(replay.standardOutput.contains(" " + action + "\n"), "\(action) did not round-trip")
    }
  }
}
