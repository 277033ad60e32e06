import Foundation

/// How a shared file's bytes become a value and back: JSON for a `Codable` value, or a key's
/// own closures (`.fileStorage(url, decode: …, encode: …)`).
struct FileCoding<Value: Sendable>: Sendable {
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data
  /// Whether the bytes are JSON, checked strictly before they are decoded.
  let isJSON: Bool
}

extension FileCoding where Value: Codable {
  /// JSON with sorted keys (canonical where the value says how).
  static var json: Self {
    FileCoding(
      decode: { try JSONDecoder().decode(Value.self, from: $0) },
      encode: { value in
        if let canonical = value as? any CanonicalJSONEncodable {
          return try canonical.canonicalJSON()
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
      },
      isJSON: true)
  }
}
