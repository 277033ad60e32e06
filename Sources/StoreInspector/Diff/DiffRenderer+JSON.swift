extension DiffRenderer {
  /// The diff as one line of JSON: the root type and every change with its path (as text and as
  /// components), its kind and its values as JSON (see `JSONValue(printedValue:)`).
  ///
  /// ```json
  /// {"rootType":"Point","changes":[{"path":"y","components":[{"field":"y"}],"kind":"changed","old":2,"new":3}]}
  /// ```
  public static func json(_ diff: StateDiff) -> String {
    jsonValue(diff).text(pretty: false)
  }

  /// The diff as a JSON value (see `json(_:)`), for embedding in a larger document.
  public static func jsonValue(_ diff: StateDiff) -> JSONValue {
    let changes = diff.changes.map { change -> JSONValue in
      var members: [JSONValue.Member] = [
        .init("path", .string(change.pathDescription)),
        .init("components", .array(change.path.map(\.jsonValue))),
      ]
      switch change.kind {
      case .changed(let old, let new):
        members += [
          .init("kind", "changed"), .init("old", JSONValue(printedValue: old)),
          .init("new", JSONValue(printedValue: new)),
        ]
      case .inserted(let value):
        members += [.init("kind", "inserted"), .init("new", JSONValue(printedValue: value))]
      case .removed(let value):
        members += [.init("kind", "removed"), .init("old", JSONValue(printedValue: value))]
      }
      return .object(members)
    }
    return .object([.init("rootType", .string(diff.rootTypeName)), .init("changes", .array(changes))])
  }
}

extension PathComponent {
  /// The component as a one-member JSON object, e.g. `{"field":"name"}` or `{"index":3}`.
  fileprivate var jsonValue: JSONValue {
    switch self {
    case .field(let name): .object([.init("field", .string(name))])
    case .index(let index): .object([.init("index", .number(index))])
    case .id(let id): .object([.init("id", .string(id))])
    case .key(let key): .object([.init("key", .string(key))])
    case .enumCase(let name): .object([.init("case", .string(name))])
    }
  }
}
