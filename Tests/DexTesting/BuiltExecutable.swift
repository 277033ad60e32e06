import Foundation

/// Finds an executable SwiftPM built next to the running test bundle (`.build/debug/NAME`), or
/// at `$ENVIRONMENT_OVERRIDE` when set.
public func builtExecutable(named name: String, override: String? = nil) throws -> URL {
  if let override, let explicit = ProcessInfo.processInfo.environment[override] {
    return URL(fileURLWithPath: explicit)
  }
  let starts = [
    Bundle.main.bundleURL,
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
  ]
  for start in starts {
    var directory = start.standardizedFileURL
    while directory.path != "/" {
      for candidate in [
        directory.appendingPathComponent(name), directory.appendingPathComponent("debug/\(name)"),
      ] where FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate
      }
      directory.deleteLastPathComponent()
    }
  }
  throw ExecutableNotFound(name: name, searchedFrom: starts.map(\.path))
}

/// No built executable of that name was found.
public struct ExecutableNotFound: Error, CustomStringConvertible {
  /// The executable's name.
  public var name: String
  /// Where the search started.
  public var searchedFrom: [String]

  public var description: String {
    "no '\(name)' executable found above \(searchedFrom); run 'swift build' first"
  }
}

extension Process {
  /// Runs the process and waits for it to exit without blocking a thread of the concurrency
  /// pool (other tests' effects need those threads), returning its exit status.
  public func runUntilExit() async throws -> Int32 {
    try await withCheckedThrowingContinuation { continuation in
      terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try run()
      } catch {
        terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
  }
}
