import Foundation
import Testing

@testable import DexPlatform

/// The kernel's word on changed files (inotify): what the file watcher reads instead of waiting
/// for its next poll.
@Suite struct DirectoryEventsTests {
  let directory: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-events-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  /// The changes reported within five seconds, until one names `name`.
  func changes(
    _ events: DirectoryEvents, until name: String
  ) -> [(directory: String, name: String)] {
    var changed: [(directory: String, name: String)] = []
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while clock.now < deadline, !changed.contains(where: { $0.name == name }) {
      changed += events.wait(timeout: .milliseconds(100))
    }
    return changed
  }

  #if os(Linux)
    @Test func aFileRenamedIntoAWatchedDirectoryIsReportedByName() throws {
      let events = try #require(DirectoryEvents())
      #expect(events.watch(directory))
      try Data("[1]".utf8).write(to: URL(fileURLWithPath: "\(directory)/.favorites.json.tmp"))
      #expect(rename("\(directory)/.favorites.json.tmp", "\(directory)/favorites.json") == 0)
      let changed = changes(events, until: "favorites.json")
      #expect(changed.contains { $0.directory == directory && $0.name == "favorites.json" })
    }

    @Test func aDeletedDirectoryIsReportedWithAnEmptyNameAndWatchedNoMore() throws {
      let events = try #require(DirectoryEvents())
      #expect(events.watch(directory))
      try FileManager.default.removeItem(atPath: directory)
      let changed = changes(events, until: "")
      #expect(changed.contains { $0.directory == directory && $0.name.isEmpty })
    }

    @Test func aDirectoryThatDoesNotExistCannotBeWatched() throws {
      let events = try #require(DirectoryEvents())
      #expect(!events.watch("\(directory)/missing"))
    }

    @Test func nothingChangedReportsNothing() throws {
      let events = try #require(DirectoryEvents())
      #expect(events.watch(directory))
      #expect(events.wait(timeout: .milliseconds(20)).isEmpty)
    }
  #endif
}
