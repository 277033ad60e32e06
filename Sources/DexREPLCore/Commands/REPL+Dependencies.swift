import Foundation
import PokedexCore
import StoreInspector
import Composable

// clock, advance, deps, dep: the world the app's effects run in.
extension REPL {
  func clock(_ arguments: String) throws(REPLError) {
    let text = arguments.trimmingWhitespace()
    guard !text.isEmpty else {
      session.command { print("clock \(session.clockMode.rawValue)") }
      return
    }
    guard let mode = ClockMode(rawValue: text) else {
      throw .badArguments(
        command: "clock", problem: "'\(text)' is not a clock; use live, immediate or manual",
        synopsis: "clock live|immediate|manual")
    }
    session.setClock(mode)
    session.rememberScriptCommand("clock \(mode.rawValue)")
  }

  func advance(_ arguments: String) throws(REPLError) {
    let text = arguments.trimmingWhitespace()
    guard let duration = DurationParser.parse(text) else {
      throw .badArguments(
        command: "advance",
        problem: text.isEmpty
          ? "a duration is needed" : "'\(text)' is not a duration like 300ms, 1s or 2m (at most a day)",
        synopsis: "advance DURATION")
    }
    guard session.clockMode == .manual else {
      throw .failed(
        "advance moves the manual clock, but the clock is \(session.clockMode.rawValue). Type 'clock manual' first.")
    }
    session.rememberScriptCommand("advance \(text)")
    session.advance(by: duration)
  }

  func deps() {
    let descriptions = session.dependencyDescriptions
    session.command {
      print("clock          \(session.clockMode.rawValue)")
      print("date           \(descriptions["date"] ?? "system")")
      print("pokemonClient  \(descriptions["pokemonClient"] ?? "bundled")")
      print("uuid           \(descriptions["uuid"] ?? "random")")
    }
  }

  func dep(_ arguments: String) throws(REPLError) {
    let synopsis = "dep NAME VALUE"
    let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
    let pokemonClientCache = words.count == 3 && words[0] == "pokemonClient"
    guard words.count >= 2, words.count == 2 || words[1] == "next" || pokemonClientCache else {
      throw .badArguments(
        command: "dep", problem: "a dependency name and a value are needed, e.g. dep pokemonClient failing",
        synopsis: synopsis)
    }
    let (name, value) = (words[0], words[1])
    switch name {
    case "pokemonClient":
      if value == "failing", words.count == 2 {
        session.setSource(nil, failing: true)
        break
      }
      guard let source = Self.source(words[1...]) else {
        throw .badArguments(
          command: "dep",
          problem: "pokemonClient takes bundled, failing, pokeapi or pokeapi=URL (then "
            + "--no-cache to bypass the PokeAPI cache), not '\(words[1...].joined(separator: " "))'",
          synopsis: synopsis)
      }
      let sessionSource = source.cached(session.settings.usesPokeAPICache)
      session.setSource(sessionSource)
      session.rememberScriptCommand("dep pokemonClient \(DexSession.describe(sessionSource))")
      return
    case "uuid":
      if value == "next" {
        session.generators.enqueue(try uuids(words.dropFirst(2), synopsis: synopsis).map { .uuid($0) })
      } else {
        guard let mode = SessionGenerators.UUIDMode(rawValue: value) else {
          throw .badArguments(
            command: "dep", problem: "uuid takes incrementing, random or next UUID…, not '\(value)'",
            synopsis: synopsis)
        }
        session.setUUIDs(mode)
      }
    case "date":
      if value == "next" {
        session.generators.enqueue(try dates(words.dropFirst(2), synopsis: synopsis).map { .date($0) })
      } else {
        guard let mode = SessionGenerators.DateMode(rawValue: value) else {
          throw .badArguments(
            command: "dep", problem: "date takes fixed, system or next DATE…, not '\(value)'",
            synopsis: synopsis)
        }
        session.setDates(mode)
      }
    case "clock":
      throw .badArguments(command: "dep", problem: "the clock is set with 'clock \(value)'", synopsis: synopsis)
    default:
      let names = ["pokemonClient", "uuid", "date"]
      let suggestion = name.closestMatch(in: names).map { " Did you mean '\($0)'?" } ?? ""
      throw .badArguments(
        command: "dep", problem: "no dependency is called '\(name)'.\(suggestion) Type 'deps' for the list",
        synopsis: synopsis)
    }
    if value != "next" { session.rememberScriptCommand("dep \(name) \(value)") }
  }

  /// The UUIDs of `dep uuid next`: each bare or as `UUID("…")`, separated by spaces or commas.
  private func uuids(_ words: ArraySlice<String>, synopsis: String) throws(REPLError) -> [UUID] {
    let texts = Self.values(words)
    guard !texts.isEmpty else {
      throw .badArguments(command: "dep", problem: "uuid next needs at least one UUID", synopsis: synopsis)
    }
    var uuids: [UUID] = []
    for text in texts {
      var bare = text
      if bare.hasPrefix("UUID(\""), bare.hasSuffix("\")") { bare = String(bare.dropFirst(6).dropLast(2)) }
      guard let uuid = UUID(uuidString: bare) else {
        throw .badArguments(
          command: "dep", problem: "'\(text)' is not a UUID like 5F3C0B2E-8C1D-4E57-9A0B-12C4D8E6F001",
          synopsis: synopsis)
      }
      uuids.append(uuid)
    }
    return uuids
  }

  /// The dates of `dep date next`: ISO 8601, as session files write them.
  private func dates(_ words: ArraySlice<String>, synopsis: String) throws(REPLError) -> [Date] {
    let texts = Self.values(words)
    guard !texts.isEmpty else {
      throw .badArguments(command: "dep", problem: "date next needs at least one date", synopsis: synopsis)
    }
    var dates: [Date] = []
    for text in texts {
      guard let date = ISO8601Text.date(from: text) else {
        throw .badArguments(
          command: "dep", problem: "'\(text)' is not an ISO 8601 date like 2026-01-01T09:30:00Z",
          synopsis: synopsis)
      }
      dates.append(date)
    }
    return dates
  }

  /// The values of a `next` list: words, commas between them optional.
  private static func values(_ words: ArraySlice<String>) -> [String] {
    words.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
  }

  /// `bundled`, `pokeapi`, `pokeapi=URL`, the last two maybe followed by `--no-cache`: read as
  /// the launch options `--source` and `--no-cache` read them.
  private static func source(_ words: ArraySlice<String>) -> LaunchOptions.Source? {
    guard let value = words.first, words.dropFirst().allSatisfy({ $0 == "--no-cache" }),
      let options = try? LaunchOptions.parse(["--source", value] + words.dropFirst()),
      options.request == .runSession, options.scripts.isEmpty,
      options.source != .bundled || words.count == 1
    else { return nil }
    return options.source
  }
}
