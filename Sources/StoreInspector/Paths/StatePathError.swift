/// Why a `StatePath` could not be parsed or followed; `description` says it in one line, naming
/// the step that failed and what exists there.
public enum StatePathError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The path text is malformed.
  case syntax(path: String, column: Int, found: String, expected: String)
  /// A value has no field of that name.
  case noField(String, typeName: String, fields: [String])
  /// An optional on the way is nil.
  case isNil(path: String)
  /// An enum on the way is another case than the one named.
  case wrongCase(path: String, actual: String, requested: String)
  /// The enum case named has no associated values to step into.
  case noPayload(path: String, caseName: String)
  /// An index past the end.
  case indexOutOfRange(path: String, index: Int, count: Int)
  /// No element has the id; `ids` are the ids there are (dumped).
  case noElement(path: String, id: String, ids: [String])
  /// `[id: X]` on elements that have no id.
  case notIdentified(path: String)
  /// A subscript on a value that is not a collection.
  case notSubscriptable(path: String, typeName: String, subscript: String)
  /// No dictionary entry has the key; `keys` are the keys there are (dumped).
  case noKey(path: String, key: String, keys: [String])

  /// The error in one line, e.g. `list.destination is .detail, not .starred`.
  public var description: String {
    switch self {
    case .syntax(let path, let column, let found, let expected):
      return
        "unexpected \(found.oneLine()) at column \(column) of path '\(path.oneLine())'; expected \(expected)"
    case .noField(let name, let typeName, let fields):
      return fields.isEmpty
        ? "no field '\(name)' in \(typeName), which has no fields"
        : "no field '\(name)' in \(typeName); fields: \(fields.joined(separator: ", "))"
    case .isNil(let path):
      return "\(Self.subject(path)) is nil"
    case .wrongCase(let path, let actual, let requested):
      return "\(Self.subject(path)) is .\(actual), not .\(requested)"
    case .noPayload(let path, let caseName):
      return "\(Self.subject(path)) is .\(caseName), which has no associated values"
    case .indexOutOfRange(let path, let index, let count):
      return "index \(index) is out of range for \(Self.subject(path)) (\(Self.elements(count)))"
    case .noElement(let path, let id, let ids):
      guard !ids.isEmpty else { return "no element with id \(id): \(Self.subject(path)) is empty" }
      let shown = ids.prefix(10).joined(separator: ", ") + (ids.count > 10 ? ", …" : "")
      return "no element with id \(id) in \(Self.subject(path)); ids: \(shown)"
    case .notIdentified(let path):
      return "the elements of \(Self.subject(path)) have no id; use [N]"
    case .notSubscriptable(let path, let typeName, let text):
      return "\(Self.subject(path)) is \(typeName), not a collection; \(text) needs an array, "
        + "a set or a dictionary"
    case .noKey(let path, let key, let keys):
      guard !keys.isEmpty else { return "no key \(key): \(Self.subject(path)) is empty" }
      let shown = keys.prefix(10).joined(separator: ", ") + (keys.count > 10 ? ", …" : "")
      return "no key \(key) in \(Self.subject(path)); keys: \(shown)"
    }
  }

  private static func subject(_ path: String) -> String {
    path.isEmpty ? "the state" : path
  }

  private static func elements(_ count: Int) -> String {
    count == 1 ? "1 element" : "\(count) elements"
  }
}
