import Composable

/// An error carried in an action (`.pageLoaded(.failure(…))`): Equatable so tests can assert it,
/// Codable so a session can be exported, and simple enough to type by hand in the REPL:
/// `.failure(DexError(kind: .network, message: "offline"))`.

public struct DexError: Error, Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Kind: String, Equatable, Hashable, Codable, Sendable, CaseIterable {
    /// The server could not be reached.
    case network
    /// The server answered with an HTTP error status.
    case http
    /// A response or file could not be decoded.
    case decoding
    /// The requested item does not exist.
    case notFound
    /// Anything else.
    case other
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// What failed, for a person.
  public var message: String

  /// An error of `kind` saying `message`.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The error as a `DexError`: itself when it is one, a PokeAPI failure's kind and wording,
  /// else `.other` with its description.
  public init(_ error: any Error) {
    if let error = error as? DexError {
      self = error
    } else if let failure = error as? PokeAPIFailure {
      self = failure.dexError
    } else {
      self.init(kind: .other, message: String(describing: error))
    }
  }

  public var description: String { message }

  /// No Pokémon has an ability named `name` (or it cannot be an ability's name).
  static func noAbility(named name: String) -> Self {
    DexError(kind: .notFound, message: "No Pokémon has an ability named \(String(reflecting: name)).")
  }
}
