import Composable
import Foundation
import DexTesting
import Testing

/// TCA's PresentationReducerTests on alerts and dialogs told on dex: `AlertState` and
/// `ConfirmationDialogState` are presented without a reducer of their own, and any of their
/// actions dismisses them after the parent has seen it (unless the parent presented something
/// else in their place). A destination enum's alert case is dismissed the same way.
@Suite struct AlertStateTests {
  struct Deleter: Reducer {
    struct State: Equatable {
      var alert: AlertState<Alert>?
      var dialog: ConfirmationDialogState<Dialog>?
      var count = 3
    }

    enum Action: Equatable, Sendable, Codable {
      case alert(PresentationAction<Alert>)
      case dialog(PresentationAction<Dialog>)
      case deleteTapped
      case optionsTapped
    }

    enum Alert: Equatable, Sendable, Codable, CasePathable {
      case confirmDeleteTapped
      case showOptionsTapped
    }

    enum Dialog: Equatable, Sendable, Codable, CasePathable {
      case resetTapped
    }

    static let confirmation = AlertState<Alert> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeleteTapped) { TextState("Delete") }
      ButtonState(action: .showOptionsTapped) { TextState("Options…") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone.")
    }

    static let options = ConfirmationDialogState<Dialog>(titleVisibility: .visible) {
      TextState("Options")
    } actions: {
      ButtonState(action: .resetTapped) { TextState("Reset") }
      ButtonState.cancel(TextState("Cancel"))
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert(.presented(.confirmDeleteTapped)):
          state.count -= 1
          return .none
        case .alert(.presented(.showOptionsTapped)):
          state.alert = nil
          state.dialog = Self.options
          return .none
        case .dialog(.presented(.resetTapped)):
          state.count = 3
          return .none
        case .alert, .dialog:
          return .none
        case .deleteTapped:
          state.alert = Self.confirmation
          return .none
        case .optionsTapped:
          state.dialog = Self.options
          return .none
        }
      }
      .ifLet(\.alert, action: \.alert) {}
      .ifLet(\.dialog, action: \.dialog) {}
    }
  }

  /// Destinations of a list: a detail with a reducer, and an alert without one.
  struct Destination: Reducer {
    enum State: Equatable, Sendable, Codable, StateCasePathable {
      case detail(Int)
      case alert(AlertState<Alert>)
    }

    enum Action: Equatable, Sendable, Codable {
      case detail(Int)
      case alert(Alert)
    }

    enum Alert: Equatable, Sendable, Codable, CasePathable {
      case retryTapped
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) {
        Reduce { state, action in
          state += action
          return .none
        }
      }
    }
  }

  struct List: Reducer {
    struct State: Equatable {
      var destination: Destination.State?
      var retries = 0
    }

    enum Action: Equatable, Sendable, Codable {
      case destination(PresentationAction<Destination.Action>)
      case failed
      case rowTapped
    }

    static let failure = AlertState<Destination.Alert> {
      TextState("The page did not load.")
    } actions: {
      ButtonState(action: .retryTapped) { TextState("Retry") }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.alert(.retryTapped))):
          state.retries += 1
          return .none
        case .destination:
          return .none
        case .failed:
          state.destination = .alert(Self.failure)
          return .none
        case .rowTapped:
          state.destination = .detail(0)
          return .none
        }
      }
      .ifLet(\.destination, action: \.destination) { Destination() }
    }
  }

  @Test func anAlertLeftPresentedEndsTheTestQuietly() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    await store.send(.deleteTapped) { $0.alert = Deleter.confirmation }
  }

  @Test func anAlertButtonIsSeenByTheParentThenDismissesTheAlert() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    await store.send(.deleteTapped) { $0.alert = Deleter.confirmation }
    await store.send(.alert(.presented(.confirmDeleteTapped))) {
      $0.alert = nil
      $0.count = 2
    }
  }

  @Test func theParentDismissesAnAlert() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    await store.send(.deleteTapped) { $0.alert = Deleter.confirmation }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func anAlertThenADialogEachCloseOnTheirButtons() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    await store.send(.deleteTapped) { $0.alert = Deleter.confirmation }
    await store.send(.alert(.presented(.showOptionsTapped))) {
      $0.alert = nil
      $0.dialog = Deleter.options
    }
    await store.send(.dialog(.presented(.resetTapped))) { $0.dialog = nil }
  }

  @Test func anAlertCaseOfADestinationDismissesItselfAndADetailStays() async {
    let store = TestStore(initialState: List.State()) { List() }
    await store.send(.rowTapped) { $0.destination = .detail(0) }
    await store.send(.destination(.presented(.detail(2)))) { $0.destination = .detail(2) }
    await store.send(.failed) { $0.destination = .alert(List.failure) }
    await store.send(.destination(.presented(.alert(.retryTapped)))) {
      $0.destination = nil
      $0.retries = 1
    }
  }

  @Test func aParentThatPresentsAnotherAlertInItsPlaceKeepsIt() async {
    let store = TestStore(initialState: List.State(destination: .alert(List.failure))) {
      List()
      Reduce { state, action in
        if case .destination(.presented(.alert(.retryTapped))) = action {
          state.destination = .detail(7)
        }
        return .none
      }
    }
    await store.send(.destination(.presented(.alert(.retryTapped)))) {
      $0.destination = .detail(7)
      $0.retries = 1
    }
  }

  @Test func aCaseOfAPresentedDestinationIsReadAndChangedInPlace() {
    var destination: Destination.State? = .detail(42)
    destination[case: \.detail]? += 1
    #expect(destination == .detail(43))
    destination[case: \.detail] = nil
    #expect(destination == nil)
  }

  @Test func changingAnotherCaseThanThePresentedOneReportsAndChangesNothing() {
    let issues = Recorder()
    var destination: Destination.State? = .detail(42)
    IssueReporting.$reporter.withValue({ message, _, _ in issues.record(message) }) {
      destination[case: \.alert] = nil
    }
    #expect(destination == .detail(42))
    #expect(issues.all == [#"Can't modify unrelated case "detail""#])
  }

  @Test func anAlertIsCodedAsItsTitleMessageAndButtons() throws {
    let data = try JSONEncoder().encode(Deleter.confirmation)
    #expect(try JSONDecoder().decode(AlertState<Deleter.Alert>.self, from: data) == Deleter.confirmation)
  }
}
