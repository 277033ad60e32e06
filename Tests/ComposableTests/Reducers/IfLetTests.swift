import Composable
import DexTesting
import Testing

/// TCA's IfLetReducerTests told on dex: an optional child runs while its state is present, and
/// its effects end with it, whichever reducer removed or replaced it.
@Suite struct IfLetTests {
  /// Shows and hides a ticker, replaces it with one of the next id.
  struct Toggle: Reducer {
    struct State: Equatable {
      var child: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case child(TickerFeature.Action)
      case toggleTapped
      case nextChildTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .toggleTapped:
          state.child = state.child == nil ? TickerFeature.State() : nil
          return .none
        case .nextChildTapped:
          state.child = TickerFeature.State(id: (state.child?.id ?? 0) + 1)
          return .none
        }
      }
      .ifLet(\.child, action: \.child) { TickerFeature() }
    }
  }

  /// A child whose own optional child is a ticker.
  struct Middle: Reducer {
    struct State: Equatable {
      var grandchild: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case grandchild(TickerFeature.Action)
    }

    var body: some ReducerOf<Self> {
      EmptyReducer<State, Action>()
        .ifLet(\.grandchild, action: \.grandchild) { TickerFeature() }
    }
  }

  /// Starts a child with a grandchild, and exits it.
  struct Grandparent: Reducer {
    struct State: Equatable {
      var child: Middle.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case child(Middle.Action)
      case startTapped
      case exitTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .startTapped:
          state.child = Middle.State(grandchild: TickerFeature.State())
          return .none
        case .exitTapped:
          state.child = nil
          return .none
        }
      }
      .ifLet(\.child, action: \.child) { Middle() }
    }
  }

  /// A notice with no reducer of its own: its parent dismisses it.
  struct Notice: Reducer {
    struct State: Equatable {
      var message: String
    }

    enum Action: Equatable, Sendable, Codable {
      case againTapped
      case okTapped
    }

    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  struct Noticing: Reducer {
    struct State: Equatable {
      var notice: Notice.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case notice(Notice.Action)
      case tapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .notice(.okTapped):
          state.notice = nil
          return .none
        case .notice(.againTapped), .tapped:
          state.notice = Notice.State(message: "Hello")
          return .none
        }
      }
      .ifLet(\.notice, action: \.notice) { Notice() }
    }
  }

  /// A child shown by the reducer the `ifLet` wraps and hidden by reducers on either side of it.
  struct Sides: Reducer {
    struct State: Equatable {
      var child: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case child(TickerFeature.Action)
      case showTapped
      case hideBeforeTapped
      case hideAfterTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if action == .hideBeforeTapped { state.child = nil }
        return .none
      }
      Reduce { state, action in
        if action == .showTapped { state.child = TickerFeature.State() }
        return .none
      }
      .ifLet(\.child, action: \.child) { TickerFeature() }
      Reduce { state, action in
        if action == .hideAfterTapped { state.child = nil }
        return .none
      }
    }
  }

  /// A screen with an optional ticker, scoped by a root that can close it from outside.
  struct Screen: Reducer {
    struct State: Equatable {
      var child: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case child(TickerFeature.Action)
    }

    var body: some ReducerOf<Self> {
      EmptyReducer<State, Action>()
        .ifLet(\.child, action: \.child) { TickerFeature() }
    }
  }

  struct Root: Reducer {
    struct State: Equatable {
      var screen = Screen.State()
    }

    enum Action: Equatable, Sendable, Codable {
      case screen(Screen.Action)
      case closeEverythingTapped
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.screen, action: \.screen) { Screen() }
      Reduce { state, action in
        if action == .closeEverythingTapped { state.screen.child = nil }
        return .none
      }
    }
  }

  @Test func aChildActionWhileTheChildIsNilWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Toggle.State()) {
      Toggle()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.child(.ticked))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("ticked while") == true)
  }

  @Test func hidingTheChildCancelsItsTimer() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Toggle.State()) {
      Toggle()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.toggleTapped) { $0.child = TickerFeature.State() }
    await store.send(.child(.startTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.ticked)) { $0.child?.ticks = 1 }
    await store.receive(.child(.ticked)) { $0.child?.ticks = 2 }
    await store.send(.toggleTapped) { $0.child = nil }
    await clock.advance(by: .seconds(2))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func exitingTheChildCancelsTheGrandchildsTimer() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Grandparent.State()) {
      Grandparent()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.startTapped) {
      $0.child = Middle.State(grandchild: TickerFeature.State())
    }
    await store.send(.child(.grandchild(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.grandchild(.ticked))) { $0.child?.grandchild?.ticks = 1 }
    await store.send(.exitTapped) { $0.child = nil }
    await clock.advance(by: .seconds(2))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func aChildWithoutAReducerIsDismissedByItsParent() async {
    let store = TestStore(initialState: Noticing.State()) { Noticing() }
    await store.send(.tapped) { $0.notice = Notice.State(message: "Hello") }
    await store.send(.notice(.againTapped))
    await store.send(.notice(.okTapped)) { $0.notice = nil }
  }

  @Test func replacingTheChildWithAnotherIDCancelsTheFirstChildsEffect() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Toggle.State(child: TickerFeature.State(id: 1))) {
      Toggle()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.child(.requestTapped))
    await store.send(.nextChildTapped) { $0.child = TickerFeature.State(id: 2) }
    await store.send(.child(.requestTapped))
    await clock.advance(by: .seconds(1))
    // Only the second child's request answers: the first child's went away with it.
    await store.receive(.child(.responded(2))) { $0.child?.response = 2 }
    await store.finish()
  }

  @Test func reducersOnEitherSideOfTheIfLetThatHideTheChildCancelItsEffects() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Sides.State()) {
      Sides()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.showTapped) { $0.child = TickerFeature.State() }
    await store.send(.child(.startTapped))
    await store.send(.hideBeforeTapped) { $0.child = nil }
    await store.send(.showTapped) { $0.child = TickerFeature.State() }
    await store.send(.child(.startTapped))
    await store.send(.hideAfterTapped) { $0.child = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func aRootClosingAScopedChildCancelsItsEffects() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Root.State(screen: Screen.State(child: TickerFeature.State()))
    ) {
      Root()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.screen(.child(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.screen(.child(.ticked))) { $0.screen.child?.ticks = 1 }
    await store.send(.closeEverythingTapped) { $0.screen.child = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }
}
