import Composable

/// One page of Pokémon: `items` start at `offset` in a list of `totalCount`.

public struct PokemonPage: Codable, Equatable, Hashable, Sendable {
  /// The position of the first item in the whole list.
  public var offset: Int
  /// The Pokémon on this page, in list order.
  public var items: [Pokemon]
  /// How many Pokémon the whole list holds: 1025 bundled, 1351 on PokeAPI (alternate forms too).
  public var totalCount: Int

  /// A page of `items` starting at `offset` in a list of `totalCount`.
  public init(offset: Int, items: [Pokemon], totalCount: Int) {
    self.offset = offset
    self.items = items
    self.totalCount = totalCount
  }

  /// Whether the list goes on after this page: false on the last page and past the end.
  public var hasMore: Bool {
    let (end, overflow) = offset.addingReportingOverflow(items.count)
    return !overflow && end < totalCount
  }

  /// The offset of the page after this one (`Int.max` when that is past what an `Int` holds).
  public var nextOffset: Int {
    let (end, overflow) = offset.addingReportingOverflow(items.count)
    return overflow ? .max : end
  }
}

extension PokemonPage {
  /// A page as written (an action literal, a session file): refused unless its offset and total
  /// count are 0 or more and its items end at a position an `Int` holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let offset = try container.decode(Int.self, forKey: .offset)
    let items = try container.decode([Pokemon].self, forKey: .items)
    let totalCount = try container.decode(Int.self, forKey: .totalCount)
    guard offset >= 0, offset <= Int.max - items.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .offset, in: container,
        debugDescription: items.count == 0
          ? "a page's offset is 0 or more, not \(offset)"
          : "a page of \(items.count) Pokémon needs an offset from 0 to \(Int.max - items.count), "
            + "not \(offset)")
    }
    guard totalCount >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .totalCount, in: container,
        debugDescription: "a page's total count is 0 or more, not \(totalCount)")
    }
    self.init(offset: offset, items: items, totalCount: totalCount)
  }
}

extension PokemonPage {
  /// Throws unless `offset` and `limit` are 0 or more; every client checks a request this way.
  static func checkBounds(offset: Int, limit: Int) throws(DexError) {
    guard offset >= 0, limit >= 0 else {
      throw DexError(
        kind: .other,
        message: "A page needs an offset and a limit of 0 or more, not offset \(offset) and "
          + "limit \(limit).")
    }
  }
}
