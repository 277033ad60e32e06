#if canImport(Glibc)
  import Glibc
#endif

/// Builds reducer trees whose reducers report to a tracer, and installs tracers.
///
/// Tracing is chosen when a tree is built: `makeReduceFunction()` builds plain functions, and
/// only a tree built through `tracedReduceFunction(of:)` (or a store of `reducer.traced()`)
/// has reducers that report. A store's send path therefore costs nothing for it. A traced
/// tree reports to the tracer installed on the thread that runs it, and runs as the plain one
/// when none is.
///
/// ```swift
/// let reduce = ReducerTracing.tracedReduceFunction(of: AppFeature())
/// ReducerTracing.withTracer(recorder) { _ = reduce(&state, .list(.onAppear)) }
/// // recorder saw: AppFeature, Scope(todos), TodoListFeature, Scope(filter), Reduce, …
/// ```
public enum ReducerTracing {
  /// `reducer`'s reduce function with every reducer of its tree reporting to the thread's
  /// tracer.
  public static func tracedReduceFunction<R: Reducer>(
    of reducer: R
  ) -> ReduceFunction<R.State, R.Action> {
    buildingTraced { reducer.makeReduceFunction() }
  }

  /// Runs `build` with the reducer trees it builds built for tracing.
  @usableFromInline
  static func buildingTraced<Result>(_ build: () -> Result) -> Result {
    let box = ThreadEnvironment.install()
    let wasBuilding = box.isBuildingTraced
    box.isBuildingTraced = true
    defer { box.isBuildingTraced = wasBuilding }
    return build()
  }

  /// Runs `body` with `tracer` receiving the events of traced trees run on this thread.
  public static func withTracer<Result>(
    _ tracer: any ReducerTracer, _ body: () throws -> Result
  ) rethrows -> Result {
    let box = ThreadEnvironment.install()
    let previous = box.tracer
    box.tracer = tracer
    defer { box.tracer = previous }
    return try body()
  }

  /// The tracer installed on this thread, if any.
  @usableFromInline
  static var current: (any ReducerTracer)? { ThreadEnvironment.tracer }

  /// Whether this thread is building a traced tree.
  @usableFromInline
  static var isBuilding: Bool { ThreadEnvironment.isBuildingTraced }

  /// A feature's `body`, and where it is written when a traced tree is being built (nil
  /// otherwise). The body's builder notes its block last, after the blocks it contains (a
  /// `Scope`'s child is built inside it); a body written without the builder (`return …`)
  /// has the last block written inside it, if any.
  @inlinable
  static func buildingBody<Body>(_ body: () -> Body) -> (Body, SourceLine?) {
    guard isBuilding else { return (body(), nil) }
    return locatingBody(body)
  }

  @usableFromInline
  static func locatingBody<Body>(_ body: () -> Body) -> (Body, SourceLine?) {
    let box = ThreadEnvironment.install()
    let outer = box.lastBlock
    box.lastBlock = nil
    defer { box.lastBlock = outer }
    let built = body()
    return (built, box.lastBlock)
  }

  /// Notes that a reducer builder block written at `source` finished, when a traced tree is
  /// being built on this thread (see `buildingBody`).
  @inlinable
  static func noteBlock(at source: SourceLine) {
    guard isBuilding else { return }
    recordBlock(source)
  }

  @usableFromInline
  static func recordBlock(_ source: SourceLine) {
    ThreadEnvironment.install().lastBlock = source
  }

  /// The reduce function `build` builds, made to report as `node` when the tree is being built
  /// for tracing; the plain one otherwise. Each reducer kind builds its children inside `build`,
  /// so a tree being described (`ReducerTree.of`) sees them as the node's children;
  /// `dependencies` names what a feature declares, read only then. An action `passes` says
  /// the reducer leaves alone (a `Scope` whose case it is not) is run without telling the
  /// tracer: the reducer runs nothing and changes nothing for it, as a tracer sees it.
  @inlinable
  static func instrument<State, Action>(
    as node: @autoclosure () -> ReducerNode,
    declaring dependencies: @autoclosure () -> [String] = [],
    passing passes: ((Action) -> Bool)? = nil,
    building build: () -> ReduceFunction<State, Action>
  ) -> ReduceFunction<State, Action> {
    guard isBuilding else { return build() }
    let node = node()
    let reduce = isDescribing ? describing(node, dependencies: dependencies, build) : build()
    return { state, action in
      guard let tracer = current, passes?(action) != true else { return reduce(&state, action) }
      guard tracer.willRun(node, state: state, action: action) else { return .none }
      // The state's bytes in place, kept to tell a reducer that left its state alone without
      // comparing the values (padding makes copies of equal values differ).
      return withUnsafeTemporaryAllocation(
        byteCount: MemoryLayout<State>.size, alignment: MemoryLayout<State>.alignment
      ) { kept in
        withUnsafeBytes(of: &state) { kept.copyMemory(from: $0) }
        let effect = reduce(&state, action)
        let isUntouched = withUnsafeBytes(of: &state) { hasBytes($0, UnsafeRawBufferPointer(kept)) }
        tracer.didRun(node, state: state, effect: effect, isUntouched: isUntouched)
        return effect
      }
    }
  }

  /// `build()`, recorded as `node` with the nodes it builds as its children when a tree is
  /// being described on this thread.
  @usableFromInline
  static func describing<State, Action>(
    _ node: ReducerNode, dependencies: () -> [String],
    _ build: () -> ReduceFunction<State, Action>
  ) -> ReduceFunction<State, Action> {
    guard let recorder = ThreadEnvironment.treeRecorder else { return build() }
    return recorder.record(node, dependencies: dependencies, build: build)
  }

  /// Whether this thread is describing a tree (`ReducerTree.of`): children built lazily are
  /// built at once then.
  @usableFromInline
  static var isDescribing: Bool { ThreadEnvironment.treeRecorder != nil }

  /// Whether `a` and `b` hold the same bytes.
  @usableFromInline
  static func hasBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    return memcmp(x, y, a.count) == 0
  }
}

extension Reducer {
  /// This reducer, built for tracing when a store builds it: its reducers report to the tracer
  /// installed on the thread that processes an action (`ReducerTracing.withTracer`).
  public func traced() -> TracedReducer<Self> {
    TracedReducer(base: self)
  }
}

/// A reducer whose tree is built for tracing (see `Reducer.traced()`).
public struct TracedReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base

  @usableFromInline
  init(base: Base) {
    self.base = base
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    makeReduceFunction()(&state, action)
  }

  public func makeReduceFunction() -> ReduceFunction<Base.State, Base.Action> {
    ReducerTracing.tracedReduceFunction(of: base)
  }
}
