import DexPlatform

/// The elements of `[a, b]`, or the keys and values of `[k: v]` in turn.
struct LiteralUnkeyedDecodingContainer: UnkeyedDecodingContainer {
  let decoder: LiteralDecoder
  let elements: [Literal]
  private(set) var currentIndex = 0

  init(decoder: LiteralDecoder, elements: [Literal]) {
    self.decoder = decoder
    self.elements = elements
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  mutating func decodeNil() throws -> Bool {
    guard try current(Never?.self).resolvedLiteral() == .nilLiteral else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try current(T.self).decodeValue(T.self)
    currentIndex += 1
    return value
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let container = try current(NestedKey.self).container(keyedBy: type)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let container = try current([Any].self).unkeyedContainer()
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let decoder = try current(Any.self)
    currentIndex += 1
    return decoder
  }

  private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
    try decode(type)
  }

  /// The decoder of the element at `currentIndex`; `type` names what was expected at the end.
  private func current(_ type: Any.Type) throws -> LiteralDecoder {
    let key = LiteralCodingKey(intValue: currentIndex)
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        .init(
          codingPath: codingPath + [key],
          debugDescription:
            "expected \(TypeName.sugared(type)), found the end of \(decoder.foundText)"))
    }
    return decoder.child(elements[currentIndex], key: key)
  }
}
