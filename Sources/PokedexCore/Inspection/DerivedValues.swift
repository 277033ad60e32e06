import StoreInspector
import Composable

// Derived values are computed from stored state, never stored twice; dumps and state paths
// show them after the stored properties (diffs show the stored change they come from).

extension TeamFeature.State: CustomDumpReflectable {
  public var inspectorMirror: Mirror {
    Mirror(storedPropertiesOf: self, adding: ["displayedMembers": DerivedValue { displayedMembers }])
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
  /// The struct's stored properties as `Mirror(reflecting:)` lists them, then `derived`.
  init<Subject>(storedPropertiesOf subject: Subject, adding derived: KeyValuePairs<String, DerivedValue>) {
    let children = inspectorStoredProperties(of: subject).map {
      Mirror.Child(label: $0.label, value: $0.value)
    }
      + derived.map { Mirror.Child(label: $0.key, value: $0.value) }
    self.init(subject, children: children, displayStyle: .struct)
  }
}
