/// A launch option an app adds (`--source SOURCE`): its name, the value it takes (nil for a
/// flag), its lines in `dex --help`, and the check of its value.
public struct LaunchOption: Sendable {
  /// `--source`.
  public let name: String
  /// `SOURCE`, or nil for a flag such as `--no-cache`.
  public let valueName: String?
  /// Its description in `dex --help`, one string per line.
  public let help: [String]
  /// Nil when `value` is fine, else what the option takes (`bundled, pokeapi or pokeapi=URL`).
  public let problem: @Sendable (_ value: String) -> String?

  /// The option `name`, taking `valueName` (nil for a flag), described by `help`.
  public init(
    name: String, valueName: String?, help: [String],
    problem: @escaping @Sendable (_ value: String) -> String? = { _ in nil }
  ) {
    self.name = name
    self.valueName = valueName
    self.help = help
    self.problem = problem
  }
}
