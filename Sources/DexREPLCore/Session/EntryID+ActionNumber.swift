import StoreInspector

extension EntryID {
  /// The entry the store's action number `number` is: the session numbers the store's actions
  /// by their entries (`Store.number`).
  init(actionNumber number: UInt64) {
    self = number > 0 ? EntryID(Int(clamping: number)) : .initial
  }
}
