// A toy app state for the diff tests, shaped like a feature's state tree.

struct Row: Identifiable, Equatable {
  var id: Int
  var name: String
  var isFavorite = false
}

struct ListState: Equatable {
  var rows: [Row] = []
  var favorites: Set<Int> = []
  var isLoading = false
  var page = 1
  var query = ""
}

struct AppState: Equatable {
  var list = ListState()
  var load: LoadState = .idle
  var counts: [String: Int] = [:]
  var selection: Int?
}

extension AppState {
  /// A state with `count` rows numbered from 1.
  static func withRows(_ count: Int) -> AppState {
    AppState(list: ListState(rows: (1...count).map { Row(id: $0, name: "Pokémon #\($0)") }))
  }
}

/// A row that is not `Equatable`, so the diff cannot use `==` on it.
struct PlainRow: Identifiable {
  var id: Int
  var name: String
  var tags: [String] = []
}

/// A state that is not `Equatable` at any level.
struct PlainState {
  var rows: [PlainRow]
  var title = "Pokédex"
}
