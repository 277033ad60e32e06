/// The Swift runtime's name of an enum value's case, the one `dump` and `print` use when a type
/// has no custom description. Declared by the standard library under the same symbol.
@_silgen_name("swift_EnumCaseName")
private func _enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The case name of `value`, which must be an enum; falls back to its description.
func enumCaseName(of value: Any) -> String {
  if let pointer = _enumCaseName(value) {
    return String(cString: pointer)
  }
  return String(describing: value)
}
