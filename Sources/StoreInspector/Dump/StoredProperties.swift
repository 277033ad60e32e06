/// The stored properties of `subject`, labelled, in declaration order: what
/// `Mirror(reflecting:)` lists as its children, read through the struct's field layout (found
/// once per type) when it has one, which is several times cheaper on the diff's hot path.
///
/// For a `CustomDumpReflectable` mirror that shows the stored properties and adds derived
/// values after them.
public func inspectorStoredProperties(of subject: Any) -> [(label: String?, value: Any)] {
  if let layout = StructLayout.of(typeOf: subject) { return layout.children(of: subject) }
  return Mirror(reflecting: subject).children.map { ($0.label, $0.value) }
}
