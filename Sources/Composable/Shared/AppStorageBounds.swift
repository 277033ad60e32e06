/// The values an app storage key accepts (`.appStorage("pageSize", in: 1...100)`): a value read
/// outside them, from a file edited by hand or written by another program, is used as the
/// nearest bound, and reported.
struct AppStorageBounds<Value: AppStorable>: Sendable {
  /// The nearest value the key accepts.
  let clamp: @Sendable (Value) -> Value
  /// Whether the key accepts a value.
  let contains: @Sendable (Value) -> Bool
  /// The values accepted, as messages say them: `1…100`.
  let text: String
  /// The range as code writes it: `1...100`.
  let written: String

  init(_ range: ClosedRange<Value>) where Value: Comparable {
    clamp = { min(max($0, range.lowerBound), range.upperBound) }
    contains = { range.contains($0) }
    text = "\(range.lowerBound)…\(range.upperBound)"
    written = "\(range.lowerBound)...\(range.upperBound)"
  }
}
