import Foundation
import PokedexCore

/// How a session is set up: where Pokémon come from, the clock, and whether it must repeat
/// byte for byte (scripts and piped input) or behave live (a terminal).
package struct SessionSettings: Sendable {
  package init() {}

  var source: LaunchOptions.Source = .bundled
  var clock: ClockMode = .immediate
  /// UUIDs count up from 1 and the date is fixed, so a script gives the same bytes every run.
  var isDeterministic = true
  var historyLimit: Int?
  var style = TranscriptStyle(usesColor: false)
  var printsJSON = false
  /// On a terminal: output arriving while the user types goes above the line being edited.
  var isInteractive = false
  /// How dex was started, as a shell would read it back (`dex --html out.html tour.dex`).
  var commandLine = "dex"

  /// The date deterministic sessions use.
  static let fixedDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
}
