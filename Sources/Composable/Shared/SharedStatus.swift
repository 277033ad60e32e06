/// How a shared value's loading and saving stand, as an inspector shows them: the text of its
/// `loadError` and `saveError`, and whether it `isLoading`.
public struct SharedStatus: Sendable, Equatable {
  /// Why the last load failed, nil once one succeeds.
  public var loadError: String?
  /// Why the last save failed, nil once one succeeds.
  public var saveError: String?
  /// Whether a load is under way.
  public var isLoading: Bool

  /// A status of those parts.
  public init(loadError: String? = nil, saveError: String? = nil, isLoading: Bool = false) {
    self.loadError = loadError
    self.saveError = saveError
    self.isLoading = isLoading
  }

  /// Whether nothing is wrong or under way.
  public var isClear: Bool { loadError == nil && saveError == nil && !isLoading }
}

extension SharedContainer {
  /// How `key`'s loading and saving stand (clear for a key the container does not hold).
  public func status(of key: SharedKeyID) -> SharedStatus {
    reference(of: key).map(SharedStatus.init(of:)) ?? SharedStatus()
  }

  /// The keys whose status is not clear, with it.
  public func unclearStatuses() -> [SharedKeyID: SharedStatus] {
    references.withLock { $0 }.compactMapValues { reference in
      let status = SharedStatus(of: reference)
      return status.isClear ? nil : status
    }
  }
}

extension SharedStatus {
  init(of reference: any AnySharedReference) {
    self.init(
      loadError: reference.loadError.map { "\($0)" },
      saveError: reference.saveError.map { "\($0)" }, isLoading: reference.isLoading)
  }
}
