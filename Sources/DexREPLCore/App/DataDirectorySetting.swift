import Foundation

/// Where an app's persisted shared values live, as the REPL needs to know it: whether a launch
/// named the directory (then scripts use it; otherwise they are hermetic), and how to use one
/// given with `--data-dir`.
public struct DataDirectorySetting: Sendable {
  /// The environment variable that names the directory, e.g. `DEX_DATA_DIR`.
  public let environmentVariable: String
  /// What lives there, for `dex --help`: `starred items`.
  public let contents: String
  /// The default, for `dex --help`: `$XDG_DATA_HOME/dex, else ~/.local/share/dex`.
  public let defaultLocation: String
  /// Starts using `url` (before any shared value is read).
  public let use: @Sendable (_ url: URL) -> Void
  /// The file app storage keys keep their values in, in the directory used (`settings.json`);
  /// nil when the app has none (its app storage values then live in memory).
  public let appStorageFile: (@Sendable () -> URL)?

  /// A data directory named by `environmentVariable` (and `--data-dir`), used by `use`.
  public init(
    environmentVariable: String, contents: String, defaultLocation: String,
    use: @escaping @Sendable (_ url: URL) -> Void,
    appStorageFile: (@Sendable () -> URL)? = nil
  ) {
    self.environmentVariable = environmentVariable
    self.contents = contents
    self.defaultLocation = defaultLocation
    self.use = use
    self.appStorageFile = appStorageFile
  }

  /// For an app that persists nothing: `--data-dir` is accepted and changes nothing.
  public static let nothingPersisted = DataDirectorySetting(
    environmentVariable: "DEX_DATA_DIR", contents: "nothing (this app persists no value)",
    defaultLocation: "none", use: { _ in })
}
