import StoreInspector

/// Reads `PATH == VALUE` or `PATH != VALUE`.
struct Expectation {
  var path: StatePath
  var pathText: String
  var expected: Literal
  var expectedText: String
  var isEqual: Bool

  static let synopsis = "expect PATH == VALUE | expect PATH != VALUE"

  init(parsing text: String) throws(REPLError) {
    let operators = [(" == ", true), (" != ", false)]
    let found = operators.compactMap { op, isEqual in
      text.range(of: op).map { ($0, isEqual) }
    }.min { $0.0.lowerBound < $1.0.lowerBound }
    guard let (range, isEqual) = found else {
      throw .badArguments(
        command: "expect", problem: "write PATH == VALUE or PATH != VALUE (spaces around the operator)",
        synopsis: Self.synopsis)
    }
    pathText = String(text[..<range.lowerBound]).trimmingWhitespace()
    expectedText = String(text[range.upperBound...]).trimmingWhitespace()
    self.isEqual = isEqual
    do {
      path = try StatePath(parsing: pathText)
    } catch {
      throw .badArguments(command: "expect", problem: "\(error)", synopsis: Self.synopsis)
    }
    do {
      expected = try LiteralParser.parse(expectedText)
    } catch {
      throw .badArguments(
        command: "expect", problem: "cannot read the value: \(error)", synopsis: Self.synopsis)
    }
  }
}
