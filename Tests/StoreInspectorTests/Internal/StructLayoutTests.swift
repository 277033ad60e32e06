import Testing

@testable import StoreInspector

/// Structs are read through their field layout, found once per type; what a dump shows must
/// be what the struct's `Mirror` shows, and whatever a layout cannot read safely is left to
/// the `Mirror`.
struct StructLayoutTests {
  private final class Trainer {
    let name: String
    init(name: String) { self.name = name }
  }

  /// Weak and unowned references are not plain loads: the mirror reads them.
  private struct Party {
    weak var leader: Trainer?
    unowned var owner: Trainer
    var size: Int
  }

  /// A closure field is beyond what the runtime's key paths reach: the mirror reads it.
  private struct Handler {
    var name: String
    var action: () -> Int
  }

  private struct Labelled: CustomReflectable {
    var hidden: Int
    var customMirror: Mirror { Mirror(self, children: ["shown": hidden * 2], displayStyle: .struct) }
  }

  @Test func fieldsComeInDeclarationOrderUnderTheMirrorsLabels() {
    let list = TodoList(title: "Groceries", todos: [Todo(id: 1, title: "Milk")], tags: ["home"])
    let layout = StructLayout.of(typeOf: list)
    #expect(layout != nil)
    let children = layout?.children(of: list) ?? []
    #expect(children.map(\.label) == Mirror(reflecting: list).children.map(\.label))
    #expect(children.map { "\($0.value)" } == Mirror(reflecting: list).children.map { "\($0.value)" })
  }

  @Test func anAnyHoldingAnAnyIsReadAsItsInnerValue() {
    let point = Point(x: 3, y: 4)
    let wrapped: Any = point as Any
    let twice: Any = wrapped as Any
    #expect(inspectorDump(twice) == "Point(x: 3, y: 4)")
    #expect(
      DiffRenderer.text(inspectorDiff(twice, Point(x: 3, y: 5) as Any as Any)) == """
          Point(
            … (1 unchanged)
        -   y: 4
        +   y: 5
          )
        """)
  }

  @Test func weakUnownedAndClosureFieldsAreReadByTheMirror() {
    let trainer = Trainer(name: "Ash")
    let party = Party(leader: trainer, owner: trainer, size: 2)
    #expect(StructLayout.of(typeOf: party) == nil)
    #expect(inspectorDump(party, maxWidth: 200).contains("size: 2"))
    let handler = Handler(name: "tap", action: { 1 })
    #expect(StructLayout.of(typeOf: handler) == nil)
    #expect(inspectorDump(handler, maxWidth: 200).hasPrefix(#"StructLayoutTests.Handler(name: "tap""#))
  }

  @Test func aCustomMirrorIsKept() {
    #expect(StructLayout.of(typeOf: Labelled(hidden: 2)) == nil)
    #expect(inspectorDump(Labelled(hidden: 2)) == "StructLayoutTests.Labelled(shown: 4)")
  }

  @Test func propertyWrappersStillPrintUnderThePropertyName() {
    #expect(StructLayout.of(typeOf: Settings()) != nil)
    #expect(inspectorDump(Settings()) == #"Settings(favorites: [1, 25], theme: "dark")"#)
  }
}
