import DexPlatform

/// How an `AsyncSharedKey` persists: its own `load` and `save`, run in tasks, one save at a time
/// in the order of the changes, and its `updates()` followed while the reference lives.
final class AsyncKeyPersistence<Key: AsyncSharedKey>: SharedPersistence<Key.Value>,
  @unchecked Sendable
{
  typealias Value = Key.Value

  private struct State {
    var loads = 0
    var loadError: (any Error)?
    var saveError: (any Error)?
    /// The value changes still to save, oldest first.
    var unsaved: [Value] = []
    var isSaving = false
    var onChange: (@Sendable (() -> Value) -> Void)?
    var initialValue: Value?
    /// The task following the key's `updates()`.
    var following: Task<Void, Never>?

    /// A save succeeded: what is stored is the value, so neither error holds any more.
    mutating func storedWithoutError() {
      loadError = nil
      saveError = nil
    }
  }

  private let key: Key
  private let state = LockedValue(State())

  init(key: Key) {
    self.key = key
  }

  deinit {
    state.withLock { $0.following?.cancel() }
  }

  /// The default, while the first load starts (once `watch` can hand its value on).
  override func load(default defaultValue: Value) -> Value {
    state.withLock {
      $0.initialValue = defaultValue
      $0.loads += 1
    }
    return defaultValue
  }

  override func watch(_ onChange: @escaping @Sendable (() -> Value) -> Void) {
    let initial = state.withLock { state -> Value? in
      state.onChange = onChange
      defer { state.initialValue = nil }
      return state.initialValue
    }
    if let updates = key.updates() {
      let following = Task { [weak self] in
        for await update in updates {
          guard let self else { return }
          self.take(update)
        }
      }
      state.withLock { $0.following = following }
    }
    guard let initial else { return }
    Task { _ = try? await self.loading(.initialValue(initial), counted: true) }
  }

  /// A change the store told of: its value becomes the value, or its error the `loadError`.
  private func take(_ update: Result<Value, any Error>) {
    let onChange = state.withLock { state -> (@Sendable (() -> Value) -> Void)? in
      switch update {
      case .success:
        state.loadError = nil
        return state.onChange
      case let .failure(error):
        state.loadError = error
        return nil
      }
    }
    if case let .success(value) = update { onChange? { value } }
    statusMayHaveChanged()
  }

  override var loadError: (any Error)? { state.withLock { $0.loadError } }

  override var saveError: (any Error)? { state.withLock { $0.saveError } }

  override var isLoading: Bool { state.withLock { $0.loads > 0 } }

  override func reload() async throws -> Bool {
    try await loading(.userInitiated, counted: false)
  }

  override func loadStored() async throws -> Value? {
    try await key.load(context: .userInitiated)
  }

  override func didMutate(_ mutation: @escaping @Sendable (inout Value) -> Void, newValue: Value) {
    let starts = state.withLock { state -> Bool in
      state.unsaved.append(newValue)
      defer { state.isSaving = true }
      return !state.isSaving
    }
    if starts { Task { await self.saveUnsaved() } }
  }

  override func save(_ value: Value) async throws {
    do {
      try await key.save(value, context: .userInitiated)
      state.withLock { $0.storedWithoutError() }
    } catch {
      state.withLock { $0.saveError = error }
      throw error
    }
  }

  /// Loads through the key; a value found becomes the value. `counted`: the load was already
  /// counted in `isLoading` (the first one, counted as the reference was made).
  private func loading(_ context: SharedLoadContext<Value>, counted: Bool) async throws -> Bool {
    if !counted { state.withLock { $0.loads += 1 } }
    defer {
      state.withLock { $0.loads -= 1 }
      statusMayHaveChanged()
    }
    do {
      let loaded = try await key.load(context: context)
      let onChange = state.withLock { state in
        state.loadError = nil
        return state.onChange
      }
      if let loaded { onChange? { loaded } }
      return loaded != nil
    } catch {
      state.withLock { $0.loadError = error }
      throw error
    }
  }

  /// Saves the changes made, in order, until none is left.
  private func saveUnsaved() async {
    while let next = state.withLock({ state -> Value? in
      guard !state.unsaved.isEmpty else {
        state.isSaving = false
        return nil
      }
      return state.unsaved.removeFirst()
    }) {
      do {
        try await key.save(next, context: .didSet)
        state.withLock { $0.storedWithoutError() }
      } catch {
        state.withLock { $0.saveError = error }
      }
      statusMayHaveChanged()
    }
  }
}
