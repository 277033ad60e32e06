/// Where reducers report a warning: an action that could not apply (a row for a missing id,
/// offsets out of range). Live it goes to standard error; a debugger can show it in its
/// transcript; in tests an unexpected warning fails the test.
public struct WarningReporter: Sendable {
  private let report: @Sendable (String) -> Void

  /// A reporter that calls `report` with each warning.
  public init(_ report: @escaping @Sendable (String) -> Void) {
    self.report = report
  }

  /// Reports `message`.
  public func callAsFunction(_ message: String) { report(message) }
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
