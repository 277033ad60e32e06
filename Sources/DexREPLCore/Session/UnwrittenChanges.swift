import Composable
import PokedexCore
import StoreInspector

/// What dex says at exit about changes of shared values it could not write: which file, why,
/// and what is lost — for favorites, the toggles by id and name, so they can be made again.
enum UnwrittenChanges {
  /// One line per change.
  static func lines(_ changes: [SharedUnwrittenChange]) -> [String] {
    changes.map { change in
      let name = change.key.kind == "file" ? change.key.name : change.key.displayName
      return "\(name) was not written (\(change.reason)); \(lost(change))."
    }
  }

  private static func lost(_ change: SharedUnwrittenChange) -> String {
    guard let stored = change.stored as? Set<Int>, let intended = change.intended as? Set<Int>
    else {
      return "the value it should hold, \(inspectorDump(change.intended, maxWidth: .max)), is lost"
    }
    let toggles =
      intended.subtracting(stored).sorted().map { toggle($0, "added") }
      + stored.subtracting(intended).sorted().map { toggle($0, "removed") }
    return "these toggles are lost: " + toggles.joined(separator: ", ")
  }

  /// `fav 25 (Pikachu, added)`.
  private static func toggle(_ id: Int, _ how: String) -> String {
    let name = (try? Pokedex.shared.pokemon(id: id))?.map(\.displayName)
    return "fav \(id) (\(name.map { "\($0), " } ?? "")\(how))"
  }
}
