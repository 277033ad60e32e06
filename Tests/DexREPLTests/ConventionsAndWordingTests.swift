import DexTesting
import Foundation
import Testing

/// The issue-16 behaviours through the real `dex`: wording in dex's own syntax, richer
/// expectations, continuation lines, history, output files, paths spelled either way, rows
/// by number, and transcripts that stay short.
@Suite struct ConventionsAndWordingTests {
  /// Lines that show a module prefix: Swift's description of a value leaking out.
  static func linesWithModulePrefixes(_ text: String) -> [Substring] {
    let modules = [
      "PokedexCore.", "PokedexREPL.", "Composable.", "ComposableInspection.", "StoreInspector.",
      "DexREPLCore.", "DexPlatform.", "Swift.", "Foundation.",
    ]
    return text.split(separator: "\n").filter { line in modules.contains { line.contains($0) } }
  }

  @Test func noLineOfTheShippedScriptsOrOfWarningsShowsAModulePrefix() async throws {
    var output = ""
    for script in ScriptTranscriptTests.scripts {
      let path = ScriptTranscriptTests.scriptsDirectory.appendingPathComponent(script).path
      let result = try await DexProcess.run([path])
      output += result.standardOutput + result.standardError
    }
    let warnings = try await DexProcess.run(
      ["--keep-going"],
      input: """
        send .list(.destination(.presented(.detail(.favoriteTapped))))
        send .team(.members(.element(id: UUID("00000000-0000-0000-0000-000000000009"), action: .binding(.set(\\.level, 10)))))
        send .list(.search(.filter(.binding(.set(\\.selectedTypes, ["electrik"])))))
        send .team(.addTapped(id: 1))
        send .team(.members(.element(id: #0, action: .binding(.set(\\.level, 500)))))

        """)
    output += warnings.standardOutput + warnings.standardError
    #expect(warnings.standardOutput.contains("received .detail(.favoriteTapped) while nothing is presented"))
    #expect(warnings.standardOutput.contains(
      #"(id: UUID("00000000-0000-0000-0000-000000000009")): .binding(.set(\.level, 10))"#))
    #expect(warnings.standardOutput.contains("There is no type 'electrik'; the types are bug, dark"))
    #expect(Self.linesWithModulePrefixes(output) == [])
  }

  @Test func expectationsCompareOrderCasesContentsAndBooleans() async throws {
    let passing = try await DexProcess.run(
      [],
      input: """
        send .list(.onAppear)
        expect list.loadState is .loaded
        expect list.visiblePokemon.count > 2
        expect list.visiblePokemon.count>=20
        expect list.visiblePokemon.count < 21
        expect list.visiblePokemon.count <= 20
        expect list.visiblePokemon.count != 3
        expect list.canLoadMore
        expect list.destination == nil
        expect list.destination is nil
        expect list.visiblePokemon[0].types contains "grass"
        expect list.visiblePokemon[0].name contains "saur"
        fav 25
        expect favorites.favorites contains 25

        """)
    #expect(passing.status == 0, "\(passing.standardError)")
    #expect(passing.standardError.isEmpty)

    let cases: [(String, String)] = [
      ("expect list.loadState is .loading", "<stdin>:2: expectation failed: list.loadState: expected .loading, found .loaded\n"),
      ("expect list.visiblePokemon.count > 25", "<stdin>:2: expectation failed: list.visiblePokemon.count: expected a number > 25, found 20"),
      ("expect list.isLoadingMore", "<stdin>:2: expectation failed: list.isLoadingMore: expected true, found false"),
      ("expect list.favorites contains 4", "<stdin>:2: expectation failed: list.favorites: expected it to contain 4, found []"),
      ("expect list.loadState > 2", "<stdin>:2: expectation failed: list.loadState: is .loaded([Pokemon(id: 1,"),
      ("expect list.loadState == .loaded", "<stdin>:2: expectation failed: list.loadState: expected .loaded, found .loaded([Pokemon(id: 1,"),
    ]
    for (line, message) in cases {
      let result = try await DexProcess.run([], input: "send .list(.onAppear)\n\(line)\n")
      #expect(result.status == 1)
      #expect(result.standardError.hasPrefix(message), "\(line): \(result.standardError)")
      #expect(result.errorLines.count == 1)
      #expect(result.standardError.count < 300, "the found value is shortened: \(result.standardError)")
    }
  }

  @Test func aCommandGoesOnWhileABracketIsOpenAndErrorsNameItsFirstLine() async throws {
    let result = try await DexProcess.run(
      [],
      input: """
        send .team(.addTapped(
          id: 4
        ))
        expect team.members.count == 1
        send .team(.addTapped(
          id: 9999))
        send .team(.addTapped(id: "x

        """)
    #expect(result.standardOutput.contains("#1 sent .team(.addTapped(id: 4))"))
    #expect(result.standardOutput.contains("#2 sent .team(.addTapped(id: 9999))"))
    #expect(
      result.standardError
        == "<stdin>:7: a string is still open at the end of this line; a string cannot span lines; close its '\"' on the line where it opens.\n")
  }

  @Test func aStringLeftOpenAtTheEndOfALineIsOneErrorAndTheNextLinesRun() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: """
        send .team(.editor(.presented(.nameChanged("A
        favs
        send .team(.addTapped(
          id: "x
        fav 25
        favs

        """)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "<stdin>:1: a string is still open at the end of this line; a string cannot span lines; "
          + "close its '\"' on the line where it opens.",
        "<stdin>:3: a string is still open at the end of line 4; a string cannot span lines; "
          + "close its '\"' on the line where it opens.",
      ])
    #expect(result.standardOutput.contains("No favorites yet."))
    #expect(result.standardOutput.contains("#1 sent .favorites(.favoriteTapped(id: 25))"))
    #expect(result.standardOutput.hasSuffix("25 Pikachu\n"))
  }

  @Test func historyRunsAgainAndAliasesQuit() async throws {
    let result = try await DexProcess.run(
      [],
      input: """
        send .team(.addTapped(id: 4))
        # a comment is not history
        history
        !1
        !!
        q
        send .team(.addTapped(id: 7))

        """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("  1  send .team(.addTapped(id: 4))\n  2  history\n"))
    #expect(result.standardOutput.contains("#2 sent .team(.addTapped(id: 4))"))
    #expect(result.standardOutput.contains("#3 sent .team(.addTapped(id: 4))"))
    #expect(!result.standardOutput.contains("addTapped(id: 7)"))
    for alias in ["q", "\\q", ".quit", ":q", "exit"] {
      let quit = try await DexProcess.run([], input: "\(alias)\nsend .team(.addTapped(id: 7))\n")
      #expect(quit.standardOutput.isEmpty && quit.status == 0, "\(alias)")
    }
    let help = try await DexProcess.run([], input: "? state\n")
    #expect(help.standardOutput.hasPrefix("state [--depth N] [PATH]\n"))
  }

  @Test func outputCopiesWhatIsPrintedAndNeverOverwritesWithoutBang() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("out.txt")
    let result = try await DexProcess.run(
      [],
      input: """
        output \(file)
        send .team(.addTapped(id: 4))
        output
        send .team(.addTapped(id: 7))

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let copied = try String(contentsOfFile: file, encoding: .utf8)
    #expect(copied.hasPrefix("copying output to \(file); 'output' stops\n#1 sent .team(.addTapped(id: 4))\n"))
    #expect(!copied.contains("addTapped(id: 7)"))
    let refused = try await DexProcess.run([], input: "output \(file)\n")
    #expect(refused.standardError == "<stdin>:1: \(file) exists; 'output! \(file)' replaces it.\n")
    let replaced = try await DexProcess.run([], input: "output! \(file)\nfavs\n")
    #expect(replaced.status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("No favorites yet. Toggle one with 'fav NAME'.\n"))
  }

  @Test func statePathsAndActionPathsUseTheSameWords() async throws {
    let result = try await DexProcess.run(
      [],
      input: """
        send .list(.onAppear)
        send .list(.rowTapped(id: #3))
        state list.destination.detail.pokemon.name
        state list.destination.presented.detail.pokemon.name
        actions list.destination.detail
        actions team.members[0]
        actions .team(.members(.element))
        actions .list(.destination(.presented(.detail)))
        send team(addTapped(id: 7))
        send team(addTapped(id: 1))
        send .team(.sortOrderChanged(.name))
        send .team(.members(.element(id: #0, action: .binding(.set(\\.nickname, "Leafy")))))
        state team.displayedMembers[0].nickname
        state --depth 1 team
        log

        """)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    #expect(output.contains("#3 sent .list(.rowTapped(id: 4))"))
    #expect(output.contains("\"charmander\"\n\"charmander\"\n"))
    #expect(output.contains(".favoriteTapped\n.addToTeamTapped\n.closeTapped\n"))
    #expect(output.contains(".binding(.set(\\.nickname, String))\n.binding(.set(\\.level, Int))\n"))
    // An action's nesting is the same path: the state spelling and the action one list alike.
    #expect(
      output.components(separatedBy: ".binding(.set(\\.nickname, String))\n.binding(.set(\\.level, Int))\n")
        .count == 3)
    #expect(output.components(separatedBy: ".favoriteTapped\n.addToTeamTapped\n.closeTapped\n").count == 3)
    #expect(output.contains(#"sent .team(.members(.element(id: UUID("00000000-0000-0000-0000-000000000002"), action: .binding(.set(\.nickname, "Leafy")))))"#))
    #expect(output.contains("\"Leafy\"\n"))
    #expect(output.contains("members: […] (2 elements)"))
  }

  @Test func aPageLoadPrintsAtMostTwentyFiveLinesOfStateAndEightForTheDownloadStatus() async throws {
    let result = try await DexProcess.run(
      [], input: "send .list(.onAppear)\nsend .list(.rowAppeared(id: 20))\n")
    let entries = result.standardOutput.components(separatedBy: "\n#").filter { $0.contains("pageLoaded") }
    #expect(entries.count == 2)
    for entry in entries {
      let parts = entry.components(separatedBy: "\n  @Shared(inMemory:downloads)")
      #expect(parts.count == 2, "\(entry)")
      #expect(parts[0].split(separator: "\n").count <= 25, "\(entry)")
      #expect(parts.dropFirst().joined().split(separator: "\n").count <= 8, "\(entry)")
    }
    #expect(result.standardOutput.contains(#"+         Pokemon(id: 1, name: "bulbasaur", displayName: "Bulbasaur", types: ["grass", "poison"], …),"#))
  }

  @Test func wordingOfTheReproductions() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: """
        send .team(.addTapped(id: 1))
        branch x
        branches
        help
        clock manual
        advance 1h
        expect x.count > 2
        expect team.members.count == 1.
        send .list(.search(.queryChanged("pika")))
        advance 100ms
        advance 200ms

        """)
    let errors = result.errorLines
    #expect(errors.contains("<stdin>:2: branch: 'x' is not a branch number (a whole number from 1). Usage: branch K"))
    #expect(result.standardOutput.contains("* branch 1: 1 entry, head #1\n"))
    #expect(result.standardOutput.contains("the change made by entry N (default: the current one)"))
    #expect(result.standardOutput.contains("advanced 1h to 1h: nothing woke; no effect sleeps on the clock\n"))
    #expect(errors.contains("<stdin>:7: expect: no field 'x' in AppFeature.State; fields: list, favorites, team, settings, stats, downloads"))
    #expect(!result.standardError.contains(".."))
    #expect(result.standardOutput.contains("advanced 100ms to 1h 0.1s: nothing woke; 1 effect sleeps until 1h 0.3s (advance 200ms more)\n"))
    #expect(result.standardOutput.contains("advanced 200ms to 1h 0.3s: 1 sleeping effect woke (1 entry); nothing else sleeps\n"))
  }

  @Test func theManualClocksMoveTypedUnderClockPointsToAdvance() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"], input: "clock manual\nclock advance 300ms\nclock sideways\n")
    #expect(
      result.errorLines == [
        "<stdin>:2: clock: 'clock' chooses a clock; moving the manual one is 'advance'. Type 'advance 300ms'.",
        "<stdin>:3: clock: 'sideways' is not a clock; use live, immediate or manual. Usage: clock live|immediate|manual",
      ])
  }

  @Test func debuggingCommandsSayWhatWasWrongWithTheirArguments() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: """
        bisect list.favorites
        send --bogus
        send --trace
        step --trace .list(.onAppear)
        step
        hide .team
        hide .team
        unhide
        unhide
        unhide .list

        """)
    #expect(
      result.errorLines == [
        "<stdin>:1: bisect: the expectation does not hold at #0: list.favorites is [], not a Bool; write PATH == VALUE, or another operator; bisect looks for where a value that was right goes wrong.",
        "<stdin>:2: send: '--bogus' is not an option of send. Usage: send [--trace] ACTION",
        "<stdin>:3: send: an action is needed ('actions' lists them). Usage: send [--trace] ACTION",
        "<stdin>:4: step: '--trace' is not an option of step. Usage: step ACTION",
        "<stdin>:5: step: an action is needed ('actions' lists them). Usage: step ACTION",
        "<stdin>:7: hide: .team is hidden already; 'hide' lists what is.",
        "<stdin>:9: unhide: nothing is hidden; 'hide' lists what is.",
        "<stdin>:10: unhide: .list is not hidden; 'hide' lists what is.",
      ])
  }

  @Test func aTraceOfAPageLoadPointsToItsOwnEntrysDiff() async throws {
    let result = try await DexProcess.run(input: "send .list(.onAppear)\ntrace 2\n")
    #expect(result.status == 0, "\(result.standardError)")
    let pointers = result.standardOutput.split(separator: "\n").filter {
      $0.contains("(long collections shortened:")
    }
    #expect(pointers.count == 2, "the entry's diff, then the trace's")
    #expect(pointers.allSatisfy { $0.hasSuffix("'diff 2' shows everything)") }, "\(pointers)")
  }
}
