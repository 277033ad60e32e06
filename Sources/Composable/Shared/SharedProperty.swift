/// A property that shows a shared value (`Shared` or `SharedReader`), so an inspector walking a
/// state can tell which key backs a value and where a state holds it.
public protocol SharedProperty {
  /// The key the value is shared under (for a part, the whole value's).
  var keyID: SharedKeyID { get }
  /// Whether the property can only read the value (a `SharedReader`).
  var isReadOnly: Bool { get }
  /// Whether the property shows the key's whole value, not a part of it (`$user.name`) or a
  /// value computed from it (`$user.read { … }`).
  var isWholeValue: Bool { get }
}

extension Shared: SharedProperty {
  public var isReadOnly: Bool { false }
  public var isWholeValue: Bool { source is SharedReference<Value> }
}

extension SharedReader: SharedProperty {
  public var isReadOnly: Bool { true }
  public var isWholeValue: Bool { source is SharedReference<Value> }
}
