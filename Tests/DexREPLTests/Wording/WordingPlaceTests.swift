import Foundation
import Testing

/// The engine's refusals and notices are worded in one place: a command throws the facts (a
/// `Refusal` or a `UsageProblem` case) or prints them (a `Notice` case), and only the files of
/// `Sources/DexREPLCore/Wording/` turn them into sentences. Outside that folder no `Problem` is
/// built, no usage problem is a literal and no sentence is printed as one.
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

  /// A sentence printed as a literal: a string given to `console.print`, `emitText` or a
  /// listing's `empty:` (or either side of a `?` there) that holds a word of two letters or more,
  /// a space and another word, `#` or an interpolation (`watching \(path)`). Data printed as it
  /// is (a listing's `name: value`, a rendered diff) has no such literal.
  static let printedSentence =
    #"(console\.print\(|emitText\(|empty:)\s*([^"\n]*\? )?"[^"\n]*[A-Za-z]{2,} ([A-Za-z#]|\\\()"#

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

  @Test func noFileOutsideWordingPrintsASentence() throws {
    for (path, text) in try Self.engineSources() {
      let found = text.range(of: Self.printedSentence, options: .regularExpression)
      let line = found.map { text[..<$0.lowerBound].count { $0 == "\n" } + 1 }
      #expect(found == nil, "\(path):\(line ?? 0) prints a sentence; make it a Notice")
    }
  }

  @Test(arguments: [
    #"console.print("watching \(call.arguments)")"#,
    #"emitText("(stopped waiting: end of input)\n")"#,
    #"console.print(lines.isEmpty ? "No shared values." : lines.joined(separator: "\n"))"#,
    #"console.print(\#n        "dropped the rest of the move to #\(move.target): ""#,
    #"empty: "Nothing is watched. Watch a path with 'watch PATH'.")"#,
    #"console.print("at #0 (the initial state)")"#,
  ])
  func eachWayOfPrintingASentenceIsFound(line: String) {
    #expect(line.range(of: Self.printedSentence, options: .regularExpression) != nil)
  }

  @Test(arguments: [
    #"console.print(Notice.watching(call.arguments).text)"#,
    #"emitText(Notice.inputEnded.line)"#,
    #"console.print("\(name): \(value)")"#,
    #"console.print("\(count) \(state): " + running.map(\.name).joined(separator: " "))"#,
    #"console.print(lines.joined(separator: "\n"))"#,
    #"console.print(call.arguments + "\n")"#,
  ])
  func noticesAndDataPass(line: String) {
    #expect(line.range(of: Self.printedSentence, options: .regularExpression) == nil)
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
