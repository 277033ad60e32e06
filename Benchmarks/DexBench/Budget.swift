import Foundation

/// A figure held to a limit: almost always a ratio of the row's figure to a baseline measured
/// interleaved with it.
struct Budget {
  /// What the figure is compared with: `W4 100 15.20 µs`.
  var baseline: String
  var figure: Double
  /// `2.70×`.
  var figureText: String
  var limit: Double
  /// `≤ 3×`.
  var limitText: String
  /// Whether the figure must stay at or under the limit (else at or over it).
  var isUpperLimit = true
  /// The ratio of each round, for `--json` (the figure is their median).
  var rounds: [Double] = []

  var holds: Bool { isUpperLimit ? figure <= limit : figure >= limit }

  /// `numerator ÷ denominator` of interleaved timings, at most `limit` times.
  static func ratio(
    _ timings: Timings, _ numerator: Int, to denominator: Int, atMost limit: Double,
    baseline: String? = nil
  ) -> Budget {
    let figure = timings.ratio(numerator, to: denominator)
    let name = baseline ?? timings.names[denominator]
    return Budget(
      baseline: "\(name) \(formatDuration(timings.median(denominator)))", figure: figure,
      figureText: Self.format(figure), limit: limit, limitText: "≤ \(Self.format(limit))",
      rounds: timings.ratios(numerator, to: denominator))
  }

  static func format(_ ratio: Double) -> String {
    ratio < 0.01 ? String(format: "%.4f×", ratio) : String(format: "%.2f×", ratio)
  }
}
