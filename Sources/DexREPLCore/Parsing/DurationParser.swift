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

  /// `duration` as `parse` reads it back, in whole milliseconds: in the largest unit that
  /// holds it exactly (`1h`, `2m`, `1s`), else in milliseconds (`1500ms`).
  static func text(of duration: Duration) -> String {
    let milliseconds =
      duration.components.seconds * 1000
      + duration.components.attoseconds / 1_000_000_000_000_000
    let units: [(suffix: String, size: Int64)] = [("h", 3_600_000), ("m", 60_000), ("s", 1000)]
    for unit in units where milliseconds > 0 && milliseconds % unit.size == 0 {
      return "\(milliseconds / unit.size)\(unit.suffix)"
    }
    return "\(milliseconds)ms"
  }
}
