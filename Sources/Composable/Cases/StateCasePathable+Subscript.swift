extension StateCasePathable {
  /// The payload of one case, read and written in place, as a test asserts a change inside a
  /// presented screen: `$0.destination?[case: \.detail]?.isFavorite = true`. Nil when the value
  /// is another case; setting nil leaves the value as it is.
  public subscript<Value>(case path: KeyPath<Cases, Case<Self, Value>>) -> Value? {
    get { Self.cases[keyPath: path].extract(self) }
    set {
      guard let newValue else { return }
      self = Self.cases[keyPath: path].embed(newValue)
    }
  }
}
