import Foundation
import Composable
import DexPlatform

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
    XDGDirectory.resolve(
      environment: environment, variable: "DEX_DATA_DIR", xdgVariable: "XDG_DATA_HOME",
      homeDefault: ".local/share", path: "dex")
  }
}
