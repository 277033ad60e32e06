extension String {
  /// Orders dumped texts so that numbers sort by value: `1 < 2 < 10`, `"a2" < "a10"`.
  ///
  /// Runs of digits compare by magnitude, everything else by Unicode scalar value; the result is
  /// a total order, so sorted sets and dictionaries print deterministically.
  func naturallyPrecedes(_ other: String) -> Bool {
    var lhs = unicodeScalars[...]
    var rhs = other.unicodeScalars[...]
    while let left = lhs.first, let right = rhs.first {
      if left.properties.numericType == .decimal, right.properties.numericType == .decimal,
        left.isASCII, right.isASCII
      {
        let leftDigits = lhs.prefix { $0.isASCII && $0.properties.numericType == .decimal }
        let rightDigits = rhs.prefix { $0.isASCII && $0.properties.numericType == .decimal }
        let leftTrimmed = leftDigits.drop { $0 == "0" }
        let rightTrimmed = rightDigits.drop { $0 == "0" }
        if leftTrimmed.count != rightTrimmed.count {
          return leftTrimmed.count < rightTrimmed.count
        }
        if !leftTrimmed.elementsEqual(rightTrimmed) {
          return leftTrimmed.lexicographicallyPrecedes(rightTrimmed) { $0.value < $1.value }
        }
        if leftDigits.count != rightDigits.count { return leftDigits.count < rightDigits.count }
        lhs = lhs.dropFirst(leftDigits.count)
        rhs = rhs.dropFirst(rightDigits.count)
        continue
      }
      if left != right { return left.value < right.value }
      lhs = lhs.dropFirst()
      rhs = rhs.dropFirst()
    }
    return lhs.isEmpty && !rhs.isEmpty
  }
}
