import Composable
import DexTesting
import Testing

/// TCA's PresentationReducerTests told on dex: a presented child runs while presented, is
/// dismissed by its parent or by itself, and owns its effects and their cancel ids.
@Suite struct PresentationTests {
  /// Presents a ticker by id, closes it, and runs effects of its own under the ticker's ids.
  struct Presenter: Reducer {
    struct State: Equatable {
      var child: TickerFeature.State?
      var lastTicks: Int?
      var response = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case child(PresentationAction<TickerFeature.Action>)
      case presentTapped(id: Int)
      case closeTapped
      case startTapped
      case requestTapped
      case stopTapped
      case responded(Int)
    }

    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child(.dismiss):
          state.lastTicks = state.child?.ticks
          return .none
        case .child:
          return .none
        case let .presentTapped(id):
          state.child = TickerFeature.State(id: id)
          return .none
        case .closeTapped:
          state.child = nil
          return .none
        case .startTapped:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.responded(42))
          }
          .cancellable(id: TickerFeature.CancelID.timer)
        case .requestTapped:
          return .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.responded(42))
          }
          .cancellable(id: TickerFeature.CancelID.request)
        case .stopTapped:
          return .cancel(id: TickerFeature.CancelID.timer)
        case let .responded(value):
          state.response = value
          return .none
        }
      }
      .ifLet(\.child, action: \.child) { TickerFeature() }
    }
  }

  /// Presents two tickers at once.
  struct Siblings: Reducer {
    struct State: Equatable {
      var first: TickerFeature.State?
      var second: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case first(PresentationAction<TickerFeature.Action>)
      case second(PresentationAction<TickerFeature.Action>)
      case presentBothTapped(first: Int, second: Int)
      case stopTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .first, .second:
          return .none
        case let .presentBothTapped(first, second):
          state.first = TickerFeature.State(id: first)
          state.second = TickerFeature.State(id: second)
          return .none
        case .stopTapped:
          return .cancel(id: TickerFeature.CancelID.timer)
        }
      }
      .ifLet(\.first, action: \.first) { TickerFeature() }
      .ifLet(\.second, action: \.second) { TickerFeature() }
    }
  }

  /// A presented child that presents a ticker of its own and runs a long-living effect.
  struct Nest: Reducer {
    struct State: Equatable {
      var grandchild: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case grandchild(PresentationAction<TickerFeature.Action>)
      case presentGrandchildTapped
      case startTapped
    }

    enum CancelID { case effect }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .grandchild:
          return .none
        case .presentGrandchildTapped:
          state.grandchild = TickerFeature.State()
          return .none
        case .startTapped:
          return .run { _ in try await untilCancelled() }.cancellable(id: CancelID.effect)
        }
      }
      .ifLet(\.grandchild, action: \.grandchild) { TickerFeature() }
    }
  }

  struct NestPresenter: Reducer {
    struct State: Equatable {
      var child: Nest.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case child(PresentationAction<Nest.Action>)
      case presentTapped
      case stopTapped
      case dismissGrandchildTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .presentTapped:
          state.child = Nest.State()
          return .none
        case .stopTapped:
          return .merge(.cancel(id: Nest.CancelID.effect), .cancel(id: TickerFeature.CancelID.timer))
        case .dismissGrandchildTapped:
          return .send(.child(.presented(.grandchild(.dismiss))))
        }
      }
      .ifLet(\.child, action: \.child) { Nest() }
    }
  }

  /// A child with no identity of its own.
  struct Plain: Reducer {
    struct State: Equatable {
      var count = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case incrementTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  /// Presents a new child while handling a dismissal: the same kind of child (no identity),
  /// or a ticker of another id.
  struct Rehydrating: Reducer {
    struct State: Equatable {
      var plain: Plain.State?
      var ticker: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case plain(PresentationAction<Plain.Action>)
      case ticker(PresentationAction<TickerFeature.Action>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .plain(.dismiss):
          state.plain = Plain.State()
          return .none
        case .ticker(.dismiss):
          if state.ticker?.id == 1 { state.ticker = TickerFeature.State(id: 2) }
          return .none
        case .plain, .ticker:
          return .none
        }
      }
      .ifLet(\.plain, action: \.plain) { Plain() }
      .ifLet(\.ticker, action: \.ticker) { TickerFeature() }
    }
  }

  /// A child that asks its parent to close it, through an action of its own.
  struct Leaving: Reducer {
    struct State: Equatable {}

    enum Action: Equatable, Sendable, Codable {
      case appeared
      case leaveTapped
      case leaving
    }

    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .appeared:
          return .run { _ in try await untilCancelled() }
        case .leaveTapped:
          return .send(.leaving)
        case .leaving:
          return .none
        }
      }
    }
  }

  struct LeavingHost: Reducer {
    struct State: Equatable {
      var child: Leaving.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case child(PresentationAction<Leaving.Action>)
      case presentTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child(.presented(.leaving)):
          state.child = nil
          return .none
        case .child:
          return .none
        case .presentTapped:
          state.child = Leaving.State()
          return .none
        }
      }
      .ifLet(\.child, action: \.child) { Leaving() }
    }
  }

  /// An alert-like destination: no logic, its buttons handled by the parent.
  struct Prompt: Reducer {
    struct State: Equatable, Sendable, Codable {
      var title: String
    }

    enum Action: Equatable, Sendable, Codable {
      case deleteTapped
      case switchTapped
    }

    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  /// The destinations of `DestinationHost`: two tickers, an alert and a dialog.
  struct Destination: Reducer {
    enum State: Equatable, Sendable, Codable, StateCasePathable {
      case ticker(TickerFeature.State)
      case other(TickerFeature.State)
      case alert(Prompt.State)
      case dialog(Prompt.State)
    }

    enum Action: Equatable, Sendable, Codable {
      case ticker(TickerFeature.Action)
      case other(TickerFeature.Action)
      case alert(Prompt.Action)
      case dialog(Prompt.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.ticker, action: \.ticker) { TickerFeature() }
      Scope(state: \.other, action: \.other) { TickerFeature() }
      Scope(state: \.alert, action: \.alert) { Prompt() }
      Scope(state: \.dialog, action: \.dialog) { Prompt() }
    }
  }

  struct DestinationHost: Reducer {
    struct State: Equatable {
      var destination: Destination.State?
      var isDeleted = false
    }

    enum Action: Equatable, Sendable, Codable {
      case destination(PresentationAction<Destination.Action>)
      case presentTickerTapped(id: Int)
      case presentAlertTapped
      case presentDialogTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.alert(.deleteTapped))):
          state.isDeleted = true
          state.destination = nil
          return .none
        case .destination(.presented(.alert(.switchTapped))):
          state.destination = .dialog(Prompt.State(title: "Hello!"))
          return .none
        case .destination(.presented(.dialog(.switchTapped))):
          state.destination = .alert(Prompt.State(title: "Hello!"))
          return .none
        case .destination:
          return .none
        case let .presentTickerTapped(id):
          state.destination = .ticker(TickerFeature.State(id: id))
          return .none
        case .presentAlertTapped:
          state.destination = .alert(Prompt.State(title: "Uh oh!"))
          return .none
        case .presentDialogTapped:
          state.destination = .dialog(Prompt.State(title: "Choose"))
          return .none
        }
      }
      .ifLet(\.destination, action: \.destination) { Destination() }
    }
  }

  /// A container presenting a ticker, scoped by a parent that opens it.
  struct Container: Reducer {
    struct State: Equatable {
      var child: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case openTapped
      case child(PresentationAction<TickerFeature.Action>)
    }

    var body: some ReducerOf<Self> {
      EmptyReducer<State, Action>()
        .ifLet(\.child, action: \.child) { TickerFeature() }
    }
  }

  struct ContainerHost: Reducer {
    struct State: Equatable {
      var container = Container.State()
    }

    enum Action: Equatable, Sendable, Codable {
      case container(Container.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.container, action: \.container) { Container() }
      Reduce { state, action in
        if action == .container(.openTapped) { state.container.child = TickerFeature.State() }
        return .none
      }
    }
  }

  /// A child presented by one reducer and closed by reducers on either side of it.
  struct Sides: Reducer {
    struct State: Equatable {
      var child: TickerFeature.State?
    }

    enum Action: Equatable, Sendable, Codable {
      case child(PresentationAction<TickerFeature.Action>)
      case presentTapped
      case closeBeforeTapped
      case closeAfterTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if action == .closeBeforeTapped { state.child = nil }
        return .none
      }
      Reduce { state, action in
        if action == .presentTapped { state.child = TickerFeature.State() }
        return .none
      }
      .ifLet(\.child, action: \.child) { TickerFeature() }
      Reduce { state, action in
        if action == .closeAfterTapped { state.child = nil }
        return .none
      }
    }
  }

  /// A feature that presents itself, any number of levels deep.
  struct Nested: Reducer {
    struct State: Equatable {
      var count = 0
      /// The presented copy, kept in an array because a struct cannot hold an optional of itself.
      var presented: [State] = []

      var child: State? {
        get { presented.first }
        set { presented = newValue.map { [$0] } ?? [] }
      }
    }

    indirect enum Action: Equatable, Sendable, Codable {
      case presentTapped
      case closeTapped
      case incrementTapped
      case child(PresentationAction<Action>)
    }

    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .presentTapped:
          state.child = State()
          return .none
        case .closeTapped:
          return .run { _ in await dismiss() }
        case .incrementTapped:
          state.count += 1
          return .none
        case .child:
          return .none
        }
      }
      .ifLet(\.child, action: \.child) { Nested() }
    }
  }

  @Test func theParentDismissesTheChild() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.send(.child(.presented(.ticked))) { $0.child?.ticks = 1 }
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.lastTicks = 1
    }
  }

  @Test func theParentNilsOutTheChild() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.send(.child(.presented(.ticked))) { $0.child?.ticks = 1 }
    await store.send(.closeTapped) { $0.child = nil }
  }

  @Test func theChildDismissesItselfAndItsParentSeesItGo() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.send(.child(.presented(.ticked))) { $0.child?.ticks = 1 }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.lastTicks = 1
    }
  }

  @Test func dismissingByTheParentCancelsTheChildsTimer() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.send(.child(.presented(.startTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.ticked))) { $0.child?.ticks = 1 }
    await store.receive(.child(.presented(.ticked))) { $0.child?.ticks = 2 }
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.lastTicks = 2
    }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func dismissingItselfCancelsTheChildsTimer() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.send(.child(.presented(.startTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.ticked))) { $0.child?.ticks = 1 }
    await store.receive(.child(.presented(.ticked))) { $0.child?.ticks = 2 }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.lastTicks = 2
    }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func presentingAChildOfAnotherIDCancelsTheFirstChildsTimer() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.send(.child(.presented(.startTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.ticked))) { $0.child?.ticks = 1 }
    await store.receive(.child(.presented(.ticked))) { $0.child?.ticks = 2 }
    await store.send(.presentTapped(id: 2)) { $0.child = TickerFeature.State(id: 2) }
    // The first child's timer went with it: nothing ticks for the second.
    await clock.advance(by: .seconds(2))
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.lastTicks = 0
    }
    await store.finish()
  }

  @Test func leavingAChildPresentedEndsTheTestQuietly() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
  }

  @Test func finishingWithAChildPresentedWaitsForNothing() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.finish()
  }

  @Test func aChildPresentedFromTheStartDismissesItself() async {
    let store = TestStore(initialState: Presenter.State(child: TickerFeature.State(id: 1))) {
      Presenter()
    }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.lastTicks = 0
    }
  }

  @Test func aChildInsideAScopedContainerDismissesItselfTwice() async {
    let store = TestStore(initialState: ContainerHost.State()) { ContainerHost() }
    for _ in 1...2 {
      await store.send(.container(.openTapped)) { $0.container.child = TickerFeature.State() }
      await store.send(.container(.child(.presented(.closeTapped))))
      await store.receive(.container(.child(.dismiss))) { $0.container.child = nil }
    }
  }

  @Test func destinationsOfAnEnumOwnTheirEffectsPerCaseAndID() async {
    let clock = ManualClock()
    let store = TestStore(initialState: DestinationHost.State()) {
      DestinationHost()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTickerTapped(id: 1)) {
      $0.destination = .ticker(TickerFeature.State(id: 1))
    }
    await store.send(.destination(.presented(.ticker(.startTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.ticker(.ticked)))) {
      $0.destination = .ticker(TickerFeature.State(id: 1, ticks: 1))
    }
    await store.receive(.destination(.presented(.ticker(.ticked)))) {
      $0.destination = .ticker(TickerFeature.State(id: 1, ticks: 2))
    }
    await store.send(.destination(.presented(.ticker(.closeTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.presentTickerTapped(id: 2)) {
      $0.destination = .ticker(TickerFeature.State(id: 2))
    }
    await clock.advance(by: .seconds(2))
    await store.send(.destination(.presented(.ticker(.startTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.ticker(.ticked)))) {
      $0.destination = .ticker(TickerFeature.State(id: 2, ticks: 1))
    }
    await store.receive(.destination(.presented(.ticker(.ticked)))) {
      $0.destination = .ticker(TickerFeature.State(id: 2, ticks: 2))
    }
    // Presented again with the same id: the same child, its timer still running.
    await store.send(.presentTickerTapped(id: 2)) {
      $0.destination = .ticker(TickerFeature.State(id: 2))
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.ticker(.ticked)))) {
      $0.destination = .ticker(TickerFeature.State(id: 2, ticks: 1))
    }
    await store.receive(.destination(.presented(.ticker(.ticked)))) {
      $0.destination = .ticker(TickerFeature.State(id: 2, ticks: 2))
    }
    // Another case: the ticker goes, its timer with it.
    await store.send(.presentAlertTapped) { $0.destination = .alert(Prompt.State(title: "Uh oh!")) }
    await clock.advance(by: .seconds(2))
    await store.send(.destination(.presented(.alert(.deleteTapped)))) {
      $0.destination = nil
      $0.isDeleted = true
    }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aChildStopsItsOwnEffect() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.send(.child(.presented(.startTapped)))
    await store.send(.child(.presented(.stopTapped)))
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aParentCancelsTheEffectsOfItsChildAndGrandchildByTheirIDs() async {
    let clock = ManualClock()
    let store = TestStore(initialState: NestPresenter.State()) {
      NestPresenter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTapped) { $0.child = Nest.State() }
    await store.send(.child(.presented(.presentGrandchildTapped))) {
      $0.child?.grandchild = TickerFeature.State()
    }
    await store.send(.child(.presented(.startTapped)))
    await store.send(.child(.presented(.grandchild(.presented(.startTapped)))))
    await store.send(.stopTapped)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aParentCancelsBothChildrensTimersByTheirID() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Siblings.State()) {
      Siblings()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentBothTapped(first: 1, second: 2)) {
      $0.first = TickerFeature.State(id: 1)
      $0.second = TickerFeature.State(id: 2)
    }
    await store.send(.first(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.presented(.ticked))) { $0.first?.ticks = 1 }
    await store.send(.second(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.presented(.ticked))) { $0.first?.ticks = 2 }
    await store.receive(.second(.presented(.ticked))) { $0.second?.ticks = 1 }
    await store.send(.stopTapped)
    await clock.advance(by: .seconds(2))
    await store.send(.first(.dismiss)) { $0.first = nil }
    await store.send(.second(.dismiss)) { $0.second = nil }
    await store.finish()
  }

  @Test(arguments: [(first: 1, second: 2), (first: 0, second: 0)])
  func aChildCannotCancelItsSiblingsTimer(ids: (first: Int, second: Int)) async {
    let clock = ManualClock()
    let store = TestStore(initialState: Siblings.State()) {
      Siblings()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentBothTapped(first: ids.first, second: ids.second)) {
      $0.first = TickerFeature.State(id: ids.first)
      $0.second = TickerFeature.State(id: ids.second)
    }
    await store.send(.first(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.presented(.ticked))) { $0.first?.ticks = 1 }
    await store.send(.second(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.presented(.ticked))) { $0.first?.ticks = 2 }
    await store.receive(.second(.presented(.ticked))) { $0.second?.ticks = 1 }
    // The first child stops its timer; the second's keeps ticking.
    await store.send(.first(.presented(.stopTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.second(.presented(.ticked))) { $0.second?.ticks = 2 }
    await store.send(.second(.presented(.stopTapped)))
    await clock.advance(by: .seconds(2))
    await store.send(.first(.dismiss)) { $0.first = nil }
    await store.send(.second(.dismiss)) { $0.second = nil }
    await store.finish()
  }

  @Test func aChildCannotCancelItsParentsEffect() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
    await store.send(.startTapped)
    // The child cancels its own timer id, which is also the id of the parent's effect.
    await store.send(.child(.presented(.stopTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.responded(42)) { $0.response = 42 }
    await store.send(.stopTapped)
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.lastTicks = 0
    }
    await store.finish()
  }

  @Test func aParentDismissesItsGrandchildThroughTheChild() async {
    let clock = ManualClock()
    let store = TestStore(initialState: NestPresenter.State()) {
      NestPresenter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTapped) { $0.child = Nest.State() }
    await store.send(.child(.presented(.presentGrandchildTapped))) {
      $0.child?.grandchild = TickerFeature.State()
    }
    await store.send(.child(.presented(.grandchild(.presented(.requestTapped)))))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.grandchild(.presented(.responded(0))))))
    await store.send(.child(.presented(.grandchild(.presented(.requestTapped)))))
    await store.send(.dismissGrandchildTapped)
    await store.receive(.child(.presented(.grandchild(.dismiss)))) {
      $0.child?.grandchild = nil
    }
    await clock.advance(by: .seconds(1))
    await store.send(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  @Test func aDismissalWhileNothingIsPresentedWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.child(.dismiss))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("dismiss") == true)
    #expect(warnings.all.first?.contains("while nothing is presented") == true)
  }

  @Test func aChildActionWhileNothingIsPresentedWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.child(.presented(.ticked)))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("ticked while nothing is presented") == true)
  }

  @Test func presentingTheSameChildWhileDismissingItStillDismisses() async {
    let store = TestStore(initialState: Rehydrating.State(plain: Plain.State())) {
      Rehydrating()
    }
    await store.send(.plain(.dismiss)) { $0.plain = nil }
  }

  @Test func presentingAnotherChildWhileDismissingKeepsTheNewChild() async {
    let store = TestStore(initialState: Rehydrating.State(ticker: TickerFeature.State(id: 1))) {
      Rehydrating()
    }
    await store.send(.ticker(.dismiss)) { $0.ticker = TickerFeature.State(id: 2) }
    await store.send(.ticker(.dismiss)) { $0.ticker = nil }
  }

  @Test func theParentClosingTheChildOnItsRequestCancelsItsLongLivingEffect() async {
    let store = TestStore(initialState: LeavingHost.State()) { LeavingHost() }
    await store.send(.presentTapped) { $0.child = Leaving.State() }
    await store.send(.child(.presented(.appeared)))
    await store.send(.child(.presented(.leaveTapped)))
    await store.receive(.child(.presented(.leaving))) { $0.child = nil }
    await store.finish()
  }

  @Test func aChildThatChangesItsIDLosesTheEffectsOfItsOldID() async {
    let clock = ManualClock()
    let store = TestStore(initialState: DestinationHost.State()) {
      DestinationHost()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTickerTapped(id: 1)) {
      $0.destination = .ticker(TickerFeature.State(id: 1))
    }
    await store.send(.destination(.presented(.ticker(.requestTapped))))
    await store.send(.destination(.presented(.ticker(.renumbered(2))))) {
      $0.destination = .ticker(TickerFeature.State(id: 2))
    }
    await clock.advance(by: .seconds(2))
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test func anAlertReplacedByADialogAndBack() async {
    let store = TestStore(initialState: DestinationHost.State()) { DestinationHost() }
    await store.send(.presentAlertTapped) { $0.destination = .alert(Prompt.State(title: "Uh oh!")) }
    await store.send(.destination(.presented(.alert(.switchTapped)))) {
      $0.destination = .dialog(Prompt.State(title: "Hello!"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.presentDialogTapped) { $0.destination = .dialog(Prompt.State(title: "Choose")) }
    await store.send(.destination(.presented(.dialog(.switchTapped)))) {
      $0.destination = .alert(Prompt.State(title: "Hello!"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func aChildLeftPresentedWithALongLivingEffectFailsTheTest() async {
    let failures = Recorder()
    let clock = ManualClock()
    do {
      let store = TestStore(initialState: Presenter.State()) {
        Presenter()
      } withDependencies: {
        $0.clock = clock
      } reportFailure: { message, _ in
        failures.record(message)
      }
      await store.send(.presentTapped(id: 1)) { $0.child = TickerFeature.State(id: 1) }
      await store.send(.child(.presented(.startTapped)))
    }
    #expect(failures.all.count == 1)
    #expect(
      failures.all.first?.hasPrefix(
        "An effect started by sending .child(.presented(.startTapped)) is still running") == true)
  }

  @Test func aChildsCancelInFlightLeavesItsParentsEffectRunning() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.requestTapped)
    await store.send(.presentTapped(id: 7)) { $0.child = TickerFeature.State(id: 7) }
    await store.send(.child(.presented(.requestTapped)))
    await clock.advance(by: .milliseconds(500))
    await store.send(.child(.presented(.requestTapped)))
    await clock.advance(by: .milliseconds(1_000))
    await store.receive(.child(.presented(.responded(7)))) { $0.child?.response = 7 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.responded(42)) { $0.response = 42 }
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.lastTicks = 0
    }
    await store.finish()
  }

  @Test func reducersOnEitherSideOfThePresentationThatCloseTheChildCancelItsEffects() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Sides.State()) {
      Sides()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.presentTapped) { $0.child = TickerFeature.State() }
    await store.send(.child(.presented(.startTapped)))
    await store.send(.closeBeforeTapped) { $0.child = nil }
    await store.send(.presentTapped) { $0.child = TickerFeature.State() }
    await store.send(.child(.presented(.startTapped)))
    await store.send(.closeAfterTapped) { $0.child = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func anActionForAnotherCaseOfTheDestinationWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: DestinationHost.State()) {
      DestinationHost()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.presentAlertTapped) { $0.destination = .alert(Prompt.State(title: "Uh oh!")) }
    await store.send(.destination(.presented(.ticker(.stopTapped))))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("stopTapped while") == true)
  }

  @Test func aFeatureThatPresentsItselfDismissesItsInnermostCopy() async {
    let store = TestStore(initialState: Nested.State()) { Nested() }
    await store.send(.presentTapped) { $0.child = Nested.State() }
    await store.send(.child(.presented(.presentTapped))) { $0.child?.child = Nested.State() }
    await store.send(.child(.presented(.child(.presented(.incrementTapped))))) {
      $0.child?.child?.count = 1
    }
    await store.send(.child(.presented(.child(.presented(.closeTapped)))))
    await store.receive(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  // The roster's detail: a long-running effect ends with the dismissal.

  @Test func dismissingCancelsTheChildsEffects() async {
    let clock = ManualClock()
    let store = TestStore(initialState: .withRows(1)) {
      RosterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.rowTapped(id: 1)) { $0.detail = DetailFeature.State(rowID: 1) }
    await store.send(.detail(.presented(.onAppear)))
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.presented(.ticked))) { $0.detail?.ticks = 1 }
    await store.send(.detail(.dismiss)) { $0.detail = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func theChildDismissesItselfByTheEndOfTheSend() async {
    let clock = ManualClock()
    let store = TestStore(initialState: .withRows(1)) {
      RosterFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.rowTapped(id: 1)) { $0.detail = DetailFeature.State(rowID: 1) }
    await store.send(.detail(.presented(.onAppear)))
    await store.send(.detail(.presented(.closeTapped)))
    await store.receive(.detail(.dismiss)) { $0.detail = nil }
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }
}
