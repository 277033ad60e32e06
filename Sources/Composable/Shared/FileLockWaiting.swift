/// How a write of a shared file waits for another process's lock on it, and what stops the wait.
///
/// After `notice` one line says dex is waiting; after `timeout` it gives up: the value stays in
/// memory, the lock is tried again (without waiting) until the write is made, and at exit the
/// wait starts over, said again.
public struct FileLockWaiting: Sendable {
  /// How long a wait lasts before it is announced.
  public var notice: Duration
  /// The longest a wait lasts, and the longest `flush()` waits in all.
  public var timeout: Duration
  /// Asked while a wait keeps the caller waiting (a value read at start, a flush at exit):
  /// true stops it (Ctrl-C).
  public var isInterrupted: @Sendable () -> Bool

  /// A wait announced after `notice` that gives up after `timeout` or when `isInterrupted`.
  public init(
    notice: Duration = .seconds(1), timeout: Duration = .seconds(10),
    isInterrupted: @escaping @Sendable () -> Bool = { false }
  ) {
    self.notice = notice
    self.timeout = timeout
    self.isInterrupted = isInterrupted
  }
}
