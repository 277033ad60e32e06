import Foundation
import Composable
import PokedexCore

/// Runs a replay script's steps straight into a fresh app store, with the dependencies a
/// scripted `dex` uses (bundled data, counting UUIDs, a fixed date, a manual clock) and
/// waiting for effects the way the REPL does: what replaying costs without the REPL.
enum DirectReplay {
  static func run(_ script: ReplayScript, container: SharedContainer) {
    let clock = ManualClock()
    let store = SharedContainer.$current.withValue(container) {
      Store(initialState: AppFeature.State()) {
        AppFeature()
      } withDependencies: {
        $0.pokemonClient = .bundled()
        $0.clock = clock
        $0.uuid = .incrementing
        $0.date = .constant(Date(timeIntervalSince1970: 1_767_225_600))
        $0.warnings = WarningReporter { _ in }
      }
    }
    var isManual = false
    for step in script.steps {
      switch step {
      case .manualClock:
        isManual = true
      case let .send(action):
        _ = store.send(action).waitUntilSettled { isManual && clock.isQuiescent }
      case let .favorite(id):
        _ = store.send(.favorites(.favoriteTapped(id: id))).waitUntilSettled {
          isManual && clock.isQuiescent
        }
      case let .advance(milliseconds):
        let done = DispatchSemaphore(value: 0)
        Task.detached {
          await clock.advance(by: .milliseconds(milliseconds))
          done.signal()
        }
        done.wait()
      }
    }
    store.cancelAllEffects()
  }
}
