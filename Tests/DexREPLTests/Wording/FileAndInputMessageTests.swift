import DexTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Each message about a file or an input, through the real binary: what it says names the
/// file, what is wrong with it and what to do.
@Suite(.serialized) struct FileAndInputMessageTests {
  enum Case: String, CaseIterable, CustomTestStringConvertible {
    case favoritesIsAFIFO, importOfADirectory, unusableLockFile, fractionInFavorites
    case numberTooLargeInFavorites, trailingComma, idsOutsideThePokédex
    case receivedFromAMissingEntry, entryNumberBeyondTheEntries, byteOrderMark
    case scriptsThatRunEachOther

    var testDescription: String { rawValue }

    /// What dex is run with, after the files it needs are made in `directory` (`D`).
    func prepare(_ directory: TemporaryDirectory) async throws -> (arguments: [String], input: String) {
      let data = directory.path("data")
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
      func favorites(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: data + "/favorites.json"))
      }
      switch self {
      case .favoritesIsAFIFO:
        #expect(mkfifo(data + "/favorites.json", 0o644) == 0)
        return (["--data-dir", data], "fav 1\n")
      case .importOfADirectory:
        try FileManager.default.createDirectory(
          atPath: directory.path("adir"), withIntermediateDirectories: false)
        return ([], "import \(directory.path("adir"))\n")
      case .unusableLockFile:
        try FileManager.default.createDirectory(
          atPath: data + "/favorites.json.lock", withIntermediateDirectories: false)
        return (["--data-dir", data], "fav 1\n")
      case .fractionInFavorites:
        try favorites("[1.5]")
        return (["--data-dir", data], "favs\n")
      case .numberTooLargeInFavorites:
        try favorites("[9223372036854775808]")
        return (["--data-dir", data], "favs\n")
      case .trailingComma:
        try favorites("[25,]")
        return (["--data-dir", data], "favs\n")
      case .idsOutsideThePokédex:
        try favorites("[-1,25,2000]")
        return (["--data-dir", data, "--keep-going"], "favs\nfav -1\nfav 0\nfav 2000\nfavs\n")
      case .receivedFromAMissingEntry:
        let session = try await Self.exportedSession(directory, sends: "fav 1\nfav 4\n")
        try session.replacingOccurrences(
          of: #""number": 2, "parent": 1, "origin": "sent""#,
          with: #""number": 2, "parent": 1, "origin": {"receivedFrom": 99}"#
        ).write(toFile: directory.path("rf.json"), atomically: true, encoding: .utf8)
        return ([], "import \(directory.path("rf.json"))\n")
      case .entryNumberBeyondTheEntries:
        let sends = (1...50).map { "fav \($0)" }.joined(separator: "\n") + "\n"
        let session = try await Self.exportedSession(directory, sends: sends)
        try session.replacingOccurrences(
          of: #"{"number": 1, "parent": 0"#, with: #"{"number": 100000000, "parent": 0"#
        ).write(toFile: directory.path("big.json"), atomically: true, encoding: .utf8)
        return ([], "import \(directory.path("big.json"))\n")
      case .byteOrderMark:
        try Data([0xEF, 0xBB, 0xBF] + Array("fav 1\nfavs\n".utf8))
          .write(to: URL(fileURLWithPath: directory.path("bom.dex")))
        return ([directory.path("bom.dex")], "")
      case .scriptsThatRunEachOther:
        try FileManager.default.createDirectory(
          atPath: directory.path("sub"), withIntermediateDirectories: false)
        try "fav 1\nrun \(directory.path("sub/../b.dex"))\n"
          .write(toFile: directory.path("a.dex"), atomically: true, encoding: .utf8)
        try "fav 4\nrun \(directory.path("./a.dex"))\n"
          .write(toFile: directory.path("b.dex"), atomically: true, encoding: .utf8)
        return ([directory.path("a.dex")], "")
      }
    }

    /// The exit status, the starts of the lines on standard error (`D` is the directory), and
    /// text standard output must hold.
    var expected: (status: Int32, errors: [String], output: String) {
      let kept = "Changes are kept in memory and retried on every change and at exit."
      let wrongKind =
        "holds JSON of the wrong kind for Set<Int> (a number in it does not fit: a fraction, or "
        + "out of range); its bytes were moved to D/data/favorites.json.corrupt-"
      switch self {
      case .favoritesIsAFIFO:
        let refusal = "cannot read D/data/favorites.json: it is a FIFO, not a regular file"
        return (1, [
          "dex: \(refusal). \(kept)",
          "dex: D/data/favorites.json was not written (\(refusal)); these toggles are lost: "
            + "fav 1 (Bulbasaur, added).",
        ], "#1 sent")
      case .importOfADirectory:
        return (1, [
          "<stdin>:1: import: cannot read D/adir: it is a directory, not a regular file; name a "
            + "regular file."
        ], "")
      case .unusableLockFile:
        let refusal = "cannot lock D/data/favorites.json.lock: it is a directory, not a regular file"
        return (1, [
          "dex: \(refusal). \(kept)",
          "dex: D/data/favorites.json was not written (\(refusal)); these toggles are lost: "
            + "fav 1 (Bulbasaur, added).",
        ], "#1 sent")
      case .fractionInFavorites, .numberTooLargeInFavorites:
        return (0, ["dex: D/data/favorites.json \(wrongKind)"], "No favorites yet.")
      case .trailingComma:
        return (0, [
          "dex: D/data/favorites.json is not valid JSON (unexpected ']' at line 1, column 5); "
            + "its bytes were moved to D/data/favorites.json.corrupt-"
        ], "No favorites yet.")
      case .idsOutsideThePokédex:
        return (1, ["<stdin>:3: there is no Pokémon with id 0 (ids are 1…1025)."],
          "-1 (no Pokémon has this id; 'fav -1' removes it)\n25 Pikachu\n2000 (no Pokémon has "
            + "this id; 'fav 2000' removes it)\n#1 sent .favorites(.favoriteTapped(id: -1))")
      case .receivedFromAMissingEntry:
        return (1, [
          "<stdin>:1: D/rf.json: $.entries[1].origin.receivedFrom names entry 99, which the "
            + "document does not list before it; fix the document or export the session again."
        ], "")
      case .entryNumberBeyondTheEntries:
        return (1, [
          "<stdin>:1: D/big.json: $.entries[0].number is entry 100000000, but the document lists "
            + "only 50 entries"
        ], "")
      case .byteOrderMark:
        return (0, [], "1 Bulbasaur")
      case .scriptsThatRunEachOther:
        return (1, [
          "D/sub/../b.dex:2: D/./a.dex is already running (as D/a.dex); a script cannot run "
            + "itself, directly or through the scripts it runs.",
          "D/a.dex:2: script D/sub/../b.dex stopped at the failure above.",
        ], "#2 sent .favorites(.favoriteTapped(id: 4))")
      }
    }

    /// A session exported by a script of `sends`.
    static func exportedSession(_ directory: TemporaryDirectory, sends: String) async throws -> String {
      let path = directory.path("exported.json")
      let result = try await DexProcess.run(input: sends + "export \(path)\n", dataDirectory: false)
      #expect(result.status == 0)
      return try String(contentsOfFile: path, encoding: .utf8)
    }
  }

  @Test(arguments: Case.allCases)
  func theMessageNamesTheFileAndWhatIsWrong(_ situation: Case) async throws {
    let directory = try TemporaryDirectory()
    let (arguments, input) = try await situation.prepare(directory)
    let result = try await DexProcess.run(arguments, input: input, dataDirectory: false)
    let expected = situation.expected
    let lines = result.errorLines.map { $0.replacingOccurrences(of: directory.url.path, with: "D") }
    #expect(result.status == expected.status, "\(lines)")
    #expect(lines.count == expected.errors.count, "\(lines)")
    for (line, start) in zip(lines, expected.errors) {
      #expect(line.hasPrefix(start), "\(line)\nshould start with\n\(start)")
    }
    #expect(
      expected.output.isEmpty || result.standardOutput.contains(expected.output),
      "\(result.standardOutput)")
  }

  @Test func anIDOutsideThePokédexIsRemovedFromTheFileByFav() async throws {
    let directory = try TemporaryDirectory()
    let (arguments, input) = try await Case.idsOutsideThePokédex.prepare(directory)
    _ = try await DexProcess.run(arguments, input: input, dataDirectory: false)
    let file = try String(contentsOfFile: directory.path("data/favorites.json"), encoding: .utf8)
    #expect(file == "[25]")
  }
}
