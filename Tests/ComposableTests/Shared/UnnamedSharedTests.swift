import DexTesting
import Composable
import ComposableInspection
import Testing

/// Unnamed shared values (`Shared(value:)`), as swift-sharing's and TCA's own tests use them:
/// each has an identity of its own in snapshots, diffs, time travel and TestStore.
@Suite(.isolatedSharedState) struct UnnamedSharedTests {
  @Test func aChangeThroughAnotherHolderIsTheOriginalsChange() {
    let count = Shared(value: 0)
    count.withLock { $0 += 1 }
    let copy = Shared(projectedValue: count)
    copy.withLock { $0 += 1 }
    #expect(count.wrappedValue == 2)
    #expect(copy.wrappedValue == 2)
  }

  @Test func twoUnnamedValuesOfOneTypeNeverShareAValue() {
    let first = Shared(value: 0)
    let second = Shared(value: 0)
    first.withLock { $0 = 1 }
    #expect(second.wrappedValue == 0)
    #expect(first.keyID != second.keyID)
  }

  @Test func eachUnnamedValueIsInSnapshotsUnderItsOwnKey() {
    let first = Shared(value: 1)
    let second = Shared(value: 2)
    let snapshot = SharedContainer.resolved.snapshot()
    #expect(snapshot[first.keyID] as? Int == 1)
    #expect(snapshot[second.keyID] as? Int == 2)
  }

  @Test func restoringASnapshotPutsAnUnnamedValueBack() {
    let count = Shared(value: 0)
    let before = SharedContainer.resolved.snapshot()
    count.withLock { $0 = 42 }
    SharedContainer.resolved.restore(before)
    #expect(count.wrappedValue == 0)
  }

  @Test func timeTravelPutsAnUnnamedValueBack() throws {
    let count = Shared(value: 0)
    let before = SharedContainer.resolved.snapshot()
    count.withLock { $0 = 7 }
    let after = SharedContainer.resolved.snapshot()
    try SharedContainer.resolved.travel(making: [(old: after, new: before)], to: before)
    #expect(count.wrappedValue == 0)
  }

  @Test func anUnnamedValueNothingHoldsLeavesSnapshots() {
    var count: Shared<Int>? = Shared(value: 3)
    let key = count?.keyID
    #expect(key.flatMap { SharedContainer.resolved.snapshot()[$0] } as? Int == 3)
    count = nil
    #expect(key.flatMap { SharedContainer.resolved.snapshot()[$0] } == nil)
  }

  @Test func aReaderOfAnUnnamedValueSeesItsChanges() {
    let count = Shared(value: 0)
    let reader = SharedReader(count)
    count.withLock { $0 = 1 }
    #expect(reader.wrappedValue == 1)
  }

  @Test func aChangeMadeInATaskIsSeen() async {
    let count = Shared(value: 0)
    await Task { count.withLock { $0 = 1 } }.value
    #expect(count.wrappedValue == 1)
  }

  @Test func unnamedValuesCompareByValue() {
    let lhs = Shared(value: 0)
    let rhs = Shared(value: 0)
    let named = Shared(wrappedValue: 0, .inMemory("rhs"))
    #expect(lhs == rhs)
    #expect(lhs == named)
    lhs.withLock { $0 += 1 }
    #expect(lhs != rhs)
    #expect(lhs != named)
    rhs.withLock { $0 += 1 }
    named.withLock { $0 += 1 }
    #expect(lhs == rhs)
    #expect(lhs == named)
  }

  @Test func theOwnersPathComesFirstAmongTheHoldersOfAValue() {
    let state = ProfileFeature.State()
    let holders = sharedHolders(in: state)
    #expect(holders[state.$stats.keyID]?.map(\.path) == ["stats", "profile.stats"])
    #expect(holders[state.$count.keyID]?.map(\.path) == ["count"])
  }

  // MARK: - TestStore

  @Test func anAssertedChangeToAnUnnamedValuePasses() async {
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature() }
    await store.send(.incrementTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(store.state.count == 1)
  }

  @Test func anUnassertedChangeToAnUnnamedValueFails() async {
    let failures = Recorder()
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.incrementTapped)
    #expect(
      failures.all == [
        """
        State was not expected to change after sending .incrementTapped, but it did. Assert the \
        change in a trailing closure:
        (Expected: −, Actual: +)
          @Shared(count):
        - 0
        + 1
        """
      ])
  }

  @Test func aWrongExpectationOfAnUnnamedValueFailsNamingItsOwner() async {
    let failures = Recorder()
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.incrementTapped) {
      $0.$count.withLock { $0 = 2 }
    }
    #expect(
      failures.all == [
        """
        A state change after sending .incrementTapped does not match the expectation:
        (Expected: −, Actual: +)
          @Shared(count):
        - 2
        + 1
        """
      ])
    #expect(store.state.count == 1)
  }

  @Test func settingOneUnnamedValueInAnExpectationLeavesAnotherAlone() async {
    let failures = Recorder()
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await store.send(.incrementTapped) {
      $0.$otherCount.withLock { $0 = 1 }
    }
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.contains("@Shared(count):\n- 0\n+ 1") == true)
    #expect(failures.all.first?.contains("@Shared(otherCount):\n- 1\n+ 0") == true)
    #expect(store.state.otherCount == 0)
  }

  @Test func oneValueHeldInTwoPlacesIsAssertedOnceThroughEither() async {
    let stats = Shared(value: ProfileFeature.Stats())
    let store = TestStore(initialState: ProfileFeature.State(stats: stats)) { ProfileFeature() }
    await store.send(.statsIncrementTapped) {
      $0.$stats.withLock { $0.count = 1 }
    }
    await store.send(.statsIncrementTapped) {
      $0.profile.$stats.withLock { $0.count = 2 }
    }
    #expect(stats.wrappedValue.count == 2)
    #expect(store.state.profile.stats == store.state.stats)
  }

  @Test func aChangeMadeByAReceivedActionMustBeAsserted() async {
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature() }
    await store.send(.requestTapped)
    await store.receive(.responseReceived) {
      $0.$count.withLock { $0 = 1 }
    }
    let failures = Recorder()
    let unasserted = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } reportFailure: { message, _ in
      failures.record(message)
    }
    await unasserted.send(.requestTapped)
    await unasserted.receive(.responseReceived)
    #expect(failures.all.count == 1)
    #expect(failures.all.first?.hasPrefix("State was not expected to change after receiving") == true)
  }
}
