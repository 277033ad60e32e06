import Composable
import DexTesting
import Testing

/// TCA's BindingTests told on dex: a binding sets a field, nested ones too, before the feature's
/// own reducer sees the action.
@Suite struct BindingTests {
  struct Form: Reducer {
    struct State: Equatable {
      var nested = Nested()
      var isOn = false

      struct Nested: Equatable {
        var field = ""
      }
    }

    enum Action: Equatable, Sendable, Codable, BindableAction {
      case binding(BindingAction<State>)
      case onAppear
      case isOn(Bool)
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case let .binding(binding) where binding.name == "field":
          state.nested.field += "!"
          return .none
        case .binding:
          return .none
        case .onAppear:
          return .send(.isOn(true))
        case let .isOn(isOn):
          return .send(.binding(.set(\.isOn, isOn)))
        }
      }
    }
  }

  /// A feature with a bindable action whose body has no `BindingReducer`.
  struct Unbound: Reducer {
    struct State: Equatable {
      var value = 0
    }

    enum Action: Equatable, Sendable, Codable, BindableAction {
      case binding(BindingAction<State>)
      case tapped
    }

    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }
    }
  }

  /// The same feature with its `BindingReducer` inside a group, wrapped by a modifier.
  struct Grouped: Reducer {
    typealias State = Unbound.State
    typealias Action = Unbound.Action

    var body: some ReducerOf<Self> {
      CombineReducers {
        Reduce { _, _ in .none }
        BindingReducer()
      }
      .dependency(\.warnings, WarningReporter { _ in })
    }
  }

  /// The same feature applying its bindings by hand, refusing negative values.
  struct ByHand: Reducer {
    typealias State = Unbound.State
    typealias Action = Unbound.Action

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case let .binding(binding) = action, (binding.value as? Int ?? 0) >= 0 {
          binding.apply(to: &state)
        }
        return .none
      }
    }
  }

  // TCA warns once the send is over and no `BindingReducer` saw the binding; dex decides when
  // the feature's reduce function is built whether to look, so a feature that has one pays
  // nothing per action, and a feature that applies or reads the binding itself is not warned.
  @Test func aBindingActionReachingAFeatureWithoutBindingReducerWarns() async {
    let warnings = Recorder()
    let store = TestStore(initialState: Unbound.State()) {
      Unbound()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.binding(.set(\.value, 42)))
    await store.send(.tapped)
    #expect(
      warnings.all == [
        """
        BindingTests.Unbound received .binding(.set(\\.value, 42)), but its body has no \
        BindingReducer: value was not set. Put BindingReducer() first in BindingTests.Unbound's \
        body.
        """
      ])
  }

  @Test func aFeatureThatHandlesTheBindingByHandIsNotWarned() async {
    let store = TestStore(initialState: ByHand.State()) { ByHand() }
    await store.send(.binding(.set(\.value, 42))) { $0.value = 42 }
    await store.send(.binding(.set(\.value, -1)))
  }

  @Test func aBindingReducerInsideAGroupSetsTheFieldWithoutWarning() async {
    let store = TestStore(initialState: Grouped.State()) { Grouped() }
    await store.send(.binding(.set(\.value, 42))) { $0.value = 42 }
  }

  @Test func aNestedFieldIsSetBeforeTheFeatureReactsToIt() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.nested.field, "Hello"))) { $0.nested.field = "Hello!" }
  }

  @Test func aFieldAndAnActionOfTheSameNameStayApart() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.onAppear)
    await store.receive(.isOn(true))
    await store.receive(.binding(.set(\.isOn, true))) { $0.isOn = true }
  }
}

extension BindingTests.Form.State: BindableFields {
  static let bindableFields: [BindableField<Self>] = [
    BindableField("field", \.nested.field),
    BindableField("isOn", \.isOn),
  ]
}

extension BindingTests.Unbound.State: BindableFields {
  static let bindableFields: [BindableField<Self>] = [BindableField("value", \.value)]
}
