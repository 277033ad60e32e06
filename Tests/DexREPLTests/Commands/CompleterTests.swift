import Composable
import DexTesting
import Foundation
import Testing

@testable import DexREPLCore

/// Tab completion at cursor positions across every kind of argument, as readline asks for it:
/// the word is what follows the last space before the cursor (`|`), and every candidate
/// replaces that word, so none may change what was typed.
@Suite(.isolatedSharedState) struct CompleterTests {
  static let one = #"UUID("00000000-0000-0000-0000-000000000001")"#
  static let two = #"UUID("00000000-0000-0000-0000-000000000002")"#

  /// (line with `|` at the cursor, the candidates, or nil to check only that there are some).
  static let table: [(String, [String]?)] = [
    ("|", nil),
    ("se|", ["send"]),
    ("he|", ["help"]),
    ("help sta|", ["state"]),
    ("fav|", ["fav", "favs"]),
    ("q|", ["quit"]),
    ("send |", [".list(", ".favorites(", ".team(", ".settings(", ".stats("]),
    ("send li|", ["list("]),
    ("send .li|", [".list("]),
    ("send .list(.row|", [".list(.rowAppeared(", ".list(.rowTapped("]),
    ("send list(row|", ["list(rowAppeared(", "list(rowTapped("]),
    ("send .list(.rowTapped(|", [".list(.rowTapped(id: "]),
    ("send .list(.rowTapped(id: 4)),.|", []),
    ("send .list(.rowTapped(id: 4)) |", []),
    ("send .list(.destination(|", [".list(.destination(.presented(", ".list(.destination(.dismiss"]),
    ("send .list(.destination(.presented(.|", [".list(.destination(.presented(.detail("]),
    ("send .list(.destination(.presented(.detail(.fav|",
     [".list(.destination(.presented(.detail(.favoriteTapped"]),
    ("send .list(.search(.query|", [".list(.search(.queryChanged(", ".list(.search(.queryApplied("]),
    ("send .list(.search(.filter(.binding(.set(\\.|", [".list(.search(.filter(.binding(.set(\\.selectedTypes"]),
    ("send .list(.rowTapped(id: \"pika|", []),
    ("send .favorites(.favoriteTapped(|", [".favorites(.favoriteTapped(id: "]),
    ("send .favorites(|", [".favorites(.favoriteTapped(", ".favorites(.releaseTapped(", ".favorites(.alert("]),
    ("send .team(.sortOrderChanged(|",
     [".team(.sortOrderChanged(.added", ".team(.sortOrderChanged(.level", ".team(.sortOrderChanged(.name"]),
    ("send .team(.sortOrderChanged(.l|", [".team(.sortOrderChanged(.level"]),
    ("send team(sortOrderChanged(n|", ["team(sortOrderChanged(name"]),
    ("send .team(.members(|", [".team(.members(.element("]),
    ("send .team(.members(.element(|", [".team(.members(.element(id: "]),
    ("send .team(.members(.element(id: |", [one, two]),
    ("send .team(.members(.element(id: UUID(\"00000000-0000-0000-0000-000000000001\"), |", ["action: "]),
    ("send .team(.members(.element(id: UUID(\"00000000-0000-0000-0000-000000000001\"),action:.|",
     ["UUID(\"00000000-0000-0000-0000-000000000001\"),action:.binding("]),
    ("send .team(.members(.element(id: #0, action: .binding(.|", [".binding(.set("]),
    ("send .team(.members(.element(id: #0, action: .binding(.set(|",
     [".binding(.set(\\.nickname", ".binding(.set(\\.level"]),
    ("send .team(.members(.element(id: #0, action: .binding(.set(\\.|",
     [".binding(.set(\\.nickname", ".binding(.set(\\.level"]),
    ("send .team(.members(.element(id: #0, action: .binding(.set(\\.ni|", [".binding(.set(\\.nickname"]),
    ("send .team(.members(.element(id: #0, action: .binding(.set(\\.level, 5)))), |", []),
    ("send --tr|", ["--trace"]),
    ("send --trace .li|", [".list("]),
    ("break |", ["when", "on", "delete"]),
    ("break on .list(.page|", [".list(.pageLoaded("]),
    ("break when list.canLoad|", ["list.canLoadMore"]),
    ("hide .list(.row|", [".list(.rowAppeared(", ".list(.rowTapped("]),
    ("log --|", ["--changed", "--path"]),
    ("log --path list.destin|", ["list.destination"]),
    ("log .favorites(|", [".favorites(.favoriteTapped(", ".favorites(.releaseTapped(", ".favorites(.alert("]),
    ("tree li|", ["list"]),
    ("tree --mermaid te|", ["team"]),
    ("record --ex|", ["--expect"]),
    ("import --v|", ["--verify"]),
    ("state |", ["list", "favorites", "team", "settings", "stats", "downloads"]),
    ("state li|", ["list"]),
    ("state list.destin|", ["list.destination"]),
    ("state list.loadSt|", ["list.loadState"]),
    ("state team.members[0].ni|", ["team.members[0].nickname"]),
    ("state team.display|", ["team.displayedMembers"]),
    ("state --d|", ["--depth"]),
    ("expect team.mem|", ["team.members"]),
    ("expect team.members.count >= |", []),
    ("actions |", ["list", "favorites", "team", "settings", "stats"]),
    ("actions list.dest|", ["list.destination"]),
    ("actions list.destination.|", ["list.destination.presented", "list.destination.dismiss"]),
    ("clock m|", ["manual"]),
    ("dep u|", ["uuid"]),
    ("dep uuid |", ["incrementing", "random", "next"]),
    ("fav pikac|", ["pikachu"]),
    ("fav Pikac|", ["Pikachu"]),
    ("fav \"Mr|", ["\"Mr. Mime\"", "\"Mr. Rime\""]),
    ("fav \"Mr. M|", ["Mime\""]),
    ("fav Mr. R|", ["Rime"]),
    ("fav mr-m|", ["mr-mime"]),
    ("state team --d|", ["--depth"]),
    ("find bulb|", ["bulbasaur"]),
    ("help |", nil),
  ]

  /// A session with the first page loaded and two team members (Charmander, Pikachu).
  private func completer() -> Completer {
    let repl = makeREPL()
    for line in ["send .list(.onAppear)", "send .team(.addTapped(id: 4))", "send .team(.addTapped(id: 25))"] {
      #expect(repl.execute(line) == .proceed)
    }
    return Completer(session: repl.session)
  }

  /// What readline passes for `text` with `|` at the cursor: the line, where the word starts
  /// (in characters) and the word.
  private func complete(_ completer: Completer, _ text: String) -> (word: String, found: [String]) {
    let parts = text.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
    let before = String(parts[0])
    let line = before + (parts.count > 1 ? String(parts[1]) : "")
    let wordStart = before.lastIndex(where: { $0 == " " }).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0
    let word = String(before.dropFirst(wordStart))
    return (word, completer.completions(line: line, wordStart: wordStart, word: word))
  }

  @Test(
    .enabled(if: PseudoTerminalProgram.isAvailable, PseudoTerminalProgram.missingToolNote),
    .timeLimit(.minutes(1)))
  func aQuotedNameWithSpacesCompletesOnATerminal() async throws {
    try await PseudoTerminalProgram.run(
      #"""
      child = pexpect.spawn(DEX, [], env=terminal_environment(DEX_HISTFILE=os.path.join(WORKDIR, "h")),
                            encoding="utf-8", timeout=10, dimensions=(24, 80))
      prompt(child, "first prompt")
      child.send('fav "Mr\t')
      expect(child, re.escape('fav "Mr') + r"\x07?" + re.escape(". "), "Tab completes what Mr. Mime and Mr. Rime share")
      child.send('\t\t')
      expect(child, re.escape('"Mr. Mime"') + r"\s+" + re.escape('"Mr. Rime"'), "Tab Tab lists both whole")
      child.send('M\t')
      expect(child, re.escape('fav "Mr. Mime"'), "Tab completes the quoted name, spaces and all")
      child.send("\r")
      expect(child, re.escape("#1 sent .favorites(.favoriteTapped(id: 122))"), "the completed name is sent")
      prompt(child, "prompt after fav")
      child.send("state team --d\t")
      expect(child, re.escape("state team --depth"), "Tab completes an option after the path")
      child.send(" 0\r")
      expect(child, re.escape("TeamFeature.State(…)"), "the option after the path is taken")
      prompt(child, "prompt after state")
      print("PASS quoted names and options after a path complete")
      child.sendcontrol("d")
      child.expect([pexpect.EOF, pexpect.TIMEOUT])
      print("ALL PASSED")
      """#)
  }

  @Test func theTableHasAtLeastFortyCursorPositions() {
    #expect(Self.table.count >= 40)
  }

  @Test func everyCursorPositionCompletesWhatIsValidThereOnly() async throws {
    let results = try await onDedicatedThread { () -> [(String, String, [String])] in
      let completer = completer()
      return Self.table.map { line, _ in
        let (word, found) = complete(completer, line)
        return (line, word, found)
      }
    }
    for ((line, expected), (_, word, found)) in zip(Self.table, results) {
      if let expected {
        #expect(found == expected, "at \(line)")
      } else {
        #expect(!found.isEmpty, "at \(line)")
      }
      for candidate in found {
        #expect(candidate.hasPrefix(word), "\(candidate) would rewrite '\(word)' at \(line)")
      }
    }
  }

  @Test func elementIDsShowTheirNamesAndListsShowOnlyWhatFollows() async throws {
    let (names, shown, space) = try await onDedicatedThread { () -> ([String?], [String], [Bool]) in
      let completer = completer()
      let ids = complete(completer, "send .team(.members(.element(id: |").found
      let names = ids.map { completer.description(of: $0) }
      let rows = complete(completer, "send .list(.row|").found.map { completer.displayText(of: $0) }
      var space: [Bool] = []
      _ = complete(completer, "state li|")
      space.append(completer.appendsSpace)
      _ = complete(completer, "send .list(.onA|")
      space.append(completer.appendsSpace)
      _ = complete(completer, "se|")
      space.append(completer.appendsSpace)
      return (names, rows, space)
    }
    #expect(names == ["Charmander", "Pikachu"])
    #expect(shown == [".rowAppeared(", ".rowTapped("])
    #expect(space == [false, false, true])
  }

  @Test func stackElementIDsShowTheirScreenAndPokemon() async throws {
    let (ids, names) = try await onDedicatedThread { () -> ([String], [String?]) in
      let repl = makeREPL()
      let lines = StackCommandsTests.drilledThreeDeep.split(separator: "\n").map(String.init)
      for line in lines {
        #expect(repl.execute(line) == .proceed, "\(line)")
      }
      let completer = Completer(session: repl.session)
      let ids = complete(
        completer, "send .list(.destination(.presented(.detail(.path(.element(id: |"
      ).found
      return (ids, ids.map { completer.description(of: $0) })
    }
    #expect(ids == ["0", "1", "2"])
    #expect(names == ["ability overgrow", "detail Ivysaur", "ability chlorophyll"])
  }
}
