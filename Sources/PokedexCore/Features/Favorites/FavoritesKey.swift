import Foundation
import Composable

extension SharedKey where Self == FileStorageKey<Set<Int>>.Default {
  /// The user's favorite Pokémon ids, persisted in `favorites.json` in the data directory as a
  /// JSON array of ids in ascending order (`[1,25]`): `@Shared(.favorites) var favorites`.
  /// A set from outside the app (an imported session's) may hold only ids of the Pokédex, as
  /// `favoriteTapped` does.
  public static var favorites: Self {
    Self[
      .fileStorage(DataDirectory.url.appendingPathComponent("favorites.json")), default: [],
      refusing: { ids in
        ids.sorted().first { (try? Pokedex.shared.pokemon(id: $0)) == nil }
          .map { "there is no Pokémon with id \($0) in the Pokédex" }
      }
    ]
  }
}
