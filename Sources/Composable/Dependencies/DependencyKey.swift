/// Names a dependency and its values for the live app, for previews and for tests.
///
/// ```swift
/// extension DependencyValues {
///   public var numberFact: NumberFactClient {
///     get { self[NumberFactKey.self] }
///     set { self[NumberFactKey.self] = newValue }
///   }
/// }
/// ```
public protocol DependencyKey {
  /// The dependency's type.
  associatedtype Value: Sendable
  /// What the running app uses.
  static var liveValue: Value { get }
  /// What tests use when they do not override it; nil makes a test that reaches the dependency
  /// fail with a message naming it.
  static var testValue: Value? { get }
  /// What previews and demos use; the live value unless said otherwise.
  static var previewValue: Value { get }
}

extension DependencyKey {
  public static var testValue: Value? { nil }
  public static var previewValue: Value { liveValue }
}
