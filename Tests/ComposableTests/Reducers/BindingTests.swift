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
