import DexPlatform
import DexTesting
import Foundation
import Composable
import ComposableInspection
import StoreInspector
import Testing

extension SharedKey where Self == InMemoryKey<Set<Int>>.Default {
  /// The favorite ids these tests share, as an app would name its key.
  static var favorites: Self { Self[.inMemory("favorites"), default: []] }
}

/// Seed 002's detail → list star: one feature writes favorites, another reads them.
struct FavoriteWriterFeature: Reducer {
  struct State: Equatable {
    @Shared(.favorites) var favorites
  }

  enum Action: Equatable, Sendable, Codable {
    case favoriteTapped(id: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .favoriteTapped(id):
        state.$favorites.withLock { favorites in
          if favorites.contains(id) { favorites.remove(id) } else { favorites.insert(id) }
        }
        return .none
      }
    }
  }
}

struct FavoriteReaderState: Equatable {
  @SharedReader(.favorites) var favorites
}

/// A parent that shares an unnamed value with its child by passing `$user`.
struct ProfileState: Equatable {
  @Shared var user: String

  init(user: Shared<String>) {
    _user = user
  }
}

@Suite(.isolatedSharedState) struct SharedTests {
  @Test func aToggleInOneFeatureIsSeenByAnotherThatOnlyReads() async {
    let reader = FavoriteReaderState()
    let store = TestStore(initialState: FavoriteWriterFeature.State()) { FavoriteWriterFeature() }
    await store.send(.favoriteTapped(id: 25)) {
      $0.$favorites.withLock { $0.insert(25) }
    }
    #expect(reader.favorites == [25])
    #expect(store.state.favorites == [25])
  }

  @Test func anExpectationThatDiffersFailsAndDoesNotTouchTheLiveValue() async {
    let failures = Recorder()
    let store = TestStore(initialState: FavoriteWriterFeature.State()) {
      FavoriteWriterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.favoriteTapped(id: 25)) {
      $0.$favorites.withLock { $0.insert(1) }
    }
    #expect(store.state.favorites == [25])
    #expect(failures.all.count == 1)
    #expect(
      failures.all.first == """
        A state change after sending .favoriteTapped(id: 25) does not match the expectation:
        (Expected: −, Actual: +)
          @Shared(inMemory:favorites): [
        -   1
        +   25
          ]
        """)
  }

  @Test func anUnassertedSharedChangeFails() async {
    let failures = Recorder()
    let store = TestStore(initialState: FavoriteWriterFeature.State()) {
      FavoriteWriterFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.favoriteTapped(id: 4))
    #expect(failures.all.first?.hasPrefix("State was not expected to change") == true)
  }

  @Test func theObserverSeesTheSharedValueBeforeAndAfter() {
    let store = Store(initialState: FavoriteWriterFeature.State()) { FavoriteWriterFeature() }
    let seen = LockedValue<[String]>([])
    store.observe { processed in
      let diff = stateDiff(
        processed.stateBefore, processed.stateAfter, sharedBefore: processed.sharedBefore,
        sharedAfter: processed.sharedAfter)
      let before = stateDump(processed.stateBefore, shared: processed.sharedBefore)
      seen.withLock { $0.append(before + "\n" + DiffRenderer.text(diff)) }
    }
    store.send(.favoriteTapped(id: 25))
    #expect(
      seen.withLock { $0 } == [
        """
        FavoriteWriterFeature.State(favorites: [])
          FavoriteWriterFeature.State(
            favorites: [
        +     25
            ]
          )
        """
      ])
  }

  @Test func aParentSharesAnUnnamedValueWithItsChild() {
    let user = Shared(value: "Ash")
    let child = ProfileState(user: user)
    user.withLock { $0 = "Misty" }
    #expect(child.user == "Misty")
    let reader = SharedReader(child.$user)
    #expect(reader.wrappedValue == "Misty")
  }

  @Test func oneHundredTasksIncrementingUnderTheLockGetExactlyTenThousand() async {
    let counter = Shared(wrappedValue: 0, .inMemory("counter"))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for _ in 0..<100 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.wrappedValue == 10_000)
  }

  @Test func aReadAndAWriteLockedSeparatelyLoseAnUpdateWhenInterleaved() {
    // Two increments, each split into a locked read and a locked write, interleaved by hand.
    let counter = Shared(wrappedValue: 0, .inMemory("split"))
    let readByFirst = counter.withLock { $0 }
    let readBySecond = counter.withLock { $0 }
    counter.withLock { $0 = readByFirst + 1 }
    counter.withLock { $0 = readBySecond + 1 }
    #expect(counter.wrappedValue == 1)
    // The same two increments, each one read-modify-write under one lock, lose nothing.
    let atomic = Shared(wrappedValue: 0, .inMemory("whole"))
    atomic.withLock { $0 += 1 }
    atomic.withLock { $0 += 1 }
    #expect(atomic.wrappedValue == 2)
  }

  @Test func statesHoldingSharedCompareByValueNotByReference() {
    let ash = ProfileState(user: Shared(value: "Ash"))
    let anotherAsh = ProfileState(user: Shared(value: "Ash"))
    let misty = ProfileState(user: Shared(value: "Misty"))
    #expect(ash == anotherAsh)
    #expect(ash != misty)
  }

  @Test func snapshotsRestoreEarlierValues() {
    let favorites = Shared(.favorites)
    let before = SharedContainer.resolved.snapshot()
    favorites.withLock { $0 = [1, 2, 3] }
    SharedContainer.resolved.restore(before)
    #expect(favorites.wrappedValue == [])
  }

  // MARK: - What a shared value says it is (swift-sharing's forms)

  @Test func aValueWithoutAKeyDescribesItselfByItsValue() {
    let count = Shared(value: 0)
    #expect(count.description == "Shared<Int>(value: 0)")
    #expect(SharedReader(count).description == "SharedReader<Int>(value: 0)")
    #expect(Shared(value: "Ash").description == #"Shared<String>(value: "Ash")"#)
  }

  @Test func aValueWithAKeyDescribesItselfByTheKeyAsWritten() {
    let count = Shared(wrappedValue: 0, .appStorage("count"))
    #expect(count.description == #"Shared<Int>(.appStorage("count"))"#)
    #expect(SharedReader(count).description == #"SharedReader<Int>(.appStorage("count"))"#)
    #expect(
      Shared(wrappedValue: 0, .inMemory("steps")).description
        == #"Shared<Int>(.inMemory("steps"))"#)
    #expect(
      Shared(wrappedValue: [String](), .fileStorage(URL(fileURLWithPath: "/tmp/todos.json")))
        .description == "Shared<[String]>(.fileStorage(file:///tmp/todos.json))")
    #expect(
      Shared(wrappedValue: 20, .appStorage("pageSize", in: 1...100)).description
        == #"Shared<Int>(.appStorage("pageSize", in: 1...100))"#)
  }

  @Test func aKeyWithItsDefaultIsDescribedWithTheDefault() {
    let count = Shared(AppStorageKey<Int>.Default[.appStorage("total"), default: 0])
    #expect(
      count.description == #"Shared<Int>(AppStorageKey<Int>.Default[.appStorage("total"), default: 0])"#)
    #expect(
      SharedReader(count).description
        == #"SharedReader<Int>(AppStorageKey<Int>.Default[.appStorage("total"), default: 0])"#)
  }

  @Test func printDumpAndInterpolationSayWhatASharedValueIs() {
    let favorites = Shared(.favorites)
    favorites.withLock { $0 = [25] }
    #expect("\(favorites)" == #"Shared<Set<Int>>(InMemoryKey<Set<Int>>.Default[.inMemory("favorites"), default: Set([])])"#)
    #expect(String(reflecting: Shared(value: 1)) == "Shared<Int>(value: 1)")
    var dumped = ""
    dump(Shared(value: [1, 2]), to: &dumped)
    #expect(dumped.hasPrefix("▿ Shared<[Int]>(value: [1, 2])\n"), "dumped: \(dumped)")
  }
}
