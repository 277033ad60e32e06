import Foundation

extension UUID {
  /// A UUID written the way dex prints one, `UUID("00000000-0000-0000-0000-000000000001")`, so
  /// generated tests compile. The text must be a valid UUID.
  public init(_ text: String) {
    guard let uuid = UUID(uuidString: text) else {
      preconditionFailure("\(text) is not a UUID")
    }
    self = uuid
  }
}
