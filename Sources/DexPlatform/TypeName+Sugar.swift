extension TypeName {
  /// The name of `type` as a user writes it in code: `[Int]`, `[String: Int]`, `Int?`,
  /// `IdentifiedArray<Int, Todo>`.
  package static func sugared(_ type: Any.Type) -> String {
    var name = Substring(of(type))
    return sugar(&name)
  }

  /// Reads one type name from the front of `rest` and returns it with sugar applied.
  private static func sugar(_ rest: inout Substring) -> String {
    var base = ""
    while let character = rest.first, !"<>,".contains(character) {
      base.append(character)
      rest.removeFirst()
    }
    base = base.trimmingPrefix(" ").description
    guard rest.first == "<" else { return base }
    rest.removeFirst()
    var arguments: [String] = []
    while !rest.isEmpty {
      arguments.append(sugar(&rest))
      guard let separator = rest.first else { break }
      rest.removeFirst()
      if separator == ">" { break }
    }
    var member = ""
    while let character = rest.first, !"<>,".contains(character) {
      member.append(character)
      rest.removeFirst()
    }
    guard member.isEmpty else {
      return base + "<" + arguments.joined(separator: ", ") + ">" + member
    }
    switch (base, arguments.count) {
    case ("Array", 1): return "[\(arguments[0])]"
    case ("Optional", 1): return "\(arguments[0])?"
    case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
    default: return base + "<" + arguments.joined(separator: ", ") + ">"
    }
  }
}
