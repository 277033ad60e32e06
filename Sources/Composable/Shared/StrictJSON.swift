import Foundation

/// Tells whether bytes are JSON as RFC 8259 writes it. Foundation's parser is strict but for
/// one thing, a comma before a closing bracket (`[25,]`), which this refuses too.
enum StrictJSON {
  /// What is wrong with `data` as JSON, or nil when it is valid.
  static func problem(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      return detail ?? "it does not parse"
    }
    if let offset = trailingComma(in: data) {
      return "a ',' before a closing bracket at byte \(offset + 1)"
    }
    return nil
  }

  /// The offset of a comma followed, after white space, by `]` or `}`, outside strings.
  private static func trailingComma(in data: Data) -> Int? {
    var inString = false
    var escaped = false
    var lastComma: Int?
    for (offset, byte) in data.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: ","):
        lastComma = offset
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if let lastComma { return lastComma }
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        continue
      case UInt8(ascii: "\""):
        inString = true
        lastComma = nil
      default:
        lastComma = nil
      }
    }
    return nil
  }
}
