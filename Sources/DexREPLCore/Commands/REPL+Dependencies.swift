import Foundation
import PokedexCore

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
    guard words.count == 2 || (words.count == 3 && words.first == "pokemonClient") else {
      throw .badArguments(
        command: "dep", problem: "a dependency name and a value are needed, e.g. dep pokemonClient failing",
        synopsis: synopsis)
    }
    let (name, value) = (words[0], words[1...].joined(separator: " "))
    switch name {
    case "pokemonClient":
      if value == "failing" {
        session.setSource(nil, failing: true)
        break
      }
      guard let source = Self.source(words[1...]) else {
        throw .badArguments(
          command: "dep",
          problem: "pokemonClient takes bundled, failing, pokeapi or pokeapi=URL (then "
            + "--no-cache to bypass the PokeAPI cache), not '\(value)'",
          synopsis: synopsis)
      }
      let sessionSource = source.cached(session.settings.usesPokeAPICache)
      session.setSource(sessionSource)
      session.rememberScriptCommand("dep pokemonClient \(DexSession.describe(sessionSource))")
      return
    case "uuid":
      guard ["incrementing", "random"].contains(value) else {
        throw .badArguments(command: "dep", problem: "uuid takes incrementing or random, not '\(value)'", synopsis: synopsis)
      }
      session.setUUIDs(incrementing: value == "incrementing")
    case "date":
      guard ["fixed", "system"].contains(value) else {
        throw .badArguments(command: "dep", problem: "date takes fixed or system, not '\(value)'", synopsis: synopsis)
      }
      session.setDate(fixed: value == "fixed")
    case "clock":
      throw .badArguments(command: "dep", problem: "the clock is set with 'clock \(value)'", synopsis: synopsis)
    default:
      let names = ["pokemonClient", "uuid", "date"]
      let suggestion = name.closestMatch(in: names).map { " Did you mean '\($0)'?" } ?? ""
      throw .badArguments(
        command: "dep", problem: "no dependency is called '\(name)'.\(suggestion) Type 'deps' for the list",
        synopsis: synopsis)
    }
    session.rememberScriptCommand("dep \(name) \(value)")
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
