import Testing

@testable import StoreInspector

/// A moment made by following a diff is the moment a fresh dump stores, a small change to a
/// long group is stored as that change, and each unchanged run of the diff points at the items
/// it stands for.
struct ValueTableTests {
  /// A change to the toy state, named for the test's output.
  struct Mutation: CustomTestStringConvertible, Sendable {
    var name: String
    var change: @Sendable (inout AppState) -> Void
    var testDescription: String { name }
  }

  static let mutations: [Mutation] = [
    Mutation(name: "a field") { $0.list.isLoading = true },
    Mutation(name: "a row inserted by id") { $0.list.rows.insert(Row(id: 9, name: "Mew"), at: 2) },
    Mutation(name: "a row removed") { $0.list.rows.remove(at: 1) },
    Mutation(name: "a row renamed") { $0.list.rows[3].name = "Sparky" },
    Mutation(name: "rows moved") { $0.list.rows.swapAt(0, 4) },
    Mutation(name: "set members") {
      $0.list.favorites.insert(7)
      $0.list.favorites.remove(2)
    },
    Mutation(name: "dictionary entries") {
      $0.counts["b"] = nil
      $0.counts["c"] = 3
      $0.counts["a"] = 10
    },
    Mutation(name: "a dictionary emptied") { $0.counts = [:] },
    Mutation(name: "an optional filled") { $0.selection = 4 },
    Mutation(name: "an enum case") { $0.load = .loaded(items: ["a", "b"], hasMore: true) },
    Mutation(name: "everything at once") {
      $0.list.rows.append(Row(id: 20, name: "Zubat"))
      $0.list.favorites = [1, 3, 5, 8, 13]
      $0.counts["z"] = 26
      $0.selection = nil
    },
  ]

  static func start() -> AppState {
    var state = AppState.withRows(6)
    state.list.favorites = [1, 2, 3, 4, 5]
    state.counts = ["a": 1, "b": 2]
    state.selection = 2
    return state
  }

  @Test(arguments: mutations)
  func followingADiffStoresWhatAFreshDumpStores(mutation: Mutation) throws {
    let old = Self.start()
    var new = old
    mutation.change(&new)
    var table = ValueTable()
    let before = table.store(Dumper.tree(of: old))
    var engine = DiffEngine()
    let found = engine.diff(old, new)
    let diff = try #require(found)
    let after = table.applying(diff, to: before)
    #expect(after == table.store(Dumper.tree(of: new)))
    #expect(table.flatText(of: after) == Dumper.tree(of: new).flatText)
  }

  /// A set of a thousand members with one more: the new moment is a splice of the old one that
  /// holds the one member, not another thousand items, and reads as the whole set; taking the
  /// member out again comes back to the first node.
  @Test func oneMemberMoreOfALargeSetIsStoredAsThatMember() throws {
    let old = Set(1...1_000)
    var new = old
    new.insert(2_000)
    var table = ValueTable()
    let before = table.store(Dumper.tree(of: old))
    var engine = DiffEngine()
    let found = engine.diff(old, new)
    let diff = try #require(found)
    let after = table.applying(diff, to: before)
    guard case .splice(let base, _, let deleted, let inserted) = table.nodes[after] else {
      Issue.record("stored as \(table.nodes[after])")
      return
    }
    #expect(base == before && deleted == 0 && inserted.count == 1)
    #expect(table.flatText(of: after) == Dumper.tree(of: new).flatText)
    #expect(table.items(of: after).count == 1_001)
    let back = engine.diff(new, old)
    let undone = try #require(back)
    #expect(table.applying(undone, to: after) == before)
  }

  @Test(arguments: mutations)
  func everyUnchangedRunPointsAtAsManyItemsAsItCounts(mutation: Mutation) throws {
    let old = Self.start()
    var new = old
    mutation.change(&new)
    var table = ValueTable()
    let before = table.store(Dumper.tree(of: old))
    var engine = DiffEngine()
    let found = engine.diff(old, new)
    let diff = try #require(found)
    let after = table.applying(diff, to: before)
    let runs = table.unchangedRuns(of: diff, in: after)
    let lines = DiffRenderer.lines(StateDiff(rootTypeName: "AppState", root: diff))
    let counted = lines.filter { $0.unchangedRun != nil }
    #expect(runs.count == counted.count)
    for line in counted {
      let run = try #require(line.unchangedRun)
      #expect(line.text == "… (\(runs[run].offsets.count) unchanged)")
      guard table.brackets(of: runs[run].node) != nil else {
        Issue.record("run \(run) points at a text node")
        continue
      }
      #expect(runs[run].offsets.allSatisfy(table.items(of: runs[run].node).indices.contains))
    }
  }

  @Test func equalValuesAreStoredOnce() {
    var table = ValueTable()
    let first = table.store(Dumper.tree(of: Self.start()))
    let count = table.nodes.count
    #expect(table.store(Dumper.tree(of: Self.start())) == first)
    #expect(table.nodes.count == count)
  }

  @Test func derivedValuesAreLeftOutOfMomentsAndKeptInPrintedValues() {
    var table = ValueTable()
    let moment = table.store(Dumper.tree(of: Team()))
    let printed = table.store(Dumper.tree(of: Team()), keepsDerived: true)
    #expect(table.flatText(of: moment) == #"ValueTableTests.Team(members: ["b", "a"])"#)
    #expect(table.flatText(of: printed) == #"ValueTableTests.Team(members: ["b", "a"], sorted: ["a", "b"])"#)
  }

  /// A team whose dump has a derived value.
  struct Team: CustomDumpReflectable {
    var members = ["b", "a"]
    var inspectorMirror: Mirror {
      Mirror(
        self, children: ["members": members, "sorted": DerivedValue { members.sorted() }],
        displayStyle: .struct)
    }
  }

  /// Storing the very tree stored a moment ago takes its node without walking it, but only
  /// where that node is what storing gives: a tree with derived values stored as a moment
  /// (left out) and then as a printed value (kept) is two nodes.
  @Test func aTreeStoredAgainIsItsNodeOnlyWhereDerivedValuesAgree() {
    var table = ValueTable()
    let team = Dumper.tree(of: Team())
    let moment = table.store(team)
    let printed = table.store(team, keepsDerived: true)
    #expect(printed != moment)
    #expect(table.flatText(of: printed) == #"ValueTableTests.Team(members: ["b", "a"], sorted: ["a", "b"])"#)
    #expect(table.store(team) == moment)
    #expect(table.store(team, keepsDerived: true) == printed)

    let state = Dumper.tree(of: Self.start())
    let stored = table.store(state)
    let count = table.nodes.count
    #expect(table.store(state, keepsDerived: true) == stored)
    #expect(table.nodes.count == count)
  }

  /// The values a diff replaced, as the diff holds them.
  static func replacedValues(in diff: DiffNode) -> [DumpTree] {
    switch diff {
    case .replaced(let old, _): [old]
    case .group(_, _, _, let entries):
      entries.flatMap { entry -> [DumpTree] in
        if case .changed(let child) = entry.content { return replacedValues(in: child) }
        return []
      }
    }
  }

  /// A value a diff replaced, stored again (as a brief diff's shortened value is), is the node
  /// the diff was followed from when it equals it, and what a fresh dump stores when it does
  /// not: a diff followed from another moment than its own, or a value with derived values
  /// kept where the moment left them out.
  @Test func aValueADiffReplacedIsTheNodeItWasDiffedFromOnlyWhenTheyAreEqual() throws {
    var loaded = Self.start()
    loaded.load = .loaded(items: ["a", "b"], hasMore: true)
    var idle = loaded
    idle.load = .idle
    var engine = DiffEngine()
    let found = engine.diff(loaded, idle)
    let diff = try #require(found)
    let replaced = try #require(Self.replacedValues(in: diff).first)

    var table = ValueTable()
    let before = table.store(Dumper.tree(of: loaded))
    _ = table.applying(diff, to: before)
    let load = table.store(replaced)
    #expect(load == table.store(Dumper.tree(of: loaded.load)))
    #expect(table.flatText(of: load) == #".loaded(items: ["a", "b"], hasMore: true)"#)

    var other = loaded
    other.load = .loaded(items: ["x"], hasMore: false)
    var stale = ValueTable()
    let otherNode = stale.store(Dumper.tree(of: other))
    _ = stale.applying(diff, to: otherNode)
    let storedAgain = stale.store(replaced)
    #expect(stale.flatText(of: storedAgain) == #".loaded(items: ["a", "b"], hasMore: true)"#)
    #expect(storedAgain == stale.store(Dumper.tree(of: loaded.load)))

    let team: Team? = Team()
    let teamDiff = engine.diff(team as Any, Team?.none as Any)
    let gone = try #require(teamDiff)
    let removedTeam = try #require(Self.replacedValues(in: gone).first)
    var teams = ValueTable()
    let moment = teams.store(Dumper.tree(of: team as Any))
    _ = teams.applying(gone, to: moment)
    let printed = teams.store(removedTeam, keepsDerived: true)
    #expect(teams.flatText(of: printed).hasSuffix(#"sorted: ["a", "b"])"#))
    #expect(teams.store(removedTeam) == moment)
  }

  /// Keys in the order dumps sort them, whole numbers among them: the short way of comparing
  /// two whole numbers gives what the natural order gives, and keys that are not whole
  /// numbers without leading zeros are compared the natural way.
  @Test func keysCompareAsDumpsSortThem() {
    let keys = [
      "0", "1", "2", "9", "10", "11", "99", "100", "101", "1025", "007", "-3", "", "a", "a2",
      "a10", "1.5", "\"10\"", "٣", "12a",
    ]
    for lhs in keys {
      for rhs in keys {
        #expect(
          ValueTable.precedes(lhs, rhs) == lhs.naturallyPrecedes(rhs), "\(lhs) before \(rhs)")
      }
    }
  }
}
