/// Readable names of types: module prefixes and anonymous contexts removed, generic arguments
/// kept. The one place type names are simplified, for diffs, dumps and every message.
@usableFromInline
package enum TypeName {
  /// The name of `type` as a user would write it inside its own module, e.g. `Outer.Inner<Int>`.
  @usableFromInline
  package static func of(_ type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let name = simplify(String(reflecting: type))
    cache.withLock { $0[key] = name }
    return name
  }

  /// Names already worked out, by type: a diff asks for the same few types again and again.
  private static let cache = LockedValue<[ObjectIdentifier: String]>([:])

  /// Removes `(unknown context at $…).`, `(extension in M):` and module prefixes from a
  /// fully qualified type name; `(Name in _HASH)` becomes `Name`.
  package static func simplify(_ qualified: String) -> String {
    var output = ""
    var path: [Substring] = []
    var component = ""
    var rest = Substring(qualified)
    // A path right after `>.` names a member of a generic type, with no module in front.
    var isMemberPath = false

    func flushPath() {
      if !component.isEmpty { path.append(Substring(component)) }
      component = ""
      output += (path.count > 1 && !isMemberPath ? path.dropFirst() : path[...])
        .joined(separator: ".")
      path = []
      isMemberPath = false
    }

    while let character = rest.first {
      if character == "(" {
        if let skipped = skipAnonymousContext(&rest) {
          if !skipped.isEmpty { component = skipped }
          continue
        }
      }
      rest.removeFirst()
      if character.isLetter || character.isNumber || character == "_" {
        component.append(character)
      } else if character == "." {
        if component.isEmpty, path.isEmpty {
          output.append(character)
          isMemberPath = true
        }
        if !component.isEmpty { path.append(Substring(component)) }
        component = ""
      } else {
        flushPath()
        output.append(character)
      }
    }
    flushPath()
    return output
  }

  /// At an opening parenthesis: consumes an anonymous context and returns the name it contributes
  /// (empty for contexts that contribute none), or returns nil and consumes nothing.
  private static func skipAnonymousContext(_ rest: inout Substring) -> String? {
    guard let close = rest.firstIndex(of: ")") else { return nil }
    let inside = rest[rest.index(after: rest.startIndex)..<close]
    var after = rest[rest.index(after: close)...]
    if inside.hasPrefix("unknown context at ") {
      if after.first == "." { after.removeFirst() }
      rest = after
      return ""
    }
    if inside.hasPrefix("extension in ") {
      if after.first == ":" { after.removeFirst() }
      rest = after
      return ""
    }
    if let range = inside.firstRange(of: " in _") {
      rest = after
      return String(inside[..<range.lowerBound])
    }
    return nil
  }
}
