import Foundation
import Composable
import DexTesting
import Testing

@Suite struct StackStateTests {
  enum Element: Equatable, Sendable, Codable, StateCasePathable {
    case number(Int)
    case text(String)
  }

  /// TCA: testStackStateSubscriptCase.
  @Test func aCaseSubscriptChangesAnElementInPlaceAndNilPopsIt() {
    var stack = StackState<Element>([.number(42)])
    stack[id: 0, case: \.number]? += 1
    #expect(stack[id: 0] == .number(43))
    stack[id: 0, case: \.number] = nil
    #expect(stack.isEmpty)
  }

  /// TCA: testStackStateSubscriptCase_Unexpected.
  @Test func aCaseSubscriptOfAnotherCaseChangesNothingAndReportsIt() {
    let issues = Recorder()
    var stack = StackState<Element>([.number(42)])
    IssueReporting.$reporter.withValue({ message, _, _ in issues.record(message) }) {
      stack[id: 0, case: \.text]?.append("!")
      stack[id: 0, case: \.text] = nil
    }
    #expect(
      issues.all == Array(
        repeating: #"Can't change the element 0 through case "text": it is "number"."#, count: 2))
    #expect(Array(stack) == [.number(42)])
  }

  /// TCA: testCustomDebugStringConvertible. dex writes an id as the integer a user types
  /// (`.popFrom(id: 1)`), where TCA prints `#1`; each store counts from 0 on its own.
  @Test func theGeneratorCountsFromZeroAndIDsReadAsIntegers() {
    let generator = StackElementIDGenerator.incrementing
    #expect(generator.peek().generation == 0)
    #expect(generator.next().description == "0")
    #expect(generator.peek().generation == 1)
    #expect(generator.next().description == "1")
    let store = Store(initialState: 0, reducer: Reduce<Int, Bool> { _, _ in .none })
    #expect(store.dependencies.stackElementID.peek() == 0)
  }

  @Test func popFromAndPopToKeepWhatIsBelow() {
    var stack = StackState<Int>([10, 11, 12, 13])
    let poppedTo = stack.pop(to: 1)
    #expect(poppedTo)
    #expect(Array(stack) == [10, 11])
    let poppedFrom = stack.pop(from: 1)
    #expect(poppedFrom)
    #expect(stack.ids == [0])
    let poppedMissing = stack.pop(from: 7)
    #expect(!poppedMissing)
    let last = stack.popLast()
    #expect(last == 10)
    #expect(stack.isEmpty)
  }

  @Test func appendingToAStackBuiltElsewhereSkipsItsIDs() {
    var stack = StackState<Int>([1, 2])
    stack.append(3)
    #expect(stack.ids == [0, 1, 2])
  }

  @Test func aStackIsCodedAsItsElementsWithTheirIDs() throws {
    var stack = StackState<Int>()
    stack[id: 3] = 30
    stack[id: 5] = 50
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(stack)
    #expect(String(decoding: data, as: UTF8.self) == #"[{"element":30,"id":3},{"element":50,"id":5}]"#)
    #expect(try JSONDecoder().decode(StackState<Int>.self, from: data) == stack)
    let twice = Data(#"[{"id":3,"element":30},{"id":3,"element":50}]"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(StackState<Int>.self, from: twice) }
  }
}
