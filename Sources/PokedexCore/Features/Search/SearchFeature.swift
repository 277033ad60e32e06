import Composable

/// Search by name with a debounce, and a type filter as a child feature (seed 004's part 5).
///
/// Typing changes `query` at once; 300 ms after the last keystroke (on the clock dependency)
/// the query is applied, and a newer keystroke cancels the pending one. The list shows the
/// Pokémon matching `appliedQuery` and the filter — derived, never copied.

public struct SearchFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// What is typed in the search field.
    public var query = ""
    /// The query the list is filtered by: `query` once typing paused.
    public var appliedQuery = ""
    /// The type filter.
    public var filter = TypeFilterFeature.State()

    /// A search.
    public init(query: String = "", appliedQuery: String = "", filter: TypeFilterFeature.State = .init()) {
      self.query = query
      self.appliedQuery = appliedQuery
      self.filter = filter
    }

    /// Whether `pokemon` matches the applied query (API or display name, any case) and filter.
    public func matches(_ pokemon: Pokemon) -> Bool {
      guard filter.admits(pokemon.types) else { return false }
      let needle = appliedQuery.trimmingCharacters(in: .whitespaces).lowercased()
      return needle.isEmpty || pokemon.name.lowercased().contains(needle)
        || pokemon.displayName.lowercased().contains(needle)
    }

    /// Whether any search or filter is in effect.
    public var isActive: Bool {
      !appliedQuery.trimmingCharacters(in: .whitespaces).isEmpty || !filter.selectedTypes.isEmpty
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    /// The search field's text changed.
    case queryChanged(String)
    /// Typing paused for the debounce interval; the query is applied.
    case queryApplied(String)
    /// Something happened in the type filter.
    case filter(TypeFilterFeature.Action)
  }

  /// How long typing must pause before the query is applied.
  public static let debounce: Duration = .milliseconds(300)

  @Dependency(\.clock) var clock

  enum CancelID { case search }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.filter, action: \.filter) {
      TypeFilterFeature()
    }
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .run { send in
          await send(.queryApplied(query))
        }
        .debounce(id: CancelID.search, for: Self.debounce, clock: clock)
      case let .queryApplied(query):
        state.appliedQuery = query
        return .none
      case .filter:
        return .none
      }
    }
  }
}
