import DexPlatform

/// Where the core reports problems a test must fail on (a dependency without a test value, an
/// unexpected warning). DexTesting points it at Swift Testing; elsewhere the message goes to
/// standard error.
public enum IssueReporting {
  /// A reporter of issues: the message and where in the source it arose.
  public typealias Reporter = @Sendable (_ message: String, _ fileID: String, _ line: Int) -> Void

  /// The reporter for the current task and the tasks it starts; nil means standard error.
  @TaskLocal public static var reporter: Reporter?

  static let processReporter = LockedValue<Reporter?>(nil)

  /// Installs `reporter` for the whole process, used where no task-local reporter is set.
  public static func installForProcess(_ reporter: @escaping Reporter) {
    processReporter.withLock { $0 = reporter }
  }
}

/// Reports an issue through the current reporter, else on standard error.
public func reportIssue(_ message: String, fileID: String = #fileID, line: Int = #line) {
  if let reporter = IssueReporting.reporter ?? IssueReporting.processReporter.withLock({ $0 }) {
    reporter(message, fileID, line)
  } else {
    FileHandleOutput.standardError.write("dex: \(message)\n")
  }
}
