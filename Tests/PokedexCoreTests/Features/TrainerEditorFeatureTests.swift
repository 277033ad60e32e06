import DexTesting
import Foundation
import PokedexCore
import Testing
import Composable

@Suite(.isolatedSharedState) struct TrainerEditorFeatureTests {
  @Test func anEditChangesTheTrainerThePresenterHolds() async {
    let trainer = Shared(value: Trainer(name: "Red"))
    let store = TestStore(initialState: TrainerEditorFeature.State(trainer: trainer)) {
      TrainerEditorFeature()
    }
    await store.send(.nameChanged("  Gary ")) {
      $0.$trainer.withLock { $0.name = "Gary" }
    }
    await store.send(.badgeEarned("Cascade")) {
      $0.$trainer.withLock { $0.badges = ["Cascade"] }
    }
    #expect(trainer.wrappedValue == Trainer(name: "Gary", badges: ["Cascade"]))
  }

  @Test func anEmptyNameAndABadgeEarnedTwiceAreRefusedWithAWarning() async {
    let warnings = Recorder()
    let store = TestStore(
      initialState: TrainerEditorFeature.State(
        trainer: Shared(value: Trainer(name: "Red", badges: ["Boulder"])))
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
