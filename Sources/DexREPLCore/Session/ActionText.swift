import Composable
import ComposableInspection
import StoreInspector

/// How actions print on one line in `send`, `log` and `diff` headers.
///
/// An action prints in full, so it can be pasted back after `send`, except that model data a
/// received action carries (a page of items, say) is abbreviated as the app says: `state` and
/// `diff` show that data in full.
package enum ActionText<App: REPLApp> {
  /// The action on one line.
  static func line(_ action: App.Feature.Action) -> String {
    caseText(action) { inspectorDump($0, maxWidth: .max, abbreviating: App.abbreviation(of:)) }
  }

  /// The action in full, on one line (for exports and recorded scripts).
  package static func full(_ action: App.Feature.Action) -> String {
    ValueText.line(action)
  }

  /// The action as Swift in a generated test: `full`, with the values `abbreviation` has text
  /// for written as that text.
  static func swift(_ action: App.Feature.Action, abbreviating abbreviation: @escaping (Any) -> String?) -> String {
    caseText(action) { inspectorDump($0, maxWidth: .max, abbreviating: abbreviation) }
  }

  /// An entry on one line, after its number and origin: its action, the names of the shared
  /// values an external entry changed (`appStorage:defaultLevel, appStorage:pageSize`), or
  /// `restore NAME` (names as `name` says).
  static func line(
    _ step: SessionStep<App.Feature.Action>, naming name: (SharedKeyID) -> String
  ) -> String {
    switch step {
    case let .action(action): line(action)
    case let .external(changes): changes.map { name($0.key) }.joined(separator: ", ")
    case let .restore(change): "restore \(name(change.key))"
    }
  }

  /// Whether `action` carries model data that `line(_:)` abbreviates.
  static func isAbbreviated(_ action: App.Feature.Action) -> Bool {
    line(action) != full(action)
  }
}
