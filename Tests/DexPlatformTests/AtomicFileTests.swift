import Foundation
import Testing

@testable import DexPlatform

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct AtomicFileTests {
  let directory: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-atomic-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  @Test func replacesTheContentsWithTheModeAskedForAndLeavesNoTemporaryFile() throws {
    let path = "\(directory)/favorites.json"
    try AtomicFile.write(Data("[1]".utf8), to: path)
    try AtomicFile.write(Data("[1, 25]".utf8), to: path, permissions: 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "[1, 25]")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["favorites.json"])
  }

  @Test func aDirectoryThatIsAFileFailsWithTheReasonAndTouchesNothing() throws {
    let blocker = "\(directory)/blocker"
    try AtomicFile.write(Data("kept".utf8), to: blocker)
    #expect(throws: AtomicFile.Failure(errorNumber: ENOTDIR)) {
      try AtomicFile.write(Data("lost".utf8), to: "\(blocker)/favorites.json")
    }
    #expect(AtomicFile.Failure(errorNumber: ENOTDIR).reason == "Not a directory")
    #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "kept")
  }
}
