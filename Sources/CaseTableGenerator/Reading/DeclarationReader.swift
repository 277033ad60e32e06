/// Reads the type, extension and enum-case declarations of one Swift file.
///
/// It walks the members of the file and of every type and extension body, and steps over any
/// other braces (function bodies, accessors, closures) whole, so a `case` is read only where it
/// declares an enum case. What it reads of a declaration: its name and generic parameters, its
/// access, its inheritance clause and, for an enum, each case's name and argument labels.
struct DeclarationReader {
  private struct Scope {
    /// The names of the enclosing types, or the extended type.
    var path: [String]
    /// The access a `public extension` gives its members.
    var defaultAccess: AccessLevel?
    var isConditional: Bool
    /// When reading an enum's body: the enum's index in `declarations.types`.
    var enumIndex: Int?
  }

  private let tokens: [SourceToken]
  private let file: String
  private var declarations = Declarations()

  /// Modifiers that may stand between an access level and the declaration keyword.
  private static let modifiers: Set<String> = [
    "static", "final", "indirect", "override", "lazy", "weak", "unowned", "mutating",
    "nonmutating", "dynamic", "optional", "required", "convenience", "prefix", "postfix", "infix",
    "nonisolated", "distributed", "consuming", "borrowing", "isolated",
  ]
  /// What follows `class` when it is a modifier (`class func`) rather than a declaration.
  private static let classMemberKeywords: Set<String> = [
    "func", "var", "let", "subscript", "init", "deinit", "typealias", "override", "final",
    "static", "convenience", "required", "nonisolated",
  ]

  private init(tokens: [SourceToken], file: String) {
    self.tokens = tokens
    self.file = file
  }

  /// The declarations in `text`, the contents of `file`.
  static func read(_ text: String, file: String) throws(SourceError) -> Declarations {
    do {
      var reader = DeclarationReader(tokens: try SourceTokenizer.tokenize(text), file: file)
      try reader.readMembers(
        from: 0, to: reader.tokens.count,
        in: Scope(path: [], defaultAccess: nil, isConditional: false, enumIndex: nil))
      return reader.declarations
    } catch {
      var located = error
      located.file = file
      throw located
    }
  }

  // MARK: Members

  private mutating func readMembers(
    from start: Int, to end: Int, in scope: Scope
  ) throws(SourceError) {
    var index = start
    var access: AccessLevel?
    var conditionalDepth = 0
    while index < end {
      let token = tokens[index]
      let isConditional = scope.isConditional || conditionalDepth > 0
      switch token.kind {
      case .pound:
        if token.text == "#if" {
          conditionalDepth += 1
          if let enumIndex = scope.enumIndex {
            problem(
              in: enumIndex, line: token.line,
              "#if inside the enum: the generator cannot tell which cases are compiled; "
                + "declare the cases unconditionally")
          }
        } else if token.text == "#endif" {
          conditionalDepth = max(0, conditionalDepth - 1)
        }
        index += 1
        access = nil
      case .punctuation where ["{", "(", "["].contains(token.text):
        index = try closing(of: index) + 1
        access = nil
      case .punctuation where token.text == "@":
        index = skipAttribute(at: index)
      case .identifier(isEscaped: false):
        let word = token.text
        if let level = AccessLevel(keyword: word) {
          if tokens.indices.contains(index + 1), tokens[index + 1].isPunctuation("(") {
            index = try closing(of: index + 1) + 1  // `private(set)` is about a setter
          } else {
            access = level
            index += 1
          }
        } else if Self.modifiers.contains(word) {
          index += 1
        } else if let kind = declarationKind(at: index) {
          index = try readType(
            kind, at: index, access: access ?? scope.defaultAccess ?? .internal,
            in: scope, isConditional: isConditional)
          access = nil
        } else if word == "import" {
          index = readImport(at: index, isConditional: isConditional)
          access = nil
        } else if word == "extension" {
          index = try readExtension(at: index, access: access, isConditional: isConditional)
          access = nil
        } else if word == "case", let enumIndex = scope.enumIndex {
          index = try readCase(at: index, enumIndex: enumIndex)
          access = nil
        } else {
          index += 1
          access = nil
        }
      default:
        index += 1
        access = nil
      }
    }
  }

  /// The kind of type the keyword at `index` declares, or nil when it declares none (`class` as
  /// in `class func` is a modifier).
  private func declarationKind(at index: Int) -> TypeDeclaration.Kind? {
    guard let kind = TypeDeclaration.Kind(rawValue: tokens[index].text) else { return nil }
    guard tokens.indices.contains(index + 1), tokens[index + 1].isIdentifier else { return nil }
    if kind == .class, tokens[index + 1].kind == .identifier(isEscaped: false),
      Self.classMemberKeywords.contains(tokens[index + 1].text)
    {
      return nil
    }
    return kind
  }

  // MARK: Declarations

  private mutating func readType(
    _ kind: TypeDeclaration.Kind, at index: Int, access: AccessLevel, in scope: Scope,
    isConditional: Bool
  ) throws(SourceError) -> Int {
    let nameToken = tokens[index + 1]
    var cursor = index + 2
    var isGeneric = false
    if tokens.indices.contains(cursor), tokens[cursor].angleDepthChange > 0 {
      isGeneric = true
      cursor = try skipAngleBrackets(at: cursor)
    }
    let inheritance = try readInheritance(at: &cursor)
    let path = scope.path + [nameToken.text]
    let body = try bodyStart(at: cursor, of: path.joined(separator: "."), line: nameToken.line)
    let close = try closing(of: body)
    declarations.types.append(
      TypeDeclaration(
        kind: kind, path: path, file: file, line: nameToken.line, access: access,
        isGeneric: isGeneric, inheritance: inheritance, isConditional: isConditional))
    if kind != .protocol {
      try readMembers(
        from: body + 1, to: close,
        in: Scope(
          path: path, defaultAccess: nil, isConditional: isConditional,
          enumIndex: kind == .enum ? declarations.types.count - 1 : nil))
    }
    return close + 1
  }

  private mutating func readExtension(
    at index: Int, access: AccessLevel?, isConditional: Bool
  ) throws(SourceError) -> Int {
    var cursor = index + 1
    var path: [String] = []
    while tokens.indices.contains(cursor), tokens[cursor].isIdentifier {
      path.append(tokens[cursor].text)
      cursor += 1
      if tokens.indices.contains(cursor), tokens[cursor].angleDepthChange > 0 {
        cursor = try skipAngleBrackets(at: cursor)
      }
      guard tokens.indices.contains(cursor + 1), tokens[cursor].isPunctuation("."),
        tokens[cursor + 1].isIdentifier
      else { break }
      cursor += 1
    }
    guard !path.isEmpty else {
      throw SourceError(line: tokens[index].line, "expected a type name after 'extension'")
    }
    let inheritance = try readInheritance(at: &cursor)
    let body = try bodyStart(
      at: cursor, of: "extension " + path.joined(separator: "."), line: tokens[index].line)
    let close = try closing(of: body)
    declarations.extensions.append(
      ExtensionDeclaration(
        path: path, file: file, line: tokens[index].line, inheritance: inheritance))
    try readMembers(
      from: body + 1, to: close,
      in: Scope(path: path, defaultAccess: access, isConditional: isConditional, enumIndex: nil))
    return close + 1
  }

  /// Reads `import Foundation` or `import struct Foundation.Date` (which declares nothing).
  private mutating func readImport(at index: Int, isConditional: Bool) -> Int {
    var cursor = index + 1
    if tokens.indices.contains(cursor),
      TypeDeclaration.Kind(rawValue: tokens[cursor].text) != nil
        || ["typealias", "func", "var", "let"].contains(tokens[cursor].text)
    {
      cursor += 1
    }
    guard tokens.indices.contains(cursor), tokens[cursor].isIdentifier else { return cursor }
    declarations.imports.append(Import(module: tokens[cursor].text, isConditional: isConditional))
    return cursor + 1
  }

  /// Reads `: A, B.C, D & E` up to `where` or `{`, leaving `cursor` there; returns the last name
  /// of each entry (`C` for `B.C`), generic arguments and attributes such as `@unchecked` left
  /// out.
  private func readInheritance(at cursor: inout Int) throws(SourceError) -> [String] {
    guard tokens.indices.contains(cursor), tokens[cursor].isPunctuation(":") else {
      return []
    }
    cursor += 1
    var names: [String] = []
    var current: String?
    var angleDepth = 0
    while tokens.indices.contains(cursor) {
      let token = tokens[cursor]
      if angleDepth == 0, token.isPunctuation("{") || token.isKeyword("where") { break }
      if ["(", "["].contains(token.text), token.kind == .punctuation {
        cursor = try closing(of: cursor) + 1
        continue
      }
      angleDepth += token.angleDepthChange
      if angleDepth == 0 {
        if token.isPunctuation(",") || (token.kind == .operator && token.text == "&") {
          if let name = current { names.append(name) }
          current = nil
        } else if token.isPunctuation("@") {
          cursor += 1  // `@unchecked`, `@retroactive`: the attribute's name is not a type
        } else if token.isIdentifier {
          current = token.text
        }
      }
      cursor += 1
    }
    if let name = current { names.append(name) }
    return names
  }

  /// The index of the `{` that opens the body of `name`, after any `where` clause at `cursor`.
  private func bodyStart(at cursor: Int, of name: String, line: Int) throws(SourceError) -> Int {
    var index = cursor
    if tokens.indices.contains(index), tokens[index].isKeyword("where") {
      while tokens.indices.contains(index), !tokens[index].isPunctuation("{") {
        index = tokens[index].isPunctuation("(") ? try closing(of: index) + 1 : index + 1
      }
    }
    guard tokens.indices.contains(index), tokens[index].isPunctuation("{") else {
      throw SourceError(line: line, "expected '{' to open the body of \(name)")
    }
    return index
  }

  // MARK: Cases

  /// Reads `case a, b(Int), c(id: Int, name: String)` from the `case` at `index`.
  private mutating func readCase(at index: Int, enumIndex: Int) throws(SourceError) -> Int {
    var cursor = index + 1
    while true {
      guard tokens.indices.contains(cursor), tokens[cursor].isIdentifier else {
        problem(in: enumIndex, line: tokens[index].line, "expected a case name after 'case'")
        return cursor
      }
      let nameToken = tokens[cursor]
      let name = nameToken.text
      cursor += 1
      var labels: [String?] = []
      if tokens.indices.contains(cursor), tokens[cursor].isPunctuation("(") {
        let close = try closing(of: cursor)
        let arguments = splitArguments(from: cursor + 1, to: close)
        if arguments.isEmpty {
          problem(
            in: enumIndex, line: nameToken.line,
            "case '\(name)' has empty parentheses; write 'case \(name)' without them")
        }
        for argument in arguments {
          labels.append(readLabel(of: argument, caseName: name, enumIndex: enumIndex))
        }
        cursor = close + 1
      }
      if tokens.indices.contains(cursor), tokens[cursor].kind == .operator,
        tokens[cursor].text == "="
      {
        problem(
          in: enumIndex, line: nameToken.line,
          "case '\(name)' has a raw value; a case-tabled enum's cases carry payloads, not raw "
            + "values")
        cursor += 1
        while tokens.indices.contains(cursor),
          tokens[cursor].kind == .literal || tokens[cursor].kind == .operator
        {
          cursor += 1
        }
      }
      declarations.types[enumIndex].cases.append(
        EnumCase(name: name, labels: labels, line: nameToken.line))
      guard tokens.indices.contains(cursor), tokens[cursor].isPunctuation(",") else {
        return cursor
      }
      cursor += 1
    }
  }

  /// The arguments between a case's parentheses, split at the commas outside any brackets.
  private func splitArguments(from start: Int, to end: Int) -> [ArraySlice<SourceToken>] {
    var arguments: [ArraySlice<SourceToken>] = []
    var argumentStart = start
    var depth = 0
    for index in start..<end {
      let token = tokens[index]
      if token.kind == .punctuation {
        if ["(", "[", "{"].contains(token.text) { depth += 1 }
        if [")", "]", "}"].contains(token.text) { depth -= 1 }
      }
      depth += token.angleDepthChange
      if depth == 0, token.isPunctuation(",") {
        arguments.append(tokens[argumentStart..<index])
        argumentStart = index + 1
      }
    }
    if argumentStart < end { arguments.append(tokens[argumentStart..<end]) }
    return arguments
  }

  /// The label of `id: Int`, nil for `Int`; records a problem for a payload the generator
  /// cannot table (a function, a variadic list, two names).
  private mutating func readLabel(
    of argument: ArraySlice<SourceToken>, caseName: String, enumIndex: Int
  ) -> String? {
    let parts = Array(argument)
    let line = parts.first?.line ?? 0
    if parts.contains(where: { $0.kind == .operator && $0.text.hasPrefix("->") }) {
      problem(
        in: enumIndex, line: line,
        "case '\(caseName)' carries a closure, which cannot be coded, compared or printed; "
          + "carry a value instead")
    } else if parts.contains(where: { $0.kind == .operator && $0.text == "..." }) {
      problem(
        in: enumIndex, line: line,
        "case '\(caseName)' has a variadic argument; carry an array instead")
    }
    if parts.count > 2, parts[0].isIdentifier, parts[1].isPunctuation(":") {
      return parts[0].text == "_" ? nil : parts[0].text
    }
    if parts.count > 3, parts[0].isIdentifier, parts[1].isIdentifier, parts[2].isPunctuation(":")
    {
      problem(
        in: enumIndex, line: line,
        "case '\(caseName)' gives an argument two names; give it one label")
    }
    return nil
  }

  // MARK: Tokens

  /// The index after `@name`, `@name.name` or `@name(…)`.
  private func skipAttribute(at index: Int) -> Int {
    var cursor = index + 1
    guard tokens.indices.contains(cursor), tokens[cursor].isIdentifier else { return cursor }
    cursor += 1
    while tokens.indices.contains(cursor + 1), tokens[cursor].isPunctuation("."),
      tokens[cursor + 1].isIdentifier
    {
      cursor += 2
    }
    if tokens.indices.contains(cursor), tokens[cursor].isPunctuation("("),
      let close = try? closing(of: cursor)
    {
      cursor = close + 1
    }
    return cursor
  }

  /// The index after the `>` that closes the `<` at `index`.
  private func skipAngleBrackets(at index: Int) throws(SourceError) -> Int {
    var depth = 0
    var cursor = index
    repeat {
      guard tokens.indices.contains(cursor) else {
        throw SourceError(line: tokens[index].line, "a '<' is never closed with '>'")
      }
      if tokens[cursor].isPunctuation("(") || tokens[cursor].isPunctuation("[") {
        cursor = try closing(of: cursor)
      } else {
        depth += tokens[cursor].angleDepthChange
      }
      cursor += 1
    } while depth > 0
    return cursor
  }

  /// The index of the bracket that closes the `{`, `(` or `[` at `index`.
  private func closing(of index: Int) throws(SourceError) -> Int {
    var depth = 0
    for cursor in index..<tokens.count where tokens[cursor].kind == .punctuation {
      switch tokens[cursor].text {
      case "{", "(", "[": depth += 1
      case "}", ")", "]":
        depth -= 1
        if depth == 0 { return cursor }
      default: break
      }
    }
    throw SourceError(
      line: tokens[index].line, "this '\(tokens[index].text)' is never closed")
  }

  private mutating func problem(in enumIndex: Int, line: Int, _ message: String) {
    declarations.types[enumIndex].problems.append(SourceError(file: file, line: line, message))
  }
}
