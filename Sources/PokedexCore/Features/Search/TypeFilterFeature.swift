import Composable

/// The type filter of the search: which Pokémon types to show, bound to a multi-select.

public struct TypeFilterFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The types shown; empty shows every type.
    public var selectedTypes: Set<String> = []

    /// A filter with `selectedTypes` chosen.
    public init(selectedTypes: Set<String> = []) {
      self.selectedTypes = selectedTypes
    }

    /// Whether a Pokémon of `types` passes the filter: it has one of the selected types.
    public func admits(_ types: [String]) -> Bool {
      selectedTypes.isEmpty || types.contains(where: selectedTypes.contains)
    }
  }

  public enum Action: Equatable, Sendable, Codable, BindableAction {
    /// The selection was edited: `.binding(.set(\.selectedTypes, ["fire"]))`.
    case binding(BindingAction<State>)
    /// "Clear" was tapped.
    case clearTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .clearTapped:
        state.selectedTypes = []
        return .none
      }
    }
  }
}

extension TypeFilterFeature.State: BindableFields {
  public static let bindableFields: [BindableField<Self>] = [
    BindableField("selectedTypes", \.selectedTypes)
  ]
}
