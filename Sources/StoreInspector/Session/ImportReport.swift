/// What an import rebuilt, and which entries it left out because their actions no longer decode.
///
/// ```text
/// Imported 5 of 6 entries; 1 action no longer decodes and was left out:
/// entry 4: unknown case .legacyTapped
/// ```
public struct ImportReport: Sendable, Equatable {
  /// An entry that was left out, and why its action did not decode.
  public struct LeftOutEntry: Sendable, Equatable {
    /// The entry's number in the document.
    public var entry: EntryID
    /// What the action decoder said.
    public var reason: String
  }

  /// How many entries the document listed.
  public var entryCount: Int
  /// The entries left out, by number; entries recorded after one of them now follow its parent.
  public var leftOut: [LeftOutEntry]
  /// The document's format version: 1 records no values an entry took from outside.
  public var version: Int = sessionFormatVersion
  /// The entries the document lists as drifted already (their `replayed` values go beyond
  /// those `recorded`): they drifted in the session that was exported.
  public var driftedInDocument: Set<EntryID> = []

  /// Whether every entry was imported.
  public var isComplete: Bool { leftOut.isEmpty }

  /// One line per entry left out: `entry 4: unknown case .legacyTapped`.
  public var lines: [String] { leftOut.map { "entry \($0.entry): \($0.reason)" } }
}

extension ImportReport: CustomStringConvertible {
  /// A summary line, then one line per entry left out.
  public var description: String {
    let imported = entryCount - leftOut.count
    guard !leftOut.isEmpty else {
      return "Imported \(imported) \(imported == 1 ? "entry" : "entries")."
    }
    let summary =
      "Imported \(imported) of \(entryCount) entries; \(leftOut.count) "
      + (leftOut.count == 1
        ? "action no longer decodes and was" : "actions no longer decode and were")
      + " left out:"
    return ([summary] + lines).joined(separator: "\n")
  }
}
