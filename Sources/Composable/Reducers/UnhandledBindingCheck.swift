import DexPlatform

/// Warns when a binding action reaches a feature whose `body` has no `BindingReducer` and the
/// feature did not apply it by hand (`binding.apply(to:)`): the field it names would silently
/// stay as it was.
///
/// Whether to look is decided once, when the feature's reduce function is built: a feature
/// whose action is not bindable, or whose body holds a `BindingReducer` of its own state and
/// action, keeps its reduce function as it is (nothing is added to its send path).
@usableFromInline
enum UnhandledBindingCheck {
  /// `reduce`, the reduce function of `Feature`'s `body`, warning about each binding action
  /// when `body` has no `BindingReducer` for `Feature`'s state and action.
  @usableFromInline
  static func checking<Feature: Reducer, Body: Reducer>(
    _ reduce: @escaping ReduceFunction<Feature.State, Feature.Action>, of _: Feature.Type,
    body: Body
  ) -> ReduceFunction<Feature.State, Feature.Action> {
    guard let bindable = Feature.Action.self as? any BindableAction.Type,
      !contains(BindingReducerType.of(bindable, state: Feature.State.self), in: body)
    else { return reduce }
    let bindingOf = bindingReader(bindable)
    @Dependency(\.warnings) var warnings
    return { state, action in
      let effect = reduce(&state, action)
      if let (name, value, application) = bindingOf(action),
        !application.isApplied.load(ordering: .relaxed)
      {
        warnings(
          """
          \(TypeName.of(Feature.self)) received .binding(.set(\\.\(name), \
          \(warnings.text(of: value)))), but its body has no BindingReducer: \(name) was not set. \
          Put BindingReducer() first in \(TypeName.of(Feature.self))'s body.
          """)
      }
      return effect
    }
  }

  /// The field and value an action of `Action` sets, and whether it was applied, when it is
  /// its binding case.
  private static func bindingReader<Action: BindableAction>(
    _: Action.Type
  ) -> (Any) -> (name: String, value: Any, application: BindingApplication)? {
    { ($0 as? Action)?.binding.map { ($0.name, $0.storedValue, $0.application) } }
  }

  /// Whether `reducer`, or a reducer it is composed of (read through its stored properties,
  /// as far as they hold reducers), is of type `type`.
  private static func contains(_ type: Any.Type?, in reducer: Any) -> Bool {
    guard let type else { return false }
    if Swift.type(of: reducer) == type { return true }
    return Mirror(reflecting: reducer).children.contains { child in
      let value = child.value
      guard value is any Reducer || Mirror(reflecting: value).displayStyle == .optional else {
        return false
      }
      return contains(type, in: value)
    }
  }
}

/// The type of the `BindingReducer` a feature needs.
private enum BindingReducerType {
  static func of<Action: BindableAction>(_: Action.Type, state: Any.Type) -> Any.Type? {
    state == Action.State.self ? BindingReducer<Action.State, Action>.self : nil
  }
}
