import DexPlatform
@_spi(Reflection) import Swift

/// The stored properties of a struct type (names, offsets, types), worked out once per type,
/// so reading a value's fields costs one load per field.
///
/// A `Mirror` reads them too, but every child it reads looks its field up and demangles the
/// field's type name again, and every `Mirror(reflecting:)` looks for `CustomReflectable`:
/// that was about a third of a diff. The layout comes from the runtime's field records (the
/// ones `Mirror` reads), in declaration order, with the names `Mirror` shows. A class, so that
/// a look-up hands out one reference rather than a copy of every field.
final class StructLayout: Sendable {
  struct Field: Sendable {
    let label: String
    let offset: Int
    let type: Any.Type
    /// The field's size in bytes.
    let size: Int
    /// How the field's type prints as one token, if it does.
    let scalarKind: ScalarKind
    /// The label and `: `, what a diff's entry of the field starts with.
    let prefix: String
    /// Whether different bytes are a different value, which shows as a different text: the
    /// standard library's fixed-width integers and Bool.
    let differsWhenBytesDiffer: Bool

    init(label: String, offset: Int, type: Any.Type) {
      self.label = label
      self.offset = offset
      self.type = type
      func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
      self.size = _openExistential(type, do: size)
      scalarKind = TypeTraits.of(type).scalarKind
      prefix = label + ": "
      differsWhenBytesDiffer = Self.bytesAreValues.contains { $0 == type }
    }

    /// Whether the same bytes are the same value, which shows as the same text: text,
    /// numbers and Bool (`ScalarKind.isStandardLibraryScalar`).
    var isSameWhenSameBytes: Bool { scalarKind.isStandardLibraryScalar }

    /// The types whose every value has one representation, one bit pattern.
    private static let bytesAreValues: [Any.Type] = [
      Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
      UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self, Bool.self,
    ]
  }

  /// A field's values in two values of the layout's type, as `forEachField` hands them out.
  enum FieldValues {
    /// The same bytes in both, for a field where that makes the same value
    /// (`Field.isSameWhenSameBytes`): its value when the caller asked for it, else nil.
    case same(Any?)
    /// The field's value in each.
    case pair(old: Any, new: Any)
  }

  /// The struct type.
  let subjectType: Any.Type
  let fields: [Field]
  /// Whether no field can be a derived value or a property wrapper (none is typed
  /// `DerivedValue` or labelled `_name`), so the fields are taken as they are.
  let hasPlainFields: Bool
  /// For each field, whether it tells an element apart from its neighbours (`ElementIdentity`).
  let isIdentityField: [Bool]
  /// The type's name and `(`, what a diff of its fields opens with: `RowFeature.State(`.
  let groupOpening: String

  private init(subjectType: Any.Type, fields: [Field], hasPlainFields: Bool) {
    self.subjectType = subjectType
    self.fields = fields
    self.hasPlainFields = hasPlainFields
    let identity = ElementIdentity.labels(among: fields.map(\.label))
    isIdentityField = fields.map { identity.contains($0.label) }
    groupOpening = TypeName.of(subjectType) + "("
  }

  /// The layout of the type of `value`, or nil when only a `Mirror` reads it as dumps show
  /// it: not a struct, a struct with a custom mirror, or a field that is weak, unowned or of a
  /// kind the runtime's key paths cannot reach (a closure, say).
  static func of(typeOf value: Any) -> StructLayout? {
    let type = type(of: value)
    let key = ObjectIdentifier(type)
    if let known = cache.withLock({ $0[key] }) { return known }
    // Decided once per type, from the same mirror a dump would otherwise read.
    let isStruct = Mirror(reflecting: value).displayStyle == .struct
    let layout = isStruct && !(type is any CustomReflectable.Type) ? read(type) : nil
    cache.withLock { $0[key] = layout }
    return layout
  }

  private static let cache = LockedValue<[ObjectIdentifier: StructLayout?]>([:])

  private static func read(_ type: Any.Type) -> StructLayout? {
    func readable<Subject>(_: Subject.Type) -> Bool {
      // True only when every field is a strong reference or a value of a supported kind.
      MemoryLayout<Subject>.size > 0 && _forEachFieldWithKeyPath(of: Subject.self) { _, _ in true }
    }
    guard _openExistential(type, do: readable) else { return nil }
    var fields: [Field] = []
    let complete = _forEachField(of: type) { name, offset, fieldType, _ in
      fields.append(Field(label: String(cString: name), offset: offset, type: fieldType))
      return true
    }
    let hasPlainFields = fields.allSatisfy { field in
      field.type != DerivedValue.self && !field.label.hasPrefix("_") && !field.label.hasPrefix(".")
    }
    return complete
      ? StructLayout(subjectType: type, fields: fields, hasPlainFields: hasPlainFields) : nil
  }

  /// Calls `body` with each field, its index and its values in `old` and in `new`, two values of
  /// this layout's type, in order: a diff compares them pair by pair with no list of fields.
  /// A field whose bytes are the same in both and make the same value then is handed out as
  /// `.same`, neither value read out (the new one is, where `loadingSame` says so by index).
  func forEachField(
    of old: Any, and new: Any, loadingSame: [Bool]?, _ body: (Int, Field, FieldValues) -> Void
  ) {
    // The two values are read where their existentials hold them: a cast out of an `Any`
    // copies the value, retaining everything in it (the whole state, at the root of a diff).
    func openOld<Old>(_ old: Old) {
      func openNew<New>(_ new: New) {
        guard Old.self == subjectType, New.self == subjectType else {
          // An `Any` held in the `Any`: the cast unwraps every level.
          return forEachFieldCasting(old, new, loadingSame: loadingSame, body)
        }
        withUnsafeBytes(of: old) { oldBytes in
          withUnsafeBytes(of: new) { newBytes in
            forEachField(oldBytes, newBytes, loadingSame: loadingSame, body)
          }
        }
      }
      _openExistential(new, do: openNew)
    }
    _openExistential(old, do: openOld)
  }

  private func forEachFieldCasting(
    _ old: Any, _ new: Any, loadingSame: [Bool]?, _ body: (Int, Field, FieldValues) -> Void
  ) {
    func read<Subject>(_: Subject.Type) {
      guard let old = old as? Subject, let new = new as? Subject else { return }
      withUnsafeBytes(of: old) { oldBytes in
        withUnsafeBytes(of: new) { newBytes in
          forEachField(oldBytes, newBytes, loadingSame: loadingSame, body)
        }
      }
    }
    _openExistential(subjectType, do: read)
  }

  /// Calls `body` with each field, its index and its values in the bytes of two values.
  private func forEachField(
    _ oldBytes: UnsafeRawBufferPointer, _ newBytes: UnsafeRawBufferPointer,
    loadingSame: [Bool]?, _ body: (Int, Field, FieldValues) -> Void
  ) {
    guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else { return }
    for (index, field) in fields.enumerated() {
      if field.isSameWhenSameBytes,
        areSameBytes(
          UnsafeRawBufferPointer(start: oldBase + field.offset, count: field.size),
          UnsafeRawBufferPointer(start: newBase + field.offset, count: field.size))
      {
        func loadNew<Value>(_: Value.Type) -> Any {
          newBase.load(fromByteOffset: field.offset, as: Value.self)
        }
        let isLoaded = loadingSame?[index] ?? false
        body(index, field, .same(isLoaded ? _openExistential(field.type, do: loadNew) : nil))
        continue
      }
      func load<Value>(_: Value.Type) -> (Any, Any) {
        (
          oldBase.load(fromByteOffset: field.offset, as: Value.self),
          newBase.load(fromByteOffset: field.offset, as: Value.self)
        )
      }
      let (oldValue, newValue) = _openExistential(field.type, do: load)
      body(index, field, .pair(old: oldValue, new: newValue))
    }
  }

  /// The field at `index` of `value`, a value of this layout's type.
  func value(ofField index: Int, in value: Any) -> Any {
    let field = fields[index]
    func read<Subject>(_: Subject.Type) -> Any {
      // A cast, as in `children(of:)`: it unwraps an `Any` held in the `Any`.
      guard let subject = value as? Subject else { return () }
      return withUnsafeBytes(of: subject) { bytes in
        func load<Value>(_: Value.Type) -> Any {
          bytes.load(fromByteOffset: field.offset, as: Value.self)
        }
        return _openExistential(field.type, do: load)
      }
    }
    return _openExistential(subjectType, do: read)
  }

  /// The fields of `value`, a value of this layout's type, in order.
  func children(of value: Any) -> [(label: String?, value: Any)] {
    func read<Subject>(_: Subject.Type) -> [(label: String?, value: Any)] {
      // A cast, not an opened existential: `value` may be an `Any` holding an `Any`, and the
      // cast unwraps every level (an exact-type cast, cheap).
      guard let subject = value as? Subject else { return [] }
      return withUnsafeBytes(of: subject) { bytes in
        guard let base = bytes.baseAddress else { return [] }
        return fields.map { field in
          func load<Value>(_: Value.Type) -> Any {
            base.load(fromByteOffset: field.offset, as: Value.self)
          }
          return (field.label, _openExistential(field.type, do: load))
        }
      }
    }
    return _openExistential(subjectType, do: read)
  }
}
