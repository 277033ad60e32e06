import Composable
import Foundation
import StoreInspector

/// Tab completion: command names, action cases at each nesting level (leading dot optional),
/// argument labels, enum values, bindable key paths, element ids with their names, state paths,
/// dependency values, file names, and what the app's commands complete.
///
/// Every candidate starts with the word being completed, so completing never changes what was
/// typed before the cursor; inside actions and paths nothing adds a trailing space.
package final class Completer<App: REPLApp>: @unchecked Sendable {
  let session: DexSession<App>
  /// What the candidates of the last completion stand for (an element id's name).
  private var descriptions: [String: String] = [:]
  /// How much of each candidate of the last completion is the text already typed.
  private var typedLength = 0
  /// How candidates cut from a longer argument are listed: whole (`"Buy milk"`, not `milk"`).
  private var wholeArguments: [String: String] = [:]
  /// Whether the last completion ends a word (a space follows a single candidate).
  package internal(set) var appendsSpace = true

  package init(session: DexSession<App>) {
    self.session = session
  }

  /// What `candidate`, offered by the last completion, stands for.
  package func description(of candidate: String) -> String? {
    descriptions[candidate]
  }

  /// How `candidate` is shown in a list of several: without the text typed before the name
  /// being completed (`.rowSelected(` rather than `.items(.rowSelected(`).
  package func displayText(of candidate: String) -> String {
    if let whole = wholeArguments[candidate] { return whole }
    return candidate.count > typedLength ? String(candidate.dropFirst(typedLength)) : candidate
  }

  /// The candidates at the cursor: the line up to the cursor is `line.prefix(wordStart) + word`.
  package func completions(line: String, wordStart: Int, word: String) -> [String] {
    descriptions = [:]
    wholeArguments = [:]
    typedLength = 0
    appendsSpace = true
    let beforeWord = String(line.prefix(wordStart))
    let before = beforeWord.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let commandName = before.first else {
      return CommandTable<App>.completions(line: line, wordStart: wordStart, word: word)
    }
    guard let command = CommandTable<App>.command(named: commandName) else { return [] }
    return command.complete(
      self, CompletionPlace(beforeWord: beforeWord, wordsBefore: before, word: word))
  }

  // MARK: - Arguments

  /// The options of `names` that start with the word.
  func options(_ names: [String], _ place: CompletionPlace) -> [String] {
    names.filter { $0.hasPrefix(place.word) }
  }

  /// An action as the argument (`send`, `step`, `hide`), after the option `option` if it is
  /// written.
  func actionArgument(_ place: CompletionPlace, after option: String? = nil) -> [String] {
    appendsSpace = false
    var action = Substring(place.argument)
    if let option, action.hasPrefix(option) {
      action = action.dropFirst(option.count).drop { $0.isWhitespace }
    }
    return actions(String(action), word: place.word)
  }

  /// A state path as the one argument besides options and numbers (`state`, `expect`,
  /// `watch`…): offered while none is written.
  func pathArgument(_ place: CompletionPlace) -> [String] {
    appendsSpace = false
    let pathWords = place.wordsBefore.dropFirst().filter { !$0.hasPrefix("--") && Int($0) == nil }
    return pathWords.isEmpty ? statePaths(place.word) : []
  }

  /// A file name; a directory's ends with `/`, after which no space is added.
  func fileNames(_ place: CompletionPlace) -> [String] {
    let files = fileCompletions(place.word)
    appendsSpace = !(files.count == 1 && files[0].hasSuffix("/"))
    return files
  }

  /// The name of a shared value, as the first argument.
  func sharedNames(_ place: CompletionPlace) -> [String] {
    guard place.wordsBefore.count == 1 else { return [] }
    return session.store.sharedContainer.keys.map(session.sharedName(of:))
      .filter { $0.hasPrefix(place.word) }
  }

  /// The candidates of an app command whose argument may hold spaces (`fav "Mr. M`): `complete`
  /// answers for the whole argument, and each answer is cut to the word readline replaces (a
  /// list shows them whole). Answers that do not start with the argument as typed are left out.
  func appArgument(
    _ complete: (DexSession<App>, String) -> [String], _ place: CompletionPlace
  ) -> [String] {
    let argument = place.argument
    let typedBefore = argument.count - place.word.count
    return complete(session, argument).filter { $0.hasPrefix(argument) }.map { whole in
      let candidate = String(whole.dropFirst(typedBefore))
      if typedBefore > 0 { wholeArguments[candidate] = whole }
      return candidate
    }
  }

  // MARK: - Actions

  /// The candidates inside an action: `action` is its text up to the cursor, `word` the part
  /// readline replaces (everything after the last space).
  func actions(_ action: String, word: String) -> [String] {
    if let ids = elementIDs(action, word: word) { return ids }
    let cursor = ActionCursor(action)
    guard !cursor.isInString, !cursor.isAfterWholeAction else { return [] }
    let typed = String(word.dropLast(cursor.token.count))
    // Lists show the case with its dot (`.rowSelected(`), a key path with its `\.`.
    typedLength = max(0, typed.count - (cursor.marker == .dot ? 1 : cursor.marker == .keyPath ? 2 : 0))
    let token = cursor.token
    switch cursor.marker {
    case .keyPath:
      return keyPathNames(cursor.frames).filter { $0.hasPrefix(token) }.map { typed + $0 }
    case .dot:
      return valueNames(cursor.frames).filter { $0.hasPrefix(token) }.map { typed + $0 }
    case .none:
      guard cursor.isAtValueStart else { return [] }
      // `.set(` takes a key path first: offer the bindable fields with their `\.`.
      let keyPaths = keyPathNames(cursor.frames)
      if !keyPaths.isEmpty, token.isEmpty { return keyPaths.map { typed + "\\." + $0 } }
      let labels = labelNames(cursor.frames).filter { $0.hasPrefix(token) }.map { typed + $0 }
      // A labelled argument starts with its label.
      if !labels.isEmpty || (token.isEmpty && labelNames(cursor.frames).count > 0) { return labels }
      // With no dot typed, a case is offered with its dot while nothing of it is typed yet.
      let values = valueNames(cursor.frames).filter { $0.hasPrefix(token) }.map { name in
        typed + (token.isEmpty && !["true", "false"].contains(name) ? "." + name : name)
      }
      return labels + values
    }
  }

  /// The type of the value at the cursor: the root action, or the argument the innermost open
  /// case is at.
  private func valueType(_ frames: [ActionCursor.Frame]) -> Any.Type? {
    var type: Any.Type = App.Feature.Action.self
    for frame in frames {
      guard let listing = type as? any CaseListing.Type,
        let entry = listing.caseDescriptions.first(where: { $0.name == frame.name })
      else { return nil }
      let arguments = entry.arguments
      let argument =
        frame.label.flatMap { label in arguments.first { $0.label == label } }
        ?? (frame.argument < arguments.count ? arguments[frame.argument] : nil)
      guard let argument else { return nil }
      type = argument.type
    }
    return type
  }

  /// Case names (`rowSelected(` when it takes arguments), enum values or `true`/`false` for the
  /// value at the cursor.
  private func valueNames(_ frames: [ActionCursor.Frame]) -> [String] {
    guard let type = valueType(frames) else { return [] }
    if let listing = type as? any CaseListing.Type {
      var seen: Set<String> = []
      return listing.caseDescriptions.compactMap { entry in
        guard seen.insert(entry.name).inserted else { return nil }
        return entry.name + (entry.arguments.isEmpty ? "" : "(")
      }
    }
    if let enumeration = type as? any CaseIterable.Type {
      return Self.allCases(of: enumeration).map { inspectorDump($0, maxWidth: .max) }
        .filter { $0.hasPrefix(".") }.map { String($0.dropFirst()) }
    }
    if type == Bool.self { return ["true", "false"] }
    return []
  }

  private static func allCases<T: CaseIterable>(of type: T.Type) -> [Any] {
    Array(type.allCases)
  }

  /// The label of the argument the cursor starts, as `label: `, when it has one not written.
  private func labelNames(_ frames: [ActionCursor.Frame]) -> [String] {
    guard let frame = frames.last, frame.label == nil,
      let listing = valueType(Array(frames.dropLast())) as? any CaseListing.Type,
      let entry = listing.caseDescriptions.first(where: { $0.name == frame.name }),
      frame.argument < entry.arguments.count, let label = entry.arguments[frame.argument].label,
      !frame.usedLabels.contains(label)
    else { return [] }
    return [label + ": "]
  }

  /// The bindable fields after `\.` in `.binding(.set(\.`.
  private func keyPathNames(_ frames: [ActionCursor.Frame]) -> [String] {
    guard let frame = frames.last, frame.name == "set", frame.argument == 0,
      let listing = valueType(Array(frames.dropLast())) as? any CaseListing.Type
    else { return [] }
    return listing.caseDescriptions.compactMap { entry -> String? in
      guard let start = entry.signature.range(of: "\\."),
        let end = entry.signature[start.upperBound...].firstIndex(of: ",")
      else { return nil }
      return String(entry.signature[start.upperBound..<end])
    }
  }

  /// After `.element(id: ` (and what of an id is typed there, `UUID("0000`), the ids of the
  /// elements the case reaches, as they are written (`UUID("…")`), each described by the
  /// element's name; nil when the cursor is not there.
  private func elementIDs(_ action: String, word: String) -> [String]? {
    guard
      let range = action.range(
        of: #"\#(ActionPath.element)\(id:\s*[^\s,)]*(\)?"?)$"#, options: .regularExpression),
      let colon = action[range].firstIndex(of: ":")
    else { return nil }
    let partial = String(action[action.index(after: colon)...]).drop { $0 == " " }
    guard !partial.hasSuffix(")"), word.hasSuffix(partial) else { return nil }
    let cursor = ActionCursor(String(action[..<colon]) + ": ")
    guard let frame = cursor.frames.last, frame.name == ActionPath.element, frame.label == "id"
    else { return nil }
    let typed = String(word.dropLast(partial.count))
    typedLength = typed.count
    let path = cursor.frames.dropLast().map(\.name).filter { $0 != ActionPath.presented }
    guard let statePath = try? StatePath(parsing: path.joined(separator: ".")),
      let collection = try? StoreInspector.value(at: statePath, in: session.store.state)
    else { return [] }
    if collection is any KeyedByIDDump, let stack = collection as? any CustomDumpReflectable {
      return stack.inspectorMirror.children.compactMap { child -> String? in
        let entry = Mirror(reflecting: child.value).children.map(\.value)
        guard entry.count == 2 else { return nil }
        let text = inspectorDump(entry[0], maxWidth: .max)
        guard text.hasPrefix(partial) else { return nil }
        descriptions[typed + text] = Self.screenName(entry[1])
        return typed + text
      }
    }
    return Mirror(reflecting: collection).children.compactMap { child -> String? in
      let fields = Mirror(reflecting: child.value).children
      guard let id = fields.first(where: { $0.label == "id" })?.value else { return nil }
      let text = inspectorDump(id, maxWidth: .max)
      guard text.hasPrefix(partial) else { return nil }
      descriptions[typed + text] = Self.name(in: child.value, depth: 1)
      return typed + text
    }
  }

  /// A stack element as its id's completion describes it: the screen (its case) and the name
  /// its state shows (`edit Milk`, `detail Sparky`); the case alone without a name.
  private static func screenName(_ element: Any) -> String? {
    let mirror = Mirror(reflecting: element)
    guard mirror.displayStyle == .enum, let screen = mirror.children.first else {
      return name(in: element, depth: 2)
    }
    let label = screen.label ?? ""
    guard let name = name(in: screen.value, depth: 2) else { return label.isEmpty ? nil : label }
    return label.isEmpty ? name : label + " " + name
  }

  /// The first of `elementNameFields` `value` has, else (with `depth` above 1) of its fields'
  /// values: `title` of an edit screen's state, `member.nickname` of a detail's.
  private static func name(in value: Any, depth: Int) -> String? {
    let fields = Mirror(reflecting: value).children
    if let name = elementNameFields.lazy.compactMap({ label in
      fields.first { $0.label == label }?.value as? String
    }).first {
      return name
    }
    guard depth > 1 else { return nil }
    return fields.lazy.compactMap { name(in: $0.value, depth: depth - 1) }.first
  }

  // MARK: - Paths

  /// `actions` paths: case names, one level at a time.
  func actionPaths(_ word: String) -> [String] {
    let parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let parent = parts.dropLast().joined(separator: ".")
    let typed = parts.last ?? ""
    typedLength = word.count - typed.count
    guard let type = try? ActionCatalog<App.Feature.Action>.listingType(at: parent) else { return [] }
    var seen: Set<String> = []
    return type.caseDescriptions.map(\.name).filter { $0.hasPrefix(typed) && seen.insert($0).inserted }
      .map { parent.isEmpty ? $0 : parent + "." + $0 }
  }

  /// State paths: the names that can follow the path typed so far, the name only.
  func statePaths(_ word: String) -> [String] {
    let cut = word.lastIndex(where: { $0 == "." || $0 == "]" })
    let parentText = cut.map { String(word[..<$0]) + (word[$0] == "]" ? "]" : "") } ?? ""
    let typed = cut.map { String(word[word.index(after: $0)...]) } ?? word
    typedLength = word.count - typed.count
    guard let parent = try? StatePath(parsing: parentText) else { return [] }
    let state = session.store.state
    return childNames(at: parent, in: state).filter { $0.hasPrefix(typed) && !$0.hasPrefix("[") }
      .map { parentText.isEmpty ? $0 : parentText + "." + $0 }
  }

  // MARK: - Files

  private func fileCompletions(_ word: String) -> [String] {
    let expanded = (word as NSString).expandingTildeInPath
    let directory = expanded.hasSuffix("/") ? expanded : (expanded as NSString).deletingLastPathComponent
    let typed = expanded.hasSuffix("/") ? "" : (expanded as NSString).lastPathComponent
    let listed = directory.isEmpty ? "." : directory
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else { return [] }
    let shownDirectory = word.hasSuffix("/") ? word : String(word.dropLast(typed.count))
    typedLength = shownDirectory.count
    return names.filter { $0.hasPrefix(typed) && (typed.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(
        atPath: (listed as NSString).appendingPathComponent(name), isDirectory: &isDirectory)
      return shownDirectory + name + (isDirectory.boolValue ? "/" : "")
    }
  }
}
