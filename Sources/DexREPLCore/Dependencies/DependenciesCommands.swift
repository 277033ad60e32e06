import Composable
import Foundation
import StoreInspector

// MARK: - The commands

extension REPLCommand {
  /// The commands over the clock and the dependencies, in the order `help` lists them.
  static var dependencyCommands: [REPLCommand] {
    [clock, advance, deps, dep]
  }

  /// `clock`: choose the clock effects sleep on.
  static var clock: REPLCommand {
    REPLCommand(
      name: "clock", synopsis: "clock live|immediate|manual",
      summary: "choose the clock effects sleep on",
      details: """
        live: real time. immediate: sleeps return at once. manual: time moves only with
        'advance'. Without an argument, prints the clock in use.
        """,
      acceptsArguments: true,
      section: .clock, changesTheApp: true,
      complete: { _, place in ClockMode.allCases.map(\.rawValue).filter { $0.hasPrefix(place.word) } }
    ) { repl, call throws(REPLError) in try repl.clock(call) }
  }

  /// `advance`: move the manual clock forward (e.g. advance 300ms).
  static var advance: REPLCommand {
    REPLCommand(
      name: "advance", synopsis: "advance DURATION",
      summary: "move the manual clock forward (e.g. advance 300ms)",
      details: """
        DURATION is a number with ms, s, m or h, at most a day: 300ms, 1s, 1.5s, 2m, 1h.
        Says which sleeping effects woke, and which still sleep and until when.
        """,
      acceptsArguments: true,
      section: .clock, changesTheApp: true
    ) { repl, call throws(REPLError) in try repl.advance(call) }
  }

  /// `deps`: list the dependencies and their current values.
  static var deps: REPLCommand {
    REPLCommand(
      name: "deps", synopsis: "deps",
      summary: "list the dependencies and their current values",
      details: "See 'dep' to change one.", acceptsArguments: false,
      section: .dependencies, changesTheApp: false
    ) { repl, call throws(REPLError) in repl.deps() }
  }

  /// `dep`: override a dependency at run time.
  static var dep: REPLCommand {
    REPLCommand(
      name: "dep", synopsis: "dep NAME VALUE",
      summary: "override a dependency at run time",
      // The first lines, one per dependency, come from `DependencyTable`.
      details: DependencyTable<App>.helpLines.joined(separator: "\n") + "\n" + """
        'next' queues values for the next reducers that ask (recorded scripts use it, so a
        replay makes the same UUIDs): dep uuid next 5F3C0B2E-8C1D-4E57-9A0B-12C4D8E6F001
        (the clock is set with 'clock').
        """,
      acceptsArguments: true,
      section: .dependencies, changesTheApp: true,
      complete: { _, place in
        DependencyTable<App>.completions(before: place.wordsBefore, word: place.word)
      }
    ) { repl, call throws(REPLError) in try repl.dep(call) }
  }
}

// MARK: - Running them

// clock, advance, deps, dep: the world the app's effects run in.
extension REPL {
  func clock(_ call: CommandCall) throws(REPLError) {
    let text = call.arguments.trimmingWhitespace()
    guard !text.isEmpty else {
      console.print(Notice.clock(mode: session.clockMode.rawValue).text)
      return
    }
    guard let mode = ClockMode(rawValue: text) else {
      // `clock advance 300ms`: the clock's other command, typed under its name.
      if let duration = text.split(separator: " ").dropFirst().first, text.hasPrefix("advance ") {
        throw .failed(.clockTakesNoDuration(String(duration)))
      }
      throw call.refusal(.notAClock(text))
    }
    // Effects asleep on the manual clock would wait for an `advance` that no longer comes:
    // leaving it wakes them, as moving it past the last deadline would — not while a
    // breakpoint holds them.
    let leaving = session.clockMode == .manual && mode != .manual
    if leaving { try session.refuseWhileHolding(command: "clock") }
    let lastDeadline = leaving ? session.manualClock.deadlines.last : nil
    session.setClock(mode)
    session.rememberScriptCommand(.clock(mode))
    console.print(ClockReport.modeChanged(to: mode))
    if let lastDeadline {
      session.advance(by: session.manualClock.now.duration(to: lastDeadline))
      reportEffects()
    }
  }

  func advance(_ call: CommandCall) throws(REPLError) {
    let text = call.arguments.trimmingWhitespace()
    guard let duration = DurationParser.parse(text) else {
      throw .badArguments(
        command: "advance", problem: text.isEmpty ? .durationNeeded : .notADuration(text),
        synopsis: call.synopsis)
    }
    guard session.clockMode == .manual else {
      throw .failed(.clockNotManual(mode: session.clockMode.rawValue))
    }
    // What a breakpoint holds cannot wake: the clock would move with nothing woken.
    try session.refuseWhileHolding(command: "advance")
    session.rememberScriptCommand(.advance(duration))
    session.advance(by: duration)
    reportEffects()
  }

  func deps() {
    let descriptions = session.dependencyDescriptions
    let names = ["clock"] + DependencyTable<App>.names
    let width = names.map(\.count).max() ?? 0
    for name in names.sorted() {
      let value = name == "clock" ? session.clockMode.rawValue : descriptions[name] ?? ""
      console.print(name + String(repeating: " ", count: width - name.count + 2) + value)
    }
  }

  func dep(_ call: CommandCall) throws(REPLError) {
    let synopsis = call.synopsis
    let words = call.arguments.split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count >= 2 else {
      throw .badArguments(command: "dep", problem: .dependencyAndValueNeeded, synopsis: synopsis)
    }
    let (name, value) = (words[0], words[1])
    if let dependency = DependencyTable<App>.appDependency(named: name) {
      let setting: DependencyOverride.Setting
      do {
        setting = try dependency.parse(Array(words.dropFirst()), session.settings.appOptions)
      } catch {
        throw .badArguments(command: "dep", problem: .described(error.problem), synopsis: synopsis)
      }
      session.setDependency(name, setting)
      session.rememberScriptCommand(.dependency(name: name, value: setting.description))
      reportDependency(name)
      return
    }
    guard words.count == 2 || value == "next" else {
      throw .badArguments(
        command: "dep",
        problem: .oneValueOnly(dependency: name, got: words.dropFirst().joined(separator: " ")),
        synopsis: synopsis)
    }
    switch name {
    case "uuid":
      if value == "next" {
        let queued = try queuedValues(
          words.dropFirst(2), synopsis: synopsis, none: .uuidsNeeded, invalid: UsageProblem.notAUUID
        ) { text in
          let isWrapped = text.hasPrefix("UUID(\"") && text.hasSuffix("\")")
          return UUID(uuidString: isWrapped ? String(text.dropFirst(6).dropLast(2)) : text)
        }
        session.generators.enqueue(queued.map { .uuid($0) })
        console.print(Notice.uuidsQueued(count: queued.count).text)
      } else {
        guard let mode = SessionGenerators.UUIDMode(rawValue: value) else {
          throw .badArguments(command: "dep", problem: .notAUUIDSetting(value), synopsis: synopsis)
        }
        session.setUUIDs(mode)
      }
    case "date":
      if value == "next" {
        let queued = try queuedValues(
          words.dropFirst(2), synopsis: synopsis, none: .datesNeeded, invalid: UsageProblem.notADate,
          ISO8601Text.date(from:))
        session.generators.enqueue(queued.map { .date($0) })
        console.print(Notice.datesQueued(count: queued.count).text)
      } else {
        guard let mode = SessionGenerators.DateMode(rawValue: value) else {
          throw .badArguments(command: "dep", problem: .notADateSetting(value), synopsis: synopsis)
        }
        session.setDates(mode)
      }
    case "clock":
      throw .badArguments(command: "dep", problem: .clockIsACommand(value), synopsis: synopsis)
    default:
      let suggestion = name.closestMatch(in: DependencyTable<App>.names)
      throw .badArguments(
        command: "dep", problem: .noDependency(name, suggestion: suggestion), synopsis: synopsis)
    }
    if value != "next" {
      session.rememberScriptCommand(.dependency(name: name, value: value))
      reportDependency(name)
    }
  }

  /// `NAME: VALUE`, as `deps` lists it, after `dep` set it.
  private func reportDependency(_ name: String) {
    let value = session.dependencyDescriptions[name] ?? ""
    console.print("\(name): \(value)")
  }

  /// The values of `dep uuid next` (each bare or as `UUID("…")`) or `dep date next` (ISO 8601,
  /// as session files write them), separated by spaces or commas, each read by `value`; `none`
  /// when there is none, `invalid` for one that does not read.
  private func queuedValues<Value>(
    _ words: ArraySlice<String>, synopsis: String, none: UsageProblem,
    invalid: (String) -> UsageProblem, _ value: (String) -> Value?
  ) throws(REPLError) -> [Value] {
    let texts = words.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
    guard !texts.isEmpty else { throw .badArguments(command: "dep", problem: none, synopsis: synopsis) }
    var values: [Value] = []
    for text in texts {
      guard let read = value(text) else {
        throw .badArguments(command: "dep", problem: invalid(text), synopsis: synopsis)
      }
      values.append(read)
    }
    return values
  }
}
