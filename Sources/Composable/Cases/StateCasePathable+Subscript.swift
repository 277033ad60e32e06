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

extension Optional where Wrapped: StateCasePathable {
  /// The payload of one case of a presented destination, read and written in place:
  /// `$0.destination[case: \.detail]?.isFavorite = true`. Nil when nothing is presented or
  /// another case is; setting nil dismisses the case. Changing a case while another one is
  /// presented reports an issue and changes nothing.
  public subscript<Value>(case path: KeyPath<Wrapped.Cases, Case<Wrapped, Value>>) -> Value? {
    get { flatMap(Wrapped.cases[keyPath: path].extract) }
    _modify {
      let stateCase = Wrapped.cases[keyPath: path]
      var value = flatMap(stateCase.extract)
      // The case presented instead, if another one is.
      let unrelated = value == nil ? map { Mirror(reflecting: $0).children.first?.label ?? "?" } : nil
      yield &value
      if let value {
        self = stateCase.embed(value)
      } else if let unrelated {
        reportIssue("Can't modify unrelated case \"\(unrelated)\"")
      } else {
        self = nil
      }
    }
  }
}
