import DexREPLCore
import Foundation
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
      case let .send(action): "send " + ActionText.full(action)
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

  /// A session as someone would drive it, `lines` long, on the manual clock: scrolling that
  /// loads every page over the script, details opened, loaded, favorited and closed, `fav`,
  /// team members added, renamed, moved and deleted, and searches typed with pauses shorter
  /// and longer than the debounce.
  static func realistic(lines: Int) -> ReplayScript {
    var steps: [Step] = [.manualClock, .send(.list(.onAppear))]
    steps.reserveCapacity(lines + 20)
    let pageSize = PokemonListFeature.pageSize
    let pokemonCount = Fixtures.pokedex.count
    var loaded = pageSize
    // One cycle below is about 17 lines; pages load evenly over the whole script.
    let pageEvery = max(lines / 17 / (pokemonCount / pageSize + 1), 1)
    var team: [UInt64] = []
    var nextMember: UInt64 = 1
    var cycle = 0
    let queries = ["pi", "char", "saur", "ee"]
    while steps.count < lines {
      cycle += 1
      // Scrolling: a row that is not the last appears; now and then the last one does, and
      // the next page loads.
      steps.append(.send(.list(.rowAppeared(id: (cycle * 13) % (loaded - 1) + 1))))
      if cycle % pageEvery == 0, loaded < pokemonCount {
        steps.append(.send(.list(.rowAppeared(id: loaded))))
        loaded = min(loaded + pageSize, pokemonCount)
      }
      // A detail: opened, loaded, favorited, closed; then a favorite from the list.
      steps += [
        .send(.list(.rowTapped(id: (cycle * 31) % loaded + 1))),
        .send(.list(.destination(.presented(.detail(.onAppear))))),
        .send(.list(.destination(.presented(.detail(.favoriteTapped))))),
        .send(.list(.destination(.presented(.detail(.closeTapped))))),
        .favorite((cycle * 17) % pokemonCount + 1),
      ]
      // The team: add a member (or delete the first when the team is full), rename the
      // newest, move the first behind the second.
      if team.count < TeamFeature.capacity {
        steps.append(.send(.team(.addTapped(id: (cycle * 7) % pokemonCount + 1))))
        team.append(nextMember)
        nextMember += 1
      } else {
        steps.append(.send(.team(.membersDeleted(atOffsets: [0]))))
        team.removeFirst()
      }
      if let newest = team.last {
        steps.append(
          .send(
            .team(
              .members(
                .element(
                  id: UUID(counting: newest), action: .binding(.set(\.nickname, "Pal \(cycle)")))))))
      }
      if team.count >= 2 {
        steps.append(.send(.team(.membersMoved(fromOffsets: [0], toOffset: 2))))
        team.swapAt(0, 1)
      }
      // A search: a first letter, a pause shorter than the debounce, the query, a pause past
      // it; then the field cleared.
      let query = queries[cycle % queries.count]
      steps += [
        .send(.list(.search(.queryChanged(String(query.prefix(1)))))),
        .advance(milliseconds: 100),
        .send(.list(.search(.queryChanged(query)))),
        .advance(milliseconds: 300),
        .send(.list(.search(.queryChanged("")))),
        .advance(milliseconds: 300),
      ]
    }
    return ReplayScript(steps: Array(steps.prefix(lines)))
  }
}
