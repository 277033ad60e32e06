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

/// The counter as the REPL's app: one command and its help examples, no dependencies or options
/// of its own.
enum CounterApp: REPLApp {
  static let subject = "a counter"

  static func makeFeature() -> Counter { Counter() }

  static func makeInitialState() -> Counter.State { Counter.State() }

  static let dataDirectory = DataDirectorySetting(
    environmentVariable: "COUNTER_DATA_DIR", contents: "nothing",
    defaultLocation: "nowhere", use: { _ in })

  /// `tap up` or `tap down`: the buttons as words.
  static var commands: [AppCommand<CounterApp>] {
    [
      AppCommand(
        name: "tap", synopsis: "tap up|down", summary: "tap a button",
        details: "Sends .incrementTapped or .decrementTapped."
      ) { button, _ throws(AppCommandRefusal) in
        switch button {
        case "up": .incrementTapped
        case "down": .decrementTapped
        default: throw AppCommandRefusal("the buttons are up and down, not '\(button)'")
        }
      }
    ]
  }

  static let helpExamples = ["send": ["send .incrementTapped", "send delayedIncrementTapped"]]

  static var testSpelling: TestSpelling<Counter.State> {
    TestSpelling(
      imports: ["CounterModule"], reducer: "Counter()", dependencies: [],
      initialState: { _ in "Counter.State()" }, shared: { _ in nil })
  }
}
