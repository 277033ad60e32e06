import DexPlatform

/// Compares two values and returns the tree of what changed, skipping equal parts cheaply.
///
/// Equal subtrees cost one `==` (arrays and strings compare their copy-on-write storage first);
/// arrays are trimmed natively to the part that differs (with `==`, or bit-for-bit identity for
/// elements that are not `Equatable`); a `ChunkedCollection` (IdentifiedArray) skips the chunks
/// both sides share and compares the others bit for bit; sets and dictionaries are compared by
/// hashing, with equal storage first. So the work grows with what changed rather than with the
/// size of the state. `visitedNodes` counts
/// the values compared, for tests to bound.
struct DiffEngine {
  /// How many values the engine compared (each call of `diff(_:_:)`).
  private(set) var visitedNodes = 0
  /// Pairs of instances being compared, so that cycles end.
  private var objectsInProgress: Set<ObjectPair> = []
  /// How values that read through references show each side; nil reads them as they are.
  var environment: (any DiffEnvironment)?
  /// Set differences already worked out in this diff, by storage of the two sets: the first
  /// few, in a list (a set met twice is one shared value shown in several features, say).
  private var setDifferences: [(sets: SetPair, node: DiffNode?)] = []

  private struct SetPair: Equatable {
    var old: UInt
    var new: UInt
  }

  /// The types this diff met, and their traits at the same positions: a diff meets few types,
  /// and a look-up here takes no lock, hashes nothing and retains only the traits it finds.
  private var knownTypes: [ObjectIdentifier] = []
  private var knownTraits: [TypeTraits] = []

  private mutating func traits(of type: Any.Type) -> TypeTraits {
    let key = ObjectIdentifier(type)
    if let index = knownTypes.firstIndex(of: key) { return knownTraits[index] }
    let traits = TypeTraits.of(type)
    if knownTypes.isEmpty {
      // Room for all of them at once, rather than growing the lists type by type.
      knownTypes.reserveCapacity(16)
      knownTraits.reserveCapacity(16)
    }
    if knownTypes.count < 16 {
      knownTypes.append(key)
      knownTraits.append(traits)
    }
    return traits
  }

  /// Runs `body` reading values as `side` of the diff.
  private func reading<Result>(_ side: DiffSide, _ body: () -> Result) -> Result {
    guard let environment else { return body() }
    return environment.reading(side, body)
  }

  private struct ObjectPair: Hashable {
    var old: ObjectIdentifier
    var new: ObjectIdentifier
  }

  /// Whether a diff shows the identity fields of a changed struct (see `showingIdentity`), and
  /// whether it did so while comparing the fields.
  private enum IdentityShowing {
    case notAsked, asked, shown
  }

  /// The changes from `old` to `new`, or nil when they are equal. `knownToDiffer` skips the
  /// `==` the caller has just made.
  mutating func diff(_ old: Any, _ new: Any, knownToDiffer: Bool = false) -> DiffNode? {
    var identity = IdentityShowing.notAsked
    return diff(old, new, knownToDiffer: knownToDiffer, identity: &identity)
  }

  /// The changes of an element of an identified collection, with its identity fields shown
  /// (`showingIdentity`): a struct of plain fields shows them as its fields are compared,
  /// with no second read of the element; any other value is shown after its diff.
  private mutating func diffElement(_ old: Any, _ new: Any) -> DiffNode? {
    var identity = IdentityShowing.asked
    guard let node = diff(old, new, knownToDiffer: false, identity: &identity) else { return nil }
    if identity == .shown { return node }
    return reading(.new) { Self.showingIdentity(node, of: new) }
  }

  private mutating func diff(
    _ old: Any, _ new: Any, knownToDiffer: Bool, identity: inout IdentityShowing
  ) -> DiffNode? {
    visitedNodes += 1
    guard type(of: old) == type(of: new) else { return replaced(old, new) }
    let traits = self.traits(of: type(of: old))
    if traits.scalarKind.isStandardLibraryScalar {
      // Text, numbers and Bool: the same bits are the same text (an unchanged string shares
      // its storage), and no shared value is read through them, so no side to read them as.
      if areBitwiseIdentical(old, new) { return nil }
      if !knownToDiffer, let equality = traits.equality, equality.areEqual(old, new) { return nil }
      if let oldText = ValueShape.scalarText(of: old, kind: traits.scalarKind),
        let newText = ValueShape.scalarText(of: new, kind: traits.scalarKind)
      {
        return Self.textChange(oldText, newText)
      }
    }
    let isNativeCollection =
      !traits.hasCustomText && !traits.hasCustomMirror
      && (traits.isArray || traits.isSet || traits.isDictionary || traits.isChunked)
    // A chunked collection finds its equal stretches itself, cheaper than a generic `==`, and
    // a set's difference is one pass where `==` would be a pass before it.
    let findsEqualityItself = isNativeCollection && (traits.isChunked || traits.isSet)
    if !knownToDiffer, !findsEqualityItself, let equality = traits.equality,
      reading(.comparing, { equality.areEqual(old, new) })
    {
      return nil
    }
    if traits.isArray, let array = old as? any ArrayStorage, array.sharesStorage(with: new) {
      return nil
    }
    // Each cast is tried only on its kind of collection: a failed cast to a protocol costs a
    // conformance look-up (chunked collections and sets have theirs opened in their traits).
    if isNativeCollection {
      // Chunks shared by both sides are skipped unseen (structural sharing): with the same
      // bytes, the two share every chunk, and nothing is left to look at.
      if traits.isChunked, areBitwiseIdentical(old, new) { return nil }
      if let stretches = traits.chunkedStretches?.call(old, new) {
        return diffStretches(stretches)
      }
      if traits.isArray, let array = old as? any EquatableElementsArray,
        let stretches = reading(.comparing, { array.trimmed(against: new) })
      {
        return diffStretches(stretches)
      }
      if traits.isArray, let array = old as? any ArrayStorage,
        let stretches = array.trimmedByBits(against: new)
      {
        return diffStretches(stretches)
      }
      if let identities = traits.setIdentities?.call(old, new) {
        // One set often appears several times (views of one shared value): diff it once.
        let key = SetPair(old: identities.old, new: identities.new)
        if let known = setDifferences.first(where: { $0.sets == key }) { return known.node }
        if let difference = traits.setDifference?.call(old, new) {
          let node = diffSet(difference)
          // The first few are kept: a diff of many changed sets searches a short list.
          if setDifferences.count < 32 { setDifferences.append((key, node)) }
          return node
        }
      }
      if traits.isDictionary, let dictionary = old as? any HashedDictionary,
        let difference = dictionary.difference(to: new)
      {
        return diffDictionary(difference)
      }
    }
    // A struct of plain fields (what `ValueShape` reads through its layout): its fields are
    // compared pair by pair as they are loaded, with no shape of either value.
    if traits.scalarKind == .structured, !traits.hasCustomMirror,
      let layout = StructLayout.of(typeOf: old), layout.hasPlainFields
    {
      guard identity == .asked else { return diffFields(of: layout, old, new) }
      identity = .shown
      return diffFields(of: layout, old, new, showingIdentity: true)
    }
    return diffShapes(old, new)
  }

  /// The changes of a struct's fields. With `showingIdentity`, its unchanged identity fields
  /// are shown as `showingIdentity` shows them (the new side's values).
  private mutating func diffFields(
    of layout: StructLayout, _ old: Any, _ new: Any, showingIdentity: Bool = false
  ) -> DiffNode? {
    var entries: [DiffEntry] = []
    // At most one entry a field: one allocation rather than growing entry by entry.
    entries.reserveCapacity(layout.fields.count)
    let loadingSame = showingIdentity ? layout.isIdentityField : nil
    layout.forEachField(of: old, and: new, loadingSame: loadingSame) { index, field, values in
      let node: DiffNode?
      let newValue: Any?
      switch values {
      case .same(let value):
        // Compared all the same, on their bytes (what `diff` does first for such values).
        visitedNodes += 1
        node = nil
        newValue = value
      case .pair(let oldValue, let value):
        node =
          field.differsWhenBytesDiffer
          ? bytewiseChange(oldValue, value, kind: field.scalarKind) : diff(oldValue, value)
        newValue = value
      }
      if let node {
        entries.append(
          DiffEntry(component: .field(field.label), prefix: field.prefix, content: .changed(node)))
      } else if showingIdentity, layout.isIdentityField[index], let newValue {
        entries.append(
          DiffEntry(
            component: .field(field.label), prefix: field.prefix,
            content: .identity(identityTree(of: newValue))))
      } else {
        entries.appendMerging(.unchanged(1))
      }
    }
    return entries.hasChanges
      ? .group(open: layout.groupOpening, close: ")", path: [], entries: entries) : nil
  }

  /// An unchanged identity field's value as a changed element shows it.
  private mutating func identityTree(of value: Any) -> DumpTree {
    // Text, numbers and Bool read no shared value: their text needs no side to read.
    let valueTraits = traits(of: type(of: value))
    if valueTraits.scalarKind.isStandardLibraryScalar,
      let text = Dumper.scalarText(of: value, traits: valueTraits)
    {
      return DumpTree(root: .text(text), referenceNumbers: [:])
    }
    return reading(.new) { Dumper.tree(of: value) }
  }

  /// The change of two values whose bytes differ, of a type where that makes them differ
  /// (`StructLayout.Field.differsWhenBytesDiffer`): their texts, with no `==` before.
  private mutating func bytewiseChange(_ old: Any, _ new: Any, kind: ScalarKind) -> DiffNode? {
    guard let oldText = ValueShape.scalarText(of: old, kind: kind),
      let newText = ValueShape.scalarText(of: new, kind: kind)
    else { return diff(old, new) }
    visitedNodes += 1
    return Self.textChange(oldText, newText)
  }

  /// A scalar's change from `oldText` to `newText`, nil when they are the same text.
  private static func textChange(_ oldText: String, _ newText: String) -> DiffNode? {
    oldText == newText
      ? nil
      : .replaced(
        old: DumpTree(root: .text(oldText), referenceNumbers: [:]),
        new: DumpTree(root: .text(newText), referenceNumbers: [:]))
  }

  private mutating func diffShapes(_ old: Any, _ new: Any) -> DiffNode? {
    switch (reading(.old) { ValueShape(of: old) }, reading(.new) { ValueShape(of: new) }) {
    case (.scalar(let oldText), .scalar(let newText)):
      return oldText == newText ? nil : replaced(old, new)
    case (.optional(let oldWrapped), .optional(let newWrapped)):
      switch (oldWrapped, newWrapped) {
      case (nil, nil): return nil
      case (let oldWrapped?, let newWrapped?): return diff(oldWrapped, newWrapped)
      default: return replaced(old, new)
      }
    case (.enumCase(let name, let oldPayload), .enumCase(let newName, let newPayload)):
      guard name == newName, let oldPayload, let newPayload else {
        return name == newName && oldPayload == nil && newPayload == nil
          ? nil : replaced(old, new)
      }
      return group(".\(name)(", path: [.enumCase(name)], oldPayload, newPayload, old, new)
    case (.structure(let typeName, let oldFields), .structure(_, let newFields)):
      return group(typeName + "(", path: [], oldFields, newFields, old, new)
    case (
      .object(let oldObject, let typeName, let oldFields), .object(let newObject, _, let newFields)
    ):
      if oldObject === newObject { return nil }
      let pair = ObjectPair(old: ObjectIdentifier(oldObject), new: ObjectIdentifier(newObject))
      guard objectsInProgress.insert(pair).inserted else { return nil }
      defer { objectsInProgress.remove(pair) }
      return group(typeName + "(", path: [], oldFields, newFields, old, new)
    case (.tuple(let oldFields), .tuple(let newFields)):
      return group("(", path: [], oldFields, newFields, old, new)
    case (.collection(let oldElements), .collection(let newElements)):
      return diffStretches([.differing(old: oldElements, new: newElements)])
    case (.set(let oldElements), .set(let newElements)):
      return diffSet(Self.setDifference(oldElements, newElements))
    case (.dictionary(let oldEntries), .dictionary(let newEntries)):
      return diffDictionary(Self.dictionaryDifference(oldEntries, newEntries))
    default:
      return replaced(old, new)
    }
  }

  // MARK: Fields

  /// A struct, class, tuple or payload group whose fields are compared pairwise.
  private mutating func group(
    _ open: String, path: [PathComponent], _ oldFields: [Field], _ newFields: [Field],
    _ old: Any, _ new: Any
  ) -> DiffNode? {
    let oldFields = oldFields.filter { !$0.isDerived }
    let newFields = newFields.filter { !$0.isDerived }
    guard oldFields.count == newFields.count,
      zip(oldFields, newFields).allSatisfy({ $0.label == $1.label })
    else { return replaced(old, new) }
    var entries: [DiffEntry] = []
    for (offset, (oldField, newField)) in zip(oldFields, newFields).enumerated() {
      guard let node = diff(oldField.value, newField.value) else {
        entries.appendMerging(.unchanged(1))
        continue
      }
      // The one unlabelled value of a case is the case's value (`detail`, not `detail[0]`), as
      // state paths walk it.
      let isWholePayload = !path.isEmpty && oldFields.count == 1 && oldField.label == nil
      entries.append(
        DiffEntry(
          component: isWholePayload ? nil : oldField.label.map(PathComponent.field) ?? .index(offset),
          prefix: oldField.label.map { $0 + ": " } ?? "", content: .changed(node)))
    }
    return entries.hasChanges ? .group(open: open, close: ")", path: path, entries: entries) : nil
  }

  // MARK: Ordered collections

  /// An ordered collection, stretch by stretch: unchanged stretches are counted; in a
  /// differing one, elements are matched by `Identifiable` id when all have one, else by
  /// equality, a changed element is diffed recursively, and an insertion or removal is one
  /// entry.
  private mutating func diffStretches(_ stretches: [ElementStretch]) -> DiffNode? {
    var entries: [DiffEntry] = []
    // An entry a stretch at least: one allocation for the usual few.
    entries.reserveCapacity(stretches.count)
    // Where the stretch starts in the old and in the new collection.
    var oldStart = 0
    var newStart = 0
    for stretch in stretches {
      switch stretch {
      case .unchanged(let count):
        entries.appendMerging(.unchanged(count))
        oldStart += count
        newStart += count
      case .differing(let old, let new):
        appendElements(old, new, oldStart: oldStart, newStart: newStart, to: &entries)
        oldStart += old.count
        newStart += new.count
      }
    }
    return entries.hasChanges ? .group(open: "[", close: "]", path: [], entries: entries) : nil
  }

  /// The entries of a differing stretch starting at `oldStart` and `newStart`.
  private mutating func appendElements(
    _ old: [Any], _ new: [Any], oldStart: Int, newStart: Int, to entries: inout [DiffEntry]
  ) {
    if let idTexts = idTextsMatchedInPlace(old, new) {
      // What the alignment below makes of ids equal position by position, without it.
      for (offset, idText) in idTexts.enumerated() {
        appendMatched(old[offset], new[offset], idText: idText, to: &entries)
      }
      return
    }
    let oldIDs = elementIDs(old)
    let newIDs = elementIDs(new)
    if oldIDs.count == old.count, newIDs.count == new.count {
      for step in Self.align(oldIDs, newIDs) {
        switch step {
        case .matched(let oldOffset, let newOffset):
          appendMatched(
            old[oldOffset], new[newOffset], idText: idText(newIDs[newOffset]), to: &entries)
        case .gap(let removed, let inserted):
          for offset in removed {
            entries.append(
              DiffEntry(
                component: .id(Self.idText(oldIDs[offset])), prefix: "",
                content: .removed(reading(.old) { Dumper.tree(of: old[offset]) })))
          }
          for offset in inserted {
            entries.append(
              DiffEntry(
                component: .id(Self.idText(newIDs[offset])), prefix: "",
                content: .inserted(reading(.new) { Dumper.tree(of: new[offset]) })))
          }
        }
      }
      return
    }
    let oldKeys = reading(.old) { old.map(ComparableValue.init) }
    let newKeys = reading(.new) { new.map(ComparableValue.init) }
    for step in Self.align(oldKeys, newKeys) {
      switch step {
      case .matched:
        entries.appendMerging(.unchanged(1))
      case .gap(let removed, let inserted):
        let paired = min(removed.count, inserted.count)
        for (oldOffset, newOffset) in zip(removed, inserted) {
          if let node = diff(old[oldOffset], new[newOffset]) {
            entries.append(
              DiffEntry(
                component: .index(newStart + newOffset), prefix: "", content: .changed(node)))
          } else {
            entries.appendMerging(.unchanged(1))
          }
        }
        for offset in removed.dropFirst(paired) {
          entries.append(
            DiffEntry(
              component: .index(oldStart + offset), prefix: "",
              content: .removed(reading(.old) { Dumper.tree(of: old[offset]) })))
        }
        for offset in inserted.dropFirst(paired) {
          entries.append(
            DiffEntry(
              component: .index(newStart + offset), prefix: "",
              content: .inserted(reading(.new) { Dumper.tree(of: new[offset]) })))
        }
      }
    }
  }

  /// The entry of two elements matched by their id: their changes, or one more unchanged.
  private mutating func appendMatched(
    _ old: Any, _ new: Any, idText: String, to entries: inout [DiffEntry]
  ) {
    if let node = diffElement(old, new) {
      entries.append(DiffEntry(component: .id(idText), prefix: "", content: .changed(node)))
    } else {
      entries.appendMerging(.unchanged(1))
    }
  }

  /// The texts of the ids of elements changed in place: when `old` and `new` are as long, and
  /// the elements at each position are of one `Identifiable` type with one id on both sides (a
  /// chunked collection's differing elements, say), those ids' texts (`idText`); else nil.
  private mutating func idTextsMatchedInPlace(_ old: [Any], _ new: [Any]) -> [String]? {
    guard old.count == new.count else { return nil }
    var texts: [String] = []
    texts.reserveCapacity(new.count)
    for (oldElement, newElement) in zip(old, new) {
      let elementType = type(of: newElement)
      guard type(of: oldElement) == elementType,
        let text = traits(of: elementType).matchingIDText?.call(oldElement, newElement)
      else { return nil }
      texts.append(text)
    }
    return texts
  }

  /// The `Identifiable` ids of those of `elements` that have one, with the traits this diff
  /// already looked up.
  private mutating func elementIDs(_ elements: [Any]) -> [AnyHashable] {
    var ids: [AnyHashable] = []
    ids.reserveCapacity(elements.count)
    for element in elements {
      if let id = traits(of: type(of: element)).identifier?.call(element) { ids.append(id) }
    }
    return ids
  }

  /// A step of walking two sequences side by side.
  private enum AlignmentStep {
    case matched(old: Int, new: Int)
    case gap(removed: [Int], inserted: [Int])
  }

  /// Walks `old` and `new` along their longest common subsequence.
  private static func align<Key: Equatable>(_ old: [Key], _ new: [Key]) -> [AlignmentStep] {
    // Changed elements whose ids stayed (the usual stretch of an identified collection).
    if old == new { return old.indices.map { .matched(old: $0, new: $0) } }
    var removed: Set<Int> = []
    var inserted: Set<Int> = []
    for change in new.difference(from: old) {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var steps: [AlignmentStep] = []
    var oldOffset = 0
    var newOffset = 0
    while oldOffset < old.count || newOffset < new.count {
      var gapRemoved: [Int] = []
      var gapInserted: [Int] = []
      while oldOffset < old.count, removed.contains(oldOffset) {
        gapRemoved.append(oldOffset)
        oldOffset += 1
      }
      while newOffset < new.count, inserted.contains(newOffset) {
        gapInserted.append(newOffset)
        newOffset += 1
      }
      if !gapRemoved.isEmpty || !gapInserted.isEmpty {
        steps.append(.gap(removed: gapRemoved, inserted: gapInserted))
        continue
      }
      guard oldOffset < old.count, newOffset < new.count else { break }
      steps.append(.matched(old: oldOffset, new: newOffset))
      oldOffset += 1
      newOffset += 1
    }
    return steps
  }

  /// A changed element's diff with its id and its name (see `ElementIdentity`) shown among
  /// the unchanged fields, so the change can be told apart: `id: 2`, `nickname: "Sparky"`.
  private static func showingIdentity(_ node: DiffNode, of element: Any) -> DiffNode {
    guard case .group(let open, let close, let path, let entries) = node, path.isEmpty else {
      return node
    }
    let labels: [String?]
    let isShown: [Bool]
    let fieldValue: (Int) -> Any
    let traits = TypeTraits.of(type(of: element))
    if traits.scalarKind == .structured, !traits.hasCustomMirror,
      let layout = StructLayout.of(typeOf: element), layout.hasPlainFields
    {
      // The fields `diffFields` compared, as `ValueShape` reads them: only the shown ones are
      // loaded.
      labels = layout.fields.map(\.label)
      isShown = layout.isIdentityField
      fieldValue = { layout.value(ofField: $0, in: element) }
    } else {
      guard case .structure(_, let allFields) = ValueShape(of: element) else { return node }
      let fields = allFields.filter { !$0.isDerived }
      labels = fields.map(\.label)
      let shown = ElementIdentity.labels(among: fields.compactMap(\.label))
      isShown = fields.map { $0.label.map(shown.contains) ?? false }
      fieldValue = { fields[$0].value }
    }
    var result: [DiffEntry] = []
    var cursor = 0
    for entry in entries {
      guard case .unchanged(let count) = entry.content else {
        result.append(entry)
        cursor += 1
        continue
      }
      for index in min(cursor, labels.count)..<min(cursor + count, labels.count) {
        if let label = labels[index], isShown[index] {
          result.append(
            DiffEntry(
              component: .field(label), prefix: label + ": ",
              content: .identity(Dumper.tree(of: fieldValue(index)))))
        } else {
          result.appendMerging(.unchanged(1))
        }
      }
      cursor += count
    }
    return .group(open: open, close: close, path: path, entries: result)
  }

  /// `idText(_:)` with the traits this diff already looked up.
  private mutating func idText(_ id: AnyHashable) -> String {
    let base = id.base
    return ValueShape.scalarText(of: base, kind: traits(of: type(of: base)).scalarKind)
      ?? Dumper.tree(of: base).flatText
  }

  static func idText(_ id: AnyHashable) -> String {
    ValueShape.scalarText(of: id.base) ?? Dumper.tree(of: id.base).flatText
  }

  // MARK: Sets and dictionaries

  private static func setDifference(_ old: [Any], _ new: [Any]) -> SetDifference {
    let oldByText = Dictionary(old.map { (Dumper.tree(of: $0).flatText, $0) }) { first, _ in first }
    let newByText = Dictionary(new.map { (Dumper.tree(of: $0).flatText, $0) }) { first, _ in first }
    return SetDifference(
      removed: oldByText.filter { newByText[$0.key] == nil }.map(\.value),
      inserted: newByText.filter { oldByText[$0.key] == nil }.map(\.value),
      unchangedCount: oldByText.keys.filter { newByText[$0] != nil }.count)
  }

  private static func dictionaryDifference(
    _ old: [(key: Any, value: Any)], _ new: [(key: Any, value: Any)]
  ) -> DictionaryDifference {
    let oldByKey = Dictionary(old.map { (Dumper.tree(of: $0.key).flatText, $0) }) { a, _ in a }
    let newByKey = Dictionary(new.map { (Dumper.tree(of: $0.key).flatText, $0) }) { a, _ in a }
    var difference = DictionaryDifference(removed: [], inserted: [], common: [], equalCount: 0)
    for (text, entry) in oldByKey {
      if let newEntry = newByKey[text] {
        difference.common.append((key: entry.key, old: entry.value, new: newEntry.value))
      } else {
        difference.removed.append(entry)
      }
    }
    difference.inserted = newByKey.filter { oldByKey[$0.key] == nil }.map(\.value)
    return difference
  }

  /// Set elements by value: removals and insertions in dump order, then the unchanged count.
  private func diffSet(_ difference: SetDifference) -> DiffNode? {
    // One change (a favorite toggled): its entry and the unchanged count, nothing to order.
    if difference.removed.count + difference.inserted.count == 1 {
      let isInsertion = difference.removed.isEmpty
      let value = isInsertion ? difference.inserted[0] : difference.removed[0]
      var entries: [DiffEntry] = []
      entries.reserveCapacity(2)
      entries.append(Self.setEntry(value, isInsertion: isInsertion).entry)
      entries.appendMerging(.unchanged(difference.unchangedCount))
      return .group(open: "[", close: "]", path: [], entries: entries)
    }
    var keyed: [(text: String, entry: DiffEntry)] = []
    keyed.reserveCapacity(difference.removed.count + difference.inserted.count)
    for value in difference.removed { keyed.append(Self.setEntry(value, isInsertion: false)) }
    for value in difference.inserted { keyed.append(Self.setEntry(value, isInsertion: true)) }
    return keyedGroup(keyed, unchanged: difference.unchangedCount)
  }

  /// The entry of a set's removed or inserted element, keyed by its text. An id's text is made
  /// directly (what `Dumper` gives it, without its look-up of the type's traits).
  private static func setEntry(
    _ value: Any, isInsertion: Bool
  ) -> (text: String, entry: DiffEntry) {
    let tree: DumpTree
    if type(of: value) == Int.self, let id = value as? Int {
      tree = DumpTree(root: .text(String(id)), referenceNumbers: [:])
    } else {
      tree = Dumper.tree(of: value)
    }
    let text = tree.flatText
    return (
      text,
      DiffEntry(
        component: .key(text), prefix: "", content: isInsertion ? .inserted(tree) : .removed(tree))
    )
  }

  /// Dictionary entries by key: changed, removed and inserted in key order, then the
  /// unchanged count.
  private mutating func diffDictionary(_ difference: DictionaryDifference) -> DiffNode? {
    var keyed: [(text: String, entry: DiffEntry)] = []
    var unchanged = difference.equalCount
    for entry in difference.common {
      let text = Dumper.tree(of: entry.key).flatText
      guard let node = diff(entry.old, entry.new) else {
        unchanged += 1
        continue
      }
      keyed.append(
        (text, DiffEntry(component: .key(text), prefix: text + ": ", content: .changed(node))))
    }
    for (entries, isInsertion) in [(difference.removed, false), (difference.inserted, true)] {
      for entry in entries {
        let text = Dumper.tree(of: entry.key).flatText
        let tree = Dumper.tree(of: entry.value)
        keyed.append(
          (
            text,
            DiffEntry(
              component: .key(text), prefix: text + ": ",
              content: isInsertion ? .inserted(tree) : .removed(tree))
          ))
      }
    }
    return keyedGroup(keyed, unchanged: unchanged)
  }

  private func keyedGroup(
    _ keyed: [(text: String, entry: DiffEntry)], unchanged: Int
  ) -> DiffNode? {
    guard !keyed.isEmpty else { return nil }
    // One change (a favorite toggled) has no order to find.
    var entries = keyed.count == 1 ? [keyed[0].entry] : keyed.enumerated()
      .sorted { lhs, rhs in
        lhs.element.text == rhs.element.text
          ? lhs.offset < rhs.offset : lhs.element.text.naturallyPrecedes(rhs.element.text)
      }
      .map(\.element.entry)
    entries.appendMerging(.unchanged(unchanged))
    return .group(open: "[", close: "]", path: [], entries: entries)
  }

  private func replaced(_ old: Any, _ new: Any) -> DiffNode {
    .replaced(old: reading(.old) { Dumper.tree(of: old) }, new: reading(.new) { Dumper.tree(of: new) })
  }
}

/// The `Identifiable` id of a value, or nil when it has none.
func elementID(_ element: Any) -> AnyHashable? {
  TypeTraits.of(type(of: element)).identifier?.call(element)
}

/// A value compared with `==` when its type is `Equatable`, else by its dump.
private struct ComparableValue: Equatable {
  var value: Any
  var dump: String?

  init(_ value: Any) {
    self.value = value
    self.dump = value is any Equatable ? nil : Dumper.tree(of: value).flatText
  }

  static func == (lhs: ComparableValue, rhs: ComparableValue) -> Bool {
    if let lhsDump = lhs.dump, let rhsDump = rhs.dump { return lhsDump == rhsDump }
    return isEqualIfEquatable(lhs.value, rhs.value) ?? false
  }
}
