import PokedexCore
import PokedexInspection
import StoreInspector

/// How actions print on one line in `send`, `log` and `diff` headers.
///
/// An action prints in full, so it can be pasted back after `send`, except that model data a
/// received action carries (a page of Pokémon, a detail) is abbreviated: `state` and `diff`
/// show that data in full.
package enum ActionText {
  /// The action on one line.
  static func line(_ action: AppFeature.Action) -> String {
    caseText(action) { inspectorDump($0, maxWidth: .max, abbreviating: abbreviation) }
  }

  /// The action in full, on one line (for exports and recorded scripts).
  package static func full(_ action: AppFeature.Action) -> String {
    caseText(action) { inspectorDump($0, maxWidth: .max) }
  }

  private static func abbreviation(_ value: Any) -> String? {
    switch value {
    case let page as PokemonPage:
      let count = page.items.count
      return "PokemonPage(offset: \(page.offset), \(count) \(count == 1 ? "item" : "items"), totalCount: \(page.totalCount))"
    case let detail as PokemonDetail:
      return "PokemonDetail(id: \(detail.id), …)"
    default:
      return nil
    }
  }

  /// Whether `action` carries model data that `line(_:)` abbreviates.
  static func isAbbreviated(_ action: AppFeature.Action) -> Bool {
    line(action) != full(action)
  }
}
