/// Why a session could not be exported or imported; `description` says what was wrong, where
/// (as a JSON path such as `$.entries[2].parent`), and what to do.
public enum SessionError: Error, Sendable, Equatable {
  /// The bytes are not JSON (often a truncated file).
  case notJSON(JSONSyntaxError)
  /// The JSON has no `"format": "dex-session"` member.
  case notASession
  /// The document's version is not one this code reads.
  case unsupportedVersion(found: String)
  /// The value at `path` is missing (`found` nil) or is not what belongs there.
  case invalidValue(path: String, expected: String, found: String?)
  /// Entry numbers must increase through `$.entries`.
  case entryOutOfOrder(path: String, number: Int, previous: Int)
  /// A reference (`parent`, `current`, `head`, `receivedFrom`) names an entry the document does
  /// not hold before that point.
  case unknownEntry(path: String, number: Int)
  /// An entry's number is beyond the number of entries the document lists.
  case entryNumberTooLarge(path: String, number: Int, count: Int)
  /// The value at `path` decodes no value its type accepts (a level out of range, two
  /// elements with one id): `reason` says why.
  case valueRefused(path: String, reason: String)
  /// The initial moment no longer decodes; nothing can be rebuilt without it.
  case initialMomentDoesNotDecode(reason: String)
  /// Exporting: the initial moment could not be encoded.
  case momentDoesNotEncode(reason: String)
  /// Exporting: the action of an entry could not be encoded.
  case actionDoesNotEncode(entry: EntryID, reason: String)
}

extension SessionError: CustomStringConvertible {
  /// One sentence: what was wrong and where, then what to do.
  public var description: String {
    switch self {
    case .notJSON(let error):
      "The session is not valid JSON (\(error)); the file may be truncated, so export the session "
        + "again."
    case .notASession:
      #"This JSON is not a dex session ($.format is not "dex-session"); import a file written by "#
        + "a session export."
    case .unsupportedVersion(let found):
      "The session has version \(found), but only versions 1 and \(sessionFormatVersion) can be "
        + "read; export the session again with this version of dex."
    case .invalidValue(let path, let expected, let found?):
      "\(path) should be \(expected) but is \(found); fix the document or export the session "
        + "again."
    case .invalidValue(let path, let expected, nil):
      "\(path) should be \(expected) but is missing; fix the document or export the session again."
    case .entryOutOfOrder(let path, let number, let previous):
      "\(path) is entry \(number) but follows entry \(previous), and entries must be listed in "
        + "increasing order; fix the document or export the session again."
    case .entryNumberTooLarge(let path, let number, let count):
      "\(path) is entry \(number), but the document lists only \(count) "
        + "\(count == 1 ? "entry" : "entries") and numbers them from 1 without gaps beyond that; "
        + "fix the document or export the session again."
    case .unknownEntry(let path, let number):
      "\(path) names entry \(number), which the document does not list before it; fix the "
        + "document or export the session again."
    case .valueRefused(let path, let reason):
      "\(path) is refused: \(reason); fix the document or export the session again."
    case .initialMomentDoesNotDecode(let reason):
      "$.initial no longer decodes (\(reason)); the state type has changed too much to import "
        + "this session."
    case .momentDoesNotEncode(let reason):
      "The initial moment could not be encoded (\(reason)); make the state encodable to export it."
    case .actionDoesNotEncode(let entry, let reason):
      "The action of entry \(entry) could not be encoded (\(reason)); make the action encodable "
        + "to export it."
    }
  }
}

extension SessionError {
  /// The refusal `error` is when a decoder threw it for the value at `path` because the value
  /// is one its type does not accept (`DecodingError.dataCorrupted`): named by the path of the
  /// member it was at, as in `$.initial.state.team.members[1].level`. Nil for any other error.
  public static func refusedValue(_ error: any Error, at path: String) -> SessionError? {
    guard case .dataCorrupted(let context)? = error as? DecodingError else { return nil }
    let members = context.codingPath.map { key in
      key.intValue.map { "[\($0)]" } ?? "." + key.stringValue
    }
    let reason = context.debugDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
    return .valueRefused(path: path + members.joined(), reason: reason)
  }
}
