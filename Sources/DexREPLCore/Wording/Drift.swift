import StoreInspector

/// Why entries drifted: their recomputation needed values (UUIDs, dates) beyond those they
/// recorded, so their state differs from the first time. The wording of the `drifted:` lines
/// lives here, in Wording/ beside the other words the engine prints.
enum Drift {
  /// An entry before them was skipped or unskipped here.
  case inputsChanged
  /// The session file lists them as drifted: their inputs changed before it was exported.
  case inputsChangedBeforeExport
  /// A version 1 session file records no values.
  case olderFormat
  /// The file recorded their values, and the app's reducers now ask for more.
  case appAsksForMore

  /// `drifted: entry #7 needed values it had not recorded (their inputs changed); 'log' marks
  /// them with ~`.
  func line(_ entries: [EntryID]) -> String {
    let list = entries.map { "#\($0)" }.joined(separator: ", ")
    let named = entries.count == 1 ? "entry \(list)" : "entries \(list)"
    let they = entries.count == 1 ? "it" : "they"
    let what =
      switch self {
      case .inputsChanged:
        "\(named) needed values \(they) had not recorded (their inputs changed)"
      case .inputsChangedBeforeExport:
        "\(named) needed values \(they) had not recorded (their inputs changed before the export)"
      case .olderFormat:
        "\(named) needed values the file did not record (an older format)"
      case .appAsksForMore:
        "\(named) needed values the file did not record (the app asks for more than when "
          + "the session was recorded)"
      }
    return "drifted: \(what); 'log' marks them with ~"
  }
}
