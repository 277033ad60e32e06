/// Text a feature's state shows (an alert's title, a button's label), kept as a value so that
/// tests compare it and a debugger prints it: `TextState("Delete this todo?")`.
public struct TextState: Equatable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The text.
  public let string: String

  /// Text that reads `string`.
  public init(_ string: String) {
    self.string = string
  }

  /// Text that reads `string`, exactly as written.
  public init(verbatim string: String) {
    self.string = string
  }

  public init(stringLiteral value: String) {
    self.string = value
  }

  public var description: String { string }

  public init(from decoder: any Decoder) throws {
    string = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(string)
  }
}
