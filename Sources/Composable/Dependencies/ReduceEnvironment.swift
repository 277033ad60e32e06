/// What a store installs on the thread for each reduce: its dependency values and its shared
/// container, in one object the store makes when its dependencies change, so that installing
/// it is one unretained pointer stored (`DependencyValues.withThreadCurrent`), not a copy of
/// each value with its retains and releases.
@usableFromInline
final class ReduceEnvironment: Sendable {
  @usableFromInline let values: DependencyValues
  @usableFromInline let container: SharedContainer

  @usableFromInline
  init(values: DependencyValues, container: SharedContainer) {
    self.values = values
    self.container = container
  }
}
