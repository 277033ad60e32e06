import Composable

// The settings, each an app storage key with its default and the values it accepts in one
// place: kept in `settings.json` in the data directory (in memory in tests and hermetic
// scripts). A value read from the file outside its range is used as the nearest bound, with a
// warning naming the key and the file; one from outside the app (an imported session's) is
// refused.

extension SharedKey where Self == AppStorageKey<Int>.Default {
  /// How many Pokémon the list loads per page: `@Shared(.pageSize) var pageSize`.
  public static var pageSize: Self {
    Self[.appStorage("pageSize", in: SettingsFeature.pageSizes), default: 20]
  }

  /// The level a Pokémon joins the team at: `@Shared(.defaultLevel) var defaultLevel`.
  public static var defaultLevel: Self {
    Self[.appStorage("defaultLevel", in: SettingsFeature.levels), default: 5]
  }
}

extension SharedKey where Self == AppStorageKey<Bool>.Default {
  /// Whether the list shows only favorites: `@Shared(.showsOnlyFavorites) var showsOnlyFavorites`.
  public static var showsOnlyFavorites: Self {
    Self[.appStorage("showsOnlyFavorites"), default: false]
  }
}
