import Foundation
import Composable

/// One cached PokeAPI response: its URL, when it was stored, until when it may be used without
/// asking the server, the validators the server sent, and the body exactly as received. On disk
/// it is a few header lines, a blank line, then the body:
///
/// ```text
/// dex-pokeapi-cache 1
/// url https://pokeapi.co/api/v2/pokemon/25
/// stored 2026-01-01T00:00:00Z
/// expires 2026-01-02T00:00:00Z
/// etag W/"3563a-XqiR7JroUuNob8RICfRN823A2Yc"
/// length 11046
///
/// {"abilities": [ …
/// ```
struct PokeAPICacheEntry: Equatable, Sendable {
  /// The resource's URL; an entry read for another URL is no entry.
  var url: URL
  var storedAt: Date
  /// Until when the entry is used without a request.
  var expiresAt: Date
  /// The `ETag` the server sent, for `If-None-Match`.
  var etag: String?
  /// The `Last-Modified` the server sent, for `If-Modified-Since`.
  var lastModified: String?
  var body: Data

  /// The first line of every entry file; another first line is another format.
  static let signature = "dex-pokeapi-cache 1"

  /// The latest expiry an entry keeps, 9999-12-31T23:59:59Z: the last time its timestamps
  /// write and read back as they were. A later one (`Expires` in year 9999 sent with a `Date`
  /// in year 1) is this one.
  static let latestExpiry = Date(timeIntervalSince1970: 253_402_300_799)

  /// The most a validator (`ETag`, `Last-Modified`) may be, in UTF-8 bytes, to be kept.
  static let maximumValidatorSize = 1024

  /// Room for the header lines of an entry: two timestamps, two validators and the length with
  /// their names take about 2 KiB, which leaves 14 KiB for the URL.
  static let maximumHeadSize = 16 << 10

  /// Whether the entry may be used without a request at `date`.
  func isFresh(at date: Date) -> Bool { date < expiresAt }

  /// The file's bytes.
  func encoded() -> Data {
    var lines = [
      Self.signature, "url \(url.absoluteString)",
      "stored \(Self.timestamp(storedAt))", "expires \(Self.timestamp(expiresAt))",
    ]
    if let etag { lines.append("etag \(etag)") }
    if let lastModified { lines.append("last-modified \(lastModified)") }
    lines.append("length \(body.count)")
    return Data((lines.joined(separator: "\n") + "\n\n").utf8) + body
  }

  /// The entry in `data`, or nil when it is not one whole entry: a cut or edited file reads as
  /// no entry, so the resource is fetched again.
  init?(decoding data: Data) {
    guard let end = data.firstRange(of: Data("\n\n".utf8)),
      let head = String(data: data[..<end.lowerBound], encoding: .utf8)
    else { return nil }
    var lines = head.split(separator: "\n", omittingEmptySubsequences: false)[...]
    guard lines.popFirst() == Substring(Self.signature) else { return nil }
    var fields: [Substring: String] = [:]
    for line in lines {
      guard let space = line.firstIndex(of: " ") else { return nil }
      fields[line[..<space]] = String(line[line.index(after: space)...])
    }
    let body = data[end.upperBound...]
    guard let url = fields["url"].flatMap({ URL(string: $0) }),
      let storedAt = fields["stored"].flatMap(Self.date),
      let expiresAt = fields["expires"].flatMap(Self.date),
      fields["length"] == String(body.count)
    else { return nil }
    self.init(
      url: url, storedAt: storedAt, expiresAt: expiresAt, etag: fields["etag"],
      lastModified: fields["last-modified"], body: Data(body))
  }

  init(
    url: URL, storedAt: Date, expiresAt: Date, etag: String?, lastModified: String?, body: Data
  ) {
    self.url = url
    self.storedAt = storedAt
    // Never before it was stored, never past what reads back. Compared as numbers: a NaN date
    // is then before everything (Date's `>=` would call it later).
    let expiresAfterStoring =
      expiresAt.timeIntervalSinceReferenceDate >= storedAt.timeIntervalSinceReferenceDate
    self.expiresAt = expiresAfterStoring ? min(expiresAt, Self.latestExpiry) : storedAt
    // A header line holds one short line: a validator that does not fit is not kept.
    self.etag = etag.flatMap(Self.validator)
    self.lastModified = lastModified.flatMap(Self.validator)
    self.body = body
  }

  private static func validator(_ text: String) -> String? {
    text.isEmpty || text.contains(where: \.isNewline) || text.utf8.count > maximumValidatorSize
      ? nil : text
  }

  private static func timestamp(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
  }

  private static func date(_ text: String) -> Date? {
    ISO8601DateFormatter().date(from: text)
  }
}
