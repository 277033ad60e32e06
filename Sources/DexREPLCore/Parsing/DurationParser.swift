/// Reads a duration like `300ms`, `1s`, `1.5s`, `2m` or `1h`, at most a day.
enum DurationParser {
  static func parse(_ text: String) -> Duration? {
    let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600)]
    for unit in units where text.hasSuffix(unit.suffix) {
      guard let number = Double(text.dropLast(unit.suffix.count)), number.isFinite, number >= 0,
        number * unit.scale <= 86_400
      else { return nil }
      return .milliseconds(Int64((number * unit.scale * 1000).rounded()))
    }
    return nil
  }
}
