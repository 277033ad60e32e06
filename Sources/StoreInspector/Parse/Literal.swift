import DexPlatform

/// The generic tree `LiteralParser` reads from dump syntax, for callers to map onto their types.
///
/// `LiteralParser.parse(#"Point(x: 1, y: [2])"#)` is
/// `.call("Point", [.init(label: "x", value: .int("1")), .init(label: "y", value: .array([.int("2")]))])`.
public indirect enum Literal: Sendable, Equatable {
  /// An integer, kept as written (`"-12"`, `"99999999999999999999"`) so the caller reports range.
  case int(String)
  /// A floating-point number as text `Double(_:)` reads: `"1.5"`, `"1e-05"`, `"infinity"`, `"nan"`.
  case float(String)
  /// A string literal, escapes decoded.
  case string(String)
  /// `true` or `false`.
  case bool(Bool)
  /// `nil`.
  case nilLiteral
  /// `[a, b]`; sets print this way too.
  case array([Literal])
  /// `[k: v, …]` or `[:]`, entries in written order.
  case dictionary([DictionaryEntry])
  /// `.name` (arguments nil) or `.name(args)`.
  case enumCase(String, [Argument]?)
  /// `TypeName(args)`, including `UUID("…")`, `Date("…")` and `URL(string: "…")`.
  case call(String, [Argument])
  /// `(a, b)` or `(x: a, y: b)`.
  case tuple([Argument])
  /// `#N value`: the first appearance of an instance referred to again as `#N`.
  case object(id: Int, Literal)
  /// `#N`: a back-reference to the instance marked `#N`.
  case reference(Int)
  /// `\.name` or `\.a.b`: a key path from the root type, by its property names.
  case keyPath([String])

  /// An argument of a call, enum case or tuple, with its label when it has one.
  public struct Argument: Sendable, Equatable {
    /// The label before the colon, or nil for an unlabelled argument.
    public var label: String?
    /// The argument's value.
    public var value: Literal

    /// An argument with an optional label.
    public init(label: String? = nil, value: Literal) {
      self.label = label
      self.value = value
    }
  }

  /// One `key: value` entry of a dictionary literal.
  public struct DictionaryEntry: Sendable, Equatable {
    /// The entry's key.
    public var key: Literal
    /// The entry's value.
    public var value: Literal

    /// An entry of a dictionary literal.
    public init(key: Literal, value: Literal) {
      self.key = key
      self.value = value
    }
  }
}
