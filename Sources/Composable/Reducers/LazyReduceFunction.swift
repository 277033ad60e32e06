/// A child's reduce function built on its first action: a feature that presents or contains
/// itself builds one level per level reached, not an endless tree when its store is made.
@usableFromInline
final class LazyReduceFunction<R: Reducer> {
  @usableFromInline let reducer: R
  @usableFromInline var built: ReduceFunction<R.State, R.Action>?

  @inlinable
  init(_ reducer: R) {
    self.reducer = reducer
  }

  /// The reduce function, built once.
  @inlinable
  var function: ReduceFunction<R.State, R.Action> {
    if let built { return built }
    let made = reducer.makeReduceFunction()
    built = made
    return made
  }
}
