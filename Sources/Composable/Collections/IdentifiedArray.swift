/// An ordered collection of identifiable elements, addressable by position and by id in O(1).
///
/// Rows of a list live in one: `forEach` routes an element's actions by id, so a row keeps its
/// identity when rows before it are deleted or moved.
///
/// **Structural sharing.** The elements are kept in copy-on-write chunks of 64 that copies
/// share. Changing one row of a copy (the state after an action, while the state before is
/// kept for history) copies one chunk and the list of chunks, not every row; and two values
/// tell which rows may differ by comparing chunk storage, so `==` and the inspector's diff
/// skip shared chunks without looking at their rows. Every chunk is full but the last, so
/// equal arrays are chunked alike.
///
/// What `forEach` calls on every routed action (look-ups, `update(at:)`) is `@inlinable`, so it
/// is specialized in the feature's module rather than run generically here.
public struct IdentifiedArray<ID: Hashable, Element>: RandomAccessCollection {
  /// The ids in order. Its storage is shared until the order or membership changes, which lets
  /// `forEach` see in O(1) that no element was removed.
  public internal(set) var ids: [ID]
  /// The elements, `chunkCapacity` per chunk; only the last chunk may be shorter, none is
  /// empty. The inspector's diff reads them (see the notes on structural sharing).
  @usableFromInline package internal(set) var chunks: [[Element]]
  @usableFromInline var positions: [ID: Int]
  @usableFromInline let idOf: KeyPath<Element, ID>

  /// An array of `elements`; the first of several with the same id wins.
  public init(uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self.idOf = id
    self.ids = []
    self.chunks = []
    self.positions = [:]
    for element in elements { append(element) }
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { ids.count }
  // Not left to `Collection`'s default, which generic callers (a diff) reach through several
  // witnesses, each looking metadata up.
  @inlinable public var count: Int { ids.count }
  @inlinable public var isEmpty: Bool { ids.isEmpty }

  @inlinable
  public subscript(position: Int) -> Element {
    get { chunks[position >> chunkShift][position & chunkMask] }
  }

  /// The element with `id`, or nil. Setting nil removes it; setting an element with that id
  /// replaces it in place, or appends it when absent.
  public subscript(id id: ID) -> Element? {
    get { positions[id].map { self[$0] } }
    _modify {
      if let position = positions[id] {
        var element: Element? = self[position]
        yield &element
        if let element {
          chunks[position >> chunkShift][position & chunkMask] = element
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
        if let newValue {
          chunks[position >> chunkShift][position & chunkMask] = newValue
        } else {
          remove(at: position)
        }
      } else if let newValue {
        append(newValue)
      }
    }
  }

  /// The position of the element with `id`.
  @inlinable
  public func index(id: ID) -> Int? { positions[id] }

  /// Mutates the element at `position` in place (a shared chunk is copied first).
  @inlinable
  public mutating func update(at position: Int, _ body: (inout Element) -> Void) {
    body(&chunks[position >> chunkShift][position & chunkMask])
  }

  /// Appends `element` unless one with its id is present; returns whether it was added.
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    let id = element[keyPath: idOf]
    guard positions[id] == nil else { return false }
    positions[id] = ids.count
    ids.append(id)
    appendToChunks(element)
    return true
  }

  /// Appends each of `elements` whose id is not present yet.
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Inserts `element` before `position` unless one with its id is present; returns whether it
  /// was added. The chunks before it stay shared.
  @discardableResult
  public mutating func insert(_ element: Element, at position: Int) -> Bool {
    guard positions[element[keyPath: idOf]] == nil else { return false }
    let following = Array(self[position...])
    let chunk = position >> chunkShift
    if chunk < chunks.count {
      chunks.removeSubrange((chunk + 1)...)
      chunks[chunk].removeSubrange((position & chunkMask)...)
      if chunks[chunk].isEmpty { chunks.removeLast() }
    }
    ids.removeSubrange(position...)
    for id in following.map({ $0[keyPath: idOf] }) { positions[id] = nil }
    append(element)
    append(contentsOf: following)
    return true
  }

  /// Removes and returns the element with `id`, nil when there is none.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    positions[id].map { remove(at: $0) }
  }

  /// Removes and returns the element at `position`. The chunks before it stay shared.
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    let element = self[position]
    let following = Array(self[(position + 1)...])
    let chunk = position >> chunkShift
    chunks.removeSubrange((chunk + 1)...)
    chunks[chunk].removeSubrange((position & chunkMask)...)
    if chunks[chunk].isEmpty { chunks.removeLast() }
    for moved in following { appendToChunks(moved) }
    ids.remove(at: position)
    reindex(from: position)
    positions[element[keyPath: idOf]] = nil
    return element
  }

  /// Removes and returns the last element; the array must not be empty.
  @discardableResult
  public mutating func removeLast() -> Element {
    remove(at: count - 1)
  }

  /// Removes the elements at `offsets` (positions in this array).
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let removed = Set(offsets)
    guard !removed.isEmpty else { return }
    var kept: [Element] = []
    kept.reserveCapacity(count - removed.count)
    for (position, element) in enumerated() where !removed.contains(position) {
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
    for (position, element) in enumerated() {
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
    self = IdentifiedArray(uniqueElements: sorted(by: areInIncreasingOrder), id: idOf)
  }

  /// The elements as a plain array.
  public var elementsArray: [Element] { Array(chunks.joined()) }

  private mutating func appendToChunks(_ element: Element) {
    if let last = chunks.indices.last, chunks[last].count < chunkCapacity {
      chunks[last].append(element)
    } else {
      chunks.append([element])
    }
  }

  private mutating func reindex(from position: Int) {
    for index in position..<ids.count { positions[ids[index]] = index }
  }
}

/// How many elements a chunk of an `IdentifiedArray` holds: a changed row copies this many
/// rows, and a diff compares `count / chunkCapacity` chunk references.
@usableFromInline let chunkCapacity = 1 << chunkShift
@usableFromInline let chunkShift = 6
@usableFromInline let chunkMask = chunkCapacity - 1

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
  /// Equal elements in the same order. A chunk both share is equal without a look at its rows
  /// (a reference compare), so comparing a state with the one before an action costs the
  /// chunks it changed.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // Every chunk is full but the last, so equal counts mean as many chunks on both sides.
    guard lhs.count == rhs.count else { return false }
    if lhs.chunks.isIdentical(to: rhs.chunks) { return true }
    for (left, right) in zip(lhs.chunks, rhs.chunks) where !left.isIdentical(to: right) {
      if left != right { return false }
    }
    return true
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: @unchecked Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elementsArray, displayStyle: .collection)
  }
}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String { elementsArray.description }
}

extension IdentifiedArray: Codable where Element: Codable & Identifiable, ID == Element.ID {
  /// Decodes the elements in order, refusing (`DecodingError.dataCorrupted` at the element) an
  /// element whose id an earlier one has: an identified array holds each id once, and keeping
  /// the first would silently drop what the data says.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      let offset = container.currentIndex
      let element = try container.decode(Element.self)
      guard append(element) else {
        let earlier = positions[element.id].map { "element \($0)" } ?? "an earlier element"
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [ElementOffset(intValue: offset)],
            debugDescription: "\(earlier) has the same id, and each id may occur once"))
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try elementsArray.encode(to: encoder)
  }
}

/// An identified array of identifiable elements: `IdentifiedArrayOf<TeamMemberFeature.State>`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

/// The coding key of an element of an unkeyed container, by its offset.
private struct ElementOffset: CodingKey {
  var intValue: Int?
  var stringValue: String { intValue.map(String.init) ?? "" }

  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
