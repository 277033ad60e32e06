import Foundation
import Composable

/// A folder of dex's under the XDG base directories: `$DEX_…` when set and not empty, else
/// under the XDG variable when it is an absolute path, else under the home folder's default
/// for that variable.
enum XDGDirectory {
  /// `environment[variable]`, else `$<xdgVariable>/<path>`, else `$HOME/<homeDefault>/<path>`:
  /// `resolve(environment:variable: "DEX_DATA_DIR", xdgVariable: "XDG_DATA_HOME",
  /// homeDefault: ".local/share", path: "dex")` is `~/.local/share/dex` by default.
  static func resolve(
    environment: [String: String], variable: String, xdgVariable: String, homeDefault: String,
    path: String
  ) -> URL {
    if let directory = environment[variable], !directory.isEmpty {
      return URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
    }
    if let xdg = environment[xdgVariable], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(path)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(homeDefault).appendingPathComponent(path)
  }
}
