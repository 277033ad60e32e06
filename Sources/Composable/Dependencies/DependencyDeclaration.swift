/// A `@Dependency` property as a reducer declares it, found by reflection so a tree of
/// features can say what each one uses (`ReducerTree.dependencies`) without a list kept by hand.
protocol DependencyDeclaration {}

extension Dependency: DependencyDeclaration {}

extension ReducerTree {
  /// The names of the `@Dependency` properties `reducer` declares, in declaration order:
  /// `numberFact` for `@Dependency(\.numberFact) var numberFact`.
  @usableFromInline
  static func dependencyNames(in reducer: Any) -> [String] {
    Mirror(reflecting: reducer).children.compactMap { child in
      // A property wrapper's storage is the property's name with a leading underscore.
      guard child.value is any DependencyDeclaration, let label = child.label else { return nil }
      return label.hasPrefix("_") ? String(label.dropFirst()) : label
    }
  }
}
