/// A child's reduce function built on its first action: a feature that presents or contains
/// itself builds one level per level reached, not an endless tree when its store is made.
@usableFromInline
final class LazyReduceFunction<R: Reducer> {
  @usableFromInline let reducer: R
  @usableFromInline var built: ReduceFunction<R.State, R.Action>?
  /// Whether it belongs to a tree built for tracing (then it is built for tracing too).
  @usableFromInline let isTraced: Bool

  @inlinable
  init(_ reducer: R) {
    self.reducer = reducer
    self.isTraced = ReducerTracing.isBuilding
    // A tree being described shows every child, down to a feature that contains itself.
    if ReducerTracing.isDescribing { _ = function }
  }

  /// The reduce function, built once.
  @inlinable
  var function: ReduceFunction<R.State, R.Action> {
    if let built { return built }
    let made =
      isTraced
      ? ReducerTracing.buildingTraced { reducer.makeReduceFunction() } : reducer.makeReduceFunction()
    built = made
    return made
  }
}
