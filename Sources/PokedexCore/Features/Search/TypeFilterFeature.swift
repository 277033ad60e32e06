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

  /// Every Pokémon type, in alphabetical order: a selection may name only these.
  public static let pokemonTypes = [
    "bug", "dark", "dragon", "electric", "fairy", "fighting", "fire", "flying", "ghost", "grass",
    "ground", "ice", "normal", "poison", "psychic", "rock", "steel", "water",
  ]

  @Dependency(\.warnings) var warnings

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .binding(let binding):
        // A selection naming a type that does not exist would silently show nothing.
        if let types = binding.value as? Set<String> {
          let unknown = types.subtracting(Self.pokemonTypes).sorted()
          guard unknown.isEmpty else {
            let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
            warnings(
              "\(unknown.count == 1 ? "There is no type" : "There are no types") \(names); "
                + "the types are \(Self.pokemonTypes.joined(separator: ", ")). Nothing changed.")
            return .none
          }
        }
        binding.apply(to: &state)
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
