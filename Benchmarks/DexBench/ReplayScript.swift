import PokedexREPL
import DexREPLCore
import Foundation
import Composable
import PokedexCore

/// A script `dex FILE` replays, kept as steps too, so the same actions can be sent straight to
/// a store (`DirectReplay`) as the baseline of B5 and the realistic replay.
struct ReplayScript {
  enum Step {
    /// `clock manual`.
    case manualClock
    /// `send ACTION`.
    case send(AppFeature.Action)
    /// `fav ID`.
    case favorite(Int)
    /// `advance DURATION`, in milliseconds.
    case advance(milliseconds: Int)
  }

  var steps: [Step]

  /// The script's text, one command per line.
  var text: String {
    steps.map { step in
      switch step {
      case .manualClock: "clock manual"
      case let .send(action): "send " + ActionText<PokedexApp>.full(action)
      case let .favorite(id): "fav \(id)"
      case let .advance(milliseconds): "advance \(milliseconds)ms"
      }
    }.joined(separator: "\n") + "\n"
  }

  /// B5's script: the list appears, then `lines - 1` favorite toggles.
  static func favorites(lines: Int) -> ReplayScript {
    ReplayScript(
      steps: [.send(.list(.onAppear))] + (1..<lines).map { .favorite(($0 - 1) % 1025 + 1) })
  }

  /// A session as someone would drive it, `lines` long, on the manual clock. Each cycle
  /// scrolls (rows appear; now and then the last loaded one, and the next page loads, so every
  /// page loads over the script), opens a detail that loads, is favorited and closes, toggles a
  /// favorite with `fav`, then either edits the team (adds a member or deletes the first when
  /// full, renames the newest, moves the first behind the second) or searches (a first letter,
  /// a pause shorter than the debounce, the query, a pause past it, the field cleared).
  static func realistic(lines: Int) -> ReplayScript {
    var steps: [Step] = [.manualClock, .send(.list(.onAppear))]
    steps.reserveCapacity(lines + 20)
    let pageSize = AppStorageKey<Int>.Default.pageSize.defaultValue
    let pokemonCount = Fixtures.pokedex.count
    var loaded = pageSize
    // A cycle is about 16 lines; pages load evenly over the whole script.
    let pageEvery = max(lines / 16 / (pokemonCount / pageSize + 1), 1)
    var team: [UInt64] = []
    var nextMember: UInt64 = 1
    var cycle = 0
    let queries = ["pi", "char", "saur", "ee"]
    while steps.count < lines {
      cycle += 1
      for row in 0..<6 {
        steps.append(.send(.list(.rowAppeared(id: (cycle * 13 + row) % (loaded - 1) + 1))))
      }
      if cycle % pageEvery == 0, loaded < pokemonCount {
        steps.append(.send(.list(.rowAppeared(id: loaded))))
        loaded = min(loaded + pageSize, pokemonCount)
      }
      steps += [
        .send(.list(.rowTapped(id: (cycle * 31) % loaded + 1))),
        .send(.list(.destination(.presented(.detail(.onAppear))))),
        .send(.list(.destination(.presented(.detail(.favoriteTapped))))),
        .send(.list(.destination(.presented(.detail(.closeTapped))))),
        .favorite((cycle * 17) % pokemonCount + 1),
      ]
      if cycle % 2 == 1 {
        if team.count < TeamFeature.capacity {
          steps.append(.send(.team(.addTapped(id: (cycle * 7) % pokemonCount + 1))))
          team.append(nextMember)
          nextMember += 1
        } else {
          steps.append(.send(.team(.membersDeleted(atOffsets: [0]))))
          team.removeFirst()
        }
        if let newest = team.last {
          let rename = BindingAction<TeamMemberFeature.State>.set(\.nickname, "Pal \(cycle)")
          steps.append(
            .send(.team(.members(.element(id: UUID(counting: newest), action: .binding(rename))))))
        }
        if team.count >= 2 {
          steps.append(.send(.team(.membersMoved(fromOffsets: [0], toOffset: 2))))
          team.swapAt(0, 1)
        }
      } else {
        let query = queries[(cycle / 2) % queries.count]
        steps += [
          .send(.list(.search(.queryChanged(String(query.prefix(1)))))),
          .advance(milliseconds: 100),
          .send(.list(.search(.queryChanged(query)))),
          .advance(milliseconds: 300),
          .send(.list(.search(.queryChanged("")))),
          .advance(milliseconds: 300),
        ]
      }
    }
    return ReplayScript(steps: Array(steps.prefix(lines)))
  }
}
