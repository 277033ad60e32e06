import DexTesting
import Foundation
import Testing

@testable import DexREPLCore

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct HistoryFileTests {
  @Test(arguments: [
    (["DEX_HISTFILE": "/tmp/h", "XDG_STATE_HOME": "/s", "HOME": "/home/ash"], "/tmp/h"),
    (["DEX_HISTFILE": "", "HOME": "/home/ash"], nil),
    (["DEX_HISTFILE": "/dev/null", "HOME": "/home/ash"], nil),
    (["XDG_STATE_HOME": "/s", "HOME": "/home/ash"], "/s/dex/history"),
    (["XDG_STATE_HOME": "relative", "HOME": "/home/ash"], "/home/ash/.local/state/dex/history"),
    (["HOME": "/home/ash"], "/home/ash/.local/state/dex/history"),
    ([:], nil),
  ] as [([String: String], String?)])
  func locationFollowsTheEnvironment(environment: [String: String], path: String?) {
    #expect(HistoryFile.standardLocation(environment: environment)?.path == path)
    #expect(HistoryFile.standardLocation(environment: environment)?.limit ?? 1_000 == 1_000)
  }

  @Test func savedEntriesLoadBackInOrder() throws {
    let directory = try TemporaryDirectory()
    let file = HistoryFile(path: directory.path("history"))
    try file.save(["help", "quit", "help quit"])
    #expect(try file.load() == ["help", "quit", "help quit"])
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "help\nquit\nhelp quit\n")
  }

  @Test func aMissingFileLoadsAsNoEntries() throws {
    let directory = try TemporaryDirectory()
    #expect(try HistoryFile(path: directory.path("none/history")).load() == [])
  }

  @Test func theFileHasMode0600AndNewDirectoriesHave0700() throws {
    let directory = try TemporaryDirectory()
    let file = HistoryFile(path: directory.path("state/dex/history"))
    try file.save(["help"])
    #expect(try permissions(of: file.path) == 0o600)
    #expect(try permissions(of: directory.path("state/dex")) == 0o700)
    #expect(try permissions(of: directory.path("state")) == 0o700)
  }

  @Test func anExistingFileKeepsTheModeItsOwnerGaveIt() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("history")
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    try HistoryFile(path: path).save(["old", "new"])
    #expect(try permissions(of: path) == 0o640)
  }

  @Test func savingKeepsOnlyTheNewestEntriesUpToTheLimit() throws {
    let directory = try TemporaryDirectory()
    let file = HistoryFile(path: directory.path("history"), limit: 1_000)
    let entries = (1...1_500).map { "help \($0)" }
    try file.save(entries)
    let saved = try String(contentsOfFile: file.path, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(saved == Array(entries.suffix(1_000)))
  }

  @Test func loadingKeepsOnlyTheNewestEntriesUpToTheLimit() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("history")
    try Data("a\n\nb\r\nc\nd".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try HistoryFile(path: path, limit: 3).load() == ["b", "c", "d"])
  }

  @Test func aDirectoryAtThePathIsNeverReplaced() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("history")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let file = HistoryFile(path: path)
    #expect(throws: HistoryFileError.notARegularFile(path: path)) { try file.save(["help"]) }
    #expect(throws: HistoryFileError.notARegularFile(path: path)) { try file.load() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["history"],
      "no temporary file is left behind")
  }

  @Test func aSymbolicLinkToAFileIsFollowedAndKept() throws {
    let directory = try TemporaryDirectory()
    let target = directory.path("real-history")
    let link = directory.path("history")
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let file = HistoryFile(path: link)
    try file.save(["old", "new"])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\nnew\n")
  }

  @Test func aDanglingSymbolicLinkIsKeptAndItsTargetCreated() throws {
    let directory = try TemporaryDirectory()
    let link = directory.path("history")
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: directory.path("missing/history"))
    #expect(try HistoryFile(path: link).load() == [])
    try HistoryFile(path: link).save(["help"])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == directory.path("missing/history"))
    #expect(try String(contentsOfFile: directory.path("missing/history"), encoding: .utf8) == "help\n")
    #expect(try permissions(of: directory.path("missing/history")) == 0o600)
  }

  @Test func aFIFOAtThePathIsNeverOpened() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("history")
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: HistoryFileError.notARegularFile(path: path)) { try HistoryFile(path: path).load() }
    #expect(throws: HistoryFileError.notARegularFile(path: path)) { try HistoryFile(path: path).save(["help"]) }
  }

  private func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}
