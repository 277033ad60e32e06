import Composable
import ComposableInspection
import Testing

/// `briefText` renders a diff once and asks the diff for long collections only when the
/// rendering shortened something: its text and its flag must be what `text(maxItems:)` and
/// `hasLongCollections(moreThan:)` say, on either side of that shortcut.
struct MomentDiffBriefTextTests {
  private struct Item: Equatable, Identifiable {
    var id: Int
    var title: String
  }

  private struct State: Equatable {
    var items: [Item] = []
    var counts: [Int] = []
    var groups: [[Int]] = []
    var note = ""
  }

  private static func diff(_ old: State, _ new: State) -> MomentDiff {
    momentDiff(old, new, sharedBefore: .empty, sharedAfter: .empty)
  }

  private static func expectAgreement(
    _ diff: MomentDiff, maxWidth: Int = 100, long: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let brief = diff.briefText(maxWidth: maxWidth, maxItems: 3)
    #expect(
      brief.text == diff.text(maxWidth: maxWidth, maxItems: 3), sourceLocation: sourceLocation)
    #expect(brief.hasLongCollections == long, sourceLocation: sourceLocation)
    #expect(diff.hasLongCollections(moreThan: 3) == long, sourceLocation: sourceLocation)
  }

  @Test func aSmallChangeIsNotLong() {
    var new = State()
    new.note = "changed"
    Self.expectAgreement(Self.diff(State(), new), long: false)
  }

  @Test func moreInsertionsThanShownAreLong() {
    var new = State()
    new.counts = [1, 2, 3, 4, 5]
    Self.expectAgreement(Self.diff(State(), new), long: true)
  }

  @Test func aLongCollectionInsideAnInsertedValueIsLong() {
    var new = State()
    new.groups = [Array(1...10)]
    Self.expectAgreement(Self.diff(State(), new), long: true)
  }

  @Test func anElementCutToTheWidthIsShortenedButNotLong() {
    var new = State()
    new.items = [Item(id: 1, title: String(repeating: "wide ", count: 20))]
    let diff = Self.diff(State(), new)
    #expect(diff.text(maxWidth: 40, maxItems: 3).contains("…)"))
    Self.expectAgreement(diff, maxWidth: 40, long: false)
  }

  @Test func noChangeIsNotLong() {
    Self.expectAgreement(Self.diff(State(), State()), long: false)
  }
}
