import Composable

/// A dependency `dep` may override, in one place for `deps`, `dep`, completion, `record` and
/// `help`: its name, how its values are spelled, what it is at launch, and how a spelling
/// changes the store's dependencies.
public struct DependencyOverride: Sendable {
  /// What a spelling makes of the dependency: how `deps` and `record` write it, and the change.
  public struct Setting: Sendable {
    /// The words after the name, as `deps` shows them and `record` writes them.
    public let description: String
    /// The change to the store's dependencies.
    public let update: @Sendable (inout DependencyValues) -> Void
    /// The value as Swift for a generated test (`.failing(DexError(…))`); nil when a test
    /// cannot have it (a server on the network).
    public let swift: String?

    /// The setting `description` names, making `update`.
    public init(
      description: String, swift: String? = nil,
      update: @escaping @Sendable (inout DependencyValues) -> Void
    ) {
      self.description = description
      self.swift = swift
      self.update = update
    }
  }

  /// `apiClient`.
  public let name: String
  /// The values as `help dep` lists them: `bundled | failing | pokeapi | pokeapi=URL`.
  public let spelling: String
  /// The words completion offers for the first value.
  public let completions: [String]
  /// The words completion offers after the first value (`--no-cache`).
  public let laterCompletions: [String]
  /// The setting at launch, from the app's launch option values (by option name).
  public let initial: @Sendable (_ options: [String: String]) -> Setting
  /// The setting `words` (what follows the name) spell, given the launch options; throws a
  /// one-line problem (`apiClient takes …, not 'x'`) when they spell none.
  public let parse:
    @Sendable (_ words: [String], _ options: [String: String]) throws(DependencyOverrideError) ->
    Setting

  /// The dependency `name`, its values spelled as `spelling` says and read by `parse`.
  public init(
    name: String, spelling: String, completions: [String], laterCompletions: [String] = [],
    initial: @escaping @Sendable (_ options: [String: String]) -> Setting,
    parse:
      @escaping @Sendable (_ words: [String], _ options: [String: String]) throws(
        DependencyOverrideError
      ) -> Setting
  ) {
    self.name = name
    self.spelling = spelling
    self.completions = completions
    self.laterCompletions = laterCompletions
    self.initial = initial
    self.parse = parse
  }
}

/// Why a dependency's value was refused: what it takes and what it got.
public struct DependencyOverrideError: Error, Sendable {
  /// `apiClient takes bundled, failing or server=URL, not 'x'`.
  public let problem: String

  /// A refusal saying `problem`.
  public init(_ problem: String) {
    self.problem = problem
  }
}
