import Composable
import DexPlatform
import DexTesting
import Testing

/// What TCA's EffectRunTests check, told on dex: an effect keeps the dependencies in force
/// where it was made, and an error nobody handles is reported.
@Suite struct EffectRunTests {
  enum OffsetKey: DependencyKey {
    static let liveValue = 0
    static let testValue: Int? = 0
  }

  struct Failure: Error {}

  struct Counting: Reducer {
    struct State: Equatable {
      var response: Int?
    }

    enum Action: Equatable, Sendable, Codable {
      case overriddenTapped
      case failingTapped
      case handledTapped
      case responded(Int)
    }

    @Dependency(\.offset) var offset

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .overriddenTapped:
          return withDependencies {
            $0.offset += 1
          } operation: {
            .run { send in await send(.responded(offset)) }
          }
        case .failingTapped:
          return .run { _ in throw Failure() }
        case .handledTapped:
          return .run { _ in throw Failure() } catch: { _, send in await send(.responded(-1)) }
        case let .responded(value):
          state.response = value
          return .none
        }
      }
    }
  }

  @Test func anEffectKeepsTheDependenciesOverriddenWhereItWasMade() async {
    let store = TestStore(initialState: Counting.State()) { Counting() }
    await store.send(.overriddenTapped)
    await store.receive(.responded(1)) { $0.response = 1 }
    #expect(store.dependencies.offset == 0)
  }

  @Test func anErrorNobodyHandlesIsReported() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Counting.State()) {
      Counting()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.failingTapped).finish()
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("threw Failure(), which nothing handled") == true)
  }

  @Test func aHandledErrorIsNotReported() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Counting.State()) {
      Counting()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.handledTapped)
    await store.receive(.responded(-1)) { $0.response = -1 }
    #expect(warnings.all.isEmpty)
  }
}

extension EffectRunTests {
  struct Host: Reducer {
    struct State: Equatable {
      var child = Counting.State()
    }

    enum Action: Equatable, Sendable, Codable {
      case child(Counting.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: \.child) { Counting().dependency(\.offset, 41) }
    }
  }

  @Test func aScopedChildsOverrideStaysInItsEffects() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.child(.overriddenTapped))
    await store.receive(.child(.responded(42))) { $0.child.response = 42 }
  }

  /// Keeps the `send` of an effect past the effect's end: what an escaped `send` does.
  final class Escaped: Sendable {
    let send = LockedValue<Send<Counting.Action>?>(nil)
  }

  struct Escaping: Reducer {
    typealias State = Counting.State
    typealias Action = Counting.Action
    let escaped: Escaped

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .overriddenTapped, .failingTapped, .handledTapped:
          return .run { [escaped] send in escaped.send.withLock { $0 = send } }
        case let .responded(value):
          state.response = value
          return .none
        }
      }
    }
  }

  @Test func aSendUsedAfterItsEffectFinishedIsReportedAndDropped() async {
    let warnings = Recorder()
    let escaped = Escaped()
    let store = TestStore(initialState: Counting.State()) {
      Escaping(escaped: escaped)
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.overriddenTapped).finish()
    await escaped.send.withLock { $0 }?(.responded(5))
    await store.finish()
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("sent responded(5) after it had finished") == true)
  }
}

extension DependencyValues {
  fileprivate var offset: Int {
    get { self[EffectRunTests.OffsetKey.self] }
    set { self[EffectRunTests.OffsetKey.self] = newValue }
  }
}
