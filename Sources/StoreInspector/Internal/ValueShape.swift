import DexPlatform

/// One labelled (or unlabelled) part of a value: a stored property, a payload value, a tuple
/// element.
struct Field {
  var label: String?
  private var stored: Any?
  private var derived: DerivedValue?

  /// A stored part of a value.
  init(label: String?, value: Any) {
    self.label = label
    self.stored = value
  }

  /// A part computed from the others, computed only when read.
  init(label: String?, derived: DerivedValue) {
    self.label = label
    self.derived = derived
  }

  /// The part's value (a derived one is computed now).
  var value: Any { stored ?? derived?.value ?? () }

  /// A value computed from the others (`DerivedValue`): dumped and reachable by paths, but not
  /// diffed (nor computed for a diff), since its change is already shown where it comes from.
  var isDerived: Bool { derived != nil }
}

/// The structure of a value as dumps and diffs see it, read once through `Mirror`.
///
/// Dump and diff both start here, so they agree on names (property wrappers appear under their
/// property's own name), on what is a scalar and on how enums and optionals look.
enum ValueShape {
  /// A value printed as one piece of text: numbers, strings, Bool, URL, Date, custom text.
  case scalar(String)
  /// An optional; nil when it holds no value.
  case optional(Any?)
  /// An enum case; `payload` is nil for a case without associated values.
  case enumCase(name: String, payload: [Field]?)
  /// A struct (or a value with a custom mirror) and its fields.
  case structure(typeName: String, fields: [Field])
  /// A class instance and its fields, superclass fields first.
  case object(AnyObject, typeName: String, fields: [Field])
  /// A tuple and its elements.
  case tuple([Field])
  /// An ordered collection (arrays, identified arrays, anything with a `.collection` mirror).
  case collection([Any])
  /// A set: elements are printed sorted by their dump.
  case set([Any])
  /// A dictionary: entries are printed sorted by the dump of their keys.
  case dictionary([(key: Any, value: Any)])

  /// Reads the shape of `value`.
  init(of value: Any) {
    let valueType = type(of: value)
    let traits = TypeTraits.of(valueType)
    if let scalar = Self.scalarText(of: value, kind: traits.scalarKind) {
      self = .scalar(scalar)
      return
    }
    if !traits.hasCustomMirror, let layout = StructLayout.of(typeOf: value) {
      let children = layout.children(of: value)
      // Fields that can be neither derived nor wrapped need no look at their values.
      let fields =
        layout.hasPlainFields
        ? children.map { Field(label: $0.label, value: $0.value) } : Self.fields(of: children)
      self = .structure(typeName: TypeName.of(valueType), fields: fields)
      return
    }
    let mirror = Self.mirror(of: value)
    switch mirror.displayStyle {
    case .optional:
      self = .optional(mirror.children.first?.value)
    case .enum:
      guard let payload = mirror.children.first else {
        self = .enumCase(name: enumCaseName(of: value), payload: nil)
        return
      }
      let payloadMirror = Self.mirror(of: payload.value)
      let fields =
        payloadMirror.displayStyle == .tuple
        ? Self.fields(of: payloadMirror)
        : [Field(label: nil, value: payload.value)]
      self = .enumCase(name: payload.label ?? enumCaseName(of: value), payload: fields)
    case .tuple:
      self = .tuple(Self.fields(of: mirror))
    case .collection:
      self = .collection(mirror.children.map(\.value))
    case .set:
      self = .set(mirror.children.map(\.value))
    case .dictionary:
      self = .dictionary(
        mirror.children.map { child in
          let pair = Array(Mirror(reflecting: child.value).children)
          guard pair.count == 2 else { return (key: child.label ?? "", value: child.value) }
          return (key: pair[0].value, value: pair[1].value)
        })
    case .class:
      let typeName = TypeName.of(mirror.subjectType)
      let fields = Self.fields(of: mirror)
      if type(of: value) is AnyClass {
        self = .object(value as AnyObject, typeName: typeName, fields: fields)
      } else {
        self = .structure(typeName: typeName, fields: fields)
      }
    case .struct, nil, .some:
      if mirror.displayStyle == nil, mirror.children.isEmpty {
        self = .scalar(Self.opaqueText(of: value))
      } else {
        self = .structure(
          typeName: TypeName.of(mirror.subjectType), fields: Self.fields(of: mirror))
      }
    }
  }

  /// The mirror dumps use: the value's `inspectorMirror` when it has one.
  static func mirror(of value: Any) -> Mirror {
    TypeTraits.of(type(of: value)).hasCustomMirror
      ? (value as? any CustomDumpReflectable)?.inspectorMirror ?? Mirror(reflecting: value)
      : Mirror(reflecting: value)
  }

  /// The fields of a struct, class or tuple mirror, superclass fields first.
  ///
  /// A child labelled `_name` whose own mirror has exactly one child, `wrappedValue`, is a
  /// property wrapper: it is shown as `name` with the wrapped value.
  static func fields(of mirror: Mirror) -> [Field] {
    (mirror.superclassMirror.map(fields(of:)) ?? [])
      + fields(of: mirror.children.map { (label: $0.label, value: $0.value) })
  }

  /// The fields of labelled children (a mirror's, or a struct layout's).
  static func fields(of children: [(label: String?, value: Any)]) -> [Field] {
    var fields: [Field] = []
    fields.reserveCapacity(children.count)
    for child in children {
      guard var label = child.label else {
        fields.append(Field(label: nil, value: child.value))
        continue
      }
      if label.hasPrefix(".") {
        fields.append(Field(label: nil, value: child.value))
        continue
      }
      if let derived = child.value as? DerivedValue {
        fields.append(Field(label: label, derived: derived))
        continue
      }
      var value = child.value
      if label.hasPrefix("_"), let wrapped = wrappedValue(of: value) {
        label.removeFirst()
        value = wrapped
      }
      fields.append(Field(label: label, value: value))
    }
    return fields
  }

  /// The `wrappedValue` of a property-wrapper-like value: the only child of its mirror.
  private static func wrappedValue(of value: Any) -> Any? {
    let children = mirror(of: value).children
    guard children.count == 1, let only = children.first, only.label == "wrappedValue" else {
      return nil
    }
    return only.value
  }

  /// The text of values printed as a single token, or nil for structured values.
  static func scalarText(of value: Any) -> String? {
    scalarText(of: value, kind: TypeTraits.of(type(of: value)).scalarKind)
  }

  /// The text of a value printed as a single token, its type's `ScalarKind` already known.
  static func scalarText(of value: Any, kind: ScalarKind) -> String? {
    switch kind {
    case .structured:
      return nil
    case .custom:
      return (value as? any CustomDumpStringConvertible)?.inspectorDescription
    case .text:
      switch value {
      case let string as String: return string.quotedLiteral
      case let character as Character: return String(character).quotedLiteral
      case let substring as Substring: return String(substring).quotedLiteral
      case let scalar as Unicode.Scalar: return String(scalar).quotedLiteral
      default: return nil
      }
    case .bool:
      return (value as? Bool).map { $0 ? "true" : "false" }
    case .integer:
      if let int = value as? Int { return String(int) }
      return (value as? any BinaryInteger).map { "\($0)" }
    case .float:
      guard let float = value as? any BinaryFloatingPoint else { return nil }
      if float.isNaN { return ".nan" }
      if float.isInfinite { return float.sign == .minus ? "-.infinity" : ".infinity" }
      return "\(float)"
    case .foundation:
      return foundationScalarText(of: value)
    }
  }

  /// Text for values without structure: metatypes as `Type.self`, anything else by description.
  private static func opaqueText(of value: Any) -> String {
    if let type = value as? Any.Type {
      return TypeName.of(type) + ".self"
    }
    return String(describing: value)
  }
}

/// How a type prints when it prints as one token, worked out once per type: a diff visits the
/// same few types again and again, and dynamic casts to protocols are not free.
enum ScalarKind {
  case structured, custom, text, bool, integer, float, foundation

  /// Whether values of the kind are the standard library's own scalars (text, Bool, integers,
  /// floating point): they hold no reference a shared value could be read through, and equal
  /// bits make equal texts.
  var isStandardLibraryScalar: Bool {
    switch self {
    case .text, .bool, .integer, .float: true
    case .structured, .custom, .foundation: false
    }
  }

  /// Worked out once per type, with the type's other traits (`TypeTraits.scalarKind`).
  static func classify(_ type: Any.Type) -> ScalarKind {
    if type is any CustomDumpStringConvertible.Type { return .custom }
    if type == String.self || type == Character.self || type == Substring.self
      || type == Unicode.Scalar.self
    {
      return .text
    }
    if type == Bool.self { return .bool }
    if type is any BinaryInteger.Type { return .integer }
    if type is any BinaryFloatingPoint.Type { return .float }
    if isFoundationScalar(type) { return .foundation }
    return .structured
  }
}

/// What the dumper and the differ ask about a type, worked out once per type (dynamic casts to
/// protocols look the conformance up every time). A class, so that a look-up hands out one
/// reference rather than a copy of every field (with a retain for each function in it).
final class TypeTraits: Sendable {
  let hasCustomMirror: Bool
  let hasCustomText: Bool
  /// `==` for values of the type, when it is `Equatable`.
  let equality: AnyEquality?
  let isArray: Bool
  let isSet: Bool
  let isDictionary: Bool
  /// The `Identifiable` id of a value of the type, when it has one, with the type opened once
  /// here (a cast to `any Identifiable` would look the conformance up every time).
  let identifier: TypeFunction<(Any) -> AnyHashable?>?
  /// The text of the id of the second of two values of the type (`DiffEngine.idText`) when
  /// both are `Identifiable` with the same id, else nil: an element changed in place is
  /// matched by one call, with no id boxed as `AnyHashable` when it is its own text.
  let matchingIDText: TypeFunction<(Any, Any) -> String?>?
  let isChunked: Bool
  let scalarKind: ScalarKind
  /// `stretches(against:)` of two values of a `ChunkedCollection` type, with the type opened
  /// once here: a cast of each value to the protocol would look the conformance up every time.
  let chunkedStretches: TypeFunction<(Any, Any) -> [ElementStretch]?>?
  /// `storageIdentity` of two values of a `HashedSet` type, opened the same way.
  let setIdentities: TypeFunction<(Any, Any) -> (old: UInt, new: UInt)?>?
  /// `difference(to:)` of two values of a `HashedSet` type.
  let setDifference: TypeFunction<(Any, Any) -> SetDifference?>?

  private init(_ type: Any.Type) {
    hasCustomMirror = type is any CustomDumpReflectable.Type
    hasCustomText = type is any CustomDumpStringConvertible.Type
    equality = (type as? any Equatable.Type).map { AnyEquality($0) }
    isArray = type is any ArrayStorage.Type
    isSet = type is any HashedSet.Type
    isDictionary = type is any HashedDictionary.Type
    identifier = (type as? any Identifiable.Type).map { Self.identifier($0) }
    matchingIDText = (type as? any Identifiable.Type).map { Self.matchingIDText($0) }
    isChunked = type is any ChunkedCollection.Type
    scalarKind = ScalarKind.classify(type)
    chunkedStretches = (type as? any ChunkedCollection.Type).map { Self.stretches($0) }
    setIdentities = (type as? any HashedSet.Type).map { Self.identities($0) }
    setDifference = (type as? any HashedSet.Type).map { Self.difference($0) }
  }

  static func of(_ type: Any.Type) -> TypeTraits {
    let key = ObjectIdentifier(type)
    if let known = cache.withLock({ $0[key] }) { return known }
    let traits = TypeTraits(type)
    cache.withLock { $0[key] = traits }
    return traits
  }

  private static let cache = LockedValue<[ObjectIdentifier: TypeTraits]>([:])

  private static func stretches<Collection: ChunkedCollection>(
    _: Collection.Type
  ) -> TypeFunction<(Any, Any) -> [ElementStretch]?> {
    TypeFunction { old, new in
      // Read where the existentials hold the two collections: a cast would copy each (its
      // lists of chunks and ids retained, to be released after one look).
      func openOld<Old>(_ old: Old) -> [ElementStretch]?? {
        func openNew<New>(_ new: New) -> [ElementStretch]?? {
          guard Old.self == Collection.self, New.self == Collection.self else { return nil }
          return withUnsafePointer(to: old) { old in
            withUnsafePointer(to: new) { new in
              UnsafeRawPointer(old).assumingMemoryBound(to: Collection.self).pointee.stretches(
                against: UnsafeRawPointer(new).assumingMemoryBound(to: Collection.self).pointee)
            }
          }
        }
        return _openExistential(new, do: openNew)
      }
      if let stretches = _openExistential(old, do: openOld) { return stretches }
      // An `Any` held in the `Any`: the cast unwraps every level.
      guard let old = old as? Collection, let new = new as? Collection else { return nil }
      return old.stretches(against: new)
    }
  }

  private static func identifier<Element: Identifiable>(
    _: Element.Type
  ) -> TypeFunction<(Any) -> AnyHashable?> {
    TypeFunction { value in (value as? Element).map { AnyHashable($0.id) } }
  }

  private static func matchingIDText<Element: Identifiable>(
    _: Element.Type
  ) -> TypeFunction<(Any, Any) -> String?> {
    // Text, numbers and Bool are their own `AnyHashable` base, whose text is the id's text.
    let kind = ScalarKind.classify(Element.ID.self)
    let isOwnBase = kind.isStandardLibraryScalar
    return TypeFunction { old, new in
      guard let old = old as? Element, let new = new as? Element else { return nil }
      let id = new.id
      guard old.id == id else { return nil }
      let text = isOwnBase ? ValueShape.scalarText(of: id, kind: kind) : nil
      return text ?? DiffEngine.idText(AnyHashable(id))
    }
  }

  private static func identities<Set: HashedSet>(
    _: Set.Type
  ) -> TypeFunction<(Any, Any) -> (old: UInt, new: UInt)?> {
    TypeFunction { old, new in
      // Read where the existentials hold the two sets: a cast would copy each.
      func storage<Value>(_ value: Value) -> UInt? {
        Value.self == Set.self ? storageIdentity(of: value) : nil
      }
      guard let oldStorage = _openExistential(old, do: storage) ?? (old as? Set)?.storageIdentity,
        let newStorage = _openExistential(new, do: storage) ?? (new as? Set)?.storageIdentity
      else { return nil }
      return (oldStorage, newStorage)
    }
  }

  private static func difference<Set: HashedSet>(
    _: Set.Type
  ) -> TypeFunction<(Any, Any) -> SetDifference?> {
    if Set.self == Swift.Set<Int>.self {
      // Sets of ids, cast and compared with the concrete type.
      return TypeFunction { old, new in
        guard let old = old as? Swift.Set<Int>, let new = new as? Swift.Set<Int> else { return nil }
        return integerSetDifference(old, new)
      }
    }
    return TypeFunction { old, new in (old as? Set)?.difference(to: new) }
  }
}

/// A function on the values of one type, made once per type: it captures nothing but the type,
/// which never changes, so it is shared between threads as `AnyEquality` is.
struct TypeFunction<Function>: @unchecked Sendable {
  let call: Function

  init(_ call: Function) {
    self.call = call
  }
}
