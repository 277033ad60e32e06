import Composable

// The settings, each an app storage key with its default in one place: kept in `settings.json`
// in the data directory (in memory in tests and hermetic scripts). A value from outside the app
// (an imported session's) must lie in the range the settings feature clamps its bindings to.

extension SharedKey where Self == AppStorageKey<Int>.Default {
  /// How many Pokémon the list loads per page: `@Shared(.pageSize) var pageSize`.
  public static var pageSize: Self {
    Self[
      .appStorage("pageSize"), default: 20,
      refusing: { size in
        SettingsFeature.pageSizes.contains(size)
          ? nil : "a page holds 1…100 Pokémon, not \(size)"
      }
    ]
  }

  /// The level a Pokémon joins the team at: `@Shared(.defaultLevel) var defaultLevel`.
  public static var defaultLevel: Self {
    Self[
      .appStorage("defaultLevel"), default: 5,
      refusing: { SettingsFeature.levels.contains($0) ? nil : "level \($0) is outside 1…100" }
    ]
  }
}

extension SharedKey where Self == AppStorageKey<Bool>.Default {
  /// Whether the list shows only favorites: `@Shared(.showsOnlyFavorites) var showsOnlyFavorites`.
  public static var showsOnlyFavorites: Self {
    Self[.appStorage("showsOnlyFavorites"), default: false]
  }
}
