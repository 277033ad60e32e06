/// The keys of a container that holds nothing: what a state whose every property is shared
/// encodes (its values are saved with the shared snapshot, not with the state).
///
/// ```swift
/// public func encode(to encoder: any Encoder) throws {
///   _ = encoder.container(keyedBy: EmptyCodingKey.self)   // {}
/// }
/// ```
public struct EmptyCodingKey: CodingKey {
  public var stringValue: String { "" }
  public var intValue: Int? { nil }
  public init?(stringValue: String) { return nil }
  public init?(intValue: Int) { return nil }
}
