/// A value the measured closures (and a store observer, on the sending thread) mutate.
final class Box<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
