import Foundation

/// A simple value (Bool, Int, Double, String, Data) persisted in user defaults.
public struct AppStorageKey<Value: AppStorable>: SharedKey {
  /// The defaults key.
  public let key: String

  public var id: SharedKeyID { SharedKeyID(kind: "appStorage", name: key) }

  public func makePersistence(in container: SharedContainer) -> SharedPersistence<Value>? {
    guard container.storage == .persistent else { return nil }
    return UserDefaultsPersistence<Value>(key: key, defaults: container.userDefaults)
  }
}

extension SharedKey {
  /// A simple value persisted in user defaults under `key`.
  public static func appStorage<Value>(_ key: String) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key: key)
  }
}

/// A type user defaults store as is.
public protocol AppStorable: Sendable, Equatable {
  /// The value read from `defaults`, if one of this type is stored.
  static func read(from defaults: UserDefaults, key: String) -> Self?
}

extension AppStorable {
  public static func read(from defaults: UserDefaults, key: String) -> Self? {
    defaults.object(forKey: key) as? Self
  }
}

extension Bool: AppStorable {}
extension Int: AppStorable {}
extension Double: AppStorable {}
extension String: AppStorable {}
extension Data: AppStorable {}

final class UserDefaultsPersistence<Value: AppStorable>: SharedPersistence<Value>, @unchecked Sendable {
  private let key: String
  private let defaults: UserDefaults

  init(key: String, defaults: UserDefaults) {
    self.key = key
    self.defaults = defaults
  }

  override func load(default defaultValue: Value) -> Value {
    Value.read(from: defaults, key: key) ?? defaultValue
  }

  override func didMutate(_ mutation: @escaping @Sendable (inout Value) -> Void, newValue: Value) {
    defaults.set(newValue, forKey: key)
  }
}
