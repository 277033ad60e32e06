import Foundation
import Testing

@testable import StoreInspector

// A toy app state shaped like the REPL's: a list with an optional enum destination and a wrapped
// favorites set, a team of identifiable members with a derived value.

struct ToyPokemon: Equatable {
  var id: Int
  var name: String
}

struct ToyDetailState: Equatable {
  var pokemon: ToyPokemon
  var extra: String?
  @Stored var favorites: [Int] = [25]
}

enum ToyDestination: Equatable {
  case detail(ToyDetailState)
  case favorites
  case alert(title: String, message: String)
}

struct ToyListState {
  var destination: ToyDestination?
  @Stored var favorites: Set<Int> = [25, 1]
  var todos = IdentifiedTodos(storage: [4: Todo(id: 4, title: "Milk")], order: [4])
}

struct ToyMember: Identifiable, Equatable {
  var id: UUID
  var nickname: String
  var level: Int
}

struct ToyTeamState: CustomDumpReflectable {
  var members: [ToyMember]
  var levels: [String: Int] = ["eevee": 3, "pikachu": 5]
  var inspectorMirror: Mirror {
    Mirror(
      self,
      children: [
        "members": members, "levels": levels, "totalLevel": members.map(\.level).reduce(0, +),
      ],
      displayStyle: .struct)
  }
}

struct ToyRootState {
  var list: ToyListState
  var team: ToyTeamState
  var point = (x: 1, y: 2)
}

enum Scenario: Sendable {
  case detailOpen, closed, alert

  static let memberID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

  var state: ToyRootState {
    let destination: ToyDestination? =
      switch self {
      case .detailOpen:
        .detail(ToyDetailState(pokemon: ToyPokemon(id: 25, name: "pikachu"), extra: nil))
      case .closed: nil
      case .alert: .alert(title: "Oops", message: "Offline")
      }
    return ToyRootState(
      list: ToyListState(destination: destination),
      team: ToyTeamState(members: [
        ToyMember(id: Self.memberID, nickname: "Sparky", level: 12),
        ToyMember(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, nickname: "Eve", level: 7),
      ]))
  }
}

struct StatePathTests {
  static let parsed: [(text: String, components: [StatePath.Component])] = [
    ("", []),
    ("list", [.name("list")]),
    (".list.favorites", [.name("list"), .name("favorites")]),
    ("team.members[0].nickname", [.name("team"), .name("members"), .index(0), .name("nickname")]),
    (
      #"team.members[id: UUID("00000000-0000-0000-0000-000000000001")]"#,
      [
        .name("team"), .name("members"),
        .id(.call("UUID", [.init(value: .string("00000000-0000-0000-0000-000000000001"))])),
      ]
    ),
    ("todos[id: 4]", [.name("todos"), .id(.int("4"))]),
    (#"levels["a]b"]"#, [.name("levels"), .key(.string("a]b"))]),
    ("grid[1][2]", [.name("grid"), .index(1), .index(2)]),
  ]

  @Test(arguments: parsed)
  func parsesEveryKindOfStep(text: String, components: [StatePath.Component]) throws {
    let path = try StatePath(parsing: text)
    #expect(path.components == components)
    #expect(try StatePath(parsing: path.description) == path)
  }

  static let syntaxErrors: [(text: String, message: String)] = [
    ("list.", "unexpected end of path at column 6 of path 'list.'; expected a field or case name"),
    (
      "list..a",
      "unexpected '.' at column 6 of path 'list..a'; expected a field or case name"
    ),
    (
      "team.members[0",
      "unexpected '[' at column 13 of path 'team.members[0'; expected ']' to close '['"
    ),
    (
      "team.members[-1]",
      "unexpected [-1] at column 13 of path 'team.members[-1]'; expected an index from 0 up"
    ),
    (
      "team.members[id: ]",
      "unexpected [ ] at column 13 of path 'team.members[id: ]'; "
        + #"expected an id literal: 7, "x", UUID("…")"#
    ),
    (
      "team members",
      "unexpected 'm' at column 6 of path 'team members'; expected '.' or '[' after 'team'"
    ),
    ("1abc", "unexpected '1' at column 1 of path '1abc'; expected a field or case name"),
  ]

  @Test(arguments: syntaxErrors)
  func malformedPathsSayWhereAndWhatWasExpected(text: String, message: String) {
    do {
      _ = try StatePath(parsing: text)
      Issue.record("expected \(text) to fail")
    } catch {
      #expect(error.description == message)
    }
  }

  static let lookups: [(scenario: Scenario, path: String, dump: String)] = [
    (.detailOpen, "list.favorites", "[1, 25]"),
    (.detailOpen, "list.favorites[0]", "1"),
    (.detailOpen, "list.destination.detail.pokemon.name", #""pikachu""#),
    (.detailOpen, "list.destination.detail.favorites", "[25]"),
    (.detailOpen, "list.destination.detail.extra", "nil"),
    (.alert, "list.destination.alert", #"(title: "Oops", message: "Offline")"#),
    (.alert, "list.destination.alert.message", #""Offline""#),
    (.alert, "list.destination.alert[0]", #""Oops""#),
    (.closed, "team.members[1].nickname", #""Eve""#),
    (
      .closed, #"team.members[id: UUID("00000000-0000-0000-0000-000000000001")].level"#, "12"
    ),
    (
      .closed, #"team.members[id: UUID("00000000-0000-0000-0000-000000000002")].nickname"#,
      #""Eve""#
    ),
    (.closed, "team.totalLevel", "19"),
    (.closed, #"team.levels["pikachu"]"#, "5"),
    (.closed, "list.todos[id: 4].title", #""Milk""#),
    (.closed, "point.y", "2"),
  ]

  @Test(arguments: lookups)
  func walksFieldsWrappersOptionalsPayloadsAndElements(
    scenario: Scenario, path: String, dump: String
  ) throws {
    let found = try value(at: StatePath(parsing: path), in: scenario.state)
    #expect(inspectorDump(found, maxWidth: .max) == dump)
  }

  static let failures: [(scenario: Scenario, path: String, message: String)] = [
    (
      .detailOpen, "list.destination.detail.pokemn",
      "no field 'pokemn' in ToyDetailState; fields: pokemon, extra, favorites"
    ),
    (.closed, "list.destination.detail", "list.destination is nil"),
    (.detailOpen, "list.destination.favorites", "list.destination is .detail, not .favorites"),
    (.alert, "list.destination.detail.pokemon", "list.destination is .alert, not .detail"),
    (.closed, "team.members[7]", "index 7 is out of range for team.members (2 elements)"),
    (.closed, "list.todos[3]", "index 3 is out of range for list.todos (1 element)"),
    (
      .closed, "team.members[id: 99]",
      #"no element with id 99 in team.members; ids: UUID("00000000-0000-0000-0000-000000000001"), "#
        + #"UUID("00000000-0000-0000-0000-000000000002")"#
    ),
    (.closed, "list.favorites[id: 1]", "the elements of list.favorites have no id; use [N]"),
    (
      .closed, "team.members[0].level[0]",
      "team.members[0].level is Int, not a collection; [0] needs an array, a set or a dictionary"
    ),
    (.closed, "team.members[0].level.x", "no field 'x' in Int, which has no fields"),
    (
      .closed, #"team.levels["mew"]"#,
      #"no key "mew" in team.levels; keys: "eevee", "pikachu""#
    ),
    (.closed, "nope", "no field 'nope' in ToyRootState; fields: list, team, point"),
    (
      .closed, "team.members.nickname",
      "no field 'nickname' in [ToyMember]; fields: count"
    ),
  ]

  @Test(arguments: failures)
  func failedStepsNameTheStepAndWhatIsThere(scenario: Scenario, path: String, message: String)
    throws
  {
    let path = try StatePath(parsing: path)
    do {
      _ = try value(at: path, in: scenario.state)
      Issue.record("expected \(path) to fail")
    } catch {
      #expect(error.description == message)
    }
  }

  /// A navigation stack as it dumps: its screens keyed by their ids, bottom first.
  struct ToyStack: CustomDumpReflectable, KeyedByIDDump {
    var screens: [(id: Int, name: String)]
    var inspectorMirror: Mirror {
      Mirror(
        self, children: screens.map { (label: String?.none, value: (key: $0.id, value: $0.name)) },
        displayStyle: .dictionary)
    }
  }

  @Test func aStackIsReachedByPositionWithNAndByIDWithIDX() throws {
    // Ids 0 and 3: a pop took 1 and 2, a push made 3.
    struct Detail { var path: ToyStack }
    let stack = Detail(path: ToyStack(screens: [(0, "overgrow"), (3, "chlorophyll")]))
    #expect(try value(at: StatePath(parsing: "path[1]"), in: stack) as? String == "chlorophyll")
    #expect(try value(at: StatePath(parsing: "path[id: 3]"), in: stack) as? String == "chlorophyll")
    #expect(try value(at: StatePath(parsing: "path[0]"), in: stack) as? String == "overgrow")
    do {
      _ = try value(at: StatePath(parsing: "path[3]"), in: stack)
      Issue.record("position 3 of a stack of two was found")
    } catch {
      #expect(error.description == "index 3 is out of range for path (2 elements)")
    }
    #expect(try childNames(at: StatePath(parsing: "path"), in: stack) == ["[id: 0]", "[id: 3]"])
  }

  @Test func completionOffersTheNamesThatCanFollow() throws {
    let state = Scenario.detailOpen.state
    #expect(childNames(at: StatePath(), in: state) == ["list", "team", "point"])
    #expect(
      try childNames(at: StatePath(parsing: "list"), in: state)
        == ["destination", "favorites", "todos"])
    #expect(try childNames(at: StatePath(parsing: "list.destination"), in: state) == ["detail"])
    #expect(
      try childNames(at: StatePath(parsing: "list.destination.detail"), in: state)
        == ["pokemon", "extra", "favorites"])
    #expect(try childNames(at: StatePath(parsing: "list.todos"), in: state) == ["[id: 4]"])
    #expect(try childNames(at: StatePath(parsing: "list.favorites"), in: state) == ["[0]", "[1]"])
    #expect(
      try childNames(at: StatePath(parsing: "team.levels"), in: state)
        == [#"["eevee"]"#, #"["pikachu"]"#])
    #expect(
      try childNames(at: StatePath(parsing: "team"), in: state) == [
        "members", "levels", "totalLevel",
      ])
    #expect(try childNames(at: StatePath(parsing: "team.totalLevel"), in: state).isEmpty)
    #expect(try childNames(at: StatePath(parsing: "list.nope"), in: state).isEmpty)
    #expect(
      try childNames(at: StatePath(parsing: "list.destination"), in: Scenario.closed.state).isEmpty)
  }
}
