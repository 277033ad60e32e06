import Foundation
import Composable
import PokedexCore

/// What a store adds to its reducer: B1 (the app), W1 (the light shape), W2 (a row action
/// through `forEach` as rows grow) and B7 (`forEach` routing against the child alone).
enum StoreRows {
  /// How many actions one turn of a store side sends.
  static let batch = 1_000

  // MARK: B1 store and W1 send

  static func store() -> [Row] {
    [
      sendAgainstDirect(
        label: "B1 store", initialState: Fixtures.app(rows: 1025), reducer: AppFeature(),
        actions: (0..<batch).map { .favorites(.favoriteTapped(id: $0 % 1025 + 1)) },
        note: "AppFeature, a favorite toggle at 1,025 rows")
    ]
  }

  static func send() -> [Row] {
    [
      sendAgainstDirect(
        label: "W1 send", initialState: RowListFeature.State(rows: 1_000),
        reducer: RowListFeature(), actions: favoriteToggles,
        note: "send(.favoriteToggled) at 1,000 rows")
    ]
  }

  /// W1's toggles: a favorite toggled on each of the 1,000 rows in turn.
  static let favoriteToggles = (0..<batch).map { RowListFeature.Action.favoriteToggled(id: $0 % 1_000 + 1) }

  /// W1's baseline, `direct`: the light shape's reducer called directly with W1's toggles at
  /// 1,000 rows. W3 and W6 measure the fixed cost of a diff against it in their own runs.
  static func directToggles(named name: String = "direct") -> Side {
    let reduce = RowListFeature().makeReduceFunction()
    let direct = Box(RowListFeature.State(rows: 1_000))
    return Side(name, operations: batch) {
      for action in favoriteToggles { _ = reduce(&direct.value, action) }
    }
  }

  /// `store.send` against the reducer called directly, interleaved: at most 2×.
  private static func sendAgainstDirect<R: Reducer>(
    label: String, initialState: R.State, reducer: R, actions: [R.Action], note: String
  ) -> Row where R.Action: Sendable {
    let store = Store(initialState: initialState, reducer: reducer)
    let reduce = reducer.makeReduceFunction()
    let direct = Box(initialState)
    let timings = Measurement.interleaved([
      Side("send", operations: actions.count) {
        for action in actions { store.send(action) }
      },
      Side("direct", operations: actions.count) {
        for action in actions { _ = reduce(&direct.value, action) }
      },
    ])
    return Row(
      label: label, measured: "\(formatDuration(timings.median(0)))/send", value: timings.median(0),
      budgets: [.ratio(timings, 0, to: 1, atMost: 2)], note: note)
  }

  // MARK: W2 forEach

  static func forEachScaling() -> [Row] {
    let sizes = [10, 1_000, 10_000]
    func rowActions(_ count: Int) -> [RowListFeature.Action] {
      // Rows spread over the whole array, so a large one is not served from one cache line.
      (0..<batch).map { .rows(.element(id: ($0 * 7_919) % count + 1, action: .levelUpTapped)) }
    }
    let stores = sizes.map { size in
      Store(initialState: RowListFeature.State(rows: size)) { RowListFeature() }
    }
    let direct = Box(RowListFeature.State(rows: 10))
    let reduce = RowListFeature().makeReduceFunction()
    let actions = sizes.map(rowActions)
    var sides = zip(sizes, stores).enumerated().map { index, pair in
      Side("W2 \(thousands(pair.0)) send", operations: batch) {
        for action in actions[index] { pair.1.send(action) }
      }
    }
    sides.append(
      Side("direct", operations: batch) {
        for action in actions[0] { _ = reduce(&direct.value, action) }
      })
    let timings = Measurement.interleaved(sides)
    return [
      Row(
        label: "W2 10", measured: "\(formatDuration(timings.median(0)))/send",
        value: timings.median(0), budgets: [.ratio(timings, 0, to: 3, atMost: 2)],
        note: "a row action through forEach, sent to the store"),
      Row(
        label: "W2 1,000", measured: "\(formatDuration(timings.median(1)))/send",
        value: timings.median(1), budgets: [.ratio(timings, 1, to: 0, atMost: 2)]),
      Row(
        label: "W2 10,000", measured: "\(formatDuration(timings.median(2)))/send",
        value: timings.median(2), budgets: [.ratio(timings, 2, to: 0, atMost: 2)]),
    ]
  }

  // MARK: W5 stack

  /// A screen's action through a navigation stack 20 screens deep against one screen deep:
  /// routing finds the screen by id and reduces it in place, so depth costs (almost) nothing.
  static func stackDepth() -> [Row] {
    let depths = [1, 20]
    let bundled = Fixtures.rows(depths.max() ?? 1)
    func detail(depth: Int) -> PokemonDetailFeature.State {
      var path = StackState<PokemonDetailFeature.Path.State>()
      for level in 0..<depth {
        let pokemon = bundled[level]
        path[id: StackElementID(generation: level)] =
          level.isMultiple(of: 2)
          ? .ability(AbilityFeature.State(name: pokemon.abilities.first?.name ?? "overgrow"))
          : .detail(PokemonDetailFeature.State(pokemon: pokemon))
      }
      return PokemonDetailFeature.State(pokemon: bundled[0], path: path)
    }
    let failure = DexError(kind: .network, message: "offline")
    let success = DexError(kind: .network, message: "online")
    func actions(depth: Int) -> [PokemonDetailFeature.Action] {
      // The top screen's action; at depth 1 the top is an ability screen, at 20 a detail.
      let top = StackElementID(generation: depth - 1)
      return (0..<batch).map { index in
        let error = index.isMultiple(of: 2) ? failure : success
        return depth.isMultiple(of: 2)
          ? .path(.element(id: top, action: .detail(.extraLoaded(.failure(error)))))
          : .path(.element(id: top, action: .ability(.abilityLoaded(.failure(error)))))
      }
    }
    let stores = depths.map { depth in
      Store(initialState: detail(depth: depth)) { PokemonDetailFeature() }
    }
    let sent = depths.map(actions)
    let timings = Measurement.interleaved(
      depths.indices.map { index in
        Side("W5 \(depths[index]) deep", operations: batch) {
          for action in sent[index] { stores[index].send(action) }
        }
      })
    return [
      Row(
        label: "W5 stack 20", measured: "\(formatDuration(timings.median(1)))/send",
        value: timings.median(1), budgets: [.ratio(timings, 1, to: 0, atMost: 2)],
        note: "a screen's action through a 20-deep stack, against 1 deep")
    ]
  }

  // MARK: B7 forEach

  static func forEach() -> [Row] {
    let members = IdentifiedArrayOf<TeamMemberFeature.State>(
      uniqueElements: (1...1025).map {
        TeamMemberFeature.State(id: UUID(counting: UInt64($0)), pokemonID: $0 % 1025 + 1, nickname: "m\($0)")
      })
    let actions = (0..<batch).map { index in
      RosterFeature.Action.members(
        .element(id: UUID(counting: UInt64(index % 1025 + 1)), action: .binding(.set(\.nickname, "n\(index % 7)"))))
    }
    let childActions = (0..<batch).map { index in
      TeamMemberFeature.Action.binding(.set(\.nickname, "n\(index % 7)"))
    }
    let reduce = RosterFeature().makeReduceFunction()
    let roster = Box(RosterFeature.State(members: members))
    let child = TeamMemberFeature().makeReduceFunction()
    let element = Box(members[0])
    let timings = Measurement.interleaved([
      Side("routed", operations: batch) {
        for action in actions { _ = reduce(&roster.value, action) }
      },
      Side("direct", operations: batch) {
        for action in childActions { _ = child(&element.value, action) }
      },
    ])
    return [
      Row(
        label: "B7 forEach", measured: "\(formatDuration(timings.median(0)))/routed",
        value: timings.median(0), budgets: [.ratio(timings, 0, to: 1, atMost: 3)],
        note: "1,025 members, routed by id, against the member's reducer alone")
    ]
  }
}
