import StoreInspector
import Composable

// Derived values are computed from stored state, never stored twice; dumps and state paths
// show them after the stored properties (diffs show the stored change they come from).

extension TeamFeature.State: CustomDumpReflectable {
  public var inspectorMirror: Mirror {
    Mirror(storedPropertiesOf: self, adding: ["displayedMembers": DerivedValue { displayedMembers }])
  }
}

// A member's favorite state is read from the favorites (a derived reader): shown, not diffed,
// not passed to its initializer.
extension TeamMemberFeature.State: CustomDumpReflectable {
  public var inspectorMirror: Mirror {
    Mirror(
      storedPropertiesOf: self, leavingOut: ["_isFavorite"],
      adding: ["isFavorite": DerivedValue { isFavorite }])
  }
}

extension FavoritesFeature.State: CustomDumpReflectable {
  public var inspectorMirror: Mirror {
    Mirror(storedPropertiesOf: self, adding: ["favoritePokemon": DerivedValue { favoritePokemon }])
  }
}

extension PokemonListFeature.State: CustomDumpReflectable {
  public var inspectorMirror: Mirror {
    Mirror(storedPropertiesOf: self, adding: ["visiblePokemon": DerivedValue { visiblePokemon }])
  }
}

extension StatsFeature.State: CustomDumpReflectable {
  public var inspectorMirror: Mirror {
    Mirror(
      storedPropertiesOf: self,
      adding: [
        "countsByType": DerivedValue { countsByType },
        "countsByGeneration": DerivedValue { countsByGeneration },
      ])
  }
}

extension Mirror {
  /// The struct's stored properties as `Mirror(reflecting:)` lists them but those labelled as
  /// in `leftOut`, then `derived`.
  init<Subject>(
    storedPropertiesOf subject: Subject, leavingOut leftOut: Set<String> = [],
    adding derived: KeyValuePairs<String, DerivedValue>
  ) {
    let children = inspectorStoredProperties(of: subject).filter {
      !leftOut.contains($0.label ?? "")
    }.map {
      Mirror.Child(label: $0.label, value: $0.value)
    }
      + derived.map { Mirror.Child(label: $0.key, value: $0.value) }
    self.init(subject, children: children, displayStyle: .struct)
  }
}
