import DexTesting
import Foundation
import Composable
import Testing

/// A user as swift-sharing's derivation scenarios have one: a name to edit and an id to read.
struct ProjectedMember: Equatable, Sendable, Codable {
  let id: Int
  var name: String
}

/// A child that edits one field of its parent's shared value and knows nothing else of it.
struct NameEditorFeature: Reducer {
  struct State: Equatable {
    @Shared var name: String
  }

  enum Action: Equatable, Sendable, Codable {
    case nameChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.$name.withLock { $0 = name }
        return .none
      }
    }
  }
}

/// Parts of a shared value shared on their own: key-path projections, unwrapped optionals, rows
/// of a collection, derived readers (swift-sharing's `SharedTests.Transformations`).
@Suite(.isolatedSharedState) struct SharedProjectionTests {
  // swift-sharing: Transformations.appendWritableKeyPath
  @Test func aProjectedFieldWritesThroughTheWholeValueAndSeesItsChanges() {
    let member = Shared(value: ProjectedMember(id: 1, name: "Blob"))
    let name = member.name
    name.withLock { $0 += ", Jr." }
    #expect(member.wrappedValue.name == "Blob, Jr.")
    member.name.withLock { $0 += " III" }
    #expect(name.wrappedValue == "Blob, Jr. III")
    #expect(name.keyID == member.keyID)
  }

  // swift-sharing: Transformations.appendKeyPath
  @Test func aReaderOfALetFieldFollowsItsValueNotAReplacementOfTheProperty() {
    @Shared(value: ProjectedMember(id: 1, name: "Blob")) var member
    let id: SharedReader<Int> = $member.id
    #expect(id.wrappedValue == 1)
    $member.withLock { $0 = ProjectedMember(id: 42, name: "Blob") }
    #expect(id.wrappedValue == 42)
    $member = Shared(value: ProjectedMember(id: 1729, name: "Blob"))
    #expect(id.wrappedValue == 42)
  }

  // swift-sharing: Transformations.optional
  @Test func anUnwrappedOptionalIsNilWhileNilAndKeepsItsLastValueWhenItBecomesNil() throws {
    @Shared(value: nil) var wrappedCount: Int?
    #expect(Shared($wrappedCount) == nil)

    $wrappedCount.withLock { $0 = 0 }
    let count = try #require(Shared($wrappedCount))
    #expect(count.wrappedValue == 0)

    count.withLock { $0 += 1 }
    #expect(wrappedCount == 1)
    $wrappedCount.withLock { $0? += 1 }
    #expect(count.wrappedValue == 2)

    $wrappedCount.withLock { $0 = nil }
    #expect(count.wrappedValue == 2)
    // While the optional is nil a change reaches only the unwrapped value; swift-sharing
    // leaves this case unasserted, dex says what happens.
    count.withLock { $0 += 1 }
    #expect(wrappedCount == nil)
    #expect(count.wrappedValue == 3)

    $wrappedCount.withLock { $0 = 4 }
    #expect(count.wrappedValue == 4)
    #expect(try #require(SharedReader($wrappedCount)).wrappedValue == 4)
  }

  // swift-sharing: Transformations.collection
  @Test func eachRowOfASharedArrayIsSharedAndARemovedRowKeepsItsLastValue() {
    let counts = Shared(value: IdentifiedArray(uniqueElements: [1, 2, 3], id: \.self))
    let rows = Array(counts)
    #expect(rows.map(\.wrappedValue) == [1, 2, 3])

    counts.withLock { _ = $0.remove(id: 3) }
    #expect(counts.wrappedValue == IdentifiedArray(uniqueElements: [1, 2], id: \.self))
    #expect(rows[2].wrappedValue == 3)

    rows[2].withLock { $0 += 1 }
    #expect(rows[2].wrappedValue == 4)
    #expect(counts.wrappedValue == IdentifiedArray(uniqueElements: [1, 2], id: \.self))
  }

  @Test func aRowWritesThroughTheArrayByItsIdAfterRowsBeforeItMoved() {
    let members = Shared(
      value: IdentifiedArray(
        uniqueElements: [ProjectedMember(id: 1, name: "Ash"), ProjectedMember(id: 2, name: "Misty")], id: \.id))
    let misty = Array(members)[1]
    members.withLock { _ = $0.remove(id: 1) }
    misty.withLock { $0.name = "Misty Waterflower" }
    #expect(members.wrappedValue[id: 2]?.name == "Misty Waterflower")
    #expect(members.wrappedValue.count == 1)
  }

  // swift-sharing: SharedReader.read(_:) (DerivingSharedState)
  @Test func aDerivedReaderComputesFromEveryNewValue() {
    let favorites = Shared(value: Set<Int>())
    let isPikachuFavorite = favorites.read { $0.contains(25) }
    #expect(!isPikachuFavorite.wrappedValue)
    favorites.withLock { _ = $0.insert(25) }
    #expect(isPikachuFavorite.wrappedValue)
    let count = SharedReader(favorites).read(\.count)
    favorites.withLock { _ = $0.insert(1) }
    #expect(count.wrappedValue == 2)
  }

  // swift-sharing: Transformations.reader and DerivingSharedState (persisted parent)
  @Test func aProjectionOfAPersistedValueIsPersistedByTheWholeValuesKey() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dex-projection-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("member.json")
    let container = SharedContainer(storage: .persistent) { Issue.record("\($0)") }
    let member = SharedContainer.$current.withValue(container) {
      Shared(wrappedValue: ProjectedMember(id: 1, name: "Blob"), .fileStorage(file))
    }
    member.name.withLock { $0 = "Blob Sr." }
    container.flush()
    let stored = try JSONDecoder().decode(ProjectedMember.self, from: Data(contentsOf: file))
    #expect(stored == ProjectedMember(id: 1, name: "Blob Sr."))
  }

  @Test func aProjectionReadsThePartOfTheValueASnapshotHolds() {
    let member = Shared(value: ProjectedMember(id: 1, name: "Ash"))
    let name = member.name
    let isAsh = member.read { $0.name == "Ash" }
    let before = SharedContainer.resolved.snapshot()
    name.withLock { $0 = "Gary" }
    withSharedReadMode(.snapshot(before)) {
      #expect(name.wrappedValue == "Ash")
      #expect(isAsh.wrappedValue)
    }
    #expect(name.wrappedValue == "Gary")
    #expect(!isAsh.wrappedValue)
  }

  @Test func aChildEditingAProjectionIsAssertedThroughItsOwnField() async {
    let member = Shared(value: ProjectedMember(id: 1, name: "Ash"))
    let store = TestStore(initialState: NameEditorFeature.State(name: member.name)) {
      NameEditorFeature()
    }
    await store.send(.nameChanged("Ash Ketchum")) {
      $0.$name.withLock { $0 = "Ash Ketchum" }
    }
    #expect(member.wrappedValue.name == "Ash Ketchum")
  }

  @Test func partsDescribeThemselvesAfterTheWholeValue() {
    let member = Shared(value: ProjectedMember(id: 1, name: "Ash"))
    #expect(member.name.description.hasPrefix(#"Shared<String>(value: "#))
    #expect(member.name.description.contains("[dynamicMember: "))
    #expect(member.read(\.id).description.hasPrefix("SharedReader<Int>("))
    #expect(member.read { $0.id }.description.hasSuffix(".read { … })"))
    #expect(!member.name.isWholeValue)
    #expect(member.isWholeValue)
  }
}
