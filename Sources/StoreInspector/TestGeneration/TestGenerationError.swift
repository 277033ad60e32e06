/// Why a test could not be generated from the current branch.
public enum TestGenerationError: Error, Sendable, Equatable {
  /// `entry` was received from the effect of `source`, which is skipped, so a test store would
  /// never receive it.
  case receivedFromSkippedEntry(entry: EntryID, source: EntryID)
  /// `isInterrupted` said to stop (Ctrl-C).
  case interrupted
}

extension TestGenerationError: CustomStringConvertible {
  /// One sentence: what was wrong, then what to do.
  public var description: String {
    switch self {
    case .receivedFromSkippedEntry(let entry, let source):
      "Entry \(entry) was received from skipped entry \(source), so a test store would never "
        + "receive it; skip entry \(entry) too or unskip entry \(source)."
    case .interrupted:
      "stopped (Ctrl-C); no file was written."
    }
  }
}
