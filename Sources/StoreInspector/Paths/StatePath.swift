/// A path into a state value as typed after `state` and `expect`: fields by name (property
/// wrappers unwrapped), optionals unwrapped on the way, enum payloads by case name, `[N]` indexes,
/// `[id: X]` ids and `["key"]` dictionary keys.
///
/// ```swift
/// try StatePath(parsing: "team.members[id: 4].nickname").description
/// // "team.members[id: 4].nickname"
/// ```
public struct StatePath: Sendable, Equatable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Sendable, Equatable, CustomStringConvertible {
    /// A field, or the payload of the enum case with this name.
    case name(String)
    /// A position in an array, a tuple or a set (in dump order).
    case index(Int)
    /// The element of a collection whose `id` matches the literal.
    case id(Literal)
    /// The value of a dictionary entry whose key matches the literal.
    case key(Literal)

    /// `name`, `[3]`, `[id: 4]`, `["a"]`.
    public var description: String {
      switch self {
      case .name(let name): name
      case .index(let index): "[\(index)]"
      case .id(let id): "[id: \(id)]"
      case .key(let key): "[\(key)]"
      }
    }
  }

  /// The steps from the root, in order; empty for the root itself.
  public var components: [Component]

  /// A path of `components`.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// Parses `list.destination.detail`, `team.members[0].nickname`, `team.members[id: UUID("…")]`;
  /// a leading `.` is allowed and the empty string is the root.
  public init(parsing text: String) throws(StatePathError) {
    var parser = StatePathParser(text)
    components = try parser.parse()
  }

  /// The path as typed: `team.members[0].nickname`.
  public var description: String {
    var text = ""
    for component in components {
      if case .name = component, !text.isEmpty { text += "." }
      text += component.description
    }
    return text
  }
}
