import Testing

@testable import StoreInspector

struct InspectorDiffTests {
  @Test func fieldChangeShowsOldAndNewLinesWithUnchangedSiblingsFolded() {
    let old = AppState.withRows(3)
    var new = old
    new.list.isLoading = true
    let diff = inspectorDiff(old, new)
    #expect(diff.rootTypeName == "AppState")
    #expect(
      diff.changes == [
        Change(
          path: [.field("list"), .field("isLoading")], kind: .changed(old: "false", new: "true"))
      ])
    #expect(
      DiffRenderer.text(diff) == """
          AppState(
            list: ListState(
              … (2 unchanged)
        -     isLoading: false
        +     isLoading: true
              … (2 unchanged)
            )
            … (3 unchanged)
          )
        """)
  }

  @Test func insertionInAnIdentifiedArrayIsOnePlusLine() {
    let old = AppState.withRows(3)
    var new = old
    new.list.rows.insert(Row(id: 9, name: "Mew"), at: 1)
    let diff = inspectorDiff(old, new)
    #expect(
      diff.changes == [
        Change(
          path: [.field("list"), .field("rows"), .id("9")],
          kind: .inserted(#"Row(id: 9, name: "Mew", isFavorite: false)"#))
      ])
    #expect(
      DiffRenderer.text(diff) == """
          AppState(
            list: ListState(
              rows: [
                … (1 unchanged)
        +       Row(id: 9, name: "Mew", isFavorite: false)
                … (2 unchanged)
              ]
              … (4 unchanged)
            )
            … (3 unchanged)
          )
        """)
  }

  @Test func removalFromAnIdentifiedArrayIsOneMinusLine() {
    let old = AppState.withRows(3)
    var new = old
    new.list.rows.remove(at: 2)
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          AppState(
            list: ListState(
              rows: [
                … (2 unchanged)
        -       Row(id: 3, name: "Pokémon #3", isFavorite: false)
              ]
              … (4 unchanged)
            )
            … (3 unchanged)
          )
        """)
  }

  /// The id, and the name where the element has one, stand above the change, so a reader
  /// sees which element it is.
  @Test func changedElementIsDiffedRecursivelyAndAddressedById() {
    let old = AppState.withRows(3)
    var new = old
    new.list.rows[1].name = "Ivysaur"
    let diff = inspectorDiff(old, new)
    #expect(diff.changes.map(\.pathDescription) == ["list.rows[id: 2].name"])
    #expect(
      DiffRenderer.text(diff) == """
          AppState(
            list: ListState(
              rows: [
                … (1 unchanged)
                Row(
                  id: 2
        -         name: "Pokémon #2"
        +         name: "Ivysaur"
                  … (1 unchanged)
                )
                … (1 unchanged)
              ]
              … (4 unchanged)
            )
            … (3 unchanged)
          )
        """)
  }

  @Test func setInsertionIsOnePlusLineWithTheRestCounted() {
    var old = AppState()
    old.list.favorites = [1, 3]
    var new = old
    new.list.favorites.insert(25)
    let diff = inspectorDiff(old, new)
    #expect(
      diff.changes == [
        Change(path: [.field("list"), .field("favorites"), .key("25")], kind: .inserted("25"))
      ])
    #expect(
      DiffRenderer.text(diff) == """
          AppState(
            list: ListState(
              … (1 unchanged)
              favorites: [
        +       25
                … (2 unchanged)
              ]
              … (3 unchanged)
            )
            … (3 unchanged)
          )
        """)
  }

  @Test func enumCaseChangeShowsOldAndNewCase() {
    var new = AppState()
    new.load = .loading(page: 2)
    #expect(
      DiffRenderer.text(inspectorDiff(AppState(), new)) == """
          AppState(
            … (1 unchanged)
        -   load: .idle
        +   load: .loading(page: 2)
            … (2 unchanged)
          )
        """)
  }

  @Test func samePayloadCaseIsDiffedInsideThePayload() {
    var old = AppState()
    old.load = .loaded(items: ["a", "b"], hasMore: true)
    var new = old
    new.load = .loaded(items: ["a", "c"], hasMore: true)
    let diff = inspectorDiff(old, new)
    #expect(
      diff.changes == [
        Change(
          path: [.field("load"), .enumCase("loaded"), .field("items"), .index(1)],
          kind: .changed(old: #""b""#, new: #""c""#))
      ])
    #expect(
      DiffRenderer.text(diff) == """
          AppState(
            … (1 unchanged)
            load: .loaded(
              items: [
                … (1 unchanged)
        -       "b"
        +       "c"
              ]
              … (1 unchanged)
            )
            … (2 unchanged)
          )
        """)
  }

  @Test func dictionaryEntriesAreMatchedByKey() {
    var old = AppState()
    old.counts = ["x": 1, "y": 2, "w": 5]
    var new = old
    new.counts["y"] = 3
    new.counts["z"] = 0
    new.counts["x"] = nil
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          AppState(
            … (2 unchanged)
            counts: [
        -     "x": 1
        -     "y": 2
        +     "y": 3
        +     "z": 0
              … (1 unchanged)
            ]
            … (1 unchanged)
          )
        """)
  }

  @Test func optionalChangesPrintNilAndTheValue() {
    var new = AppState()
    new.selection = 3
    #expect(
      DiffRenderer.text(inspectorDiff(AppState(), new)) == """
          AppState(
            … (3 unchanged)
        -   selection: nil
        +   selection: 3
          )
        """)
  }

  @Test func equalValuesSayNoStateChanges() {
    let diff = inspectorDiff(AppState.withRows(5), AppState.withRows(5))
    #expect(diff.isEmpty)
    #expect(DiffRenderer.text(diff) == "(No state changes)")
    #expect(DiffRenderer.text(diff, labels: .testFailure) == "(No state changes)")
    #expect(DiffRenderer.json(diff) == #"{"rootType":"AppState","changes":[]}"#)
  }

  @Test func testFailureLabelsAddAHeaderLine() {
    #expect(
      DiffRenderer.text(inspectorDiff(Point(x: 1, y: 2), Point(x: 1, y: 3)), labels: .testFailure)
        == """
        (Expected: −, Actual: +)
          Point(
            … (1 unchanged)
        -   y: 2
        +   y: 3
          )
        """)
  }

  @Test func valueMatchedArraysPairChangesAndCountTheRest() {
    #expect(
      DiffRenderer.text(inspectorDiff([1, 2, 3, 4], [1, 5, 3, 4, 6])) == """
          [
            … (1 unchanged)
        -   2
        +   5
            … (2 unchanged)
        +   6
          ]
        """)
  }

  @Test func scalarRootIsReplacedWhole() {
    #expect(DiffRenderer.text(inspectorDiff(1, 2)) == "- 1\n+ 2")
  }

  @Test func wideReplacedValuesBreakOverMarkedLines() {
    var new = AppState()
    new.load = .loaded(items: ["Bulbasaur", "Ivysaur"], hasMore: true)
    #expect(
      DiffRenderer.text(inspectorDiff(AppState(), new), maxWidth: 30) == """
          AppState(
            … (1 unchanged)
        -   load: .idle
        +   load: .loaded(
        +     items: [
        +       "Bulbasaur",
        +       "Ivysaur"
        +     ],
        +     hasMore: true
        +   )
            … (2 unchanged)
          )
        """)
  }

  @Test func propertyWrappersAreAddressedByThePropertyName() {
    var new = Settings()
    new.favorites.append(151)
    let diff = inspectorDiff(Settings(), new)
    #expect(
      diff.changes == [
        Change(path: [.field("favorites"), .index(2)], kind: .inserted("151"))
      ])
  }

  @Test func classesWithCyclesAreComparedByContentAndTerminate() {
    func ring(_ second: Int) -> Node {
      let first = Node(value: 1)
      first.next = Node(value: second, next: first)
      return first
    }
    let diff = inspectorDiff(ring(2), ring(3))
    #expect(
      diff.changes == [
        Change(path: [.field("next"), .field("value")], kind: .changed(old: "2", new: "3"))
      ])
    #expect(inspectorDiff(ring(2), ring(2)).isEmpty)
  }

  @Test func typeChangeInsideAnyIsAReplacement() {
    let diff = inspectorDiff([1] as [Any], ["1"] as [Any])
    #expect(diff.changes == [Change(path: [.index(0)], kind: .changed(old: "1", new: #""1""#))])
  }

  @Test func oneChangedRowAmongTenThousandTouchesOnlyItsPath() {
    for rowCount in [100, 10_000] {
      let old = AppState.withRows(rowCount)
      var new = old
      new.list.rows[rowCount / 2].isFavorite = true
      var engine = DiffEngine()
      let diff = StateDiff(rootTypeName: "AppState", root: engine.diff(old, new))
      #expect(
        diff.changes == [
          Change(
            path: [
              .field("list"), .field("rows"), .id("\(rowCount / 2 + 1)"), .field("isFavorite"),
            ],
            kind: .changed(old: "false", new: "true"))
        ])
      // AppState's 4 fields, ListState's 5, the row's 3, the root and the one changed row.
      #expect(engine.visitedNodes == 14)
    }
  }

  @Test func identicalStorageIsNotWalked() {
    let state = AppState.withRows(10_000)
    var engine = DiffEngine()
    #expect(engine.diff(state, state) == nil)
    #expect(engine.visitedNodes == 1)
  }

  @Test func arraysOfNonEquatableValuesSharingStorageAreNotWalked() {
    let carts = (1...1_000).map { Cart(prices: [$0]) }
    var engine = DiffEngine()
    #expect(engine.diff(carts, carts) == nil)
    #expect(engine.visitedNodes == 1)
  }

  @Test func nonEquatableRowsAreTrimmedToTheChangedOne() {
    let old = PlainState(rows: (1...10_000).map { PlainRow(id: $0, name: "#\($0)") })
    var new = old
    new.rows[7_000].tags.append("legendary")
    var engine = DiffEngine()
    let diff = StateDiff(rootTypeName: "PlainState", root: engine.diff(old, new))
    #expect(
      diff.changes == [
        Change(
          path: [.field("rows"), .id("7001"), .field("tags"), .index(0)],
          kind: .inserted(#""legendary""#))
      ])
    #expect(engine.visitedNodes < 12)
  }

  @Test func identifiedArrayLikeCollectionsAreMatchedById() {
    let old = IdentifiedTodos(
      storage: [1: Todo(id: 1, title: "Milk"), 2: Todo(id: 2, title: "Eggs")], order: [1, 2])
    var new = old
    new.storage[3] = Todo(id: 3, title: "Bread")
    new.order.insert(3, at: 0)
    new.storage[2]?.isDone = true
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          [
        +   Todo(id: 3, title: "Bread", isDone: false)
            … (1 unchanged)
            Todo(
              id: 2
              title: "Eggs"
        -     isDone: false
        +     isDone: true
            )
          ]
        """)
  }

  @Test func aContiguousArrayIsTrimmedLikeAnArray() {
    let old = ContiguousArray(0..<10_000)
    var new = old
    new[5_000] = -1
    var engine = DiffEngine()
    let diff = StateDiff(rootTypeName: "ContiguousArray<Int>", root: engine.diff(old, new))
    #expect(diff.changes == [Change(path: [.index(5_000)], kind: .changed(old: "5000", new: "-1"))])
    // The array and the one differing element.
    #expect(engine.visitedNodes == 2)
  }

  @Test func dictionaryEntriesCompareNativelyAndSharedStorageIsEqual() {
    let old = Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("k\($0)", Point(x: $0, y: 0)) })
    var new = old
    new["k7"]?.y = 1
    new["new"] = Point(x: 0, y: 0)
    var engine = DiffEngine()
    let diff = StateDiff(rootTypeName: "Points", root: engine.diff(old, new))
    #expect(diff.changes.map(\.pathDescription) == ["[\"k7\"].y", "[\"new\"]"])
    // The dictionary, the changed entry and its two fields; no other entry.
    #expect(engine.visitedNodes == 4)
    let plain = old.mapValues { PlainRow(id: $0.x, name: "") }
    var shared = DiffEngine()
    #expect(shared.diff(plain, plain) == nil)
    #expect(shared.visitedNodes == 1)
  }

  @Test func integerSetsDiffByValueWhateverTheSizeOfTheirElements() {
    // A few ids (looked up one by one), then more of them: ids below 2,048, ids past it (the
    // bitmap grows), and negative ids (no bitmap at all); some pairs keep the same count.
    let many = Set(0..<40)
    for (old, new) in [
      (Set([3, 70, 2_047]), Set([3, 2_047, 9])),
      (Set([3, 5_000, 70_000]), Set([3, 5_000, 4_096, 1])),
      (Set([-4, 3, 12]), Set([-4, 12, -7])),
      (many, many.subtracting([7]).union([40])),
      (many.union([5_000, 70_000]), many.union([5_000, 4_096, 1])),
      (many.union([-4]), many.subtracting([12]).union([-7])),
    ] {
      let diff = inspectorDiff(old, new)
      let expected =
        old.subtracting(new).map { Change(path: [.key("\($0)")], kind: .removed("\($0)")) }
        + new.subtracting(old).map { Change(path: [.key("\($0)")], kind: .inserted("\($0)")) }
      #expect(diff.changes.count == expected.count)
      #expect(expected.allSatisfy(diff.changes.contains))
      #expect(inspectorDiff(old, old).isEmpty)
      #expect(inspectorDiff(new, Set(Array(new))).isEmpty)
    }
  }

  @Test func valuesSaidToDifferThatAreEqualStillGiveNoChange() {
    let state = AppState.withRows(3)
    #expect(inspectorDiff(state, state, knownToDiffer: true).isEmpty)
    var new = state
    new.list.isLoading = true
    #expect(
      inspectorDiff(state, new, knownToDiffer: true).changes == inspectorDiff(state, new).changes)
  }

  @Test func scalarsEqualInValueButNotInBitsAreNoChange() {
    let old = Reading(label: "a temperature reading", value: 0.0, count: 3)
    // The same text in storage of its own, and zero with the other sign: equal, other bits.
    var new = Reading(label: String("a temperature reading!".dropLast()), value: -0.0, count: 3)
    #expect(inspectorDiff(old, new).isEmpty)
    #expect(inspectorDiff(old, new, knownToDiffer: true).isEmpty)
    new.label = "a temperature readinh"
    new.value = .nan
    #expect(
      inspectorDiff(old, new).changes == [
        Change(
          path: [.field("label")],
          kind: .changed(old: #""a temperature reading""#, new: #""a temperature readinh""#)),
        Change(path: [.field("value")], kind: .changed(old: "0.0", new: ".nan")),
      ])
    // NaN is not equal to itself, but prints alike: no change to show.
    let notANumber = Reading(label: "", value: .nan, count: 1)
    #expect(inspectorDiff(notANumber, notANumber).isEmpty)
  }

  @Test func aChangedElementShowsItsIdAndNameAmongItsFieldsWhereverTheyAre() {
    let old = [
      Trainer(level: 5, id: 1, badges: 0, name: "Ash", town: "Pallet"),
      Trainer(level: 5, id: 2, badges: 2, name: "Misty", town: "Cerulean"),
    ]
    var new = old
    new[1].level = 6
    new[1].town = "Pallet"
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          [
            … (1 unchanged)
            Trainer(
        -     level: 5
        +     level: 6
              id: 2
              … (1 unchanged)
              name: "Misty"
        -     town: "Cerulean"
        +     town: "Pallet"
            )
          ]
        """)
  }

  // The identity fields of a struct of plain fields are shown while its fields are compared;
  // these pin what that shows against what reading the element again showed.

  @Test func aChangedIdentityFieldShowsItsChangeNotItsIdentity() {
    let old = [Trainer(level: 5, id: 1, badges: 0, name: "Ash", town: "Pallet")]
    var new = old
    new[0].name = "Ash Ketchum"
    new[0].badges = 1
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          [
            Trainer(
              … (1 unchanged)
              id: 1
        -     badges: 0
        +     badges: 1
        -     name: "Ash"
        +     name: "Ash Ketchum"
              … (1 unchanged)
            )
          ]
        """)
  }

  @Test func identityIsShownForTheElementOnlyNotForStructsInsideIt() {
    let old = [Team(id: 7, name: "Rockets", leader: Trainer(
      level: 1, id: 2, badges: 0, name: "Jessie", town: "Kanto"))]
    var new = old
    new[0].leader.level = 2
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          [
            Team(
              id: 7
              name: "Rockets"
              leader: Trainer(
        -       level: 1
        +       level: 2
                … (4 unchanged)
              )
            )
          ]
        """)
  }

  @Test func eachChangedElementShowsItsOwnIdentity() {
    let old = (1...4).map { Trainer(level: 5, id: $0, badges: 0, name: "T\($0)", town: "Pallet") }
    var new = old
    new[0].level = 6
    new[3].town = "Viridian"
    #expect(
      DiffRenderer.text(inspectorDiff(old, new)) == """
          [
            Trainer(
        -     level: 5
        +     level: 6
              id: 1
              … (1 unchanged)
              name: "T1"
              … (1 unchanged)
            )
            … (2 unchanged)
            Trainer(
              … (1 unchanged)
              id: 4
              … (1 unchanged)
              name: "T4"
        -     town: "Pallet"
        +     town: "Viridian"
            )
          ]
        """)
  }

  @Test func anElementWhoseFieldsAllPrintAlikeIsNoChangeAndShowsNoIdentity() {
    // Not `Equatable`, and -0.0 and 0.0 differ in bits: the fields are compared, none changes.
    let old = [Sample(id: 1, name: "a", value: 0.0)]
    var new = old
    new[0].value = -0.0
    #expect(inspectorDiff(old, new).isEmpty)
  }
}

/// An identified element holding another identified value.
private struct Team: Identifiable, Equatable {
  var id: Int
  var name: String
  var leader: Trainer
}

/// An identified element that is not `Equatable`.
private struct Sample: Identifiable {
  var id: Int
  var name: String
  var value: Double
}

/// A value with a text, a floating-point and an integer field.
private struct Reading: Equatable {
  var label: String
  var value: Double
  var count: Int
}

/// An identified element whose id and name are not its first fields.
private struct Trainer: Identifiable, Equatable {
  var level: Int
  var id: Int
  var badges: Int
  var name: String
  var town: String
}
