/// One member of the app storage file: a JSON boolean, number or string, or `null` for an
/// optional value that holds none.
public enum AppStorageValue: Codable, Equatable, Sendable {
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case null

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let int = try? container.decode(Int.self) {
      self = .int(int)
    } else if let double = try? container.decode(Double.self) {
      self = .double(double)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "an app storage value is a boolean, a number, a string or null")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case let .bool(value): try container.encode(value)
    case let .int(value): try container.encode(value)
    case let .double(value): try container.encode(value)
    case let .string(value): try container.encode(value)
    case .null: try container.encodeNil()
    }
  }
}

extension AppStorageValue {
  /// The member as the file writes it: `20`, `true`, `"abc"`.
  var jsonText: String {
    switch self {
    case let .bool(value): "\(value)"
    case let .int(value): "\(value)"
    case let .double(value): "\(value)"
    case let .string(value): String(reflecting: value)
    case .null: "null"
    }
  }

  /// What kind of JSON value it is, as a decoding failure says what it found: `a string`.
  var kindText: String {
    switch self {
    case .bool: "a boolean"
    case .int: "a whole number"
    case .double: "a number with a fraction"
    case .string: "a string"
    case .null: "null"
    }
  }
}
