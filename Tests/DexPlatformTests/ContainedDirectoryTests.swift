import Foundation
import Testing

@testable import DexPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// A directory whose entries are reached without following links: what is planted inside it
/// never leads a read or a write out of it.
@Suite struct ContainedDirectoryTests {
  let root: String
  let outside: String

  init() throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-contained-\(UUID().uuidString)").path
    root = base + "/root"
    outside = base + "/outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
  }

  func link(_ name: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: "\(root)/\(name)", withDestinationPath: destination)
  }

  func kind(_ path: String) -> FileKind {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .other }
    return FileKind(mode: status.st_mode)
  }

  @Test func aFileWrittenInASubdirectoryReadsBack() throws {
    let directory = try ContainedDirectory(path: root, creatingWith: 0o700)
      .subdirectory("server", creatingWith: 0o700)

    try directory.write(Data("entry".utf8), to: "file")

    #expect(try directory.read("file", maximumSize: 5) == Data("entry".utf8))
    #expect(kind("\(root)/server") == .directory)
  }

  @Test(arguments: [false, true])
  func aLinkAtAFileIsReplacedByTheWriteAndNeverRead(targetExists: Bool) throws {
    let directory = try ContainedDirectory(path: root, creatingWith: 0o700)
    let target = targetExists ? "\(outside)/victim" : "\(outside)/made/victim"
    if targetExists { try Data("keep".utf8).write(to: URL(filePath: target)) }
    try link("file", to: target)

    let link = FilePolicyError(
      .read, "\(root)/file", .notARegularFile(.symbolicLink, linkTarget: nil))
    #expect(throws: link) {
      try directory.read("file", maximumSize: 100)
    }
    try directory.write(Data("entry".utf8), to: "file")

    #expect(kind("\(root)/file") == .regularFile)
    #expect(try directory.read("file", maximumSize: 100) == Data("entry".utf8))
    #expect((try? String(contentsOfFile: target, encoding: .utf8)) == (targetExists ? "keep" : nil))
    #expect(!FileManager.default.fileExists(atPath: "\(outside)/made"))
  }

  @Test(arguments: [false, true])
  func aLinkAtASubdirectoryIsRefusedAndNothingIsMadeWhereItLeads(targetExists: Bool) throws {
    let directory = try ContainedDirectory(path: root, creatingWith: 0o700)
    try link("server", to: targetExists ? outside : "\(outside)/made")

    let error = #expect(throws: FilePolicyError.self) {
      try directory.subdirectory("server", creatingWith: 0o700)
    }

    #expect(error?.problem == .notADirectory(.symbolicLink))
    #expect(
      error?.description
        == "cannot write \(root)/server: it is a symbolic link, which dex never follows there; "
        + "remove it")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
  }

  @Test func aDirectoryAtAFilesNameIsRefused() throws {
    let directory = try ContainedDirectory(path: root, creatingWith: 0o700)
    _ = try directory.subdirectory("file", creatingWith: 0o700)

    let refusal = FilePolicyError(
      .write, "\(root)/file", .notARegularFile(.directory, linkTarget: nil))
    #expect(throws: refusal) {
      try directory.write(Data(), to: "file")
    }
  }

  @Test(arguments: ["..", ".", "a/b", ""])
  func aNameThatIsNotOneEntryIsRefused(name: String) throws {
    let directory = try ContainedDirectory(path: root, creatingWith: 0o700)

    #expect(throws: FilePolicyError.self) { try directory.write(Data(), to: name) }
    #expect(throws: FilePolicyError.self) { try directory.subdirectory(name, creatingWith: 0o700) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
  }

  @Test func aFileLargerThanTheReadersLimitIsRefused() throws {
    let directory = try ContainedDirectory(path: root, creatingWith: 0o700)
    try directory.write(Data(count: 11), to: "file")

    #expect(throws: FilePolicyError(.read, "\(root)/file", .tooLarge(size: 11, limit: 10))) {
      try directory.read("file", maximumSize: 10)
    }
  }
}
