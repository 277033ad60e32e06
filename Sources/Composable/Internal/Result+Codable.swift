/// A result carried in an action (`.loaded(.success(page))`) encodes like any case-tabled
/// enum: `{"success":{"_0":…}}` or `{"failure":{"_0":…}}`, so sessions export and tools can
/// parse `.failure(DexError(kind: .network, message: "offline"))`.
extension Result: @retroactive Encodable where Success: Encodable, Failure: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ResultCodingKey.self)
    switch self {
    case let .success(value):
      var payload = container.nestedContainer(keyedBy: ResultCodingKey.self, forKey: .success)
      try payload.encode(value, forKey: .payload)
    case let .failure(error):
      var payload = container.nestedContainer(keyedBy: ResultCodingKey.self, forKey: .failure)
      try payload.encode(error, forKey: .payload)
    }
  }
}

extension Result: @retroactive Decodable where Success: Decodable, Failure: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ResultCodingKey.self)
    if container.contains(.success) {
      let payload = try container.nestedContainer(keyedBy: ResultCodingKey.self, forKey: .success)
      self = .success(try payload.decode(Success.self, forKey: .payload))
    } else if container.contains(.failure) {
      let payload = try container.nestedContainer(keyedBy: ResultCodingKey.self, forKey: .failure)
      self = .failure(try payload.decode(Failure.self, forKey: .payload))
    } else {
      let found = container.allKeys.map(\.stringValue).first ?? "nothing"
      throw CaseTableError.unknownCase(
        found, type: "Result", valid: ["success", "failure"])
    }
  }
}

private enum ResultCodingKey: String, CodingKey {
  case success, failure
  case payload = "_0"
}
