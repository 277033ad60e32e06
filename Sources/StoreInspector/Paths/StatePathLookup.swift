import DexPlatform

/// The value at `path` inside `root`, walked the way dumps see values: property wrappers under
/// their property's name, derived values of `CustomDumpReflectable` types, optionals unwrapped,
/// enum payloads by case name, `[N]` positions, `[id: X]` ids (a dictionary's keys) and
/// `["key"]` keys.
///
/// ```swift
/// try value(at: StatePath(parsing: "todos[id: 1].title"), in: todoList)  // "Milk"
/// try value(at: StatePath(parsing: "todos[7]"), in: todoList)
/// // throws: index 7 is out of range for todos (1 element)
/// ```
public func value(at path: StatePath, in root: Any) throws(StatePathError) -> Any {
  var current = root
  for (offset, component) in path.components.enumerated() {
    let walked = StatePath(Array(path.components[..<offset])).description
    current = try StatePathStep(value: current, walked: walked).follow(component)
  }
  return current
}

/// The names that can follow `path` for tab completion: field names, the current case name of an
/// enum with associated values, `[N]` or `[id: X]` for collection elements and `["key"]` for
/// dictionary entries; empty when the path leads nowhere.
///
/// ```swift
/// childNames(at: StatePath(), in: todoList)  // ["title", "todos", "tags", "filter"]
/// ```
public func childNames(at path: StatePath, in root: Any) -> [String] {
  guard let found = try? value(at: path, in: root),
    let unwrapped = try? StatePathStep(value: found, walked: "").unwrapped()
  else { return [] }
  switch ValueShape(of: unwrapped) {
  case .structure(_, let fields), .object(_, _, let fields), .tuple(let fields):
    return fields.compactMap(\.label)
  case .enumCase(let name, _?):
    return [name]
  case .collection(let elements):
    let ids = elements.map(StatePathStep.id(of:))
    if !elements.isEmpty, ids.allSatisfy({ $0 != nil }) {
      return ids.compactMap { $0.map { "[id: \(inspectorDump($0, maxWidth: .max))]" } }
    }
    return elements.indices.map { "[\($0)]" }
  case .set(let elements):
    return elements.indices.map { "[\($0)]" }
  case .dictionary(let entries) where unwrapped is any KeyedByIDDump:
    return entries.map { entrySubscript(inspectorDump($0.key, maxWidth: .max), in: unwrapped) }
  case .dictionary(let entries):
    return entries.map { "[\(inspectorDump($0.key, maxWidth: .max))]" }
      .sorted { $0.naturallyPrecedes($1) }
  case .enumCase(_, nil), .scalar, .optional:
    return []
  }
}

/// One step of a walk: the value reached so far and the path text that reached it.
struct StatePathStep {
  var value: Any
  var walked: String

  func follow(_ component: StatePath.Component) throws(StatePathError) -> Any {
    let value = try unwrapped()
    let shape = ValueShape(of: value)
    switch component {
    case .name(let name):
      return try field(name, of: value, shape)
    case .index(let index):
      return try element(at: index, of: value, shape)
    case .id(let id):
      return try element(withID: id, of: value, shape)
    case .key(let key):
      return try entry(key, of: value, shape)
    }
  }

  /// The value with optionals removed; nil is an error naming the path.
  func unwrapped() throws(StatePathError) -> Any {
    var current = value
    while case .optional(let wrapped) = ValueShape(of: current) {
      guard let wrapped else { throw StatePathError.isNil(path: walked) }
      current = wrapped
    }
    return current
  }

  private func field(_ name: String, of value: Any, _ shape: ValueShape) throws(StatePathError)
    -> Any
  {
    switch shape {
    case .structure(let typeName, let fields), .object(_, let typeName, let fields):
      return try labelled(name, in: fields, typeName: typeName)
    case .tuple(let fields):
      return try labelled(name, in: fields, typeName: TypeName.sugared(type(of: value)))
    case .enumCase(let caseName, let payload):
      guard caseName == name else {
        throw StatePathError.wrongCase(path: walked, actual: caseName, requested: name)
      }
      guard let payload, !payload.isEmpty else {
        throw StatePathError.noPayload(path: walked, caseName: caseName)
      }
      return payload.count == 1 ? payload[0].value : EnumPayload(fields: payload)
    case .collection(let elements), .set(let elements):
      guard name == "count" else {
        throw StatePathError.noField(name, typeName: TypeName.sugared(type(of: value)), fields: ["count"])
      }
      return elements.count
    case .dictionary(let entries):
      guard name == "count" else {
        throw StatePathError.noField(name, typeName: TypeName.sugared(type(of: value)), fields: ["count"])
      }
      return entries.count
    case .scalar, .optional:
      throw StatePathError.noField(name, typeName: TypeName.sugared(type(of: value)), fields: [])
    }
  }

  private func labelled(_ name: String, in fields: [Field], typeName: String)
    throws(StatePathError) -> Any
  {
    guard let field = fields.first(where: { $0.label == name }) else {
      throw StatePathError.noField(name, typeName: typeName, fields: fields.compactMap(\.label))
    }
    return field.value
  }

  private func element(at index: Int, of value: Any, _ shape: ValueShape) throws(StatePathError)
    -> Any
  {
    let elements: [Any]
    switch shape {
    case .collection(let values): elements = values
    case .set(let values): elements = Self.dumpOrder(values)
    case .tuple(let fields): elements = fields.map(\.value)
    // A collection keyed by ids (a navigation stack) is subscripted by position, as an array:
    // `path[2]` is its third element, `path[id: 2]` the one with id 2.
    case .dictionary(let entries) where value is any KeyedByIDDump:
      elements = entries.map(\.value)
    case .dictionary:
      return try entry(.int("\(index)"), of: value, shape)
    default:
      throw notSubscriptable(value, StatePath.Component.index(index))
    }
    guard elements.indices.contains(index) else {
      throw StatePathError.indexOutOfRange(path: walked, index: index, count: elements.count)
    }
    return elements[index]
  }

  private func element(withID id: Literal, of value: Any, _ shape: ValueShape)
    throws(StatePathError) -> Any
  {
    let elements: [Any]
    switch shape {
    case .collection(let values), .set(let values): elements = values
    // A dictionary's keys are its entries' ids (a navigation stack dumps keyed by its ids).
    case .dictionary: return try entry(id, of: value, shape)
    default: throw notSubscriptable(value, StatePath.Component.id(id))
    }
    let ids = elements.map(Self.id(of:))
    for (element, elementID) in zip(elements, ids) {
      if let elementID, literalMatches(elementID, id) { return element }
    }
    if !elements.isEmpty, ids.allSatisfy({ $0 == nil }) {
      throw StatePathError.notIdentified(path: walked)
    }
    throw StatePathError.noElement(
      path: walked, id: id.description,
      ids: ids.compactMap { $0.map { inspectorDump($0, maxWidth: .max) } })
  }

  private func entry(_ key: Literal, of value: Any, _ shape: ValueShape) throws(StatePathError)
    -> Any
  {
    guard case .dictionary(let entries) = shape else {
      throw notSubscriptable(value, StatePath.Component.key(key))
    }
    if let match = entries.first(where: { literalMatches($0.key, key) }) { return match.value }
    throw StatePathError.noKey(
      path: walked, key: key.description,
      keys: entries.map { inspectorDump($0.key, maxWidth: .max) }
        .sorted { $0.naturallyPrecedes($1) })
  }

  private func notSubscriptable(_ value: Any, _ component: StatePath.Component) -> StatePathError {
    .notSubscriptable(
      path: walked, typeName: TypeName.sugared(type(of: value)), subscript: component.description)
  }

  /// Set elements in the order dumps print them.
  private static func dumpOrder(_ elements: [Any]) -> [Any] {
    elements.map { (text: inspectorDump($0, maxWidth: .max), value: $0) }
      .sorted { $0.text.naturallyPrecedes($1.text) }
      .map(\.value)
  }

  /// The element's `Identifiable` id, else its field named `id`, else nil.
  static func id(of element: Any) -> Any? {
    if let identifiable = element as? any Identifiable {
      return identifier(of: identifiable)
    }
    switch ValueShape(of: element) {
    case .structure(_, let fields), .object(_, _, let fields):
      return fields.first { $0.label == "id" }?.value
    default:
      return nil
    }
  }

  private static func identifier<Element: Identifiable>(of element: Element) -> Any {
    element.id
  }
}
