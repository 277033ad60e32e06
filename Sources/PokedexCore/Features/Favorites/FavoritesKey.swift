import Foundation
import Composable

extension SharedKey where Self == FileStorageKey<Set<Int>>.Default {
  /// The user's favorite Pokémon ids, persisted in `favorites.json` in the data directory as a
  /// JSON array of ids in ascending order (`[1,25]`): `@Shared(.favorites) var favorites`.
  public static var favorites: Self {
    Self[.fileStorage(DataDirectory.url.appendingPathComponent("favorites.json")), default: []]
  }
}
