import Foundation
import Testing

/// The engine's refusals are worded in one place: a command throws the facts (a `Refusal` or a
/// `UsageProblem` case), and only the files of `Sources/DexREPLCore/Wording/` turn them into
/// sentences. Outside that folder no `Problem` is built and no usage problem is a literal.
@Suite struct WordingPlaceTests {
  /// The package's folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// What words a refusal outside the wording files: building a `Problem`, a literal where a
  /// `UsageProblem` goes, or another error's words that are not just its description.
  static let inlineWording: [(name: String, pattern: String)] = [
    ("a Problem built", #"(?<![A-Za-z])Problem\("#),
    ("a usage problem as a literal", #"(problem|refusal)\(?:?\s*""#),
    ("words that are not another error's", #"(words:|described\()\s*"(?!\\\()"#),
  ]

  /// The Swift files of DexREPLCore outside `Wording/`, by path, with their text.
  static func engineSources() throws -> [(path: String, text: String)] {
    let folder = root.appendingPathComponent("Sources/DexREPLCore")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Wording/") }
    return try files.map { file in
      (file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
    }
  }

  @Test func noFileOutsideWordingWordsARefusal() throws {
    let files = try Self.engineSources()
    #expect(files.count > 100)
    for (path, text) in files {
      for (name, pattern) in Self.inlineWording {
        let found = text.range(of: pattern, options: .regularExpression)
        let line = found.map { text[..<$0.lowerBound].count { $0 == "\n" } + 1 }
        #expect(found == nil, "\(path):\(line ?? 0) has \(name)")
      }
    }
  }

  @Test(arguments: [
    #"throw .failed(Problem(subject: "watch", "\(path) is already watched"))"#,
    #"throw call.refusal("a path (or all) is needed")"#,
    #"throw .badArguments(command: "dep", problem: "uuid next needs at least one UUID", synopsis: s)"#,
    #"throw .failed(.because(subject: "export", words: "cannot export"))"#,
    #"throw .badArguments(command: c, problem: .described("too many"), synopsis: s)"#,
  ])
  func eachWayOfWordingInlineIsFound(line: String) {
    #expect(Self.inlineWording.contains { line.range(of: $0.pattern, options: .regularExpression) != nil })
  }

  @Test(arguments: [
    #"throw .failed(.alreadyWatched(call.arguments))"#,
    #"throw call.refusal(.pathOrAllNeeded)"#,
    #"throw .badArguments(command: "dep", problem: .uuidsNeeded, synopsis: synopsis)"#,
    #"throw .failed(.because(subject: "export", words: "\(error)"))"#,
    #"throw .badArguments(command: c, problem: .described("\(error)"), synopsis: s)"#,
  ])
  func factsAndAnotherErrorsWordsPass(line: String) {
    #expect(!Self.inlineWording.contains { line.range(of: $0.pattern, options: .regularExpression) != nil })
  }
}
