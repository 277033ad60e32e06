import Foundation

/// What one PokeAPI request may cost at most, so that no server can hold dex's memory, disk or
/// time: the body's size, the wall-clock time from sending the request to the body's last byte,
/// and the redirects followed on the way.
struct PokeAPILimits: Sendable, Equatable {
  /// The most bytes of one response body. A larger one fails the request and is not cached.
  var maximumBodySize: Int
  /// How long one request may take in all, however slowly its body arrives.
  var deadline: Duration
  /// How many redirects one request follows, each to an http or https URL.
  var maximumRedirects: Int

  /// What `dex` uses: 8 MiB (the largest PokeAPI `pokemon/{id}` is a few hundred KB), 10
  /// seconds, 3 redirects.
  static let standard = PokeAPILimits(
    maximumBodySize: 8 << 20, deadline: .seconds(10), maximumRedirects: 3)

  /// `8 MiB`, `64 KiB`, `900 bytes`: a size as the failures name it.
  static func describe(bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  /// `10 seconds`, `1 second`, `0.5 seconds`: a duration as the failures name it.
  static func describe(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
    return "\(Double(seconds) + Double(attoseconds) / 1e18) seconds"
  }
}
