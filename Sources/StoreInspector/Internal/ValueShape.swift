/// One labelled (or unlabelled) part of a value: a stored property, a payload value, a tuple
/// element.
struct Field {
  var label: String?
  var value: Any
  /// A value computed from the others (`DerivedValue`): dumped and reachable by paths, but not
  /// diffed, since its change is already shown where it comes from.
  var isDerived = false
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
    if let scalar = Self.scalarText(of: value) {
      self = .scalar(scalar)
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
    (value as? any CustomDumpReflectable)?.inspectorMirror ?? Mirror(reflecting: value)
  }

  /// The fields of a struct, class or tuple mirror, superclass fields first.
  ///
  /// A child labelled `_name` whose own mirror has exactly one child, `wrappedValue`, is a
  /// property wrapper: it is shown as `name` with the wrapped value.
  static func fields(of mirror: Mirror) -> [Field] {
    var fields = mirror.superclassMirror.map(fields(of:)) ?? []
    for child in mirror.children {
      guard var label = child.label else {
        fields.append(Field(label: nil, value: child.value))
        continue
      }
      if label.hasPrefix(".") {
        fields.append(Field(label: nil, value: child.value))
        continue
      }
      if let derived = child.value as? DerivedValue {
        fields.append(Field(label: label, value: derived.value, isDerived: true))
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
    switch value {
    case let custom as any CustomDumpStringConvertible:
      return custom.inspectorDescription
    case let string as String:
      return string.quotedLiteral
    case let character as Character:
      return String(character).quotedLiteral
    case let substring as Substring:
      return String(substring).quotedLiteral
    case let scalar as Unicode.Scalar:
      return String(scalar).quotedLiteral
    case let bool as Bool:
      return bool ? "true" : "false"
    case let integer as any BinaryInteger:
      return "\(integer)"
    case let float as any BinaryFloatingPoint:
      if float.isNaN { return ".nan" }
      if float.isInfinite { return float.sign == .minus ? "-.infinity" : ".infinity" }
      return "\(float)"
    default:
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
