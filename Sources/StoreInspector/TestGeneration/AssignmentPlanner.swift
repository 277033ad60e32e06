/// Turns the changes between two states into the assignments that make the old state the new
/// one, as a TestStore assertion closure writes them.
///
/// A changed value is assigned where it is (`$0.rows[id: 2]?.title = "x"`); a dictionary entry
/// is set or set to nil; elements of an identified collection are removed with `[id: x] = nil`
/// and, when they were appended, added with `[id: x] = value`. Anything Swift cannot express in
/// place (an insertion into an array or a set, an element that moved, a change inside an enum
/// payload) becomes one assignment of the nearest enclosing value that can be assigned whole.
struct AssignmentPlanner {
  var before: Any
  var after: Any
  var environment: (any DiffEnvironment)?

  /// The assignments, in the order of the changes they cover.
  func assignments(for changes: [Change]) -> [StateAssignment] {
    var planned: [(path: [PathComponent], assignment: StateAssignment?)] = []
    var wholes: Set<[PathComponent]> = []
    /// Identified collections with elements added or removed, by path: the ids in change order.
    var identifiedEdits: [[PathComponent]: (removed: [String], inserted: [String])] = [:]

    for change in changes {
      let path = change.path
      let spelled = reading(.new) { SwiftPath(path, in: after) }
      switch change.kind {
      case .changed(_, let new):
        if spelled.spelledCount == path.count {
          planned.append((path, assignment(path, spelled.prefixes[path.count].target, new)))
        } else {
          wholes.insert(Array(path.prefix(spelled.spelledCount)))
          planned.append((path, nil))
        }
      case .inserted(let value), .removed(let value):
        let isInsertion = if case .inserted = change.kind { true } else { false }
        let parent = Array(path.dropLast())
        guard let last = path.last, spelled.spelledCount >= parent.count else {
          wholes.insert(Array(path.prefix(spelled.spelledCount)))
          planned.append((path, nil))
          continue
        }
        let container = spelled.prefixes[parent.count]
        let containerShape = reading(.new) { ValueShape(of: container.value) }
        switch (containerShape, last) {
        case (.dictionary, .key(let key)):
          planned.append(
            (
              path,
              assignment(
                path, container.target + optionalChain(container) + "[\(key)]",
                isInsertion ? value : "nil")
            ))
        case (.collection, .id(let id)) where !(container.value is any ArrayStorage):
          var edit = identifiedEdits[parent] ?? ([], [])
          if isInsertion { edit.inserted.append(id) } else { edit.removed.append(id) }
          identifiedEdits[parent] = edit
          planned.append(
            (
              path,
              assignment(
                path, container.target + optionalChain(container) + "[id: \(id)]",
                isInsertion ? value : "nil")
            ))
        default:
          wholes.insert(parent)
          planned.append((path, nil))
        }
      }
    }

    for (parent, edit) in identifiedEdits where !isAppendOnly(parent, edit) {
      wholes.insert(parent)
    }
    let outermost = wholes.filter { whole in
      !wholes.contains { other in other.count < whole.count && whole.starts(with: other) }
    }

    var result: [StateAssignment] = []
    var emitted: Set<[PathComponent]> = []
    for (path, assignment) in planned {
      if let whole = outermost.first(where: { path.starts(with: $0) }) {
        guard emitted.insert(whole).inserted else { continue }
        result.append(wholeAssignment(at: whole))
      } else if let assignment {
        result.append(assignment)
      }
    }
    return result
  }

  private func assignment(
    _ path: [PathComponent], _ target: String, _ value: String
  ) -> StateAssignment {
    StateAssignment(path: path, target: target, value: value)
  }

  /// `?` when a subscript on `prefix` must chain through an optional.
  private func optionalChain(_ prefix: SwiftPath.Prefix) -> String {
    prefix.isOptional ? "?" : ""
  }

  /// The whole new value at `path` (which `SwiftPath` can spell in the new state).
  private func wholeAssignment(at path: [PathComponent]) -> StateAssignment {
    reading(.new) {
      let prefix = SwiftPath(path, in: after).prefixes[path.count]
      return assignment(path, prefix.target, Dumper.tree(of: prefix.value).flatText)
    }
  }

  /// Whether removing `edit.removed` from the old collection at `path` and appending
  /// `edit.inserted` gives the new collection's order.
  private func isAppendOnly(
    _ path: [PathComponent], _ edit: (removed: [String], inserted: [String])
  ) -> Bool {
    let oldIDs = reading(.old) { ids(at: path, in: before) }
    let newIDs = reading(.new) { ids(at: path, in: after) }
    guard let oldIDs, let newIDs else { return false }
    let removed = Set(edit.removed)
    return oldIDs.filter { !removed.contains($0) } + edit.inserted == newIDs
  }

  private func ids(at path: [PathComponent], in root: Any) -> [String]? {
    let spelled = SwiftPath(path, in: root)
    guard spelled.spelledCount == path.count,
      case .collection(let elements) = ValueShape(of: spelled.prefixes[path.count].value)
    else { return nil }
    return elements.map { elementID($0).map(DiffEngine.idText) ?? "" }
  }

  private func reading<Result>(_ side: DiffSide, _ body: () -> Result) -> Result {
    guard let environment else { return body() }
    return environment.reading(side, body)
  }
}
