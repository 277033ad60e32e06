import Composable
import DexREPLCore
import Foundation

/// Favorites toggled by id, in two builds: the reducer of `removesFavorites` false is the same
/// app after a one-line change (a toggle that only inserts), which `dex --verify` must catch.
struct Favorites: Reducer {
  struct State: Equatable, Codable, Sendable {
    var favorites: Set<Int> = []
    var taps = 0
  }

  enum Action: Equatable, Sendable, Codable {
    case favoriteTapped(id: Int)
    case clearTapped
  }

  /// Whether tapping a favorite again removes it (the build a session is exported from).
  let removesFavorites: Bool

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .favoriteTapped(let id):
        state.taps += 1
        if removesFavorites, state.favorites.contains(id) {
          state.favorites.remove(id)
        } else {
          state.favorites.insert(id)
        }
        return .none
      case .clearTapped:
        state.favorites = []
        return .none
      }
    }
  }
}

/// The same state after the action's case was renamed: a session of `Favorites` no longer
/// decodes its taps.
struct RenamedFavorites: Reducer {
  typealias State = Favorites.State

  enum Action: Equatable, Sendable, Codable {
    case starTapped(id: Int)
    case clearTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .starTapped(let id):
        state.taps += 1
        state.favorites.insert(id)
        return .none
      case .clearTapped:
        state.favorites = []
        return .none
      }
    }
  }
}

/// The build a session is exported from.
enum FavoritesApp: REPLApp {
  static let subject = "favorites"
  static func makeFeature() -> Favorites { Favorites(removesFavorites: true) }
  static func makeInitialState() -> Favorites.State { Favorites.State() }
  static let dataDirectory = DataDirectorySetting(
    environmentVariable: "FAVORITES_DATA_DIR", contents: "nothing",
    defaultLocation: "nowhere", use: { _ in })
  static var testSpelling: TestSpelling<Favorites.State> {
    TestSpelling(
      imports: [], reducer: "Favorites(removesFavorites: true)", dependencies: [],
      initialState: { _ in "Favorites.State()" }, shared: { _ in nil })
  }
}

/// The build after the one-line change: a tap never removes a favorite.
enum InsertOnlyFavoritesApp: REPLApp {
  static let subject = "favorites"
  static func makeFeature() -> Favorites { Favorites(removesFavorites: false) }
  static func makeInitialState() -> Favorites.State { Favorites.State() }
  static let dataDirectory = FavoritesApp.dataDirectory
  static var testSpelling: TestSpelling<Favorites.State> { FavoritesApp.testSpelling }
}

/// The build after `favoriteTapped` was renamed `starTapped`.
enum RenamedFavoritesApp: REPLApp {
  static let subject = "favorites"
  static func makeFeature() -> RenamedFavorites { RenamedFavorites() }
  static func makeInitialState() -> Favorites.State { Favorites.State() }
  static let dataDirectory = FavoritesApp.dataDirectory
  static var testSpelling: TestSpelling<Favorites.State> { FavoritesApp.testSpelling }
}
