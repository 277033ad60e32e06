/// The screens of a navigation stack, bottom first, each with a `StackElementID` of its own.
///
/// Pushing (`append`) gives the new element the next id of the `stackElementID` dependency,
/// so ids are never reused while a store runs and an effect of a popped screen can never
/// reach a screen pushed later. `forEach` routes `StackAction`s to the elements by id.
///
/// ```swift
/// var path = StackState<Screen>()
/// path.append(.ability(…))      // id 0
/// path.append(.detail(…))       // id 1
/// path[id: 1]                   // the detail
/// path.pop(from: 0)             // both gone
/// ```
public struct StackState<Element> {
  /// The ids of the elements, bottom first.
  public private(set) var ids: [StackElementID]
  /// The elements, in the order of `ids`.
  private var elements: [Element]

  /// An empty stack.
  public init() {
    self.ids = []
    self.elements = []
  }

  /// The element with `id`, or nil. Setting nil pops that element alone; setting an element
  /// replaces it in place, or pushes it with this id when the stack has none (as a test writes
  /// the push it expects: `$0.path[id: 2] = .detail(…)`).
  public subscript(id id: StackElementID) -> Element? {
    get { ids.firstIndex(of: id).map { elements[$0] } }
    _modify {
      if let position = ids.firstIndex(of: id) {
        var element: Element? = elements[position]
        yield &element
        if let element {
          elements[position] = element
        } else {
          ids.remove(at: position)
          elements.remove(at: position)
        }
      } else {
        var element: Element? = nil
        yield &element
        if let element {
          ids.append(id)
          elements.append(element)
        }
      }
    }
    set {
      if let position = ids.firstIndex(of: id) {
        if let newValue {
          elements[position] = newValue
        } else {
          ids.remove(at: position)
          elements.remove(at: position)
        }
      } else if let newValue {
        ids.append(id)
        elements.append(newValue)
      }
    }
  }

  /// Pops the element with `id` and every element above it; returns whether it was there.
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let position = ids.firstIndex(of: id) else { return false }
    removeSubrange(position...)
    return true
  }

  /// Pops every element above the one with `id`, which stays; returns whether it was there.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let position = ids.firstIndex(of: id) else { return false }
    removeSubrange((position + 1)...)
    return true
  }

  /// Pushes `element` with `id` (which the stack must not hold yet).
  @usableFromInline
  mutating func push(_ element: Element, id: StackElementID) {
    ids.append(id)
    elements.append(element)
  }
}

extension StackState: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }

  public subscript(position: Int) -> Element {
    get { elements[position] }
    set { elements[position] = newValue }
  }

  /// Replaces the elements in `subrange`; each new element gets a new id.
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Element {
    ids.removeSubrange(subrange)
    elements.removeSubrange(subrange)
    // New ids from the `stackElementID` dependency, skipping any the stack already holds (a
    // stack built before the store that counts).
    @Dependency(\.stackElementID) var stackElementID
    let generator = stackElementID
    var newIDs: [StackElementID] = []
    for _ in newElements {
      var id = generator.next()
      while ids.contains(id) || newIDs.contains(id) { id = generator.next() }
      newIDs.append(id)
    }
    ids.insert(contentsOf: newIDs, at: subrange.lowerBound)
    elements.insert(contentsOf: newElements, at: subrange.lowerBound)
  }
}

extension StackState where Element: StateCasePathable {
  /// The payload of the element with `id` when it is the case at `path`, read and written in
  /// place: `$0.path[id: 1, case: \.detail]?.isFavorite = true`. Setting nil pops the element.
  /// Changing an element of another case changes nothing and reports an issue.
  public subscript<Value>(
    id id: StackElementID, case path: KeyPath<Element.Cases, Case<Element, Value>>
  ) -> Value? {
    get { self[id: id].flatMap { Element.cases[keyPath: path].extract($0) } }
    set {
      let elementCase = Element.cases[keyPath: path]
      guard let element = self[id: id] else {
        if let newValue { self[id: id] = elementCase.embed(newValue) }
        return
      }
      guard elementCase.extract(element) != nil else {
        let actual = Mirror(reflecting: element).children.first?.label ?? "another case"
        reportIssue(
          "Can't change the element \(id) through case \"\(elementCase.name)\": it is \"\(actual)\".")
        return
      }
      self[id: id] = newValue.map(elementCase.embed)
    }
  }
}

extension StackState: ExpressibleByDictionaryLiteral {
  /// A stack of `elements` with the ids they are given, bottom first (as a stack dumps):
  /// `[0: .ability(…), 1: .detail(…)]`. The first of several with the same id wins.
  public init(dictionaryLiteral elements: (StackElementID, Element)...) {
    self.init()
    for (id, element) in elements where !ids.contains(id) { push(element, id: id) }
  }
}

extension StackState: Sendable where Element: Sendable {}
extension StackState: Equatable where Element: Equatable {}
extension StackState: Hashable where Element: Hashable {}

extension StackState: Codable where Element: Codable {
  private enum CodingKeys: String, CodingKey { case id, element }

  /// A stack is coded as its elements in order, each with its id:
  /// `[{"id": 0, "element": …}, …]`.
  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let entry = try container.nestedContainer(keyedBy: CodingKeys.self)
      let id = try entry.decode(StackElementID.self, forKey: .id)
      guard !ids.contains(id) else {
        throw DecodingError.dataCorruptedError(
          forKey: .id, in: entry, debugDescription: "The stack holds id \(id) twice.")
      }
      push(try entry.decode(Element.self, forKey: .element), id: id)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for (id, element) in zip(ids, elements) {
      var entry = container.nestedContainer(keyedBy: CodingKeys.self)
      try entry.encode(id, forKey: .id)
      try entry.encode(element, forKey: .element)
    }
  }
}
