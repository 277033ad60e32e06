import ComposableInspection
import StoreInspector

/// What replaying an exported session through the current build found, entry by entry: where
/// the moment it reaches is not the one the session recorded, and which actions no longer
/// decode. Made by `DexSession.verifySession(_:)`, printed by `VerificationReport`.
struct SessionVerification {
  /// One entry that did not replay as recorded.
  enum Finding {
    /// The moment after entry `entry` is not the recorded one: `diff` goes from the recorded
    /// moment to the one reached now.
    case diverges(entry: EntryID, action: String, diff: MomentDiff)
    /// The entry's action no longer decodes (a case was renamed or removed): the action as the
    /// session file recorded it, and why it did not decode.
    case notDecoded(entry: EntryID, recordedAction: String, reason: String)
  }

  /// How many entries the session file lists.
  var entryCount: Int
  /// Whether the file keeps what a check compares (files exported before checks existed do not).
  var hasChecks: Bool
  /// The entries that did not replay as recorded, by number.
  var findings: [Finding]

  /// Whether every entry replayed to its recorded moment.
  var isClean: Bool { hasChecks && findings.isEmpty }

  /// How many entries diverge.
  var divergingCount: Int {
    findings.filter { if case .diverges = $0 { true } else { false } }.count
  }

  /// How many actions no longer decode.
  var notDecodedCount: Int { findings.count - divergingCount }
}
