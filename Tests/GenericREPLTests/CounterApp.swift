import Composable
import DexREPLCore
import Foundation

/// The seeds' canonical counter with an effect, as an app the REPL explores: nothing of the
/// Pokédex anywhere.
struct Counter: Reducer {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var isLoading = false
    /// Each increment's id, from the `uuid` dependency: replays must make the same ones.
    var ids: [UUID] = []
  }

  enum Action: Equatable, Sendable, Codable {
    case incrementTapped
    case decrementTapped
    case delayedIncrementTapped
    case delayFinished
  }

  @Dependency(\.clock) var clock
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        state.ids.append(uuid())
        return .none
      case .decrementTapped:
        state.count -= 1
        return .none
      case .delayedIncrementTapped:
        state.isLoading = true
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.delayFinished)
        }
      case .delayFinished:
        state.isLoading = false
        state.count += 1
        return .none
      }
    }
  }
}

/// The counter as the REPL's app: no commands, dependencies or options of its own.
enum CounterApp: REPLApp {
  static let subject = "a counter"

  static func makeFeature() -> Counter { Counter() }

  static func makeInitialState() -> Counter.State { Counter.State() }

  static let dataDirectory = DataDirectorySetting(
    environmentVariable: "COUNTER_DATA_DIR", contents: "nothing",
    defaultLocation: "nowhere", use: { _ in })

  static var testSpelling: TestSpelling<Counter.State> {
    TestSpelling(
      imports: ["CounterModule"], reducer: "Counter()", dependencies: [],
      initialState: { _ in "Counter.State()" }, shared: { _ in nil })
  }
}
