/// A path from a root value, spelled as Swift that can assign through it.
///
/// Each step is spelled by looking at the value it is taken from: a stored property is `.name`,
/// an array element `[3]` (an identified element of a plain array is found by its id), an
/// element of any other identified collection `[id: 3]`, a dictionary entry `["key"]`; optional
/// values and subscripts that return optionals chain with `?`; an enum case's payload is reached
/// through the member `payloadMember` names for it (`.value?`, `[case: \.detail]?`). A step that Swift cannot assign
/// through (another enum payload, a set element, a value with a custom mirror) ends the spelling.
struct SwiftPath {
  /// `prefixes[i]` spells `path[..<i]`; there are as many as the steps that could be spelled,
  /// plus one for the root.
  private(set) var prefixes: [Prefix]

  struct Prefix {
    /// Swift after `$0`, e.g. `.rows[id: 2]?.title`.
    var target: String
    /// The value the prefix reaches (optionals unwrapped when a later step chained through them).
    var value: Any
    /// Whether the expression is optional: a later step must chain with `?`.
    var isOptional: Bool
  }

  /// Spells as much of `path` as possible, walking `root`; `payloadMember` names the member
  /// that reads and writes a case's payload (`.value`), given the enum value and the case.
  init(
    _ path: [PathComponent], in root: Any,
    payloadMember: (_ value: Any, _ caseName: String) -> String? = { _, _ in nil }
  ) {
    prefixes = [Prefix(target: "", value: root, isOptional: Self.isOptional(root))]
    for component in path {
      guard
        let next = Self.step(
          from: prefixes[prefixes.count - 1], through: component, payloadMember: payloadMember)
      else {
        break
      }
      prefixes.append(next)
    }
  }

  /// How many steps of the path were spelled.
  var spelledCount: Int { prefixes.count - 1 }

  private static func step(
    from prefix: Prefix, through component: PathComponent,
    payloadMember: (_ value: Any, _ caseName: String) -> String?
  ) -> Prefix? {
    var value = prefix.value
    var target = prefix.target
    if case .optional(let wrapped) = ValueShape(of: value) {
      guard let wrapped else { return nil }
      value = wrapped
    }
    if prefix.isOptional { target += "?" }
    switch (ValueShape(of: value), component) {
    case (.structure(_, let fields), .field(let name)),
      (.object(_, _, let fields), .field(let name)),
      (.tuple(let fields), .field(let name)):
      guard let field = fields.first(where: { $0.label == name }), !field.isDerived,
        isStoredProperty(name, of: value)
      else { return nil }
      return next(target + "." + memberName(name), field.value)
    case (.tuple(let fields), .index(let index)):
      guard index < fields.count, fields[index].label == nil else { return nil }
      return next(target + ".\(index)", fields[index].value)
    case (.collection(let elements), .index(let index)):
      guard value is any ArrayStorage, index < elements.count else { return nil }
      return next(target + "[\(index)]", elements[index])
    case (.collection(let elements), .id(let id)):
      guard
        let index = elements.firstIndex(where: { element in
          elementID(element).map(DiffEngine.idText) == id
        })
      else { return nil }
      guard value is any ArrayStorage else {
        return Prefix(target: target + "[id: \(id)]", value: elements[index], isOptional: true)
      }
      return next(target + "[\(index)]", elements[index])
    case (.enumCase(let name, let payload?), .enumCase(let step)):
      guard name == step, payload.count == 1, payload[0].label == nil,
        let member = payloadMember(value, name)
      else { return nil }
      return Prefix(target: target + member, value: payload[0].value, isOptional: true)
    case (.dictionary(let entries), .key(let key)):
      guard let entry = entries.first(where: { Dumper.tree(of: $0.key).flatText == key }) else {
        return nil
      }
      return Prefix(
        target: target + entrySubscript(key, in: value), value: entry.value, isOptional: true)
    default:
      return nil
    }
  }

  /// Whether `name` is a stored property (or a property wrapper's) of `value`, so that it can be
  /// assigned: a custom mirror may show other things.
  private static func isStoredProperty(_ name: String, of value: Any) -> Bool {
    guard value is any CustomDumpReflectable else { return true }
    let stored = Mirror(reflecting: value).children.compactMap(\.label)
    return stored.contains(name) || stored.contains("_" + name)
  }

  private static func next(_ target: String, _ value: Any) -> Prefix {
    Prefix(target: target, value: value, isOptional: isOptional(value))
  }

  private static func isOptional(_ value: Any) -> Bool {
    if case .optional = ValueShape(of: value) { return true }
    return false
  }

  /// A member name as Swift writes it after a dot.
  private static func memberName(_ name: String) -> String {
    ["self", "init", "Type", "Protocol"].contains(name) ? "`\(name)`" : name
  }
}
