import Foundation
import Testing

import DexPlatform
@testable import StoreInspector

struct DecodingErrorDescriptionTests {
  static let failures: [(text: String, message: String)] = [
    (
      #".list(.rowTapped(id: "pikachu"))"#,
      #"argument 'id' of .list(.rowTapped): expected Int, found "pikachu""#
    ),
    (
      ".list(.rowTapped(id: 99999999999999999999))",
      "argument 'id' of .list(.rowTapped): "
        + "99999999999999999999 is outside Int (-9223372036854775808…9223372036854775807)"
    ),
    (
      ".list(.smallStep(200, 1))",
      "argument 1 of .list(.smallStep): 200 is outside Int8 (-128…127)"
    ),
    (
      ".list(.smallStep(1, -1))",
      "argument 2 of .list(.smallStep): -1 is outside UInt16 (0…65535)"
    ),
    (".list(.rowTapped(id: 1.5))", "argument 'id' of .list(.rowTapped): expected Int, found 1.5"),
    (".list(.rowTapped(25))", ".list(.rowTapped): missing argument 'id'; found .rowTapped(25)"),
    (".list(.rowTapped)", ".list(.rowTapped): missing argument 'id'"),
    (
      ".list(.rowTapped(id: 1, idd: 2))",
      ".list(.rowTapped): unexpected argument 'idd'; .rowTapped takes (id:)"
    ),
    (
      ".list(.onAppear(5))", ".list(.onAppear): unexpected argument 1; .onAppear takes no arguments"
    ),
    (".list(.rowTaped(id: 1))", "argument 1 of .list: '.rowTaped' is not a case of ListAction"),
    (".lists(.onAppear)", "'.lists' is not a case of AppAction"),
    ("25", "expected AppAction, found 25"),
    (".list(25)", "argument 1 of .list: expected ListAction, found 25"),
    (
      ".list(.sorted(.random))",
      "argument 1 of .list(.sorted): '.random' is not a case of SortOrder; "
        + "valid cases: .added, .level, .byName"
    ),
    (".list(.sorted(3))", "argument 1 of .list(.sorted): expected SortOrder, found 3"),
    (
      ".list(.rarityPicked(.epic))",
      #"argument 1 of .list(.rarityPicked): Cannot initialize Rarity from invalid String value epic"#
    ),
    (
      ".list(.pageLoaded(.failure(DexError(kind: .bogus, message: \"x\"))))",
      "field 'kind' of DexError in .list(.pageLoaded(.failure)): "
        + "Cannot initialize Kind from invalid String value bogus"
    ),
    (
      ".list(.pageLoaded(.failure(DexError(kind: .network))))",
      "argument 1 of .list(.pageLoaded(.failure)): missing field 'message'; "
        + "found DexError(kind: .network)"
    ),
    (
      #".list(.pageLoaded(.failure(DexError(kind: .network, mesage: "x", message: "y"))))"#,
      "argument 1 of .list(.pageLoaded(.failure)): unexpected field 'mesage'; "
        + "DexError takes (kind:message:)"
    ),
    (
      #".list(.pageLoaded(.failure(Point(x: 1, y: 2))))"#,
      "argument 1 of .list(.pageLoaded(.failure)): expected DexError, found Point(x: 1, y: 2)"
    ),
    (
      #".list(.pageLoaded(.success([1, "two"])))"#,
      #"element 1 of .list(.pageLoaded(.success)): expected Int, found "two""#
    ),
    (
      ".list(.pageLoaded(.success(1)))",
      "argument 1 of .list(.pageLoaded(.success)): expected [Int], found 1"
    ),
    (
      ".team(.membersMoved(fromOffsets: [0, .x], toOffset: 1))",
      "element 1 of .team(.membersMoved(fromOffsets:)): expected Int, found .x"
    ),
    (
      ".team(.membersDeleted(2))",
      "argument 1 of .team(.membersDeleted): expected IndexSet, found 2"
    ),
    (
      #".team(.memberTapped(UUID("nope")))"#,
      #"argument 1 of .team(.memberTapped): "nope" is not a UUID"#
    ),
    (
      ".team(.memberTapped(7))",
      "argument 1 of .team(.memberTapped): expected UUID, found 7"
    ),
    (
      #".team(.scheduled(at: Date("yesterday"), url: URL(string: "a"), "#
        + #"payload: Data(base64Encoded: "")))"#,
      #"argument 'at' of .team(.scheduled): "yesterday" is not an ISO 8601 date "#
        + #"like "2026-01-01T00:00:00Z""#
    ),
    (
      #".team(.levelsSet(["a": "b"]))"#,
      #"value for key "a" of .team(.levelsSet): expected Int, found "b""#
    ),
    (
      #".team(.binding(.set(\.level, "high")))"#,
      #"argument 2 of .team(.binding(.set)): expected Int, found "high""#
    ),
    (
      #".team(.binding(.set(\.nick, "x")))"#,
      "argument 1 of .team(.binding(.set)): no bindable field 'nick'"
    ),
    (
      ".counter(.reset)",
      "'reset' is not a case of CounterAction; valid cases: .incrementTapped, .setTo"
    ),
    (".counter(.setTo(true))", "argument 1 of .counter(.setTo): expected Int, found true"),
    (
      "#1 .list(#1)",
      "argument 1 of .list: #1 refers to another part of the value; write the value itself"
    ),
  ]

  @Test(arguments: failures)
  func everyDecodingFailureIsOneLineNamingWhereAndWhat(text: String, message: String) throws {
    let literal = try LiteralParser.parse(text)
    do {
      _ = try LiteralDecoder.decode(AppAction.self, from: literal)
      Issue.record("expected \(text) to fail")
    } catch {
      #expect(describeDecodingError(error) == message)
    }
  }

  @Test func errorsFromOtherDecodersAreWordedAsDexPlatformWordsThem() throws {
    struct Team: Decodable {
      struct Member: Decodable { var level: Int }
      var members: [Member]
    }
    let json = #"{"members": [{"level": 1}, {"level": 2}, {"level": "high"}]}"#
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Team.self, from: Data(json.utf8))
    }
    let decodingError = try #require(error)
    #expect(describeDecodingError(decodingError) == "expected Int at 'members[2].level', found a string")
    #expect(describeDecodingError(decodingError) == decodingError.summary)
  }

  @Test func otherErrorsPrintTheirDescription() {
    #expect(
      describeDecodingError(CounterAction.UnknownCase(name: "x"))
        == "'x' is not a case of CounterAction; valid cases: .incrementTapped, .setTo")
  }
}
