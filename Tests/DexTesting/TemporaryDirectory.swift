import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
public final class TemporaryDirectory: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public func path(_ component: String) -> String {
    url.appendingPathComponent(component).path
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
