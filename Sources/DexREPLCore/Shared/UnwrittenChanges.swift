import Composable
import StoreInspector

/// What dex says at exit about changes of shared values it could not write: which file, why,
/// and what is lost, in the app's words when it has them (the toggled stars).
enum UnwrittenChanges<App: REPLApp> {
  /// One line per change.
  static func lines(_ changes: [SharedUnwrittenChange]) -> [String] {
    changes.map { change in
      // A file by its path; an app storage key by its name (the reason names its file).
      let name = change.key.kind == "file" ? change.key.name : change.key.displayName
      let lost =
        App.lostChange(of: change.key, from: change.stored, to: change.intended)
        ?? "the value it should hold, \(inspectorDump(change.intended, maxWidth: .max)), is lost"
      return "\(name) was not written (\(change.reason)); \(lost)."
    }
  }
}
