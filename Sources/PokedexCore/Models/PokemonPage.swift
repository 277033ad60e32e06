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
  public var hasMore: Bool { offset + items.count < totalCount }

  /// The offset of the page after this one.
  public var nextOffset: Int { offset + items.count }
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
