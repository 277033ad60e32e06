import DexPlatform

/// The keyed view of a case's arguments, of `TypeName(label: …)` fields or of a dictionary.
struct LiteralKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  /// One key and the literal it holds.
  struct Entry {
    var key: LiteralCodingKey
    var value: Literal
    /// The case name when `value` is the `.tuple` of that case's arguments.
    var payloadOf: String?
  }

  let decoder: LiteralDecoder
  let entries: [Entry]

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    entries.compactMap { entry in
      entry.key.intValue.flatMap(Key.init(intValue:)) ?? Key(stringValue: entry.key.stringValue)
    }
  }

  func contains(_ key: Key) -> Bool {
    entries.contains { $0.key.stringValue == key.stringValue }
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try child(for: key).resolvedLiteral() == .nilLiteral
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try child(for: key).decodeValue(T.self)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try child(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    try child(for: LiteralCodingKey("super", role: .field(ofType: nil)))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try child(for: key)
  }

  private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    try child(for: key).decodeValue(T.self)
  }

  /// The decoder of the entry named `key`, marked as read.
  private func child(for key: some CodingKey) throws -> LiteralDecoder {
    guard let entry = entries.first(where: { $0.key.stringValue == key.stringValue }) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: missingDescription(key)))
    }
    decoder.usage.markRead(entry.key.stringValue, at: codingPath)
    return decoder.child(entry.value, key: entry.key, payloadOf: entry.payloadOf)
  }

  /// `missing argument 'id'; found (25)`.
  private func missingDescription(_ key: some CodingKey) -> String {
    let name = LiteralCodingKey(key.stringValue, role: .argument).argumentName
    let literal = (try? decoder.resolvedLiteral()) ?? decoder.literal
    switch literal {
    case .tuple(let arguments) where decoder.payloadOf != nil:
      return arguments.isEmpty
        ? "missing argument \(name)" : "missing argument \(name); found \(decoder.foundText)"
    case .call, .tuple:
      return "missing field \(name); found \(decoder.foundText)"
    case .dictionary:
      return "missing key \(key.stringValue.quotedLiteral); found \(decoder.foundText)"
    default:
      return "missing \(name); found \(decoder.foundText)"
    }
  }
}
