/// A short fingerprint of an encoded moment, which a session file keeps for each entry so that
/// a check can tell at once whether a replay reached the same moment: the 64-bit FNV-1a hash of
/// the JSON text, as 16 hexadecimal digits.
///
/// ```swift
/// MomentDigest.of(["count": 1]) == MomentDigest.of(["count": 1])  // true
/// MomentDigest.of(["a": 1, "b": 2]) == MomentDigest.of(["b": 2, "a": 1])  // true
/// ```
public struct MomentDigest: Sendable, Equatable, CustomStringConvertible {
  /// The digest as written in a session file.
  public let text: String

  /// The digest of `value`'s compact JSON text, the members of each object in key order
  /// (encoders write them in any order).
  public static func of(_ value: JSONValue) -> MomentDigest {
    of(keysSorted: value.sortingKeys)
  }

  /// The digest of `value`, whose objects already list their members in key order.
  static func of(keysSorted value: JSONValue) -> MomentDigest {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in value.text(pretty: false).utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return MomentDigest(text: String(repeating: "0", count: 16 - digits.count) + digits)
  }

  /// A digest as a session file writes it.
  public init(text: String) {
    self.text = text
  }

  /// The 16 hexadecimal digits.
  public var description: String { text }
}

extension JSONValue {
  /// This value with the members of every object in key order: encoders write them in any
  /// order, and one order lets equal values compare equal and patches stay small.
  var sortingKeys: JSONValue {
    switch self {
    case .object(let members):
      .object(members.map { Member($0.key, $0.value.sortingKeys) }.sorted { $0.key < $1.key })
    case .array(let elements):
      .array(elements.map(\.sortingKeys))
    case .null, .bool, .number, .string:
      self
    }
  }
}
