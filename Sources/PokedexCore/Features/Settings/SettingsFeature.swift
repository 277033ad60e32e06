import Composable

/// The settings screen: values that change behaviour everywhere, kept in app storage and read
/// by the features they change (seed 002's `.appStorage`): the list pages by `pageSize` on its
/// next load and shows only favorites when asked; the team adds members at `defaultLevel`.
public struct SettingsFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// How many Pokémon a page of the list holds, 1…100.
    @Shared(.pageSize) public var pageSize
    /// Whether the list shows only favorites.
    @Shared(.showsOnlyFavorites) public var showsOnlyFavorites
    /// The level a Pokémon joins the team at, 1…100.
    @Shared(.defaultLevel) public var defaultLevel

    /// The settings screen.
    public init() {}

    // The settings are saved with the session's shared snapshot, not with the state.
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {
      _ = encoder.container(keyedBy: EmptyCodingKey.self)
    }
  }

  public enum Action: Equatable, Sendable, Codable, BindableAction {
    /// A setting was changed: `.binding(.set(\.pageSize, 50))`.
    case binding(BindingAction<State>)
    /// "Reset" was tapped: every setting goes back to its default.
    case resetTapped
  }

  /// The page sizes and levels a setting may take.
  public static let pageSizes = 1...100
  public static let levels = TeamMemberFeature.levels

  @Dependency(\.warnings) var warnings

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case let .binding(binding) where binding.name == "pageSize":
        let clamped = Self.clamp(state.pageSize, to: Self.pageSizes)
        if clamped != state.pageSize {
          warnings("A page holds 1…100 Pokémon; the page size is \(clamped), not \(state.pageSize).")
          state.$pageSize.withLock { $0 = clamped }
        }
        return .none

      case let .binding(binding) where binding.name == "defaultLevel":
        let clamped = Self.clamp(state.defaultLevel, to: Self.levels)
        if clamped != state.defaultLevel {
          warnings("Levels are 1…100; the default level is \(clamped), not \(state.defaultLevel).")
          state.$defaultLevel.withLock { $0 = clamped }
        }
        return .none

      case .binding:
        return .none

      case .resetTapped:
        state.$pageSize.withLock { $0 = AppStorageKey<Int>.Default.pageSize.defaultValue }
        state.$showsOnlyFavorites.withLock {
          $0 = AppStorageKey<Bool>.Default.showsOnlyFavorites.defaultValue
        }
        state.$defaultLevel.withLock { $0 = AppStorageKey<Int>.Default.defaultLevel.defaultValue }
        return .none
      }
    }
  }

  private static func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
    min(max(value, range.lowerBound), range.upperBound)
  }
}

extension SettingsFeature.State: BindableFields {
  public static let bindableFields: [BindableField<Self>] = [
    BindableField("pageSize", \.pageSize, shared: \.$pageSize),
    BindableField("showsOnlyFavorites", \.showsOnlyFavorites, shared: \.$showsOnlyFavorites),
    BindableField("defaultLevel", \.defaultLevel, shared: \.$defaultLevel),
  ]
}
