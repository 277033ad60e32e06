import Composable
import ComposableInspection
import DexREPLCore
import Foundation
import PokedexCore
import PokedexREPL
import StoreInspector

/// The benchmark rows B1…B7.
enum Rows {
  // MARK: B1 store

  static func store() -> Row {
    let actions = (0..<100_000).map { AppFeature.Action.favorites(.favoriteTapped(id: $0 % 1025 + 1)) }
    let reduce = AppFeature().makeReduceFunction()
    var state = Fixtures.app(rows: 1025)
    let direct = Measurement.secondsPerOperation(batch: actions.count) {
      for action in actions { _ = reduce(&state, action) }
    }
    let store = Store(initialState: Fixtures.app(rows: 1025)) { AppFeature() }
    let sent = Measurement.secondsPerOperation(batch: actions.count) {
      for action in actions { store.send(action) }
    }
    let ratio = sent / direct
    return Row(
      label: "B1 store", measured: "\(formatDuration(sent))/send", baseline: "\(formatDuration(direct)) direct",
      value: ratio, valueText: String(format: "%.2f×", ratio), budgetText: "≤ 3×", withinBudget: ratio <= 3)
  }

  // MARK: B2 inspector

  static func inspector() -> Row {
    let session = DexSession<PokedexApp>(settings: SessionSettings(), output: TextOutput { _ in }, asynchronousOutput: nil)
    session.store.replaceState(Fixtures.app(rows: 1025))
    let actions = (0..<2_000).map { AppFeature.Action.favorites(.favoriteTapped(id: $0 % 1025 + 1)) }
    let perAction = Measurement.secondsPerOperation(batch: actions.count) {
      for action in actions { session.send(action) }
    }
    let state = session.store.state
    let shared = session.store.sharedSnapshot
    let dump = Measurement.secondsPerOperation(batch: 1) {
      _ = stateDump(state, shared: shared)
    }
    let ratio = perAction / dump
    return Row(
      label: "B2 inspector", measured: "\(formatDuration(perAction))/action", baseline: "\(formatDuration(dump)) full dump",
      value: ratio, valueText: String(format: "%.4f×", ratio), budgetText: "≤ 0.01×", withinBudget: ratio <= 0.01,
      note: "record + diff + render of a favorite toggle, the action included")
  }

  // MARK: B3 diff scaling

  static func diffScaling() -> Row {
    func toggleDiff(rows: Int) -> Double {
      let state = Fixtures.app(rows: rows)
      let container = SharedContainer.resolved
      let before = container.snapshot()
      state.favorites.$favorites.withLock { $0.formSymmetricDifference([7]) }
      let after = container.snapshot()
      defer { state.favorites.$favorites.withLock { $0.formSymmetricDifference([7]) } }
      return Measurement.secondsPerOperation(batch: 1_000) {
        for _ in 0..<1_000 {
          _ = DiffRenderer.text(stateDiff(state, state, sharedBefore: before, sharedAfter: after))
        }
      }
    }
    func rowDiff(rows: Int) -> Double {
      let old = Fixtures.app(rows: rows)
      var new = old
      if case var .loaded(pokemon) = new.list.loadState {
        pokemon[rows / 2].displayName += " (renamed)"
        new.list.loadState = .loaded(pokemon)
      }
      let shared = SharedContainer.resolved.snapshot()
      return Measurement.secondsPerOperation(batch: 10) {
        for _ in 0..<10 {
          _ = DiffRenderer.text(stateDiff(old, new, sharedBefore: shared, sharedAfter: shared))
        }
      }
    }
    let small = toggleDiff(rows: 100)
    let large = toggleDiff(rows: 10_000)
    let ratio = large / small
    let rowSmall = rowDiff(rows: 100)
    let rowLarge = rowDiff(rows: 10_000)
    return Row(
      label: "B3 diff scaling", measured: "\(formatDuration(large)) at 10,000", baseline: "\(formatDuration(small)) at 100",
      value: ratio, valueText: String(format: "%.2f", ratio), budgetText: "≤ 1.5", withinBudget: ratio <= 1.5,
      note: "a change inside one row: \(formatDuration(rowLarge)) at 10,000, \(formatDuration(rowSmall)) at 100; no budget")
  }

  // MARK: B4 history memory

  /// Run in a child process: bytes of resident memory per recorded action.
  static func historyMemoryChild() -> Double {
    let session = DexSession<PokedexApp>(settings: SessionSettings(), output: TextOutput { _ in }, asynchronousOutput: nil)
    session.store.replaceState(Fixtures.app(rows: 1025))
    let ids = Array(1...1025)
    // Warm up: the code paths and allocator pools the loop uses.
    for index in 0..<300 { cycle(session, index, ids) }
    let before = Measurement.residentBytes()
    let count = 100_000
    for index in 0..<count { cycle(session, index, ids) }
    let after = Measurement.residentBytes()
    return Double(after - before) / Double(count)
  }

  private static func cycle(_ session: DexSession<PokedexApp>, _ index: Int, _ ids: [Int]) {
    switch index % 3 {
    case 0: session.send(.favorites(.favoriteTapped(id: ids[index % ids.count])))
    case 1: session.send(.list(.rowTapped(id: ids[(index * 7) % ids.count])))
    default: session.send(.list(.destination(.dismiss)))
    }
  }

  static func historyMemory(executable: String) -> Row {
    var samples: [Double] = []
    for _ in 0..<Measurement.repetitions {
      let output = run(executable, ["--memory-child"])
      samples.append(Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity)
    }
    let perAction = Measurement.median(samples)
    return Row(
      label: "B4 history", measured: String(format: "%.0f B/action", perAction), baseline: "100,000 actions",
      value: perAction, valueText: String(format: "%.0f B", perAction), budgetText: "≤ 512 B", withinBudget: perAction <= 512,
      note: "resident memory growth; a fresh process per repetition")
  }

  // MARK: B5 replay

  static func replay(dex: String, directory: URL) -> Row {
    let script = directory.appendingPathComponent("replay.dex")
    var lines = ["send .list(.onAppear)"]
    lines.reserveCapacity(100_001)
    for index in 0..<100_000 { lines.append("fav \(index % 1025 + 1)") }
    try? (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
    var samples: [Double] = []
    for repetition in 0..<Measurement.repetitions {
      let data = directory.appendingPathComponent("replay-data-\(repetition)")
      let start = Measurement.now()
      _ = run(dex, ["--data-dir", data.path, script.path], discardOutput: true)
      samples.append(Double(lines.count) / (Measurement.now() - start))
    }
    let rate = Measurement.median(samples)
    return Row(
      label: "B5 replay", measured: String(format: "%.0f lines/s", rate), baseline: "100,001 lines",
      value: rate, valueText: String(format: "%.0f/s", rate), budgetText: "≥ 50,000/s", withinBudget: rate >= 50_000,
      note: "dex FILE > /dev/null")
  }

  // MARK: B6 start-up

  static func startUp(dex: String, hello: String, directory: URL) -> Row {
    let empty = directory.appendingPathComponent("empty.dex")
    try? "".write(to: empty, atomically: true, encoding: .utf8)
    let data = directory.appendingPathComponent("startup-data").path
    let dexTime = Measurement.secondsPerOperation(batch: 1) {
      _ = run(dex, ["--data-dir", data, empty.path], discardOutput: true)
    }
    let helloTime = Measurement.secondsPerOperation(batch: 1) {
      _ = run(hello, [], discardOutput: true)
    }
    let ratio = dexTime / helloTime
    return Row(
      label: "B6 start-up", measured: "\(formatDuration(dexTime)) dex", baseline: "\(formatDuration(helloTime)) hello",
      value: ratio, valueText: String(format: "%.2f×", ratio), budgetText: "≤ 3×", withinBudget: ratio <= 3)
  }

  // MARK: B7 forEach

  static func forEach() -> Row {
    let members = IdentifiedArrayOf<TeamMemberFeature.State>(
      uniqueElements: (1...1025).map {
        TeamMemberFeature.State(id: UUID(counting: UInt64($0)), pokemonID: $0 % 1025 + 1, nickname: "m\($0)")
      })
    let actions = (0..<100_000).map { index in
      RosterBench.Action.members(
        .element(id: UUID(counting: UInt64(index % 1025 + 1)), action: .binding(.set(\.nickname, "n\(index % 7)"))))
    }
    let childActions = (0..<100_000).map { index in
      TeamMemberFeature.Action.binding(.set(\.nickname, "n\(index % 7)"))
    }
    let reduce = RosterBench().makeReduceFunction()
    var state = RosterBench.State(members: members)
    let routed = Measurement.secondsPerOperation(batch: actions.count) {
      for action in actions { _ = reduce(&state, action) }
    }
    let child = TeamMemberFeature().makeReduceFunction()
    var element = members[0]
    let direct = Measurement.secondsPerOperation(batch: childActions.count) {
      for action in childActions { _ = child(&element, action) }
    }
    let ratio = routed / direct
    return Row(
      label: "B7 forEach", measured: "\(formatDuration(routed))/routed", baseline: "\(formatDuration(direct)) direct",
      value: ratio, valueText: String(format: "%.2f×", ratio), budgetText: "≤ 3×", withinBudget: ratio <= 3,
      note: "1,025 members, routed by id")
  }

  // MARK: B8 page

  /// A session of 10,000 entries over the full 1,025-row list: the 52 pages loaded, then
  /// favorites toggled, details opened and dismissed (B4's cycle). Measures writing its page.
  static func page(directory: URL) -> Row {
    let session = DexSession<PokedexApp>(settings: SessionSettings(), output: TextOutput { _ in }, asynchronousOutput: nil)
    session.send(.list(.onAppear))
    for id in stride(from: 20, to: 1025, by: 20) { session.send(.list(.rowAppeared(id: id))) }
    let ids = Array(1...1025)
    var index = 0
    while session.entryCount < 10_000 {
      cycle(session, index, ids)
      index += 1
    }
    let file = directory.appendingPathComponent("page.html")
    var size = 0
    let seconds = Measurement.secondsPerOperation(batch: 1) {
      let html = session.page(failures: [])
      try? Data(html.utf8).write(to: file)
      size = html.utf8.count
    }
    let megabytes = Double(size) / 1_000_000
    return Row(
      label: "B8 page", measured: String(format: "%.2f s", seconds),
      baseline: "\(session.entryCount.formatted()) entries", value: seconds,
      valueText: String(format: "%.2f s, %.1f MB", seconds, megabytes), budgetText: "≤ 3 s, 30 MB",
      withinBudget: seconds <= 3 && megabytes <= 30,
      note: "export --html of the session: 1,025 rows loaded, favorites, details opened and closed")
  }

  // MARK: Processes

  @discardableResult
  static func run(_ executable: String, _ arguments: [String], discardOutput: Bool = false) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = discardOutput ? FileHandle.nullDevice : pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return ""
    }
    let data = discardOutput ? Data() : pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

/// A parent of 1,025 team members routed by id, for B7.
struct RosterBench: Reducer {
  struct State: Equatable {
    var members: IdentifiedArrayOf<TeamMemberFeature.State>
  }

  enum Action: Equatable, Sendable, Codable {
    case members(IdentifiedActionOf<TeamMemberFeature>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.members, action: \.members) { TeamMemberFeature() }
  }
}
