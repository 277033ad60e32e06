import DexTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real binary writing where and how the user asked: FIFOs, sockets, directories and
/// symbolic links the test makes at the targets (never a real device node: CI runs as root).
/// Serialized, like the other suites that run dex many times: on two cores, processes started
/// all at once starve the in-process tests' timers.
@Suite(.serialized) struct WrittenFileTests {
  enum Target: String, CaseIterable, CustomTestStringConvertible {
    case fifo, socket, directory, linkToFIFO

    var testDescription: String { rawValue }

    /// Makes the target in `directory`; returns its path and how dex names what it is.
    func make(in directory: TemporaryDirectory) throws -> (path: String, refusal: String) {
      let path = directory.path(rawValue)
      switch self {
      case .fifo:
        #expect(mkfifo(path, 0o644) == 0)
        return (path, "it is a FIFO, not a regular file")
      case .socket:
        #expect(mknod(path, S_IFSOCK | 0o644, 0) == 0)
        return (path, "it is a socket, not a regular file")
      case .directory:
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return (path, "it is a directory, not a regular file")
      case .linkToFIFO:
        let fifo = directory.path("the-fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(symlink(fifo, path) == 0)
        return (path, "it is a symbolic link to \(fifo), a FIFO, not a regular file")
      }
    }
  }

  static func kind(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & S_IFMT
  }

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    stat(path, &status)
    return status.st_mode & 0o777
  }

  @Test(arguments: Target.allCases)
  func recordExportGentestAndOutputWithTheBangRefuseWhatIsNotARegularFileAndLeaveIt(
    target: Target
  ) async throws {
    let directory = try TemporaryDirectory()
    let (path, refusal) = try target.make(in: directory)
    let before = Self.kind(path)
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: "fav 1\nrecord! \(path)\nexport! \(path)\ngentest! \(path)\noutput! \(path)\n")
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "<stdin>:2: record: cannot write \(path): \(refusal); name a regular file.",
        "<stdin>:3: export: cannot write \(path): \(refusal); name a regular file.",
        "<stdin>:4: gentest: cannot write \(path): \(refusal); name a regular file.",
        "<stdin>:5: output: cannot write \(path): \(refusal); name a regular file.",
      ])
    #expect(Self.kind(path) == before, "the \(target) was replaced")
  }

  @Test func aDanglingLinkCountsAsExistingWithoutTheBangAndIsWrittenThroughWithIt() async throws {
    let directory = try TemporaryDirectory()
    let link = directory.path("out.dex")
    let target = directory.path("scripts/out.dex")
    #expect(symlink(target, link) == 0)
    let refused = try await DexProcess.run(input: "fav 1\nrecord \(link)\n")
    #expect(refused.status == 1)
    #expect(
      refused.errorLines == [
        "<stdin>:2: \(link) is a symbolic link to \(target), which does not exist yet; "
          + "'record! \(link)' writes there."
      ])
    #expect(Self.kind(link) == S_IFLNK)
    try FileManager.default.createDirectory(
      atPath: directory.path("scripts"), withIntermediateDirectories: false)
    let written = try await DexProcess.run(input: "fav 1\nrecord! \(link)\n")
    #expect(written.status == 0)
    #expect(Self.kind(link) == S_IFLNK)
    #expect(try String(contentsOfFile: target, encoding: .utf8).contains("send .favorites(.favoriteTapped(id: 1))"))
  }

  @Test func outputWritesThroughALinkAndCountsADanglingOneAsExistingWithoutTheBang() async throws {
    let directory = try TemporaryDirectory()
    let link = directory.path("session.log")
    let target = directory.path("logs/session.log")
    #expect(symlink(target, link) == 0)
    try FileManager.default.createDirectory(
      atPath: directory.path("logs"), withIntermediateDirectories: false)
    let result = try await DexProcess.run(
      ["--keep-going"], input: "output \(link)\noutput! \(link)\nfavs\noutput\n")
    #expect(
      result.errorLines == [
        "<stdin>:1: \(link) is a symbolic link to \(target), which does not exist yet; "
          + "'output! \(link)' writes there."
      ])
    #expect(Self.kind(link) == S_IFLNK)
    #expect(
      try String(contentsOfFile: target, encoding: .utf8)
        == "copying output to \(link); 'output' stops\n"
        + "No favorites yet. Toggle one with 'fav NAME'.\n")
  }

  @Test func aFavoritesFileBehindALinkIsWrittenThroughAndKeepsItsMode() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    let real = directory.path("synced/favorites.json")
    try FileManager.default.createDirectory(
      atPath: directory.path("synced"), withIntermediateDirectories: false)
    try Data("[1]".utf8).write(to: URL(fileURLWithPath: real))
    chmod(real, 0o600)
    #expect(symlink(real, data + "/favorites.json") == 0)
    let result = try await DexProcess.run(["--data-dir", data], input: "fav 4\n", dataDirectory: false)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.kind(data + "/favorites.json") == S_IFLNK)
    #expect(try String(contentsOfFile: real, encoding: .utf8) == "[1,4]")
    #expect(Self.mode(real) == 0o600)
  }

  @Test func newFilesFollowTheUmask() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    let record = directory.path("session.dex")
    let result = try await DexProcess.run(
      ["--data-dir", data], input: "fav 4\nrecord \(record)\n", dataDirectory: false, umask: "077")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.mode(data + "/favorites.json") == 0o600)
    #expect(Self.mode(data) == 0o700)
    #expect(Self.mode(record) == 0o600)
  }

  @Test func aLockFileThatIsALinkIsNeverFollowedAndTheLostToggleIsNamed() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    let elsewhere = directory.path("elsewhere")
    #expect(symlink(elsewhere, data + "/favorites.json.lock") == 0)
    let result = try await DexProcess.run(["--data-dir", data], input: "fav 25\n", dataDirectory: false)
    #expect(result.status == 1)
    #expect(!FileManager.default.fileExists(atPath: elsewhere))
    #expect(!FileManager.default.fileExists(atPath: data + "/favorites.json"))
    let refusal =
      "cannot lock \(data)/favorites.json.lock: it is a symbolic link, which dex never follows for "
      + "a lock file; remove it"
    #expect(
      result.errorLines.map(String.init) == [
        "dex: \(refusal). Changes are kept in memory and retried on every change and at exit.",
        "dex: \(data)/favorites.json was not written (\(refusal)); these toggles are lost: fav 25 "
          + "(Pikachu, added).",
      ])
  }

  @Test func temporaryFilesOfKilledRunsAreRemovedByTheNextWrite() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    let script = directory.path("toggle.dex")
    try (0..<3_000).map { "fav \($0 % 50 + 1)" }.joined(separator: "\n")
      .write(toFile: script, atomically: true, encoding: .utf8)
    for round in 0..<10 {
      let process = Process()
      process.executableURL = try DexProcess.executable()
      process.arguments = ["--data-dir", data, script]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let exit = Task { try await process.runUntilExit() }
      while process.processIdentifier == 0 { try await Task.sleep(for: .milliseconds(1)) }
      try await Task.sleep(for: .milliseconds(40 + round * 10))
      kill(process.processIdentifier, SIGKILL)
      _ = try await exit.value
    }
    // Whatever the kills left, one more write leaves only the file and its lock.
    let result = try await DexProcess.run(["--data-dir", data], input: "fav 1\n", dataDirectory: false)
    #expect(result.status == 0, "\(result.standardError)")
    let left = try FileManager.default.contentsOfDirectory(atPath: data).filter { $0.hasPrefix(".") }
    #expect(left == [])
  }

  @Test func aHundredMegabyteFavoritesFileIsCorruptBySizeAndMovedAsideUnread() async throws {
    let directory = try TemporaryDirectory()
    let data = directory.path("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    let baseline = try await PeakMemory.run(["--data-dir", data], then: "favs\n")
    // Sparse: a hundred megabytes that take no room on disk.
    #expect(FileManager.default.createFile(atPath: data + "/favorites.json", contents: Data("[1,".utf8)))
    #expect(truncate(data + "/favorites.json", 100 << 20) == 0)
    let result = try await PeakMemory.run(["--data-dir", data], then: "favs\n")
    #expect(result.status == 0)
    #expect(
      result.standardError.hasPrefix(
        "dex: \(data)/favorites.json is 104857600 bytes, more than the 1048576 a shared value's "
          + "file may hold (corrupt by size); its bytes were moved to \(data)/favorites.json.corrupt-"),
      "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: data + "/favorites.json"))
    if !PeakMemory.underAddressSanitizer {
      #expect(result.kilobytes - baseline.kilobytes < 8_000, "\(baseline.kilobytes) KB → \(result.kilobytes) KB")
    }
  }
}
