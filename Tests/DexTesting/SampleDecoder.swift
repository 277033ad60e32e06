import Composable
import Foundation

/// A decoder that builds a value of any `Decodable` type from the simplest values: 0, `false`,
/// empty strings and collections (or collections of one sample each), `nil`, the zero UUID, the
/// first case of a case-tabled or `CaseIterable` enum (or the cases a path names), and a binding
/// of its state's first bindable field. `expectEveryCaseRoundTrips` builds one value of every
/// case with it; `sampleTexts(of:)` one value of every case an action path reaches.
struct SampleDecoder: Decoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// The case to build when the value decodes as an enum, in synthesized Codable's layout.
  let caseName: String?
  /// The string every `String` gets: a bindable field's name inside a binding, else empty.
  let text: String
  /// The cases the case-tabled enums met inside this value's payload take, outermost first.
  var innerCases: [String] = []
  /// How many elements every array, set and identified collection gets: 0 or 1.
  var elementCount = 0

  /// A sample of `T`: the case `caseName` (then the cases `innerCases` name in its payload, one
  /// per enum level), else the first case of an enum; collections of `elementCount` elements.
  static func sample<T: Decodable>(
    _ type: T.Type, case caseName: String? = nil, innerCases: [String] = [],
    elementCount: Int = 0
  ) throws -> T {
    try SampleDecoder(
      codingPath: [], caseName: nil, text: "", innerCases: innerCases, elementCount: elementCount
    ).sample(T.self, at: [], case: caseName)
  }

  /// A sample of `T` at `path`: the case `caseName` (or the next of `innerCases`), else the first
  /// case of an enum.
  func sample<T: Decodable>(
    _ type: T.Type, at path: [any CodingKey], case caseName: String? = nil
  ) throws -> T {
    if T.self == UUID.self, let zero = UUID.zero as? T { return zero }
    if let iterable = T.self as? any CaseIterable.Type, let first = Self.firstCase(iterable) as? T {
      return first
    }
    var chosen = caseName
    var inner = innerCases
    if let pathable = T.self as? any CasePathable.Type {
      if chosen == nil, !inner.isEmpty { chosen = inner.removeFirst() }
      chosen = chosen ?? pathable.caseDescriptions.first?.name
    } else if chosen == nil, let pathable = T.self as? any StateCasePathable.Type {
      // An enum state (a stack's screens, a destination) pushed or presented in an action.
      chosen = Self.firstCaseName(pathable)
    }
    let text = (T.self as? any BindingSample.Type)?.firstFieldName ?? text
    return try T(
      from: SampleDecoder(
        codingPath: path, caseName: chosen, text: text, innerCases: inner,
        elementCount: elementCount))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(SampleKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() -> any UnkeyedDecodingContainer {
    SampleUnkeyedContainer(decoder: self, count: elementCount)
  }

  func singleValueContainer() -> any SingleValueDecodingContainer {
    SampleSingleValueContainer(decoder: self)
  }

  /// A decoder for the value at `key`, inside this one.
  func child(_ key: any CodingKey) -> SampleDecoder {
    SampleDecoder(
      codingPath: codingPath + [key], caseName: nil, text: text, innerCases: innerCases,
      elementCount: elementCount)
  }

  /// The name of the first case in `type`'s table.
  private static func firstCaseName<S: StateCasePathable>(_ type: S.Type) -> String? {
    guard let first = Mirror(reflecting: S.cases).children.first?.value else { return nil }
    return Mirror(reflecting: first).children.first { $0.label == "name" }?.value as? String
  }

  private static func firstCase(_ type: any CaseIterable.Type) -> Any? {
    func first<C: CaseIterable>(_ type: C.Type) -> Any? { C.allCases.first }
    return first(type)
  }
}

extension UUID {
  fileprivate static let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}

/// A binding, whose sample sets its state's first bindable field.
private protocol BindingSample {
  static var firstFieldName: String? { get }
}

extension BindingAction: BindingSample {
  fileprivate static var firstFieldName: String? { Root.bindableFields.first?.name }
}

/// Every key present (the chosen case's only, for an enum), every value a sample.
private struct SampleKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: SampleDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] { decoder.caseName.flatMap { Key(stringValue: $0) }.map { [$0] } ?? [] }

  func contains(_ key: Key) -> Bool {
    decoder.caseName.map { $0 == key.stringValue } ?? true
  }

  func decodeNil(forKey key: Key) -> Bool { true }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.sample(T.self, at: codingPath + [key])
  }
  func decode(_ type: Bool.Type, forKey key: Key) -> Bool { false }
  func decode(_ type: String.Type, forKey key: Key) -> String { decoder.text }
  func decode(_ type: Double.Type, forKey key: Key) -> Double { 0 }
  func decode(_ type: Float.Type, forKey key: Key) -> Float { 0 }
  func decode(_ type: Int.Type, forKey key: Key) -> Int { 0 }
  func decode(_ type: Int8.Type, forKey key: Key) -> Int8 { 0 }
  func decode(_ type: Int16.Type, forKey key: Key) -> Int16 { 0 }
  func decode(_ type: Int32.Type, forKey key: Key) -> Int32 { 0 }
  func decode(_ type: Int64.Type, forKey key: Key) -> Int64 { 0 }
  func decode(_ type: UInt.Type, forKey key: Key) -> UInt { 0 }
  func decode(_ type: UInt8.Type, forKey key: Key) -> UInt8 { 0 }
  func decode(_ type: UInt16.Type, forKey key: Key) -> UInt16 { 0 }
  func decode(_ type: UInt32.Type, forKey key: Key) -> UInt32 { 0 }
  func decode(_ type: UInt64.Type, forKey key: Key) -> UInt64 { 0 }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) -> KeyedDecodingContainer<NestedKey> {
    decoder.child(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
    decoder.child(key).unkeyedContainer()
  }

  func superDecoder() -> any Decoder { decoder.child(SampleKey.super) }
  func superDecoder(forKey key: Key) -> any Decoder { decoder.child(key) }
}

/// One value, a sample of whatever is asked.
private struct SampleSingleValueContainer: SingleValueDecodingContainer {
  let decoder: SampleDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { true }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.sample(T.self, at: codingPath)
  }
  func decode(_ type: Bool.Type) -> Bool { false }
  func decode(_ type: String.Type) -> String { decoder.text }
  func decode(_ type: Double.Type) -> Double { 0 }
  func decode(_ type: Float.Type) -> Float { 0 }
  func decode(_ type: Int.Type) -> Int { 0 }
  func decode(_ type: Int8.Type) -> Int8 { 0 }
  func decode(_ type: Int16.Type) -> Int16 { 0 }
  func decode(_ type: Int32.Type) -> Int32 { 0 }
  func decode(_ type: Int64.Type) -> Int64 { 0 }
  func decode(_ type: UInt.Type) -> UInt { 0 }
  func decode(_ type: UInt8.Type) -> UInt8 { 0 }
  func decode(_ type: UInt16.Type) -> UInt16 { 0 }
  func decode(_ type: UInt32.Type) -> UInt32 { 0 }
  func decode(_ type: UInt64.Type) -> UInt64 { 0 }
}

/// An array or set of `count` samples.
private struct SampleUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: SampleDecoder
  let count: Int?
  private(set) var currentIndex = 0
  var codingPath: [any CodingKey] { decoder.codingPath }
  var isAtEnd: Bool { currentIndex >= (count ?? 0) }

  init(decoder: SampleDecoder, count: Int) {
    self.decoder = decoder
    self.count = count
  }

  private func end() -> DecodingError {
    .valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "a sample has ended"))
  }

  private mutating func nextDecoder() throws -> SampleDecoder {
    guard !isAtEnd else { throw end() }
    defer { currentIndex += 1 }
    return decoder.child(SampleIndex(intValue: currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { throw end() }
    return false
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let element = try nextDecoder()
    return try decoder.sample(T.self, at: element.codingPath)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try nextDecoder().container(keyedBy: type)
  }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try nextDecoder().unkeyedContainer()
  }
  mutating func superDecoder() throws -> any Decoder { try nextDecoder() }
}

private struct SampleIndex: CodingKey {
  let intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }
  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { return nil }
}

private enum SampleKey: String, CodingKey {
  case `super`
}
