import Composable
import ComposableInspection
import DexTesting
import Foundation
import Testing

/// A trace says which shared values each reducer wrote. Values read from a store's container
/// carry the stamp of the write that put them there, and the stamps name the written keys;
/// values with no stamp (a replay's scratch values, decoded or replaced) are compared by their
/// bytes. Each scenario traces the same action twice, once reading the store's snapshots and
/// once reading copies of them with no stamp, and expects the same changes from both.
@Suite(.isolatedSharedState, .serialized) struct TracedSharedWritesTests {
  struct Feature: Reducer {
    struct State: Equatable {
      @Shared var level: Int
      @Shared var badges: Int
      @Shared var favorites: Set<Int>

      init(level: Shared<Int>, badges: Shared<Int>, favorites: Shared<Set<Int>>) {
        _level = level
        _badges = badges
        _favorites = favorites
      }
    }

    enum Action: Equatable, Sendable, Codable {
      /// Writes the level, and the badges then back to what they were.
      case levelUpBadgesBack
      /// Returns an effect that writes the badges.
      case badgesLater
      case favoriteToggled(Int)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .levelUpBadgesBack:
          state.$level.withLock { $0 += 1 }
          state.$badges.withLock { $0 += 1 }
          state.$badges.withLock { $0 -= 1 }
          return .none
        case .badgesLater:
          return .run { [badges = state.$badges] _ in badges.withLock { $0 += 10 } }
        case let .favoriteToggled(id):
          state.$favorites.withLock { if $0.remove(id) == nil { $0.insert(id) } }
          return .none
        }
      }
    }
  }

  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("dex-traced-writes-\(UUID().uuidString)")

  /// A store of the feature built for tracing, in a container of its own (the favorites in a
  /// file of the directory `name` names).
  private func store(_ name: String) -> (Store<Feature.State, Feature.Action>, SharedContainer) {
    let container = SharedContainer(storage: .persistent) { _ in }
    let file = favoritesFile(name)
    let store = SharedContainer.$current.withValue(container) {
      Store(
        initialState: Feature.State(
          level: Shared(wrappedValue: 1, .inMemory("level")),
          badges: Shared(wrappedValue: 5, .inMemory("badges")),
          favorites: Shared(FileStorageKey<Set<Int>>.Default[.fileStorage(file), default: []])),
        reducer: Feature().traced())
    }
    return (store, container)
  }

  private func favoritesFile(_ name: String) -> URL {
    directory.appendingPathComponent(name).appendingPathComponent("favorites.json")
  }

  /// `snapshot` with every value put back in, so that none keeps its stamp.
  private func unstamped(_ snapshot: SharedSnapshot) -> SharedSnapshot {
    snapshot.keys.reduce(snapshot) { copy, key in
      snapshot[key].map { copy.replacingValue(of: key, with: $0) } ?? copy
    }
  }

  /// What each reducer that changed something changed, traced reading the store's snapshots
  /// (`stamped`) or copies of them with no stamp; waits for the action's effects.
  private func changes(
    _ store: Store<Feature.State, Feature.Action>, _ action: Feature.Action, stamped: Bool
  ) async -> [String] {
    let recorder = ReducerTraceRecorder {
      stamped ? store.sharedSnapshot : unstamped(store.sharedSnapshot)
    }
    let task = ReducerTracing.withTracer(recorder) { store.send(action) }
    await task.finish()
    return ActionTrace(recorder).changers.map { step in
      "\(step.locationText): \(step.change.shared.map(\.key.displayName)) \(step.change.text())"
    }
  }

  /// The changes of `action` traced both ways, on two stores that went through the same.
  private func bothWays(
    _ stores: [Store<Feature.State, Feature.Action>], _ action: Feature.Action
  ) async -> (stamped: [String], unstamped: [String]) {
    (await changes(stores[0], action, stamped: true),
     await changes(stores[1], action, stamped: false))
  }

  @Test func aValueWrittenBackToWhatItWasIsNotAChangeAndTheOtherIs() async {
    let stores = [store("a").0, store("b").0]
    let (stamped, unstamped) = await bothWays(stores, .levelUpBadgesBack)
    #expect(stamped == unstamped)
    #expect(
      stamped == [
        "TracedSharedWritesTests.Feature › Reduce: [\"inMemory:level\"]   "
          + "@Shared(inMemory:level):\n- 1\n+ 2"
      ])
  }

  @Test func aValueAnEffectWroteIsNotAChangeOfTheNextAction() async {
    let stores = [store("a").0, store("b").0]
    let (wroteLater, wroteLaterUnstamped) = await bothWays(stores, .badgesLater)
    #expect(wroteLater == [], "the effect writes after the reducers ran")
    #expect(wroteLaterUnstamped == [])
    for store in stores { #expect(store.state.badges == 15) }
    let (stamped, unstamped) = await bothWays(stores, .levelUpBadgesBack)
    #expect(stamped == unstamped)
    #expect(stamped.map { $0.contains("[\"inMemory:level\"]") } == [true], "\(stamped)")
  }

  @Test func aFileAnotherProcessChangedIsNotAChangeOfTheNextActionUntilItWritesIt() async throws {
    let names = ["a", "b"]
    let made = names.map(store)
    let stores = made.map(\.0)
    for ((store, container), name) in zip(made, names) {
      store.state.$favorites.withLock { $0 = [5] }
      container.flush()
      let probe = Process()
      probe.executableURL = try builtExecutable(named: "dex-shared-probe")
      probe.arguments = ["write", favoritesFile(name).path, "9", "99"]
      #expect(try await probe.runUntilExit() == 0)
      // Waits (up to ten seconds) for the watcher to load the file.
      let clock = ContinuousClock()
      let start = clock.now
      while store.state.favorites != [9, 99], clock.now - start < .seconds(10) {
        try await Task.sleep(for: .milliseconds(1))
      }
      #expect(store.state.favorites == [9, 99])
    }
    let (levelUp, levelUpUnstamped) = await bothWays(stores, .levelUpBadgesBack)
    #expect(levelUp == levelUpUnstamped)
    #expect(levelUp.map { $0.contains("[\"inMemory:level\"]") } == [true], "\(levelUp)")
    let (toggled, toggledUnstamped) = await bothWays(stores, .favoriteToggled(9))
    #expect(toggled == toggledUnstamped)
    #expect(
      toggled.map { $0.contains("[\"favorites.json\"]") && $0.contains("\n-   9\n") } == [true],
      "\(toggled)")
    for (_, container) in made { container.flush() }
    try? FileManager.default.removeItem(at: directory)
  }
}
