import Foundation
import PokedexCore
import Composable

/// How a session is set up: where Pokémon come from, the clock and generators, and whether
/// output arrives while the user types (a terminal).
package struct SessionSettings: Sendable {
  package init() {}

  var source: LaunchOptions.Source = .bundled
  /// False with `--no-cache`: every PokeAPI client of the session, `dep` ones too, is uncached.
  var usesPokeAPICache = true
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
}
