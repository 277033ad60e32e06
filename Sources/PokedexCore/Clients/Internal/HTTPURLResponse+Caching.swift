import Foundation
import Composable

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPURLResponse {
  /// Until when a private cache may use this response without asking the server again
  /// (RFC 9111): nil when `Cache-Control: no-store` forbids keeping it; `receivedAt` (stale at
  /// once, so revalidated before its next use) for `no-cache`; else `max-age` less the `Age`
  /// the response already had; else `Expires` measured from the response's `Date`; else
  /// `defaultLifetime` from `receivedAt`.
  func cacheExpiry(receivedAt: Date, defaultLifetime: TimeInterval) -> Date? {
    let directives = cacheControlDirectives
    if directives["no-store"] != nil { return nil }
    if directives["no-cache"] != nil { return receivedAt }
    if let maxAge = directives["max-age"] {
      // An invalid max-age makes the response stale (RFC 9111 §4.2.1).
      let seconds = maxAge.flatMap { TimeInterval($0) } ?? 0
      let age = header("Age").flatMap { TimeInterval($0) } ?? 0
      return receivedAt.addingTimeInterval(max(0, seconds - age))
    }
    if let expires = header("Expires") {
      // An invalid date, such as "0", means already expired.
      guard let expiry = Self.httpDate(expires) else { return receivedAt }
      let sent = header("Date").flatMap(Self.httpDate) ?? receivedAt
      return receivedAt.addingTimeInterval(max(0, expiry.timeIntervalSince(sent)))
    }
    return receivedAt.addingTimeInterval(defaultLifetime)
  }

  /// `Cache-Control: public, max-age=86400` → `["public": nil, "max-age": "86400"]`; names in
  /// lower case, quotes around values removed.
  private var cacheControlDirectives: [String: String?] {
    var directives: [String: String?] = [:]
    for directive in (header("Cache-Control") ?? "").split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1)
      guard let name = parts.first else { continue }
      let value = parts.count == 2
        ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) : nil
      directives[name.trimmingCharacters(in: .whitespaces).lowercased()] = value
    }
    return directives
  }

  private func header(_ name: String) -> String? {
    value(forHTTPHeaderField: name)?.trimmingCharacters(in: .whitespaces)
  }

  /// An IMF-fixdate, the form HTTP dates take: `Sun, 06 Nov 1994 08:49:37 GMT`.
  private static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.date(from: text)
  }
}
