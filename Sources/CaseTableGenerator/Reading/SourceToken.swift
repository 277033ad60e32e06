/// One token of Swift source, as far as the generator needs to tell tokens apart: comments and
/// whitespace are gone, and a string, number or regex literal is one opaque token.
struct SourceToken: Equatable {
  enum Kind: Equatable {
    /// A name or keyword: `enum`, `Action`, `` `default` `` (escaped, text without backticks).
    case identifier(isEscaped: Bool)
    /// A run of operator characters: `=`, `->`, `>>`, `...`.
    case `operator`
    /// One of `( ) [ ] { } , : ; . @ \` and any other single character.
    case punctuation
    /// A compiler directive or pound expression: `#if`, `#endif`, `#warning`.
    case pound
    /// A string, number or regex literal.
    case literal
  }

  let kind: Kind
  let text: String
  /// The 1-based line the token starts on.
  let line: Int

  /// Whether this is the unescaped keyword or contextual keyword `word`.
  func isKeyword(_ word: String) -> Bool {
    kind == .identifier(isEscaped: false) && text == word
  }

  /// Whether this is a name (escaped or not).
  var isIdentifier: Bool {
    if case .identifier = kind { true } else { false }
  }

  /// Whether this is the punctuation `character`.
  func isPunctuation(_ character: String) -> Bool {
    kind == .punctuation && text == character
  }

  /// How much this token opens (positive) or closes (negative) angle brackets in a type:
  /// `<` opens one, `>>` closes two; the arrow `->` and comparisons do neither.
  var angleDepthChange: Int {
    guard kind == .operator, !text.contains("-"), !text.contains("=") else { return 0 }
    return text.reduce(0) { depth, character in
      character == "<" ? depth + 1 : character == ">" ? depth - 1 : depth
    }
  }
}
