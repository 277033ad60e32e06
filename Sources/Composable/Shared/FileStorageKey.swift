import Foundation

/// A value persisted as JSON in a file, shared by every process that uses the file.
///
/// Writes are atomic and coalesced; a change made by another process is picked up as soon as
/// the kernel tells of it (at worst within a quarter second); an empty file reads as the
/// default; a file that does not decode is moved aside, never overwritten. See
/// `FilePersistence`. A value that is not `Codable`, or a file of another format, is read and
/// written by the key's own closures: `.fileStorage(url, decode: …, encode: …)`.
public struct FileStorageKey<Value: Sendable & Equatable>: SharedKey {
  /// The file.
  public let url: URL
  let coding: FileCoding<Value>

  public var id: SharedKeyID { SharedKeyID(kind: "file", name: url.standardizedFileURL.path) }

  public func makePersistence(in container: SharedContainer) -> SharedPersistence<Value>? {
    guard container.storage == .persistent else { return nil }
    return FilePersistence<Value>(
      url: url.standardizedFileURL, coding: coding, waiting: container.lockWaiting,
      timing: container.fileWriteTiming, reportError: container.reportError)
  }
}

extension FileStorageKey: CustomStringConvertible {
  /// The key as it is written, with its file's URL: `.fileStorage(file:///home/ash/todos.json)`.
  public var description: String { ".fileStorage(\(url))" }
}

extension SharedKey {
  /// A value persisted as JSON in the file at `url`.
  public static func fileStorage<Value: Codable>(
    _ url: URL
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, coding: .json)
  }

  /// A value kept in the file at `url` as `encode` writes it and `decode` reads it: a value
  /// that is not `Codable`, a format other than JSON. A file `decode` throws on is moved aside
  /// as a JSON one that does not decode is.
  public static func fileStorage<Value>(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, coding: FileCoding(decode: decode, encode: encode, isJSON: false))
  }
}
