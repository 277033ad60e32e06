/// A property that shows a shared value (`Shared` or `SharedReader`), so an inspector walking a
/// state can tell which key backs a value and where a state holds it.
public protocol SharedProperty {
  /// The key the value is shared under.
  var keyID: SharedKeyID { get }
  /// Whether the property can only read the value (a `SharedReader`).
  var isReadOnly: Bool { get }
}

extension Shared: SharedProperty {
  public var isReadOnly: Bool { false }
}

extension SharedReader: SharedProperty {
  public var isReadOnly: Bool { true }
}
