import Foundation
import Testing

@testable import PokedexCore
import Composable

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How long a response may be used without a request, from its headers (RFC 9111).
@Suite struct HTTPURLResponseCachingTests {
  static let received = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

  @Test(arguments: CachingHeaders.all)
  func theExpiryFollowsCacheControlThenExpiresThenTheDefault(_ caching: CachingHeaders) throws {
    let url = try #require(URL(string: "https://pokeapi.co/api/v2/pokemon/25"))
    let response = try #require(
      HTTPURLResponse(
        url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: caching.headers))

    let expiry = response.cacheExpiry(
      receivedAt: Self.received, defaultLifetime: CachingHeaders.thirtyDays)

    #expect(expiry == caching.staleAfter.map { Self.received.addingTimeInterval($0) })
  }
}

/// Response headers and how long after receipt the response goes stale (nil: it is not kept).
struct CachingHeaders: Sendable, CustomTestStringConvertible {
  var headers: [String: String]
  var staleAfter: TimeInterval?

  static let thirtyDays: TimeInterval = 30 * 24 * 60 * 60

  var testDescription: String {
    headers.isEmpty ? "no headers" : headers.sorted { $0.key < $1.key }
      .map { "\($0.key): \($0.value)" }.joined(separator: "; ")
  }

  static let all: [CachingHeaders] = [
    .init(headers: [:], staleAfter: thirtyDays),
    .init(headers: ["Cache-Control": "public"], staleAfter: thirtyDays),
    .init(headers: ["Cache-Control": "public, max-age=86400, s-maxage=86400"], staleAfter: 86_400),
    .init(headers: ["Cache-Control": "max-age=86400", "Age": "14589"], staleAfter: 71_811),
    .init(headers: ["Cache-Control": "max-age=60", "Age": "600"], staleAfter: 0),
    .init(headers: ["Cache-Control": "MAX-AGE=\"60\""], staleAfter: 60),
    .init(headers: ["Cache-Control": "max-age=soon"], staleAfter: 0),
    .init(headers: ["Cache-Control": "no-cache"], staleAfter: 0),
    .init(headers: ["Cache-Control": "no-cache=\"Set-Cookie\", max-age=60"], staleAfter: 0),
    .init(headers: ["Cache-Control": "public, no-store"], staleAfter: nil),
    .init(
      headers: ["Cache-Control": "no-store", "Expires": "Thu, 01 Jan 2026 01:00:00 GMT"],
      staleAfter: nil),
    .init(headers: ["Expires": "Thu, 01 Jan 2026 01:00:00 GMT"], staleAfter: 3_600),
    .init(
      headers: [
        "Expires": "Thu, 01 Jan 2026 01:00:00 GMT", "Date": "Wed, 31 Dec 2025 23:00:00 GMT",
      ],
      staleAfter: 7_200),
    .init(headers: ["Expires": "0"], staleAfter: 0),
    .init(
      headers: ["Cache-Control": "max-age=10", "Expires": "Thu, 01 Jan 2026 01:00:00 GMT"],
      staleAfter: 10),
  ]
}
