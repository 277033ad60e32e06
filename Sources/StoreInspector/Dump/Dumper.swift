/// Builds the `DumpTree` of a value through `ValueShape`, numbering class instances so that a
/// cycle prints a back-reference instead of recursing forever.
struct Dumper {
  private var ordinals: [ObjectIdentifier: Int] = [:]
  private var referenced: Set<Int> = []
  /// Keeps dumped instances alive so their identifiers are not reused during the dump.
  private var retained: [AnyObject] = []
  /// Text that stands for some values instead of their full dump (abbreviations).
  private var abbreviate: ((Any) -> String?)?
  private var leavesOutDerived = false

  /// The tree of `value`; values `abbreviate` has text for print as that text. Derived values
  /// are left out when `leavingOutDerived` (Swift that builds the value: they are no
  /// initializer's arguments).
  static func tree(
    of value: Any, abbreviate: ((Any) -> String?)? = nil, leavingOutDerived: Bool = false
  ) -> DumpTree {
    // A value printed as one token (an id, a count, a name) is its text: no dumper to set up.
    if abbreviate == nil, let text = scalarText(of: value) {
      return DumpTree(root: .text(text), referenceNumbers: [:])
    }
    var dumper = Dumper()
    dumper.abbreviate = abbreviate
    dumper.leavesOutDerived = leavingOutDerived
    let root = dumper.node(of: value)
    var numbers: [Int: Int] = [:]
    for (number, ordinal) in dumper.referenced.sorted().enumerated() {
      numbers[ordinal] = number + 1
    }
    return DumpTree(root: root, referenceNumbers: numbers)
  }

  /// The text a value dumps as when it dumps as one token, without a dumper: what `node(of:)`
  /// gives a scalar that is not a set (a set, even with a text of its own, lists its ids).
  static func scalarText(of value: Any) -> String? {
    scalarText(of: value, traits: TypeTraits.of(type(of: value)))
  }

  /// `scalarText(of:)` with the traits of the value's type already looked up.
  static func scalarText(of value: Any, traits: TypeTraits) -> String? {
    guard traits.scalarKind != .structured, !traits.isSet else { return nil }
    return ValueShape.scalarText(of: value, kind: traits.scalarKind)
  }

  private mutating func node(of value: Any) -> DumpNode {
    if let abbreviate, let text = abbreviate(value) { return .text(text) }
    // Ids and counts are most of the scalars a diff prints: no traits, no shape.
    if type(of: value) == Int.self, let integer = value as? Int { return .text(String(integer)) }
    if TypeTraits.of(type(of: value)).isSet, let set = value as? any HashedSet,
      let integers = set.sortedIntegers
    {
      // Sets of ids are common and large: no mirror, no boxing of each element.
      return .group(open: "[", close: "]", items: integers.map(Self.member))
    }
    switch ValueShape(of: value) {
    case .scalar(let text):
      return .text(text)
    case .optional(let wrapped):
      return wrapped.map { node(of: $0) } ?? .text("nil")
    case .enumCase(let name, nil):
      return .text("." + name)
    case .enumCase(let name, let payload?):
      return .group(open: ".\(name)(", close: ")", items: items(payload))
    case .structure(let typeName, let fields):
      return .group(open: typeName + "(", close: ")", items: items(fields))
    case .object(let object, let typeName, let fields):
      let identifier = ObjectIdentifier(object)
      if let ordinal = ordinals[identifier] {
        referenced.insert(ordinal)
        return .reference(ordinal: ordinal)
      }
      let ordinal = ordinals.count
      ordinals[identifier] = ordinal
      retained.append(object)
      return .object(
        ordinal: ordinal, .group(open: typeName + "(", close: ")", items: items(fields)))
    case .tuple(let fields):
      return .group(open: "(", close: ")", items: items(fields))
    case .collection(let elements):
      return .group(
        open: "[", close: "]",
        items: elements.map { element in
          DumpItem(
            prefix: "", value: node(of: element),
            role: .element(id: elementID(element).map(DiffEngine.idText)))
        })
    case .set(let elements):
      if elements.first is Int, case let integers = elements.compactMap({ $0 as? Int }),
        integers.count == elements.count
      {
        // Sets of ids are common and large: sort them as numbers (the natural order of their
        // text) without building and comparing strings.
        return .group(open: "[", close: "]", items: integers.sorted().map(Self.member))
      }
      let sorted = elements.map { node(of: $0) }
        .map { (key: DumpTree(root: $0, referenceNumbers: [:]).flatText, node: $0) }
        .sorted { $0.key.naturallyPrecedes($1.key) }
      return .group(
        open: "[", close: "]",
        items: sorted.map { DumpItem(prefix: "", value: $0.node, role: .member) })
    case .dictionary(let entries):
      if entries.isEmpty { return .text("[:]") }
      let sorted = entries.map { entry in
        (
          key: DumpTree(root: node(of: entry.key), referenceNumbers: [:]).flatText,
          value: node(of: entry.value)
        )
      }
      .sorted { $0.key.naturallyPrecedes($1.key) }
      return .group(
        open: "[", close: "]",
        items: sorted.map { DumpItem(prefix: $0.key + ": ", value: $0.value) })
    }
  }

  private static func member(_ integer: Int) -> DumpItem {
    DumpItem(prefix: "", value: .text(String(integer)), role: .member)
  }

  private mutating func items(_ fields: [Field]) -> [DumpItem] {
    fields.filter { !(leavesOutDerived && $0.isDerived) }.map { field in
      DumpItem(
        prefix: field.label.map { $0 + ": " } ?? "", value: node(of: field.value),
        role: field.isDerived ? .derived : .part)
    }
  }
}
