import DexPlatform

/// A scalar literal read as `Bool`, a string, an integer or a floating-point number.
struct LiteralSingleValueDecodingContainer: SingleValueDecodingContainer {
  let decoder: LiteralDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool {
    (try? decoder.resolvedLiteral()) == .nilLiteral
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let value) = try decoder.resolvedLiteral() else {
      throw decoder.mismatch(expected: "Bool")
    }
    return value
  }

  /// A string literal; `\.a.b` as `"a.b"`; `UUID("…")` as its string (what `UUID.init(from:)`
  /// reads); `.name` as `"name"` when a `RawRepresentable` type (an enum with string raw values)
  /// is being decoded.
  func decode(_ type: String.Type) throws -> String {
    switch try decoder.resolvedLiteral() {
    case .string(let text):
      return text
    case .keyPath(let names):
      return names.joined(separator: ".")
    case .call("UUID", let arguments):
      // A UUID decoded by its own `init(from:)`, which reads a string.
      guard arguments.count == 1, arguments[0].label == nil,
        case .string(let text) = arguments[0].value
      else { throw stringMismatch() }
      return text
    case .enumCase(let name, nil) where decoder.expectedType is any RawRepresentable.Type:
      return name
    default:
      throw stringMismatch()
    }
  }

  private func stringMismatch() -> DecodingError {
    decoder.mismatch(expected: decoder.expectedType.map(TypeName.sugared) ?? "String")
  }

  func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
  func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decodeValue(T.self)
  }

  /// An integer literal within the range of `I`.
  private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
    guard case .int(let digits) = try decoder.resolvedLiteral() else {
      throw decoder.mismatch(expected: expectedName(I.self))
    }
    guard let value = I(digits) else {
      throw decoder.corrupted(
        "\(digits) is outside \(TypeName.sugared(I.self)) (\(I.min)…\(I.max))")
    }
    return value
  }

  /// An integer or floating-point literal as `F`, finite unless written as `.infinity`.
  private func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: F.Type
  ) throws -> F {
    switch try decoder.resolvedLiteral() {
    case .int(let text), .float(let text):
      guard let value = F(text), value.isFinite || !text.contains(where: \.isNumber) else {
        throw decoder.corrupted("\(text) is outside \(TypeName.sugared(F.self))")
      }
      return value
    default:
      throw decoder.mismatch(expected: expectedName(F.self))
    }
  }

  /// The decoded type's name, or `fallback`'s when a wrapper (a raw-value enum) is decoding.
  private func expectedName(_ fallback: Any.Type) -> String {
    TypeName.sugared(decoder.expectedType ?? fallback)
  }
}
