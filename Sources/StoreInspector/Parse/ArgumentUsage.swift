/// Which arguments and fields of a literal the decoded type read, so that
/// `LiteralDecoder.decode(_:from:)` can reject the ones it ignored (`.rowSelected(id: 1, idd: 2)`).
final class ArgumentUsage {
  private struct Group {
    var codingPath: [any CodingKey]
    var owner: String
    var keys: [LiteralCodingKey]
    var read: Set<String> = []
  }

  private var groups: [String: Group] = [:]
  private var order: [String] = []

  /// Records the keys a keyed container offers at `codingPath`.
  func register(_ codingPath: [any CodingKey], owner: String, keys: [LiteralCodingKey]) {
    let id = Self.id(of: codingPath)
    guard groups[id] == nil else { return }
    groups[id] = Group(codingPath: codingPath, owner: owner, keys: keys)
    order.append(id)
  }

  /// Records that the container at `codingPath` read `key`.
  func markRead(_ key: String, at codingPath: [any CodingKey]) {
    groups[Self.id(of: codingPath)]?.read.insert(key)
  }

  /// Throws for the first key that was offered and never read.
  func checkEverythingWasRead() throws {
    for id in order {
      guard let group = groups[id],
        let unread = group.keys.first(where: { !group.read.contains($0.stringValue) })
      else { continue }
      let kind = if case .field = unread.role { "field" } else { "argument" }
      let readKeys = group.keys.filter { group.read.contains($0.stringValue) }
      let expected =
        readKeys.isEmpty
        ? "\(group.owner) takes no \(kind)s"
        : "\(group.owner) takes ("
          + readKeys.map { ($0.stringValue.hasPrefix("_") ? "_" : $0.stringValue) + ":" }
          .joined() + ")"
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: group.codingPath,
          debugDescription: "unexpected \(kind) \(unread.argumentName); \(expected)"))
    }
  }

  private static func id(of codingPath: [any CodingKey]) -> String {
    codingPath.map(\.stringValue).joined(separator: "\u{1F}")
  }
}
