/// Every dependency `dep` may override for `App`, in the one order `deps`, `help dep` and
/// completion use: the app's own, then the REPL's generators `uuid` and `date` (the clock is set
/// with `clock`).
enum DependencyTable<App: REPLApp> {
  /// The REPL's generators, with their spellings.
  static var generators: [(name: String, spelling: String, completions: [String])] {
    [
      ("uuid", "incrementing | random | next UUID…", SessionGenerators.UUIDMode.allCases.map(\.rawValue) + ["next"]),
      ("date", "fixed | system | next DATE…", SessionGenerators.DateMode.allCases.map(\.rawValue) + ["next"]),
    ]
  }

  /// The names, in order.
  static var names: [String] { App.dependencies.map(\.name) + generators.map(\.name) }

  /// The app's dependency called `name`.
  static func appDependency(named name: String) -> DependencyOverride? {
    App.dependencies.first { $0.name == name }
  }

  /// `  dep apiClient bundled | failing | …`, one line per dependency, for `help dep`.
  static var helpLines: [String] {
    App.dependencies.map { "  dep \($0.name) \($0.spelling)" }
      + generators.map { "  dep \($0.name) \($0.spelling)" }
  }

  /// The candidates for the word after `dep` (`before` holds the words typed before it).
  static func completions(before: [String], word: String) -> [String] {
    guard before.count >= 2 else { return names.filter { $0.hasPrefix(word) } }
    let name = before[1]
    let candidates: [String]
    if let dependency = appDependency(named: name) {
      candidates = before.count == 2 ? dependency.completions : dependency.laterCompletions
    } else if before.count == 2, let generator = generators.first(where: { $0.name == name }) {
      candidates = generator.completions
    } else {
      candidates = []
    }
    return candidates.filter { $0.hasPrefix(word) }
  }
}
