import DexPlatform

/// One line saying where decoding failed and why, for a `DecodingError` from `LiteralDecoder`
/// (where in the literal, then the decoder's own words), a `DecodingError` from another decoder
/// (DexPlatform's one wording, `DecodingError.summary`) or any other error (its description).
///
/// ```swift
/// describeDecodingError(error)
/// // argument 'id' of .items(.rowSelected): expected Int, found "milk"
/// ```
public func describeDecodingError(_ error: any Error) -> String {
  let text: String
  if let error = error as? DecodingError {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context), .dataCorrupted(let context):
      // A path without a literal's keys is another decoder's (JSON's): it words its own.
      if !context.codingPath.isEmpty, !context.codingPath.contains(where: { $0 is LiteralCodingKey }) {
        text = error.summary
        break
      }
      let location = DecodingLocation(context.codingPath).description
      text =
        location.isEmpty ? context.debugDescription : location + ": " + context.debugDescription
    @unknown default:
      text = String(describing: error)
    }
  } else {
    text = String(describing: error)
  }
  return text.split(whereSeparator: \.isNewline).joined(separator: " ")
}

/// A coding path as a reader names it: `argument 'id' of .items(.rowSelected)`,
/// `field 'kind' of DexError in .loaded(.failure)`, `element 2 of .moved(offsets:)`.
struct DecodingLocation: CustomStringConvertible {
  var path: [any CodingKey]

  init(_ path: [any CodingKey]) {
    self.path = path
  }

  var description: String {
    guard let last = path.last else { return "" }
    let owner = Self.chain(path.dropLast())
    let of = owner.isEmpty ? "" : " of " + owner
    guard let key = last as? LiteralCodingKey else {
      // A type's own key right after a case name is one of the case's arguments.
      if let previous = path.dropLast().last as? LiteralCodingKey, case .caseName = previous.role {
        return "argument \(LiteralCodingKey(last.stringValue, role: .argument).argumentName)\(of)"
      }
      return last.intValue.map { "element \($0)\(of)" } ?? "'\(last.stringValue)'\(of)"
    }
    switch key.role {
    case .caseName:
      return Self.chain(path[...])
    case .argument:
      return "argument \(key.argumentName)\(of)"
    case .field(let typeName?):
      return "field \(key.argumentName) of \(typeName)" + (owner.isEmpty ? "" : " in " + owner)
    case .field(nil):
      return "field \(key.argumentName)\(of)"
    case .element:
      return "element \(key.stringValue)\(of)"
    case .entry:
      return "value for key \(Self.entryText(key))\(of)"
    }
  }

  /// The path as nested cases: `.items(.rowSelected)`, `.moved(offsets:)`, `DexError.kind`.
  private static func chain(_ keys: ArraySlice<any CodingKey>) -> String {
    var text = ""
    var open = 0
    for (offset, key) in zip(keys.indices, keys) {
      let isLast = offset == keys.index(before: keys.endIndex)
      guard let key = key as? LiteralCodingKey else {
        text += key.intValue.map { "[\($0)]" } ?? "." + key.stringValue
        continue
      }
      let label = key.stringValue.hasPrefix("_") ? nil : key.stringValue
      switch key.role {
      case .caseName:
        text += "." + key.stringValue
      case .argument where isLast:
        if let label { text += "(\(label):)" }
      case .argument:
        text += "(" + (label.map { $0 + ": " } ?? "")
        open += 1
      case .field(let typeName):
        let startsValue = text.isEmpty || text.hasSuffix("(") || text.hasSuffix(": ")
        text += (startsValue ? typeName ?? "" : "") + "." + key.stringValue
      case .element:
        text += "[\(key.stringValue)]"
      case .entry:
        text += "[\(entryText(key))]"
      }
    }
    return text + String(repeating: ")", count: open)
  }

  private static func entryText(_ key: LiteralCodingKey) -> String {
    key.intValue == nil ? key.stringValue.quotedLiteral : key.stringValue
  }
}
