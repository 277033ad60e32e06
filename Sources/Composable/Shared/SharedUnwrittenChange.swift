/// A change of a persisted shared value that could not be written before the process ended:
/// what the program reports at exit (see `SharedContainer.finishWriting()`).
public struct SharedUnwrittenChange: Sendable {
  /// The value's key.
  public let key: SharedKeyID
  /// What the file holds, as far as the process knows (the default when it could not be read).
  public let stored: any Sendable
  /// What the file should have become.
  public let intended: any Sendable
  /// Why it was not written: "another process holds /…/NAME.lock".
  public let reason: String
}
