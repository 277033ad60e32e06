/// What an action may be typed as beyond Swift syntax, turned into it before parsing: the
/// leading dot of a case is optional at every level (`team(addTapped(id: 7))`), and `#N` names
/// the element shown at row N (`.element(id: #0, …)`), replaced by that element's id.
enum ActionSpelling {
  /// The `row` of a text where no collection is shown: `#N` is refused.
  static func noRow(_ casePath: [String], _ index: Int) throws(REPLError) -> String {
    throw .failed(.rowWithoutCollection(index: index))
  }

  /// `text` with the dots added and each `#N` replaced by `row(path, N)`: the id of row N of
  /// the collection the case names on the way in (`["team", "members", "element"]`) stand for.
  static func normalized(
    _ text: String, row: (_ casePath: [String], _ index: Int) throws(REPLError) -> String
  ) throws(REPLError) -> String {
    let characters = Array(text)
    var result = ""
    var strings = StringLiteralScanner()
    /// The case names whose parentheses are open, innermost last.
    var openCases: [String] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if strings.consume(character) {
        result.append(character)
        index += 1
        continue
      }
      if character == "#", index + 1 < characters.count, characters[index + 1].isNumber {
        var end = index + 1
        while end < characters.count, characters[end].isNumber { end += 1 }
        guard let number = Int(String(characters[(index + 1)..<end])) else {
          throw .failed(.notARowNumber(String(characters[index..<end])))
        }
        result += try row(openCases, number)
        index = end
        continue
      }
      if character.isLetter || character == "_" {
        var end = index
        while end < characters.count,
          characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
        {
          end += 1
        }
        let name = String(characters[index..<end])
        let previous = result.last { !$0.isWhitespace }
        var next = end
        while next < characters.count, characters[next] == " " { next += 1 }
        let isLabel = next < characters.count && characters[next] == ":"
        let startsValue = previous == nil || previous == "(" || previous == "," || previous == ":"
        if startsValue, !isLabel, character.isLowercase,
          !["true", "false", "nil"].contains(name)
        {
          result.append(".")
        }
        result += name
        if next < characters.count, characters[next] == "(" {
          openCases.append(name)
          result += String(characters[end..<next]) + "("
          index = next + 1
        } else {
          index = end
        }
        continue
      }
      if character == "(" { openCases.append("") }
      if character == ")" { _ = openCases.popLast() }
      result.append(character)
      index += 1
    }
    return result
  }
}
