import Foundation
import Testing

/// The architecture names no app: not a Pokémon, the Pokédex, the REPL or a data directory, not
/// even in a doc comment (examples use a counter or a todo list). The compiler keeps its imports
/// apart; this keeps its words apart.
@Suite struct ArchitectureVocabularyTests {
  @Test func noSourceOfComposableNamesTheApp() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/Composable")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 40)
    let words = [
      #"pok[eé]mon"#, #"pok[eé]dex"#, #"\brepl\b"#, #"favorites\.json"#, "dex_data_dir",
      "data director",
    ]
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for word in words {
        let found = text.range(of: word, options: [.regularExpression, .caseInsensitive])
        #expect(found == nil, "Sources/Composable/\(file) names '\(found.map { String(text[$0]) } ?? "")'")
      }
    }
  }
}
