import DexTesting
import Foundation
import Composable
import Testing

/// Files read and written by a key's own closures (swift-sharing's FileStorageTests
/// customEncodeDecode and InMemoryFileStorageTests).
@Suite(.isolatedSharedState) struct FileCodingTests {
  let directory: TemporaryDirectory
  let container = SharedContainer(storage: .persistent) { _ in }

  init() throws {
    directory = try TemporaryDirectory()
  }

  func text(of name: String) -> String? {
    (try? Data(contentsOf: directory.url.appendingPathComponent(name)))
      .map { String(decoding: $0, as: UTF8.self) }
  }

  // swift-sharing: FileStorageTests.customEncodeDecode
  @Test func aStringKeptAsPlainUTF8IsWrittenAsItsBytes() {
    let url = directory.url.appendingPathComponent("note.txt")
    let key: FileStorageKey<String> = .fileStorage(
      url, decode: { String(decoding: $0, as: UTF8.self) }, encode: { Data($0.utf8) })
    let note = SharedContainer.$current.withValue(container) { Shared(wrappedValue: "", key) }
    #expect(note.loadError == nil)
    note.withLock { $0 = "hello" }
    container.flush()
    #expect(text(of: "note.txt") == "hello")
  }

  // swift-sharing: FileStorageTests.InMemoryFileStorageTests.modificationDate
  @Test func theValueIsWhatWasSetWhateverTheEncodingKeeps() {
    let url = directory.url.appendingPathComponent("numbers.json")
    let key = FileStorageKey<[Int]>.Default[
      .fileStorage(
        url, decode: { try JSONDecoder().decode([Int].self, from: $0) },
        encode: { try JSONEncoder().encode(Array($0.prefix(2))) }),
      default: []
    ]
    let numbers = SharedContainer.$current.withValue(container) { Shared(key) }
    numbers.withLock { $0.append(contentsOf: [1, 2, 3]) }
    #expect(numbers.wrappedValue == [1, 2, 3])
    container.flush()
    #expect(text(of: "numbers.json") == "[1,2]")
  }

  // swift-sharing: FileStorageTests.decodeFailure, with the key's own decoding
  @Test func bytesTheDecoderRefusesAreTheLoadErrorAndAreMovedAside() throws {
    let url = directory.url.appendingPathComponent("level.txt")
    try Data("high".utf8).write(to: url)
    struct NotANumber: Error {}
    let key: FileStorageKey<Int> = .fileStorage(
      url,
      decode: { data in
        guard let level = Int(String(decoding: data, as: UTF8.self)) else { throw NotANumber() }
        return level
      },
      encode: { Data(String($0).utf8) })
    let level = SharedContainer.$current.withValue(container) { Shared(wrappedValue: 5, key) }
    #expect(level.wrappedValue == 5)
    #expect(level.loadError != nil)
    level.withLock { $0 = 7 }
    container.flush()
    #expect(level.loadError == nil)
    #expect(text(of: "level.txt") == "7")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(names.contains { $0.hasPrefix("level.txt.corrupt-") })
  }
}
