#if canImport(Glibc)
  import Glibc
#endif

/// The package's one thread-local: what a store installed on this thread while it reduces (its
/// dependency values, its shared container and the tape recording or replaying the values its
/// dependencies make), how shared values are read (`withSharedReadMode`) and the reducer
/// tracer (`ReducerTracing`). A reduce, a diff and a dump are synchronous and start no task, so
/// a thread-local is exact, and one look-up serves them all; reading or pushing a task-local on
/// every action costs more.
///
/// Its fields are touched only by its own thread, so they skip the runtime's exclusivity check
/// (a call on every access of a class's stored property, on every action a store reduces).
final class ThreadEnvironment {
  /// The store's environment for the reduce running on this thread, not retained: the store
  /// holds it while it reduces (`DependencyValues.withThreadCurrent`). nil outside a reduce.
  @exclusivity(unchecked) unowned(unsafe) var reduce: ReduceEnvironment?
  /// Dependency values set on this thread inside a reduce (`withDependencies` in a reducer);
  /// they win over the store's. nil when none are set.
  @exclusivity(unchecked) var values: DependencyValues?
  /// The tape of the reduction running on this thread, if one is recorded or replayed.
  @exclusivity(unchecked) var tape: GenerationTape?
  /// How `Shared` values read on this thread.
  @exclusivity(unchecked) var sharedReadMode: SharedReadMode = .live
  /// The tracer traced reducer trees report to on this thread (`ReducerTracing.withTracer`).
  @exclusivity(unchecked) var tracer: (any ReducerTracer)?
  /// Whether a reducer tree is being built for tracing on this thread.
  @exclusivity(unchecked) var isBuildingTraced = false
  /// What records the tree being described on this thread (`ReducerTree.of`), if one is.
  @exclusivity(unchecked) var treeRecorder: ReducerTreeRecorder?
  /// How many reduces are running on this thread (a store's reduce may send to another store).
  @exclusivity(unchecked) var reduceDepth = 0
  /// What runs when the outermost reduce on this thread ends (the writes of the shared files
  /// it changed, so one action's changes of a file are one write).
  @exclusivity(unchecked) var afterReduce: [() -> Void] = []
  /// The external changes one write from outside brings, gathered while it is read on this
  /// thread (`SharedContainer.groupingExternalChanges`); nil when none is being read.
  @exclusivity(unchecked) var externalChangeBatch: [SharedExternalChange]?
  /// Where the last reducer builder block finished while a tree is built for tracing
  /// (`ReducerTracing.noteBlock`).
  @exclusivity(unchecked) var lastBlock: SourceLine?
  /// Whether dependency values are being set on this thread (`DependencyValues.setting`): a key
  /// read only to change part of its value then reports no missing test value.
  @exclusivity(unchecked) var isSettingDependencies = false

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<ThreadEnvironment>.fromOpaque(pointer).release()
    }
    return key
  }()

  /// This thread's box, if one was installed.
  private static var installed: ThreadEnvironment? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The dependency values in effect on this thread: those set inside the reduce, else the
  /// store's; nil when none are installed (the task's values apply).
  var dependencies: DependencyValues? { values ?? reduce?.values }

  /// The thread's box when dependency values are installed in it.
  static var current: ThreadEnvironment? {
    guard let box = installed, box.values != nil || box.reduce != nil else { return nil }
    return box
  }

  /// The shared container a store installed on this thread, if any (else the task's applies).
  static var container: SharedContainer? { installed?.reduce?.container }

  /// The shared read mode of this thread (`.live` unless `withSharedReadMode` set one).
  static var sharedReadMode: SharedReadMode { installed?.sharedReadMode ?? .live }

  /// The tape installed on this thread.
  static var currentTape: GenerationTape? { installed?.tape }

  /// The tracer installed on this thread, if any.
  static var tracer: (any ReducerTracer)? { installed?.tracer }

  /// Whether this thread is building a reducer tree for tracing.
  static var isBuildingTraced: Bool { installed?.isBuildingTraced ?? false }

  /// What records the tree being described on this thread, if one is.
  static var treeRecorder: ReducerTreeRecorder? { installed?.treeRecorder }

  /// Whether dependency values are being set on this thread.
  static var isSettingDependencies: Bool { installed?.isSettingDependencies ?? false }

  /// Runs `work` when the reduce running on this thread ends; false (nothing kept) outside one.
  static func runAfterReduce(_ work: @escaping () -> Void) -> Bool {
    guard let box = installed, box.reduceDepth > 0 else { return false }
    box.afterReduce.append(work)
    return true
  }

  /// Adds `change` to the batch gathered on this thread; false when none is being gathered.
  static func addToExternalChangeBatch(_ change: SharedExternalChange) -> Bool {
    guard let box = installed, box.externalChangeBatch != nil else { return false }
    box.externalChangeBatch?.append(change)
    return true
  }

  /// This thread's box, installed now if it has none.
  static func install() -> ThreadEnvironment {
    if let box = installed { return box }
    let box = ThreadEnvironment()
    pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
    return box
  }
}
