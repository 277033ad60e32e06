/// An ordered collection of identifiable elements, addressable by position and by id in O(1).
///
/// Rows of a list live in one: `forEach` routes an element's actions by id, so a row keeps its
/// identity when rows before it are deleted or moved.
public struct IdentifiedArray<ID: Hashable, Element>: RandomAccessCollection {
  /// The ids in order. Its storage is shared until the order or membership changes, which lets
  /// `forEach` see in O(1) that no element was removed.
  public private(set) var ids: [ID]
  private var elements: [Element]
  private var positions: [ID: Int]
  private let idOf: KeyPath<Element, ID>

  /// An array of `elements`; the first of several with the same id wins.
  public init(uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self.idOf = id
    self.ids = []
    self.elements = []
    self.positions = [:]
    for element in elements { append(element) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }

  public subscript(position: Int) -> Element {
    get { elements[position] }
  }

  /// The element with `id`, or nil. Setting nil removes it; setting an element with that id
  /// replaces it in place, or appends it when absent.
  public subscript(id id: ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    _modify {
      if let position = positions[id] {
        var element: Element? = elements[position]
        yield &element
        if let element {
          elements[position] = element
        } else {
          remove(at: position)
        }
      } else {
        var element: Element? = nil
        yield &element
        if let element { append(element) }
      }
    }
    set {
      if let position = positions[id] {
        if let newValue { elements[position] = newValue } else { remove(at: position) }
      } else if let newValue {
        append(newValue)
      }
    }
  }

  /// The position of the element with `id`.
  public func index(id: ID) -> Int? { positions[id] }

  /// Mutates the element at `position` in place.
  public mutating func update(at position: Int, _ body: (inout Element) -> Void) {
    body(&elements[position])
  }

  /// Appends `element` unless one with its id is present; returns whether it was added.
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    let id = element[keyPath: idOf]
    guard positions[id] == nil else { return false }
    positions[id] = elements.count
    ids.append(id)
    elements.append(element)
    return true
  }

  /// Removes and returns the element at `position`.
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    let element = elements.remove(at: position)
    ids.remove(at: position)
    reindex(from: position)
    positions[element[keyPath: idOf]] = nil
    return element
  }

  /// Removes the elements at `offsets` (positions in this array).
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let removed = Set(offsets)
    guard !removed.isEmpty else { return }
    var kept: [Element] = []
    kept.reserveCapacity(elements.count - removed.count)
    for (position, element) in elements.enumerated() where !removed.contains(position) {
      kept.append(element)
    }
    self = IdentifiedArray(uniqueElements: kept, id: idOf)
  }

  /// Moves the elements at `offsets` to before `destination`, as SwiftUI's `onMove` does.
  public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(offsets)
    guard !moving.isEmpty else { return }
    var before: [Element] = []
    var moved: [Element] = []
    var after: [Element] = []
    for (position, element) in elements.enumerated() {
      if moving.contains(position) {
        moved.append(element)
      } else if position < destination {
        before.append(element)
      } else {
        after.append(element)
      }
    }
    self = IdentifiedArray(uniqueElements: before + moved + after, id: idOf)
  }

  /// Removes every element.
  public mutating func removeAll() {
    self = IdentifiedArray(uniqueElements: [], id: idOf)
  }

  /// Keeps the elements in the order `areInIncreasingOrder` gives.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) -> Bool) {
    self = IdentifiedArray(uniqueElements: elements.sorted(by: areInIncreasingOrder), id: idOf)
  }

  /// The elements as a plain array.
  public var elementsArray: [Element] { elements }

  private mutating func reindex(from position: Int) {
    for index in position..<ids.count { positions[ids[index]] = index }
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// An array of identifiable elements; the first of several with the same id wins.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }

  /// An empty array.
  public init() {
    self.init(uniqueElements: [], id: \.id)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension IdentifiedArray: @unchecked Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String { elements.description }
}

extension IdentifiedArray: Codable where Element: Codable & Identifiable, ID == Element.ID {
  public init(from decoder: any Decoder) throws {
    self.init(uniqueElements: try [Element](from: decoder))
  }

  public func encode(to encoder: any Encoder) throws {
    try elements.encode(to: encoder)
  }
}

/// An identified array of identifiable elements: `IdentifiedArrayOf<TeamMemberFeature.State>`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
