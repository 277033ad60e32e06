import Composable
import Foundation
import StoreInspector

/// Tab completion: command names, action cases at each nesting level, state paths, element ids,
/// dependency values, file names, and what the app's commands complete.
package final class Completer<App: REPLApp>: @unchecked Sendable {
  private let session: DexSession<App>
  /// What the candidates of the last completion stand for (an element id's name).
  private var descriptions: [String: String] = [:]

  package init(session: DexSession<App>) {
    self.session = session
  }

  /// What `candidate`, offered by the last completion, stands for.
  package func description(of candidate: String) -> String? {
    descriptions[candidate]
  }

  /// The candidates for `word`, which starts at `wordStart` in `line`.
  package func completions(line: String, wordStart: Int, word: String) -> [String] {
    descriptions = [:]
    let before = line.prefix(wordStart).split(whereSeparator: \.isWhitespace).map(String.init)
    guard let commandName = before.first else {
      return CommandTable<App>.completions(line: line, wordStart: wordStart, word: word)
    }
    guard let command = CommandTable<App>.command(named: commandName) else { return [] }
    switch command.kind {
    case .help:
      return CommandTable<App>.completions(line: line, wordStart: wordStart, word: word)
    case .send:
      if let ids = elementIDCompletions(line: line, wordStart: wordStart, word: word) { return ids }
      return actionCompletions(word)
    case .actions:
      return actionPathCompletions(word)
    case .state, .expect:
      return before.count == 1 ? statePathCompletions(word) : []
    case .app:
      return App.commands.first { $0.descriptor.name == commandName }?.complete(session, word) ?? []
    case .export where before.count == 1 && word.hasPrefix("-"):
      return ["--html"].filter { $0.hasPrefix(word) }
    case .run, .record, .gentest, .export, .import:
      return fileCompletions(word)
    case .shared, .restore:
      guard before.count == 1 else { return [] }
      return session.store.sharedContainer.keys.map(session.sharedName(of:))
        .filter { $0.hasPrefix(word) }
    case .clock:
      return ClockMode.allCases.map(\.rawValue).filter { $0.hasPrefix(word) }
    case .dep:
      return DependencyTable<App>.completions(before: before, word: word)
    default:
      return []
    }
  }

  /// `.list(.row` → `.list(.rowAppeared(`, `.list(.rowTapped(`: the cases at the level being
  /// typed, found by following the case names already typed.
  private func actionCompletions(_ word: String) -> [String] {
    let text = word.hasPrefix(".") || word.isEmpty ? word : "." + word
    var stack: [String] = []
    var name = ""
    var readingName = false
    for character in text {
      switch character {
      case ".":
        readingName = true
        name = ""
      case "(":
        stack.append(name)
        readingName = false
      case ")":
        _ = stack.popLast()
        readingName = false
      default:
        if readingName, character.isLetter || character.isNumber || character == "_" {
          name.append(character)
        } else {
          readingName = false
        }
      }
    }
    guard readingName, let lastDot = text.lastIndex(of: ".") else { return [] }
    let prefix = String(text[..<lastDot])
    guard let type = try? ActionCatalog<App.Feature.Action>.listingType(at: stack.joined(separator: "."))
    else { return [] }
    return type.caseDescriptions.filter { $0.name.hasPrefix(name) }.map { entry in
      prefix + "." + entry.name + (entry.arguments.isEmpty ? "" : "(")
    }
  }

  /// After `.element(id: `, the ids of the elements the row action can reach, as they are
  /// written (`UUID("…")`); nil when the cursor is not there.
  private func elementIDCompletions(line: String, wordStart: Int, word: String) -> [String]? {
    let before = String(line.prefix(wordStart))
    guard before.hasSuffix("element(id: ") || before.hasSuffix("element(id:") else { return nil }
    // The case names on the way in name the collection's state path (`team.members`).
    var path: [String] = []
    for piece in before.split(separator: "(").dropLast(2) {
      let name = piece.split(separator: ".").last.map(String.init) ?? ""
      if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
        path.append(name)
      }
    }
    guard let statePath = try? StatePath(parsing: path.joined(separator: ".")),
      let collection = try? StoreInspector.value(at: statePath, in: session.store.state)
    else { return [] }
    return Mirror(reflecting: collection).children.compactMap { child -> String? in
      let fields = Mirror(reflecting: child.value).children
      guard let id = fields.first(where: { $0.label == "id" })?.value else { return nil }
      let text = inspectorDump(id, maxWidth: .max)
      guard text.hasPrefix(word) else { return nil }
      // The element's own name first (a nickname), else any name it has.
      let name = ["nickname", "displayName", "name", "title"].lazy.compactMap { label in
        fields.first { $0.label == label }?.value as? String
      }.first
      descriptions[text] = name
      return text
    }
  }

  private func actionPathCompletions(_ word: String) -> [String] {
    let parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let parent = parts.dropLast().joined(separator: ".")
    let typed = parts.last ?? ""
    guard let type = try? ActionCatalog<App.Feature.Action>.listingType(at: parent) else { return [] }
    return type.caseDescriptions.map(\.name).filter { $0.hasPrefix(typed) }
      .map { parent.isEmpty ? $0 : parent + "." + $0 }
  }

  private func statePathCompletions(_ word: String) -> [String] {
    let cut = word.lastIndex(where: { $0 == "." || $0 == "]" })
    let parentText = cut.map { String(word[..<$0]) + (word[$0] == "]" ? "]" : "") } ?? ""
    let typed = cut.map { String(word[word.index(after: $0)...]) } ?? word
    guard let parent = try? StatePath(parsing: parentText) else { return [] }
    let state = session.store.state
    return childNames(at: parent, in: state).filter { $0.hasPrefix(typed) && !$0.hasPrefix("[") }
      .map { parentText.isEmpty ? $0 : parentText + "." + $0 }
  }

  private func fileCompletions(_ word: String) -> [String] {
    let expanded = (word as NSString).expandingTildeInPath
    let directory = expanded.hasSuffix("/") ? expanded : (expanded as NSString).deletingLastPathComponent
    let typed = expanded.hasSuffix("/") ? "" : (expanded as NSString).lastPathComponent
    let listed = directory.isEmpty ? "." : directory
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else { return [] }
    let shownDirectory = word.hasSuffix("/") ? word : String(word.dropLast(typed.count))
    return names.filter { $0.hasPrefix(typed) && (typed.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(
        atPath: (listed as NSString).appendingPathComponent(name), isDirectory: &isDirectory)
      return shownDirectory + name + (isDirectory.boolValue ? "/" : "")
    }
  }
}
