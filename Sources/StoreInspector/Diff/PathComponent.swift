/// One step from a value to a part of it, as diffs address changes.
public enum PathComponent: Sendable, Hashable {
  /// A stored property (property wrappers appear under the property's own name).
  case field(String)
  /// A position in an array, or an unlabelled tuple or payload element.
  case index(Int)
  /// The element of an identified collection with this id, as dumped (`42`, `"abc"`).
  case id(String)
  /// A dictionary entry or set element, by the dump of its key.
  case key(String)
  /// The payload of this enum case.
  case enumCase(String)
}

extension PathComponent: CustomStringConvertible {
  /// The component as it reads in a path: `name`, `[3]`, `[id: 42]`, `["a"]`, `loaded`.
  public var description: String {
    switch self {
    case .field(let name), .enumCase(let name): name
    case .index(let index): "[\(index)]"
    case .id(let id): "[id: \(id)]"
    case .key(let key): "[\(key)]"
    }
  }
}
