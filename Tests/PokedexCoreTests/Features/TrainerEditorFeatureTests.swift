import DexTesting
import Foundation
import PokedexCore
import Testing
import Composable

@Suite(.isolatedSharedState) struct TrainerEditorFeatureTests {
  /// An editor of `trainer`'s name and badges, as the team presents it.
  func editor(of trainer: Shared<Trainer>) -> TrainerEditorFeature.State {
    TrainerEditorFeature.State(name: trainer.name, badges: trainer.badges)
  }

  @Test func anEditChangesTheTrainerThePresenterHolds() async {
    let trainer = Shared(value: Trainer(name: "Red"))
    let store = TestStore(initialState: editor(of: trainer)) {
      TrainerEditorFeature()
    }
    await store.send(.nameChanged("  Gary ")) {
      $0.$name.withLock { $0 = "Gary" }
    }
    await store.send(.badgeEarned("Cascade")) {
      $0.$badges.withLock { $0 = ["Cascade"] }
    }
    #expect(trainer.wrappedValue == Trainer(name: "Gary", badges: ["Cascade"]))
  }

  @Test func theEditorHoldsOnlyTheNameAndBadgesAndSeesTheTrainerChangeElsewhere() async {
    let trainer = Shared(value: Trainer(name: "Red", badges: ["Boulder"]))
    let store = TestStore(initialState: editor(of: trainer)) {
      TrainerEditorFeature()
    }
    #expect(store.state.$name.keyID == trainer.keyID)
    #expect(store.state.$badges.keyID == trainer.keyID)
    trainer.withLock { $0.name = "Blue" }
    #expect(store.state.name == "Blue")
    // The rename happened outside the store: the next step's assertion includes it, as every
    // change to the shared value since the last step.
    await store.send(.badgeEarned("Cascade")) {
      $0.$name.withLock { $0 = "Blue" }
      $0.$badges.withLock { $0 = ["Boulder", "Cascade"] }
    }
    #expect(trainer.wrappedValue == Trainer(name: "Blue", badges: ["Boulder", "Cascade"]))
  }

  @Test func anEmptyNameAndABadgeEarnedTwiceAreRefusedWithAWarning() async {
    let warnings = Recorder()
    let store = TestStore(
      initialState: editor(of: Shared(value: Trainer(name: "Red", badges: ["Boulder"])))
    ) {
      TrainerEditorFeature()
    } withDependencies: {
      $0.warnings = warnings.warnings
    }
    await store.send(.nameChanged("   "))
    await store.send(.badgeEarned("Boulder"))
    #expect(
      warnings.all == [
        "A trainer needs a name; Red keeps theirs.",
        "Red already has the Boulder badge. Nothing changed.",
      ])
  }
}
