import Foundation
import Testing

@testable import DexPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// The one policy for files dex writes and reads whole, on FIFOs, sockets, directories and
/// symbolic links the test makes (never a real device node: CI runs as root).
@Suite struct FilePolicyTests {
  let directory: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-policy-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { "\(directory)/\(name)" }

  func text(_ name: String) -> String? {
    try? String(contentsOfFile: path(name), encoding: .utf8)
  }

  func mode(_ name: String) -> mode_t {
    var status = stat()
    stat(path(name), &status)
    return status.st_mode & 0o7777
  }

  func kind(_ name: String) -> FileKind {
    var status = stat()
    guard lstat(path(name), &status) == 0 else { return .other }
    return FileKind(mode: status.st_mode)
  }

  /// The process's umask, read without changing it.
  static func currentUmask() throws -> mode_t {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") } ?? ""
    return mode_t(line.split(separator: "\t").last.flatMap { UInt32($0, radix: 8) } ?? 0o022)
  }

  @Test func aNewFileGetsTheUmasksModeAndAnExistingOneKeepsItsOwn() throws {
    try FilePolicy.write(Data("[1]".utf8), to: path("new.json"))
    #expect(mode("new.json") == 0o666 & ~(try Self.currentUmask()))
    try FilePolicy.write(Data("[1]".utf8), to: path("history"), newFileMode: 0o600)
    #expect(mode("history") == 0o600)
    chmod(path("new.json"), 0o640)
    try FilePolicy.write(Data("[1,25]".utf8), to: path("new.json"))
    #expect(text("new.json") == "[1,25]")
    #expect(mode("new.json") == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["history", "new.json"])
  }

  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
    try Data("old".utf8).write(to: URL(fileURLWithPath: path("real.json")))
    chmod(path("real.json"), 0o600)
    symlink("real.json", path("link.json"))
    try FilePolicy.write(Data("new".utf8), to: path("link.json"))
    #expect(kind("link.json") == .symbolicLink)
    #expect(text("real.json") == "new")
    #expect(mode("real.json") == 0o600)
  }

  @Test func aDanglingLinkExistsForAWriteThatMustNotReplaceAndIsWrittenThroughByOneThatMay() throws {
    symlink("missing/target.dex", path("dangling.dex"))
    #expect(throws: FilePolicyError(.write, path("dangling.dex"), .exists(missingTarget: path("missing/target.dex")))) {
      try FilePolicy.write(Data("x".utf8), to: path("dangling.dex"), replacing: false)
    }
    #expect(kind("dangling.dex") == .symbolicLink)
    try FileManager.default.createDirectory(atPath: path("missing"), withIntermediateDirectories: false)
    try FilePolicy.write(Data("x".utf8), to: path("dangling.dex"), replacing: true)
    #expect(kind("dangling.dex") == .symbolicLink)
    #expect(text("missing/target.dex") == "x")
  }

  @Test(arguments: [
    ("fifo", FileKind.fifo), ("socket", .socket), ("directory", .directory),
  ])
  func somethingOtherThanARegularFileIsNeverWrittenNorReplaced(name: String, expected: FileKind) throws {
    try makeSpecialFile(name, expected)
    symlink(name, path("link-to-\(name)"))
    #expect(throws: FilePolicyError(.write, path(name), .notARegularFile(expected, linkTarget: nil))) {
      try FilePolicy.write(Data("x".utf8), to: path(name))
    }
    #expect(
      throws: FilePolicyError(
        .write, path("link-to-\(name)"), .notARegularFile(expected, linkTarget: path(name)))
    ) {
      try FilePolicy.write(Data("x".utf8), to: path("link-to-\(name)"))
    }
    #expect(kind(name) == expected)
    #expect(kind("link-to-\(name)") == .symbolicLink)
    #expect(throws: FilePolicyError(.read, path(name), .notARegularFile(expected, linkTarget: nil))) {
      try FilePolicy.read(path(name), maximumSize: 100)
    }
  }

  @Test func temporaryFilesOfAProcessThatIsGoneAreRemovedOnTheNextWriteAndOthersKept() async throws {
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let abandoned = ".favorites.json.\(gone.processIdentifier).abc123"
    let alive = ".favorites.json.1.abc123"
    let unrelated = ".favorites.json.backup"
    for name in [abandoned, alive, unrelated] {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: path(name)))
    }
    try FilePolicy.write(Data("[1]".utf8), to: path("favorites.json"))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(left == [alive, unrelated, "favorites.json"].sorted())
  }

  @Test func aReadIsBoundedBeforeItStartsAndNeverBlocksOnAFIFO() throws {
    try Data(repeating: 0x31, count: 2_000).write(to: URL(fileURLWithPath: path("big")))
    #expect(throws: FilePolicyError(.read, path("big"), .tooLarge(size: 2_000, limit: 1_000))) {
      try FilePolicy.read(path("big"), maximumSize: 1_000)
    }
    #expect(try FilePolicy.read(path("big"), maximumSize: 2_000).count == 2_000)
    mkfifo(path("fifo"), 0o644)
    #expect(throws: FilePolicyError(.read, path("fifo"), .notARegularFile(.fifo, linkTarget: nil))) {
      try FilePolicy.read(path("fifo"), maximumSize: 1_000)
    }
    #expect(throws: FilePolicyError.self) { try FilePolicy.read(path("none"), maximumSize: 1) }
    #expect((try? FilePolicy.read(path("none"), maximumSize: 1)) == nil)
  }

  @Test func aLockFileIsNeverFollowedThroughALinkAndMustBeARegularFile() throws {
    symlink(path("elsewhere"), path("favorites.json.lock"))
    #expect(throws: FilePolicyError(.lock, path("favorites.json.lock"), .lockIsASymbolicLink)) {
      try FilePolicy.openLock(path("favorites.json.lock"))
    }
    #expect(!FileManager.default.fileExists(atPath: path("elsewhere")), "the link was followed")
    try FileManager.default.createDirectory(atPath: path("dir.lock"), withIntermediateDirectories: false)
    #expect(throws: FilePolicyError(.lock, path("dir.lock"), .notARegularFile(.directory, linkTarget: nil))) {
      try FilePolicy.openLock(path("dir.lock"))
    }
    let descriptor = try FilePolicy.openLock(path("fresh.lock"))
    close(descriptor)
    #expect(kind("fresh.lock") == .regularFile)
  }

  @Test(arguments: [
    (FilePolicyError(.write, "/d/out.dex", .exists(missingTarget: nil)), "cannot write /d/out.dex: it exists"),
    (FilePolicyError(.write, "/d/l", .exists(missingTarget: "/d/x")),
     "cannot write /d/l: it exists (a symbolic link to /d/x, which does not exist yet)"),
    (FilePolicyError(.write, "/d/f", .notARegularFile(.fifo, linkTarget: nil)),
     "cannot write /d/f: it is a FIFO, not a regular file"),
    (FilePolicyError(.write, "/d/l", .notARegularFile(.characterDevice, linkTarget: "/dev/null")),
     "cannot write /d/l: it is a symbolic link to /dev/null, a character device, not a regular file"),
    (FilePolicyError(.read, "/d/s", .notARegularFile(.directory, linkTarget: nil)),
     "cannot read /d/s: it is a directory, not a regular file"),
    (FilePolicyError(.lock, "/d/f.lock", .lockIsASymbolicLink),
     "cannot lock /d/f.lock: it is a symbolic link, which dex never follows for a lock file; remove it"),
    (FilePolicyError(.lock, "/d/f.lock", .system(errorNumber: EACCES)),
     "cannot lock /d/f.lock: Permission denied"),
    (FilePolicyError(.read, "/d/f", .tooLarge(size: 2_000_000, limit: 1_048_576)),
     "cannot read /d/f: it is 2000000 bytes, more than the 1048576 dex reads from it"),
    (FilePolicyError(.write, "/d/x/f", .directoryNotCreated(path: "/d/x", errorNumber: ENOTDIR)),
     "cannot write /d/x/f: cannot create the directory /d/x (Not a directory)"),
  ])
  func messagesNameTheFileAndWhatIsWrongWithIt(error: FilePolicyError, message: String) {
    #expect(error.description == message)
  }

  private func makeSpecialFile(_ name: String, _ kind: FileKind) throws {
    switch kind {
    case .fifo: #expect(mkfifo(path(name), 0o644) == 0)
    case .socket: #expect(mknod(path(name), S_IFSOCK | 0o644, 0) == 0)
    default: try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: false)
    }
  }
}
