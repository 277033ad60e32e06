/// A value shared in memory for the life of the process (or of a test's container).
public struct InMemoryKey<Value: Sendable & Equatable>: SharedKey {
  /// The name the value is shared under.
  public let name: String

  public var id: SharedKeyID { SharedKeyID(kind: "inMemory", name: name) }

  public func makePersistence(in container: SharedContainer) -> SharedPersistence<Value>? { nil }
}

extension InMemoryKey: CustomStringConvertible {
  /// The key as it is written: `.inMemory("count")`.
  public var description: String { ".inMemory(\(String(reflecting: name)))" }
}

extension SharedKey {
  /// A value shared in memory under `name`: `@Shared(.inMemory("count")) var count = 0`.
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name: name)
  }
}
