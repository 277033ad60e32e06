import Composable
import ComposableInspection
import Foundation
import StoreInspector
import Testing

/// `caseText` reads each argument as its table says (a case-tabled type through its own table, a
/// leaf without asking the value, an Optional by asking it), and finds each enum's table in a
/// cache: these pin the text it writes, case by case, against a table or a cache that answers
/// for another case, another value or another instantiation of a generic enum.
@Suite struct CaseTextTests {
  static let samples: [(RosterFeature.Action, String)] = [
    (.rowTapped(id: 25), ".rowTapped(id: 25)"),
    (.rowTapped(id: 3), ".rowTapped(id: 3)"),
    (.rowsMoved(fromOffsets: [1], toOffset: 0), ".rowsMoved(fromOffsets: [1], toOffset: 0)"),
    (.rowsDeleted(atOffsets: [0, 2]), ".rowsDeleted(atOffsets: [0, 2])"),
    (.rows(.element(id: 3, action: .tapped)), ".rows(.element(id: 3, action: .tapped))"),
    (.rows(.element(id: 1, action: .timerStarted)), ".rows(.element(id: 1, action: .timerStarted))"),
    (
      .rows(.element(id: 2, action: .binding(.set(\.nickname, "Sparky")))),
      #".rows(.element(id: 2, action: .binding(.set(\.nickname, "Sparky"))))"#
    ),
    (.detail(.presented(.onAppear)), ".detail(.presented(.onAppear))"),
    (.detail(.presented(.closeTapped)), ".detail(.presented(.closeTapped))"),
    (.detail(.dismiss), ".detail(.dismiss)"),
  ]

  @Test func eachCaseAndEachValueIsWrittenAsItsOwn() {
    // In turn and again, so that a text kept from an earlier value would show.
    for _ in 0..<2 {
      for (action, expected) in Self.samples {
        #expect(text(action) == expected)
        #expect(text(action as Any) == expected)
      }
    }
  }

  @Test func eachInstantiationOfAGenericEnumReadsItsOwnArguments() {
    let rows = IdentifiedAction<Int, RowFeature.Action>.element(id: 7, action: .ticked)
    let counters = IdentifiedAction<String, CounterFeature.Action>.element(
      id: "a", action: .queryChanged("pika"))
    let details = PresentationAction<DetailFeature.Action>.presented(.ticked)
    let counter = PresentationAction<CounterFeature.Action>.presented(.searchCompleted(["x"]))
    for _ in 0..<2 {
      #expect(text(rows) == ".element(id: 7, action: .ticked)")
      #expect(text(counters) == #".element(id: "a", action: .queryChanged("pika"))"#)
      #expect(text(details) == ".presented(.ticked)")
      #expect(text(counter) == #".presented(.searchCompleted(["x"]))"#)
    }
  }

  @Test func anOptionalArgumentHoldingACaseTabledEnumIsWrittenThroughItsTable() {
    #expect(marked(WrappingAction.picked(.tapped)) == ".picked(.tapped)")
    #expect(marked(WrappingAction.picked(nil)) == ".picked(<Optional<Action>>)")
    #expect(
      marked(WrappingAction.nested(.element(id: 4, action: .ticked)))
        == ".nested(.element(id: <Int>, action: .ticked))")
    #expect(marked(WrappingAction.count(12)) == ".count(<Int>)")
  }

  @Test func anAnyHashableArgumentHoldingACaseTabledEnumIsWrittenThroughItsTable() {
    #expect(marked(HashableEvent.held(AnyHashable(HashableEvent.Inner.on))) == ".held(.on)")
    #expect(marked(HashableEvent.held(AnyHashable(5))) == ".held(<AnyHashable>)")
  }

  @Test func aTableWhoseCaseIsAnotherWritesTheValueAsALeaf() {
    #expect(text(MisindexedEvent.closed(id: 2)) == "leaf(closed(id: 2))")
    #expect(text(MisindexedEvent.opened) == ".opened")
  }

  @Test func leavesAreWrittenByTheLeafFunction() {
    let written = caseText(RosterFeature.Action.rowsMoved(fromOffsets: [1], toOffset: 0)) {
      "<\(type(of: $0))>"
    }
    #expect(written == ".rowsMoved(fromOffsets: <IndexSet>, toOffset: <Int>)")
  }

  /// The text with each leaf written as its type, so that a value written through a table
  /// cannot pass for one written as a leaf.
  private func marked<Value: CasePathable>(_ value: Value) -> String {
    caseText(value) { "<\(type(of: $0))>" }
  }

  private func text<Value: CasePathable>(_ value: Value) -> String {
    caseText(value, leaf: Self.leaf)
  }

  private func text(_ value: Any) -> String {
    caseText(value, leaf: Self.leaf)
  }

  private static func leaf(_ value: Any) -> String {
    value is MisindexedEvent ? "leaf(\(value))" : inspectorDump(value, maxWidth: .max)
  }
}

/// Tables written by hand, which the generator cannot see: the enums name CasePathable only
/// through a typealias.
private typealias HandWrittenTable = CasePathable

/// Arguments whose values a cast looks inside (an Optional) or that are case-tabled. (Written by
/// hand: a nil argument encodes as no key, which the round trips of generated tables refuse.)
private enum WrappingAction: Equatable, Sendable, Codable, HandWrittenTable {
  case picked(RowFeature.Action?)
  case nested(IdentifiedAction<Int, RowFeature.Action>)
  case count(Int)

  struct Cases: Sendable {
    let picked = Case("picked", WrappingAction.picked) {
      if case let .picked(value) = $0 { value } else { nil }
    }
    let nested = Case("nested", WrappingAction.nested) {
      if case let .nested(value) = $0 { value } else { nil }
    }
    let count = Case("count", WrappingAction.count) {
      if case let .count(value) = $0 { value } else { nil }
    }
  }

  static let cases = Cases()

  static func caseIndex(of value: Self) -> Int {
    switch value {
    case .picked: 0
    case .nested: 1
    case .count: 2
    }
  }
}

/// An argument of type `AnyHashable`, which a cast looks inside. (`AnyHashable` is not
/// `Sendable`; the values here hold only `Sendable` ones.)
private enum HashableEvent: @unchecked Sendable, HandWrittenTable {
  case held(AnyHashable)

  enum Inner: Hashable, Sendable, Codable, HandWrittenTable {
    case on

    struct Cases: Sendable {
      let on = Case("on", value: Inner.on) { if case .on = $0 { () } else { nil } }
    }

    static let cases = Cases()

    static func caseIndex(of value: Self) -> Int { 0 }
  }

  struct Cases: Sendable {
    let held = Case("held", HashableEvent.held) {
      if case let .held(value) = $0 { value } else { nil }
    }
  }

  static let cases = Cases()

  static func caseIndex(of value: Self) -> Int { 0 }

  init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not decoded"))
  }

  func encode(to encoder: any Encoder) throws {}
}

/// A table whose index names the wrong case for `.closed`.
private enum MisindexedEvent: Codable, Sendable, HandWrittenTable {
  case opened
  case closed(id: Int)

  struct Cases: Sendable {
    let opened = Case("opened", value: MisindexedEvent.opened) {
      if case .opened = $0 { () } else { nil }
    }
    let closed = Case("closed", label: "id", MisindexedEvent.closed(id:)) {
      if case let .closed(value) = $0 { value } else { nil }
    }
  }

  static let cases = Cases()

  static func caseIndex(of value: Self) -> Int { 0 }
}
