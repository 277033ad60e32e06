extension UInt8 {
  /// A space, tab, line feed, vertical tab, form feed or carriage return: the ASCII characters
  /// Unicode calls whitespace.
  var isASCIIWhitespace: Bool {
    self == 0x20 || (0x09...0x0D).contains(self)
  }

  /// An ASCII byte that is not whitespace.
  var isASCIIOtherThanWhitespace: Bool {
    self < 0x80 && !isASCIIWhitespace
  }
}
