/// A feature's logic: how an action changes the state and which effect it starts.
///
/// Write either `reduce(into:action:)` or a `body` built from smaller reducers, the way the
/// seeds do:
/// ```swift
/// struct CounterFeature: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable, Sendable, Codable { case incrementTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen to the feature.
  associatedtype Action
  /// The reducer that `body` builds, or `Never` when `reduce(into:action:)` is written by hand.
  associatedtype Body

  /// Evolves `state` by `action` and returns the effect to run.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer this one is made of.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// This reducer as one function, built once: composed reducers build their children here, so
  /// that nothing is rebuilt per action. Stores call it once when they are created.
  func makeReduceFunction() -> ReduceFunction<State, Action>

  /// Where this reducer's children are in its state, so the store can end the effects of a
  /// child another reducer removed. The library's reducers build it; keep the default.
  func makeChildPresence() -> ChildPresence<State>
}

/// A reducer reduced to a function, as `Reducer.makeReduceFunction()` builds it.
public typealias ReduceFunction<State, Action> = (inout State, Action) -> Effect<Action>

/// A reducer whose state and action are the feature's own: `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that writes `reduce(into:action:)` has no body.
  public var body: Never {
    fatalError("'\(Self.self)' has no body: it implements reduce(into:action:).")
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<State, Action> {
    ReducerTracing.instrument(
      as: ReducerNode(kind: .feature, reducerType: Self.self, isHandWritten: true),
      declaring: ReducerTree.dependencyNames(in: self)
    ) { { state, action in self.reduce(into: &state, action: action) } }
  }
}

// The reducers are `@inlinable` down to the closures they build, so that a feature's reduce
// function is specialized in the feature's own module: compiled here, the closures are generic
// and look up the metadata of the feature's types on every action (dex-bench B7 and W2).
extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  @inlinable
  public func makeReduceFunction() -> ReduceFunction<State, Action> {
    let (body, source) = ReducerTracing.buildingBody { self.body }
    return ReducerTracing.instrument(
      as: ReducerNode(kind: .feature, reducerType: Self.self, source: source),
      declaring: ReducerTree.dependencyNames(in: self)
    ) { UnhandledBindingCheck.checking(body.makeReduceFunction(), of: Self.self, body: body) }
  }
}
