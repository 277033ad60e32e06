/// A launch option an app adds (`--source SOURCE`): its name, the value it takes (nil for a
/// flag), its lines in `dex --help`, and the check of its value.
package struct LaunchOption: Sendable {
  /// `--source`.
  package let name: String
  /// `SOURCE`, or nil for a flag such as `--no-cache`.
  package let valueName: String?
  /// Its description in `dex --help`, one string per line.
  package let help: [String]
  /// Nil when `value` is fine, else what the option takes (`bundled, pokeapi or pokeapi=URL`).
  package let problem: @Sendable (_ value: String) -> String?

  package init(
    name: String, valueName: String?, help: [String],
    problem: @escaping @Sendable (_ value: String) -> String? = { _ in nil }
  ) {
    self.name = name
    self.valueName = valueName
    self.help = help
    self.problem = problem
  }
}
