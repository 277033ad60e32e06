/// The trainer whose team it is: owned by the team and handed to its editor by reference
/// (seed 002's `@Shared var user`, passed as `state.$trainer`).
public struct Trainer: Equatable, Sendable, Codable {
  /// What the trainer is called.
  public var name: String
  /// The badges earned, in the order they were earned.
  public var badges: [String]

  /// A trainer.
  public init(name: String = "Red", badges: [String] = []) {
    self.name = name
    self.badges = badges
  }
}
