import Composable

/// Where a load stands: not started, in flight, done with a value, or failed.

public enum LoadState<Value: Sendable>: StateCasePathable {
  /// Nothing has been requested yet.
  case idle
  /// A load is in flight.
  case loading
  /// The load finished with a value.
  case loaded(Value)
  /// The load failed.
  case failed(DexError)

  /// The loaded value, if any. Setting a value makes the state `.loaded` with it, so a test
  /// asserts a page appended in place: `$0.loadState.value?.append(contentsOf: page)`; setting
  /// nil leaves the state as it is.
  public var value: Value? {
    get { if case let .loaded(value) = self { value } else { nil } }
    set { if let newValue { self = .loaded(newValue) } }
  }

  /// The failure, if the load failed.
  public var error: DexError? {
    if case let .failed(error) = self { error } else { nil }
  }

  /// Whether a load is in flight.
  public var isLoading: Bool {
    if case .loading = self { true } else { false }
  }
}

extension LoadState: Equatable where Value: Equatable {}
extension LoadState: Hashable where Value: Hashable {}
extension LoadState: Sendable where Value: Sendable {}
extension LoadState: Codable where Value: Codable {}
