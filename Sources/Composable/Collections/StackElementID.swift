/// The identity of one element of a `StackState`: its generation, counted up by the
/// `stackElementID` dependency as elements are pushed, never reused while a store runs.
///
/// Written as an integer wherever a user types or reads it: `.element(id: 0, action: …)`,
/// `path[id: 2]`.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The position of the element's push among all pushes the generator counted.
  public let generation: Int

  /// The id of generation `generation`.
  public init(generation: Int) {
    self.generation = generation
  }

  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }

  /// The generation, as a user writes the id: `2`.
  public var description: String { String(generation) }
}

extension StackElementID: Codable {
  /// An id is coded as its generation alone, so that `.popFrom(id: 1)` reads as it is typed.
  public init(from decoder: any Decoder) throws {
    self.init(generation: try decoder.singleValueContainer().decode(Int.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(generation)
  }
}
