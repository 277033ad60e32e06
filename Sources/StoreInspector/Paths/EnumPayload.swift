/// The associated values of an enum case with more than one, shown and walked as a tuple:
/// `state.filter.loaded` is `(items: ["a"], hasMore: true)`.
struct EnumPayload: CustomDumpReflectable {
  var fields: [Field]

  var inspectorMirror: Mirror {
    Mirror(
      self,
      children: fields.enumerated().map { offset, field in
        Mirror.Child(label: field.label ?? ".\(offset)", value: field.value)
      },
      displayStyle: .tuple)
  }
}
