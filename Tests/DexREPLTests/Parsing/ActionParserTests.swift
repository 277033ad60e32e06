import Composable
import Foundation
import PokedexCore
import Testing

@testable import DexREPLCore

/// Parsed actions are kept by their text, so a script's repeated lines decode once; a kept
/// action must be the action the text spells, and a mistake must stay a mistake.
@Suite struct ActionParserTests {
  private func parse(_ text: String) throws(REPLError) -> AppFeature.Action {
    try ActionParser<AppFeature.Action>.parse(text, synopsis: "send ACTION")
  }

  @Test func aRepeatedLineParsesToTheSameActionEveryTime() throws {
    let text = #".team(.members(.element(id: UUID("00000000-0000-0000-0000-000000000002"), action: .binding(.set(\.nickname, "Shelly")))))"#
    let first = try parse(text)
    let again = try parse("  " + text + " ")
    let binding = BindingAction<TeamMemberFeature.State>.set(\.nickname, "Shelly")
    let expected = AppFeature.Action.team(.members(.element(id: UUID(counting: 2), action: .binding(binding))))
    #expect(first == expected)
    #expect(again == expected)
  }

  @Test func aLineThatFailedFailsAgain() {
    for _ in 0..<2 {
      #expect(throws: REPLError.self) { try parse(".list(.rowTapped(id: \"x\"))") }
    }
  }

  @Test func moreDistinctLinesThanItKeepsStillParseRight() throws {
    for id in 1...1_500 {
      #expect(try parse(".list(.rowTapped(id: \(id)))") == .list(.rowTapped(id: id)))
    }
    #expect(try parse(".list(.rowTapped(id: 7))") == .list(.rowTapped(id: 7)))
  }
}
