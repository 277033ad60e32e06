import Foundation

/// How a session is set up: the app's launch options, the clock and generators, and whether
/// output arrives while the user types (a terminal).
package struct SessionSettings: Sendable {
  package init() {}

  /// The app's launch options that were given, by name (`--source`).
  package var appOptions: [String: String] = [:]
  var clock: ClockMode = .immediate
  /// UUIDs count up from 1 unless asked otherwise, in scripts and on a terminal alike.
  var uuids: SessionGenerators.UUIDMode = .incrementing
  /// The date is fixed in scripts, so they give the same bytes every run.
  var dates: SessionGenerators.DateMode = .fixed
  var historyLimit: Int?
  var style = TranscriptStyle(usesColor: false)
  var printsJSON = false
  /// On a terminal: output arriving while the user types goes above the line being edited.
  var isInteractive = false
  /// The width of the terminal the session prints text to, read now: prose (help, warnings,
  /// errors) is wrapped to it and values are laid out in it. Nil for scripts, pipes and
  /// `--json`, which get the same text every run.
  var terminalWidth: Int? {
    guard isInteractive, !printsJSON else { return nil }
    return TerminalWidth.columns(of: STDOUT_FILENO)
  }
  /// How wide `state` lays a value out: the terminal's width, else 100 columns.
  var valueWidth: Int { terminalWidth ?? 100 }
  /// How wide a diff lays its values out: on a terminal two columns less than its width, for
  /// the `-`/`+` marker and its space; else 100 columns.
  var diffWidth: Int { terminalWidth.map { $0 - 2 } ?? 100 }
  /// Where long output goes on a terminal; nil prints it straight out.
  var pager: Pager?
  /// How dex was started, as a shell would read it back (`dex --html out.html tour.dex`).
  var commandLine = "dex"
  /// Whether the session's page is written at the end (`--html`): its entries are then worked
  /// out as they are recorded, from the diffs printed (see `PageRecording`).
  var recordsPage = false
}
