/// Turns the changes between two states into the assignments that make the old state the new
/// one, as a TestStore assertion closure writes them.
///
/// A changed value is assigned where it is (`$0.rows[id: 2]?.title = "x"`); a dictionary entry
/// is set or set to nil. Elements added to or removed from a collection are the edits a person
/// writes: `append(…)` or `append(contentsOf: […])` at the end, `insert(…, at: 3)` elsewhere,
/// `remove(id: 2)` from an identified collection (`removeAll { $0.id == 2 }` from an array),
/// `move(fromOffsets: [2], toOffset: 0)` for unchanged elements moved in one, `insert(25)` and
/// `remove(25)` for a set. Anything Swift cannot express in place (elements that moved and
/// changed, a change inside an enum payload without a payload member) becomes one assignment of
/// the nearest enclosing value that can be assigned whole.
struct AssignmentPlanner {
  var before: Any
  var after: Any
  var environment: (any DiffEnvironment)?
  /// The members that read and write enum payloads (see `TestGenerator.payloadMember`).
  var payloadMember: (_ value: Any, _ caseName: String) -> String? = { _, _ in nil }
  /// Shorter Swift for some values (see `TestGenerator.abbreviation`).
  var abbreviation: ((Any) -> String?)?

  /// The elements added to and removed from one collection, in change order.
  private struct CollectionEdit {
    /// The collection as Swift, optional chaining included (`$0` excluded).
    var target: String
    var isArray: Bool
    var removed: [(component: PathComponent, value: String)] = []
    var inserted: [(component: PathComponent, value: String)] = []
    /// The inserted elements as the diff dumped them, to compare with the removed ones.
    var insertedDumps: [String] = []
  }

  /// The value at a path that changes add to or remove from, in the new state.
  private struct Container {
    /// How many steps of the path could be spelled.
    var spelledCount: Int
    /// The spelled path to it; nil when it could not be spelled whole.
    var prefix: SwiftPath.Prefix?
    var shape: ValueShape?
    /// The elements of a collection by their key (see `key(_:)`), when abbreviations need them.
    var elements: [String: Any] = [:]
  }

  private func container(at path: [PathComponent]) -> Container {
    let spelled = SwiftPath(path, in: after, payloadMember: payloadMember)
    guard spelled.spelledCount == path.count else {
      return Container(spelledCount: spelled.spelledCount)
    }
    let prefix = spelled.prefixes[path.count]
    let shape = ValueShape(of: prefix.value)
    var container = Container(spelledCount: path.count, prefix: prefix, shape: shape)
    if abbreviation != nil, case .collection(let elements) = shape {
      for (offset, element) in elements.enumerated() {
        container.elements[elementID(element).map(DiffEngine.idText) ?? "\(offset)"] = element
      }
    }
    return container
  }

  /// Whether the value at `path` in the old state is an empty set.
  private func isEmptySet(at path: [PathComponent]) -> Bool {
    let spelled = SwiftPath(path, in: before, payloadMember: payloadMember)
    guard spelled.spelledCount == path.count,
      case .set(let elements) = ValueShape(of: spelled.prefixes[path.count].value)
    else { return false }
    return elements.isEmpty
  }

  /// The assignments, in the order of the changes they cover.
  func assignments(for changes: [Change]) -> [StateAssignment] {
    var planned: [(path: [PathComponent], assignment: StateAssignment?)] = []
    var wholes: Set<[PathComponent]> = []
    var edits: [[PathComponent]: CollectionEdit] = [:]

    // What changes add to or remove from is spelled and read once, however many they are: a
    // page appended to a long list is many insertions into one array.
    var containers: [[PathComponent]: Container] = [:]
    var setWasEmpty: [[PathComponent]: Bool] = [:]

    for change in changes {
      let path = change.path
      switch change.kind {
      case .changed(_, let new):
        let spelled = reading(.new) { SwiftPath(path, in: after, payloadMember: payloadMember) }
        if spelled.spelledCount == path.count {
          let prefix = spelled.prefixes[path.count]
          let value = abbreviation == nil ? new : reading(.new) { dump(prefix.value) }
          planned.append((path, assignment(path, prefix.target, value)))
        } else {
          wholes.insert(Array(path.prefix(spelled.spelledCount)))
          planned.append((path, nil))
        }
      case .inserted(let value), .removed(let value):
        let isInsertion = if case .inserted = change.kind { true } else { false }
        let parent = Array(path.dropLast())
        let found = containers[parent] ?? reading(.new) { container(at: parent) }
        containers[parent] = found
        guard let last = path.last, let container = found.prefix else {
          wholes.insert(Array(path.prefix(found.spelledCount)))
          planned.append((path, nil))
          continue
        }
        switch (found.shape, last) {
        case (.dictionary?, .key(let key)):
          planned.append(
            (
              path,
              assignment(
                path,
                container.target + optionalChain(container) + entrySubscript(key, in: container.value),
                isInsertion ? value : "nil")
            ))
        case (.set?, .key):
          // A set that was empty is assigned whole: nothing unchanged is restated.
          let wasEmpty = setWasEmpty[parent] ?? reading(.old) { isEmptySet(at: parent) }
          setWasEmpty[parent] = wasEmpty
          guard !wasEmpty, case .key(let element) = last else {
            wholes.insert(parent)
            planned.append((path, nil))
            continue
          }
          let call = isInsertion ? ".insert(\(element))" : ".remove(\(element))"
          planned.append((path, assignment(path, container.target + optionalChain(container) + call)))
        case (.collection?, .id), (.collection?, .index):
          var edit =
            edits[parent]
            ?? CollectionEdit(
              target: container.target + optionalChain(container),
              isArray: container.value is any ArrayStorage)
          if isInsertion {
            let element = abbreviation == nil ? nil : found.elements[key(last)]
            edit.inserted.append((last, element.map { e in reading(.new) { dump(e) } } ?? value))
            edit.insertedDumps.append(value)
          } else {
            edit.removed.append((last, value))
          }
          edits[parent] = edit
          planned.append((path, nil))
        default:
          wholes.insert(parent)
          planned.append((path, nil))
        }
      }
    }

    // An array's elements are spelled by their index in the new state, which its edits move:
    // an array edited and changed inside at once is assigned whole.
    var editStatements: [[PathComponent]: [StateAssignment]] = [:]
    for (parent, edit) in edits {
      let changedInside = changes.contains { change in
        change.path.count > parent.count + 1 && change.path.starts(with: parent)
      }
      if let statements = statements(for: edit, at: parent), !(edit.isArray && changedInside) {
        editStatements[parent] = statements
      } else {
        wholes.insert(parent)
      }
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
      } else {
        let parent = Array(path.dropLast())
        guard let statements = editStatements[parent], emitted.insert(parent).inserted else {
          continue
        }
        result += statements
      }
    }
    return result
  }

  /// The edits that turn the old collection at `path` into the new one: removals, then the
  /// insertions at their new positions (all at the end: one append). Nil when they do not give
  /// the new order (an element moved) or cannot be spelled.
  private func statements(for edit: CollectionEdit, at path: [PathComponent]) -> [StateAssignment]? {
    guard
      let oldKeys = reading(.old, { keys(at: path, in: before) }),
      let newKeys = reading(.new, { keys(at: path, in: after) })
    else { return nil }
    let removedKeys = Set(edit.removed.map { key($0.component) })
    let insertedKeys = Set(edit.inserted.map { key($0.component) })
    if !edit.isArray, removedKeys == insertedKeys,
      let move = move(from: oldKeys, to: newKeys, moved: removedKeys),
      Set(edit.removed.map(\.value)) == Set(edit.insertedDumps)
    {
      return [assignment(path, edit.target + move)]
    }
    let kept = oldKeys.filter { !removedKeys.contains($0) }
    guard kept == newKeys.filter({ !insertedKeys.contains($0) }) else { return nil }
    var statements: [StateAssignment] = []
    for (component, _) in edit.removed {
      switch component {
      case .id(let id):
        let call = edit.isArray ? ".removeAll { $0.id == \(id) }" : ".remove(id: \(id))"
        statements.append(assignment(path, edit.target + call))
      default:
        // A plain array's element is removed by its old index, which removals before it move.
        return nil
      }
    }
    let values = Dictionary(
      edit.inserted.map { (key($0.component), $0.value) }, uniquingKeysWith: { first, _ in first })
    let positions = newKeys.indices.filter { insertedKeys.contains(newKeys[$0]) }
    guard !positions.isEmpty else { return statements }
    if positions == Array((newKeys.count - positions.count)..<newKeys.count) {
      let appended = positions.compactMap { values[newKeys[$0]] }
      let run = appended.count > 1 ? appendedRun(at: path, count: appended.count) : nil
      statements.append(
        assignment(
          path,
          edit.target
            + (appended.count == 1
              ? ".append(\(appended[0]))"
              : ".append(contentsOf: \(run ?? "[" + appended.joined(separator: ", ") + "]"))")
        ))
    } else {
      for position in positions {
        guard let value = values[newKeys[position]] else { return nil }
        statements.append(assignment(path, edit.target + ".insert(\(value), at: \(position))"))
      }
    }
    return statements
  }

  /// `.move(fromOffsets: [2], toOffset: 0)` when moving the `moved` elements of `oldKeys`
  /// together, in their order, gives `newKeys`; nil when it does not.
  private func move(from oldKeys: [String], to newKeys: [String], moved: Set<String>) -> String? {
    let offsets = oldKeys.indices.filter { moved.contains(oldKeys[$0]) }
    let kept = oldKeys.indices.filter { !moved.contains(oldKeys[$0]) }
    guard let first = newKeys.firstIndex(where: moved.contains) else { return nil }
    // The kept elements before the block in the new order; the destination is the next one's
    // offset, as SwiftUI's onMove gives it.
    let destination = first < kept.count ? kept[first] : oldKeys.count
    let before = kept.filter { $0 < destination }.map { oldKeys[$0] }
    let after = kept.filter { $0 >= destination }.map { oldKeys[$0] }
    guard before + offsets.map({ oldKeys[$0] }) + after == newKeys else { return nil }
    return ".move(fromOffsets: [\(offsets.map(String.init).joined(separator: ", "))], "
      + "toOffset: \(destination))"
  }

  /// The abbreviation of the last `count` elements of the new collection at `path` as one
  /// array (`Todo.fixtures(ids: 21...40)`), nil when there is none.
  private func appendedRun(at path: [PathComponent], count: Int) -> String? {
    guard let abbreviation else { return nil }
    return reading(.new) {
      let spelled = SwiftPath(path, in: after, payloadMember: payloadMember)
      guard spelled.spelledCount == path.count,
        case .collection(let elements) = ValueShape(of: spelled.prefixes[path.count].value)
      else { return nil }
      return abbreviation(Array(elements.suffix(count)))
    }
  }

  /// `value` as Swift on one line, abbreviated where `abbreviation` says, without its derived
  /// values.
  private func dump(_ value: Any) -> String {
    Dumper.tree(of: value, abbreviate: abbreviation, leavingOutDerived: true).flatText
  }

  /// How an edit's component names its element among `keys(at:in:)`.
  private func key(_ component: PathComponent) -> String {
    switch component {
    case .id(let id): id
    case .index(let index): "\(index)"
    default: "\(component)"
    }
  }

  /// The elements of the collection at `path` as edits name them: by id when identified, else
  /// by position.
  private func keys(at path: [PathComponent], in root: Any) -> [String]? {
    let spelled = SwiftPath(path, in: root, payloadMember: payloadMember)
    guard spelled.spelledCount == path.count,
      case .collection(let elements) = ValueShape(of: spelled.prefixes[path.count].value)
    else { return nil }
    return elements.enumerated().map { offset, element in
      elementID(element).map(DiffEngine.idText) ?? "\(offset)"
    }
  }

  /// A statement (a call, not an assignment) at `path`.
  private func assignment(_ path: [PathComponent], _ call: String) -> StateAssignment {
    StateAssignment(path: path, target: call, value: "")
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
      let prefix = SwiftPath(path, in: after, payloadMember: payloadMember).prefixes[path.count]
      return assignment(path, prefix.target, dump(prefix.value))
    }
  }

  private func reading<Result>(_ side: DiffSide, _ body: () -> Result) -> Result {
    guard let environment else { return body() }
    return environment.reading(side, body)
  }
}
