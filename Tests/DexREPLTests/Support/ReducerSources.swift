import Foundation
import Testing

/// Where the reducers dex names are written, as `trace`, `step`, `tree` and `effects` print it
/// (`Reduce at PokedexCore/PokemonListFeature.swift:97`, `"source":"…"` in JSON): taken out of
/// the output of tests about something else, and checked against the sources where they are.
enum ReducerSources {
  /// ` at MODULE/FILE.swift:LINE` after a reducer's name.
  static var cited: Regex<(Substring, Substring, Substring, Substring)> {
    #/ at ([A-Za-z]+)/([A-Za-z0-9_+]+\.swift):(\d+)/#
  }

  /// `text` without where its reducers are written: ` at MODULE/FILE.swift:LINE` and JSON's
  /// `"source":…,`.
  static func removed(from text: String) -> String {
    text.replacing(cited, with: "").replacing(#/"source":("[^"]*"|null),/#, with: "")
  }

  /// The package's Sources folder.
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The line `number` (from 1) of the file of module `module` named `file`.
  static func line(_ number: Int, of file: String, in module: String) throws -> String {
    let folder = sources.appendingPathComponent(module)
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    let url = try #require(
      files?.compactMap { $0 as? URL }.first { $0.lastPathComponent == file },
      "no \(file) in Sources/\(module)")
    let lines = try String(contentsOf: url, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.indices.contains(number - 1), "\(module)/\(file) has no line \(number)")
    return String(lines[number - 1])
  }

  /// What the line where a reducer named `label` is written holds: `Reduce {` for `Reduce`,
  /// `Scope(state: \.list` for `Scope(list)`, `.ifLet(\.destination` for `ifLet(destination)`,
  /// `.forEach(\.members` for `forEach(members)`, `BindingReducer()`, and `var body` for a
  /// feature.
  static func writing(_ label: String) -> String {
    if let match = label.wholeMatch(of: /(Scope|ifLet|forEach)\(([a-z.]+)\)( presentation| stack)?/) {
      let path = match.2.split(separator: ".").last.map(String.init) ?? ""
      return match.1 == "Scope" ? "Scope(state: \\.\(path)" : ".\(match.1)(\\.\(path)"
    }
    switch label {
    case "Reduce": return "Reduce {"
    case "BindingReducer": return "BindingReducer()"
    default: return "var body"
    }
  }

  /// Checks every reducer `text` names with where it is written: that line of the sources
  /// writes that reducer. Returns how many it checked.
  @discardableResult
  static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Int
  {
    var checked = 0
    for line in text.split(separator: "\n") {
      // Each cited reducer follows its label: `…› LABEL at M/F.swift:N` or a line's start.
      var rest = Substring(line)
      while let match = rest.firstMatch(of: cited) {
        let before = rest[..<match.range.lowerBound]
        let label = before.split(separator: "› ").last.map {
          $0.trimmingCharacters(in: .whitespaces)
        } ?? ""
        let source = try Self.line(Int(match.3) ?? 0, of: String(match.2), in: String(match.1))
        #expect(
          source.contains(writing(label)),
          "\(label) at \(match.1)/\(match.2):\(match.3) is written there: \(source)",
          sourceLocation: sourceLocation)
        checked += 1
        rest = rest[match.range.upperBound...]
      }
    }
    return checked
  }
}
