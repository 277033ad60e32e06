#if canImport(Glibc)
  import Glibc
#endif

/// The package's one thread-local: what a store installed on this thread while it reduces (its
/// dependency values, its shared container and the tape recording or replaying the values its
/// dependencies make), how shared values are read (`withSharedReadMode`) and the reducer
/// tracer (`ReducerTracing`). A reduce, a diff
/// and a dump are synchronous and start no task, so a thread-local is exact, and one look-up
/// serves all four; reading or pushing a task-local on every action costs more.
final class ThreadEnvironment {
  /// nil when none are installed (the task's values apply).
  var values: DependencyValues?
  /// nil when none is installed (the task's container applies).
  var container: SharedContainer?
  /// The tape of the reduction running on this thread, if one is recorded or replayed.
  var tape: GenerationTape?
  /// How `Shared` values read on this thread.
  var sharedReadMode: SharedReadMode = .live
  /// The tracer traced reducer trees report to on this thread (`ReducerTracing.withTracer`).
  var tracer: (any ReducerTracer)?
  /// Whether a reducer tree is being built for tracing on this thread.
  var isBuildingTraced = false
  /// What records the tree being described on this thread (`ReducerTree.of`), if one is.
  var treeRecorder: ReducerTreeRecorder?

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<ThreadEnvironment>.fromOpaque(pointer).release()
    }
    return key
  }()

  /// The thread's box when dependency values are installed in it.
  static var current: ThreadEnvironment? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    let box = Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue()
    return box.values == nil ? nil : box
  }

  /// The shared container a store installed on this thread, if any.
  static var container: SharedContainer? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue().container
  }

  /// The shared read mode of this thread (`.live` unless `withSharedReadMode` set one).
  static var sharedReadMode: SharedReadMode {
    guard let pointer = pthread_getspecific(key) else { return .live }
    return Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue().sharedReadMode
  }

  /// The tape installed on this thread.
  static var currentTape: GenerationTape? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue().tape
  }

  /// The tracer installed on this thread, if any.
  static var tracer: (any ReducerTracer)? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue().tracer
  }

  /// Whether this thread is building a reducer tree for tracing.
  static var isBuildingTraced: Bool {
    guard let pointer = pthread_getspecific(key) else { return false }
    return Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue().isBuildingTraced
  }

  /// What records the tree being described on this thread, if one is.
  static var treeRecorder: ReducerTreeRecorder? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue().treeRecorder
  }

  static func install() -> ThreadEnvironment {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<ThreadEnvironment>.fromOpaque(pointer).takeUnretainedValue()
    }
    let box = ThreadEnvironment()
    pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
    return box
  }
}
