import Composable
import Testing

/// The names of an enum's cases, read from the type's reflection metadata (the records `Mirror`
/// reads; cases with payloads come first), or nil when `type` is not an enum.
public func enumCaseNames(_ type: Any.Type) -> [String]? {
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  let enumKind = 0x201
  guard metadata.load(as: Int.self) == enumKind else { return nil }
  let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
  guard let fields = relativePointer(descriptor + 16) else { return nil }
  let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
  let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
  return (0..<count).compactMap { index in
    let record = fields + 16 + index * recordSize
    return relativePointer(record + 8).map {
      String(cString: $0.assumingMemoryBound(to: CChar.self))
    }
  }
}

private func relativePointer(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
  let offset = field.load(as: Int32.self)
  return offset == 0 ? nil : field + Int(offset)
}

/// Records an issue unless `type`'s case table lists exactly the enum's cases. (Order is not
/// checked: the metadata lists cases with payloads before those without.)
public func expectCaseTableIsComplete<T: CaseTabled>(
  _ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let declared = enumCaseNames(type) else {
    Issue.record("\(type) is not an enum", sourceLocation: sourceLocation)
    return
  }
  let tabled = type.caseTable.names
  let missing = declared.filter { !tabled.contains($0) }
  let extra = tabled.filter { !declared.contains($0) }
  if !missing.isEmpty || !extra.isEmpty || tabled.count != Set(tabled).count {
    Issue.record(
      """
      The case table of \(String(reflecting: type)) does not match its cases. \
      Missing from the table: \(missing); not a case: \(extra); table: \(tabled).
      """,
      sourceLocation: sourceLocation)
  }
}
