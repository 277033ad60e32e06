extension DiffRenderer {
  /// The diff as one line of JSON: the root type and every change with its path (as text and as
  /// components), its kind and its values as one-line dumps.
  ///
  /// ```json
  /// {"rootType":"Point","changes":[{"path":"y","components":[{"field":"y"}],"kind":"changed","old":"2","new":"3"}]}
  /// ```
  public static func json(_ diff: StateDiff) -> String {
    var json = #"{"rootType":"# + diff.rootTypeName.jsonQuoted + #","changes":["#
    for (offset, change) in diff.changes.enumerated() {
      if offset > 0 { json += "," }
      json += #"{"path":"# + change.pathDescription.jsonQuoted + #","components":["#
      json += change.path.map(\.jsonObject).joined(separator: ",")
      json += "],"
      switch change.kind {
      case .changed(let old, let new):
        json += #""kind":"changed","old":"# + old.jsonQuoted + #","new":"# + new.jsonQuoted
      case .inserted(let value):
        json += #""kind":"inserted","new":"# + value.jsonQuoted
      case .removed(let value):
        json += #""kind":"removed","old":"# + value.jsonQuoted
      }
      json += "}"
    }
    return json + "]}"
  }
}

extension PathComponent {
  /// The component as a one-member JSON object, e.g. `{"field":"name"}` or `{"index":3}`.
  fileprivate var jsonObject: String {
    switch self {
    case .field(let name): #"{"field":"# + name.jsonQuoted + "}"
    case .index(let index): #"{"index":"# + String(index) + "}"
    case .id(let id): #"{"id":"# + id.jsonQuoted + "}"
    case .key(let key): #"{"key":"# + key.jsonQuoted + "}"
    case .enumCase(let name): #"{"case":"# + name.jsonQuoted + "}"
    }
  }
}
