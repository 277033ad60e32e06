/// One difference between two values: where it is and what happened there.
public struct Change: Sendable, Equatable {
  /// What happened at a path; values are carried as their one-line dump.
  public enum Kind: Sendable, Equatable {
    /// The value at the path was replaced.
    case changed(old: String, new: String)
    /// An element or entry appeared at the path.
    case inserted(String)
    /// An element or entry at the path disappeared.
    case removed(String)
  }

  /// From the root value to the changed part, e.g. `[.field("todos"), .id("2"), .field("title")]`.
  public var path: [PathComponent]
  /// What happened there.
  public var kind: Kind

  /// A change at a path.
  public init(path: [PathComponent], kind: Kind) {
    self.path = path
    self.kind = kind
  }

  /// The path as one line, e.g. `todos[id: 2].title`; empty for the root itself.
  public var pathDescription: String { Self.describe(path) }

  /// A path as one line, e.g. `todos[id: 2].title`.
  static func describe(_ path: [PathComponent]) -> String {
    var text = ""
    for component in path {
      switch component {
      case .field, .enumCase: if !text.isEmpty { text += "." }
      case .index, .id, .key: break
      }
      text += component.description
    }
    return text
  }
}
