import Foundation
import Testing

@testable import PokedexCore
import Composable

@Suite struct PokeAPICacheEntryTests {
  let entry = PokeAPICacheEntry(
    url: URL(string: "https://pokeapi.co/api/v2/pokemon/25") ?? URL(fileURLWithPath: "/"),
    storedAt: Date(timeIntervalSince1970: 1_767_225_600),
    expiresAt: Date(timeIntervalSince1970: 1_767_312_000),
    etag: #"W/"3563a-XqiR7JroUuNob8RICfRN823A2Yc""#, lastModified: nil,
    body: Data("{\"id\": 25}\n\n{}".utf8))

  @Test func anEntryIsHeaderLinesABlankLineAndTheBodyAsReceived() {
    #expect(
      String(decoding: entry.encoded(), as: UTF8.self) == """
        dex-pokeapi-cache 1
        url https://pokeapi.co/api/v2/pokemon/25
        stored 2026-01-01T00:00:00Z
        expires 2026-01-02T00:00:00Z
        etag W/"3563a-XqiR7JroUuNob8RICfRN823A2Yc"
        length 14

        {"id": 25}

        {}
        """)
  }

  @Test func anEntryReadsBackAsItWasWritten() {
    #expect(PokeAPICacheEntry(decoding: entry.encoded()) == entry)
  }

  @Test func aValidatorOnMoreThanOneLineIsNotKept() {
    var entry = entry
    entry = PokeAPICacheEntry(
      url: entry.url, storedAt: entry.storedAt, expiresAt: entry.expiresAt,
      etag: "\"a\"\nlength 0", lastModified: "", body: entry.body)
    #expect(entry.etag == nil && entry.lastModified == nil)
    #expect(PokeAPICacheEntry(decoding: entry.encoded()) == entry)
  }

  @Test func anEntryIsFreshUntilItExpires() {
    #expect(entry.isFresh(at: entry.expiresAt.addingTimeInterval(-1)))
    #expect(!entry.isFresh(at: entry.expiresAt))
  }

  /// An expiry is kept between the time the entry was stored and the latest one its file can
  /// hold, so that it reads back as it was written.
  @Test(arguments: [
    (TimeInterval(315_537_897_600), PokeAPICacheEntry.latestExpiry),  // year 12025
    (.infinity, PokeAPICacheEntry.latestExpiry),
    (-86_400, Date(timeIntervalSince1970: 1_767_225_600)),
    (.nan, Date(timeIntervalSince1970: 1_767_225_600)),
  ])
  func anExpiryIsClampedToWhatReadsBack(secondsAfterStoring: TimeInterval, expected: Date) throws {
    let clamped = PokeAPICacheEntry(
      url: entry.url, storedAt: entry.storedAt,
      expiresAt: entry.storedAt.addingTimeInterval(secondsAfterStoring), etag: nil,
      lastModified: nil, body: entry.body)

    #expect(clamped.expiresAt == expected)
    #expect(PokeAPICacheEntry(decoding: clamped.encoded()) == clamped)
  }

  @Test func aValidatorLongerThanAKibibyteIsNotKept() {
    let long = PokeAPICacheEntry(
      url: entry.url, storedAt: entry.storedAt, expiresAt: entry.expiresAt,
      etag: String(repeating: "e", count: 1025), lastModified: "Wed, 21 Oct 2015 07:28:00 GMT",
      body: entry.body)
    #expect(long.etag == nil)
    #expect(long.lastModified == "Wed, 21 Oct 2015 07:28:00 GMT")
  }
}
