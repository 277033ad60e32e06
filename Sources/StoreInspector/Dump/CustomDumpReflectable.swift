/// A type that supplies the mirror dumps and diffs use instead of its `Mirror(reflecting:)`,
/// for example to hide caches or to show derived values.
///
/// ```swift
/// extension Cart: CustomDumpReflectable {
///   var inspectorMirror: Mirror {
///     Mirror(self, children: ["items": items, "total": total], displayStyle: .struct)
///   }
/// }
/// // inspectorDump(cart) == "Cart(items: [\"apple\"], total: 3)"
/// ```
public protocol CustomDumpReflectable {
  /// The mirror that stands for this value in dumps and diffs.
  var inspectorMirror: Mirror { get }
}
