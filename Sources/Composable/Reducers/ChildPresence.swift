/// Whether a child feature is still in a state, as the reducer that runs it sees it: how the
/// store finds the children another reducer removed or replaced, to end their effects.
///
/// The library's reducers build it (`ifLet`, presentation, `forEach`, `Scope` and the builder's
/// combinations); a reducer written with `reduce(into:action:)` keeps the default, which knows
/// no child, so the store leaves the effects it cannot place alone.
public struct ChildPresence<State> {
  /// For a path of children from this reducer's state: true while the child at the end of it
  /// is there, false once it is gone, nil when this reducer runs no such child.
  let check: (State, ArraySlice<NavigationID>) -> Bool?

  init(_ check: @escaping (State, ArraySlice<NavigationID>) -> Bool?) {
    self.check = check
  }

  /// A reducer that runs no child.
  @usableFromInline
  static var none: Self { Self { _, _ in nil } }

  /// This reducer's answer, else `other`'s.
  func or(_ other: Self) -> Self {
    Self { state, path in check(state, path) ?? other.check(state, path) }
  }

  /// The answer for a child held at `location` with `identity`, of which `read` gives the
  /// current one (nil when absent): the path's first step must name it, the rest is asked of
  /// the child's own reducer.
  static func child<ChildState>(
    at location: AnyKeyPath, read: @escaping (State, NavigationID) -> ChildState?,
    identity: ((ChildState) -> NavigationID)?, inner: @escaping () -> ChildPresence<ChildState>
  ) -> Self {
    // The child's own presence is built when first asked: a feature may contain itself.
    let innerPresence = LazyValue(inner)
    return Self { state, path in
      guard let step = path.first, step.location == location else { return nil }
      guard let child = read(state, step), identity.map({ $0(child) == step }) ?? true
      else { return false }
      let rest = path.dropFirst()
      return rest.isEmpty ? true : innerPresence.value.check(child, rest) ?? true
    }
  }
}

/// A value made when first read.
private final class LazyValue<Value> {
  private let make: () -> Value
  private(set) lazy var value: Value = make()

  init(_ make: @escaping () -> Value) {
    self.make = make
  }
}

extension Reducer where Body == Never {
  /// A reducer written by hand runs no child the store can see.
  public func makeChildPresence() -> ChildPresence<State> { .none }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  public func makeChildPresence() -> ChildPresence<State> { body.makeChildPresence() }
}
