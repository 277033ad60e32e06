import DexPlatform

/// A case-tabled enum decoded through its synthesized `Codable`, with its case names checked
/// against the case tables first, so that a misspelt case names the valid ones.
///
/// ```swift
/// try JSONDecoder().decode(CaseChecked<Action>.self, from: Data(#"{"reset":{}}"#.utf8))
/// // throws: 'reset' is not a case of Action; valid cases: .incrementTapped, .setTo
/// ```
///
/// Synthesized `Codable` alone would say "Invalid number of keys found, expected one." for both
/// that and an object without exactly one case; the latter becomes
/// `expected one case of Action: .incrementTapped, .setTo(Int)`.
public struct CaseChecked<Root: CasePathable>: Decodable, Sendable {
  /// The decoded value.
  public let value: Root

  public init(from decoder: any Decoder) throws {
    try Root.checkCaseNames(in: decoder)
    do {
      value = try Root(from: decoder)
    } catch {
      throw Self.reworded(error)
    }
  }

  /// The synthesized "Invalid number of keys" of a case-tabled enum, said with its cases.
  private static func reworded(_ error: any Error) -> any Error {
    guard case let DecodingError.typeMismatch(type, context) = error,
      context.debugDescription.hasPrefix("Invalid number of keys"),
      let tabled = type as? any CasePathable.Type
    else { return error }
    return DecodingError.dataCorrupted(
      .init(
        codingPath: context.codingPath,
        debugDescription: "expected one case of \(TypeName.of(type)): \(tabled.caseListing)"))
  }
}
