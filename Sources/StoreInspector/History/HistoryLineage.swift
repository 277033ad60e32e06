import DexPlatform

/// Numbers what a history's entries' moments were worked out from: a history gets a new number
/// when it is made and whenever its moments are worked out again (a skip, a fold), so a page
/// recorded from its entries as they came can tell whether it still holds.
enum HistoryLineage {
  private static let last = LockedValue(0)

  /// A number no history had before.
  static func next() -> Int {
    last.withLock { number in
      number += 1
      return number
    }
  }
}
