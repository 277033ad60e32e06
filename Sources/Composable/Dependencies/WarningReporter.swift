/// Where reducers report a warning: an action that could not apply (a row for a missing id,
/// offsets out of range). Live it goes to standard error; a debugger can show it in its
/// transcript; in tests an unexpected warning fails the test.
public struct WarningReporter: Sendable {
  private let report: @Sendable (String) -> Void
  private let describe: @Sendable (Any) -> String

  /// A reporter that calls `report` with each warning; the values a warning quotes (an
  /// action, an id) are written by `describe` — a debugger passes its own value syntax
  /// (`.detail(.starTapped)`), the default is Swift's description.
  public init(
    describing describe: @escaping @Sendable (Any) -> String = { String(describing: $0) },
    _ report: @escaping @Sendable (String) -> Void
  ) {
    self.describe = describe
    self.report = report
  }

  /// Reports `message`.
  public func callAsFunction(_ message: String) { report(message) }

  /// How a warning writes `value`: `"… received \(warnings.text(of: action)) …"`.
  public func text(of value: Any) -> String { describe(value) }
}

extension DependencyValues {
  /// Where reducers report warnings.
  public var warnings: WarningReporter {
    get { self[WarningReporterKey.self] }
    set { self[WarningReporterKey.self] = newValue }
  }
}

enum WarningReporterKey: DependencyKey {
  static var liveValue: WarningReporter {
    WarningReporter { FileHandleOutput.standardError.write("warning: \($0)\n") }
  }
  static var testValue: WarningReporter? {
    WarningReporter { reportIssue("Unexpected warning: \($0)") }
  }
}
