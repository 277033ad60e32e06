import Foundation

/// Where dex keeps the user's data (favorites): `--data-dir DIR`, else `DEX_DATA_DIR`, else
/// `$XDG_DATA_HOME/dex`, else `~/.local/share/dex`.
public enum DataDirectory {
  private static let chosen = LockedValue<URL?>(nil)

  /// Uses `url` from now on (the REPL's `--data-dir`); set it before any shared key is read.
  public static func use(_ url: URL) {
    chosen.withLock { $0 = url.standardizedFileURL }
  }

  /// The data directory.
  public static var url: URL {
    if let chosen = chosen.withLock({ $0 }) { return chosen }
    return resolve(environment: ProcessInfo.processInfo.environment)
  }

  /// The data directory the environment names, when no directory was chosen.
  public static func resolve(environment: [String: String]) -> URL {
    if let directory = environment["DEX_DATA_DIR"], !directory.isEmpty {
      return URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
    }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("dex")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/share/dex")
  }
}
