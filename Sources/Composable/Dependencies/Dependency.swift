/// Reads a dependency in a reducer: `@Dependency(\.numberFact) var numberFact`.
///
/// The value is read when the property is used, from the dependencies of the store running the
/// reducer (or of the effect using it), so tests and tools can override it.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable

  /// A dependency read through `keyPath`.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}
