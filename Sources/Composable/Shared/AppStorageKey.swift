import Foundation

/// A simple value (Bool, Int, Double, String, Data) kept under `key` in the container's app
/// storage file: one JSON object shared by every process that uses it, a member per key.
///
/// On first use a key missing from the file is written with its default, so every reader of the
/// file sees the same value. A change another process writes is picked up like a shared file's.
/// In an in-memory container (tests, hermetic scripts) the value lives in memory.
///
/// What the file holds is checked when it is read: a member of another kind reads as the
/// default, and one outside the key's range (`.appStorage("pageSize", in: 1...100)`) as the
/// nearest bound, each reported in one line naming the file and the key; the file is left as
/// it is until the value is changed.
public struct AppStorageKey<Value: AppStorable>: SharedKey {
  /// The key: the file's member name.
  public let key: String
  /// The values the key accepts; nil accepts any.
  let bounds: AppStorageBounds<Value>?

  public var id: SharedKeyID { SharedKeyID(kind: "appStorage", name: key) }

  public func makePersistence(in container: SharedContainer) -> SharedPersistence<Value>? {
    guard let file = container.appStorageFile() else { return nil }
    return AppStorageEntry<Value>(key: key, bounds: bounds, file: file)
  }

  /// A value outside the key's range, from outside the app (an imported session), is refused:
  /// `defaultLevel 500 is outside 1…100`.
  public func refusal(of value: Value) -> String? {
    guard let bounds, !bounds.contains(value) else { return nil }
    return "\(key) \(value) is outside \(bounds.text)"
  }
}

extension AppStorageKey: CustomStringConvertible {
  /// The key as it is written: `.appStorage("pageSize")`.
  public var description: String {
    ".appStorage(\(String(reflecting: key))\(bounds.map { ", in: \($0.written)" } ?? ""))"
  }
}

extension SharedKey {
  /// A simple value kept under `key` in the app storage file:
  /// `@Shared(.appStorage("pageSize")) var pageSize = 20`. An optional one is nil until set
  /// (`@Shared(.appStorage("nickname")) var nickname: String?`), kept as `null` when set to nil.
  public static func appStorage<Value>(_ key: String) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key: key, bounds: nil)
  }

  /// A simple value kept under `key` that lies in `range`: one read outside it is used as the
  /// nearest bound, with a warning naming the key and the file, which is left as it is:
  /// `@Shared(.appStorage("pageSize", in: 1...100)) var pageSize = 20`.
  public static func appStorage<Value: Comparable>(
    _ key: String, in range: ClosedRange<Value>
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key: key, bounds: AppStorageBounds(range))
  }
}

/// A type the app storage file keeps as one JSON value.
public protocol AppStorable: Sendable, Equatable {
  /// The value a member of the file holds, or nil when it holds another type.
  init?(appStorageValue: AppStorageValue)
  /// This value as a member of the file.
  var appStorageValue: AppStorageValue { get }
}

extension Bool: AppStorable {
  public init?(appStorageValue: AppStorageValue) {
    guard case let .bool(value) = appStorageValue else { return nil }
    self = value
  }

  public var appStorageValue: AppStorageValue { .bool(self) }
}

extension Int: AppStorable {
  public init?(appStorageValue: AppStorageValue) {
    guard case let .int(value) = appStorageValue else { return nil }
    self = value
  }

  public var appStorageValue: AppStorageValue { .int(self) }
}

extension Double: AppStorable {
  /// A whole number reads as a Double too (JSON writes `2.0` as `2`).
  public init?(appStorageValue: AppStorageValue) {
    switch appStorageValue {
    case let .double(value): self = value
    case let .int(value): self = Double(value)
    case .bool, .string, .null: return nil
    }
  }

  public var appStorageValue: AppStorageValue { .double(self) }
}

extension String: AppStorable {
  public init?(appStorageValue: AppStorageValue) {
    guard case let .string(value) = appStorageValue else { return nil }
    self = value
  }

  public var appStorageValue: AppStorageValue { .string(self) }
}

extension Data: AppStorable {
  /// Kept as a base64 string.
  public init?(appStorageValue: AppStorageValue) {
    guard case let .string(text) = appStorageValue, let data = Data(base64Encoded: text) else {
      return nil
    }
    self = data
  }

  public var appStorageValue: AppStorageValue { .string(base64EncodedString()) }
}

extension Optional: AppStorable where Wrapped: AppStorable {
  /// `null` is nil; any other member is the wrapped type's, or of another kind.
  public init?(appStorageValue: AppStorageValue) {
    if appStorageValue == .null {
      self = .none
    } else if let wrapped = Wrapped(appStorageValue: appStorageValue) {
      self = .some(wrapped)
    } else {
      return nil
    }
  }

  /// nil is kept as `null`, so that a value set to nil stays nil when read again (a missing
  /// member would be given the default).
  public var appStorageValue: AppStorageValue { map(\.appStorageValue) ?? .null }
}
