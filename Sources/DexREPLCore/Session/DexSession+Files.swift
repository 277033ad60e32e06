import Foundation
import PokedexCore
import PokedexInspection
import StoreInspector

extension DexSession {
  /// The current branch as a script that replays to the current state: the sent actions and
  /// the dep/clock/advance commands in order, headed by an `expect` of the favorites the
  /// session started from.
  func recordedScript() -> String {
    let (branch, cursor) = withHistory { ($0.log, $0.currentEntry) }
    let commands = rememberedScriptCommands
    var lines = [
      "# dex session recorded by 'record'. Replay it with: dex FILE",
      "expect favorites.favorites == \(inspectorDump(initialFavorites, maxWidth: .max))",
    ]
    if settings.clock == .manual { lines.append("clock manual") }
    if case .pokeAPI = settings.source {
      lines.append("dep pokemonClient \(Self.describe(settings.source))")
    }
    func linesAfter(_ entry: EntryID) -> [String] {
      commands.filter { $0.after == entry }.map(\.line)
    }
    lines += linesAfter(.initial)
    for entry in branch {
      if entry.origin == .sent, !entry.isSkipped {
        lines.append("send \(ActionText.full(entry.action))")
      }
      lines += linesAfter(entry.id)
      if entry.id == cursor { break }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The session as JSON (see README: "Session files").
  func exportedSession() throws -> Data {
    let container = store.sharedContainer
    return try withHistory { history in
      try history.exportSession(
        encodeMoment: { moment in
          let shared = try container.encode(moment.shared).map { key, json -> JSONValue in
            .object([
              .init("kind", .string(key.kind)), .init("name", .string(key.name)),
              .init("value", try JSONValue(parsing: json)),
            ])
          }
          return .object([
            .init("state", try JSONValue(encoding: moment.state)),
            .init("shared", .array(shared)),
          ])
        },
        encodeAction: { try JSONValue(encoding: $0) })
    }
  }

  /// Replaces the history with the session in `data`; returns the lines to print.
  func importSession(_ data: Data) throws -> [String] {
    let container = store.sharedContainer
    var problems: [String] = []
    let (history, report) = try History<AppMoment, Action>.importSession(
      from: data, limit: settings.historyLimit, reduce: AppMoment.replayer(),
      decodeMoment: { json in
        guard let stateJSON = json["state"] else {
          throw SessionFileError.missing("the initial moment has no \"state\"")
        }
        let state = try stateJSON.decode(AppFeature.State.self)
        var values: [(key: SharedKeyID, json: Data)] = []
        if case let .array(entries)? = json["shared"] {
          for entry in entries {
            guard case let .string(kind)? = entry["kind"], case let .string(name)? = entry["name"],
              let value = entry["value"]
            else { throw SessionFileError.missing("a shared value needs kind, name and value") }
            values.append((SharedKeyID(kind: kind, name: name), Data(value.text(pretty: false).utf8)))
          }
        }
        let (snapshot, found) = container.decodeSnapshot(values)
        problems += found
        return AppMoment(state: state, shared: snapshot)
      },
      decodeAction: { try $0.decode(Action.self) })
    replaceHistory(history)
    let count = withHistory { $0.count }
    return ["imported \(count) \(count == 1 ? "entry" : "entries"); at #\(withHistory { $0.currentEntry })"]
      + problems + report.lines
  }

  /// A Swift Testing test replaying the current branch through a TestStore.
  func generatedTest(named name: String) throws -> String {
    let identifier = Self.identifier(from: name)
    let generator = TestGenerator<AppMoment, Action>(
      suiteName: identifier, testName: "replaysTheRecordedSession",
      imports: ["DexTesting", "Foundation", "PokedexCore", "Testing"],
      reducer: "AppFeature()",
      dependencies: [
        "$0.pokemonClient = .bundled()",
        "$0.clock = ImmediateClock()",
        "$0.uuid = .incrementing",
        "$0.date = .constant(Date(timeIntervalSince1970: 1_767_225_600))",
      ],
      initialState: { moment in
        moment.state == AppFeature.State() ? "AppFeature.State()" : inspectorDump(moment.state)
      },
      action: { ActionText.full($0) },
      state: { $0.state },
      environment: { SharedDiffEnvironment(old: $0.shared, new: $1.shared) },
      assignment: Self.assignment)
    let source = try withHistory { try generator.generate(from: $0) }
    let favorites = inspectorDump(initialFavorites, maxWidth: .max)
    return
      source
      .replacingOccurrences(of: "struct \(identifier) {", with: "@Suite(.isolatedSharedState) struct \(identifier) {")
      .replacingOccurrences(
        of: "    let store = TestStore(",
        with: "    Shared(.favorites).withLock { $0 = \(favorites) }\n    let store = TestStore(")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.allSatisfy(\.isWhitespace) || $0.isEmpty }
      .joined(separator: "\n")
  }

  /// Shared favorites are asserted through the favorites screen's `Shared`; the other views of
  /// the same key and derived values need no assignment.
  private static func assignment(_ assignment: StateAssignment) -> String? {
    let fields = assignment.path.compactMap { component -> String? in
      if case let .field(name) = component { return name }
      return nil
    }
    let derived: Set<String> = ["visiblePokemon", "favoritePokemon", "displayedMembers"]
    if fields.contains(where: derived.contains) { return "" }
    if fields == ["favorites", "favorites"] {
      return "$0.favorites.$favorites.withLock { $0 = \(assignment.value) }"
    }
    if fields.last == "favorites" { return "" }
    return nil
  }

  private static func identifier(from name: String) -> String {
    let words = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard let first = joined.first, first.isLetter else { return "RecordedSessionTests" }
    return joined
  }
}

/// What is missing from a session file.
enum SessionFileError: Error, CustomStringConvertible {
  case missing(String)

  var description: String {
    switch self {
    case let .missing(what): what
    }
  }
}
