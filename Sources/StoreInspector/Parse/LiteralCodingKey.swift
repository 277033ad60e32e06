import DexPlatform

/// A step of a `LiteralDecoder`'s coding path that remembers what it stands for in the literal,
/// so that errors can say "argument 'id' of .rowSelected" rather than list raw keys.
struct LiteralCodingKey: CodingKey {
  /// What a key names in the literal.
  enum Role {
    /// The case name of `.name(…)`.
    case caseName
    /// An argument of the enclosing case, by label or `_0`, `_1`….
    case argument
    /// A labelled part of `TypeName(…)` or of a tuple; the type name when it was written.
    case field(ofType: String?)
    /// A position in an array.
    case element
    /// The key of a dictionary entry.
    case entry
  }

  let stringValue: String
  let intValue: Int?
  let role: Role

  init(_ stringValue: String, intValue: Int? = nil, role: Role) {
    self.stringValue = stringValue
    self.intValue = intValue
    self.role = role
  }

  init(stringValue: String) {
    self.init(stringValue, role: .field(ofType: nil))
  }

  init(intValue: Int) {
    self.init("\(intValue)", intValue: intValue, role: .element)
  }

  /// The label of an argument or field as a reader names it: `'id'`, or `1` for `_0`.
  var argumentName: String {
    if stringValue.hasPrefix("_"), let position = Int(stringValue.dropFirst()) {
      return "\(position + 1)"
    }
    return "'\(stringValue)'"
  }
}
