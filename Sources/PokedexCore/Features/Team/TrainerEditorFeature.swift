import Foundation
import Composable

/// Edits the trainer, presented from the team with the team's own trainer (`state.$trainer`):
/// not a copy but a window onto the same value, so an edit here is the team's at once.
public struct TrainerEditorFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The trainer, shared with the team that presented the editor.
    @Shared public var trainer: Trainer

    /// An editor of `trainer`, the presenter's shared trainer.
    public init(trainer: Shared<Trainer>) {
      _trainer = trainer
    }

    // The trainer is the presenter's, saved with the session's shared snapshot; a decoded
    // editor holds a new one until its presenter hands it its own (see TeamFeature.State).
    public init(from decoder: any Decoder) throws {
      self.init(trainer: Shared(value: Trainer()))
    }
    public func encode(to encoder: any Encoder) throws {
      _ = encoder.container(keyedBy: EmptyCodingKey.self)
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    /// The name field was edited.
    case nameChanged(String)
    /// A badge was earned.
    case badgeEarned(String)
    /// "Done" was tapped: the editor dismisses itself.
    case doneTapped
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.warnings) var warnings

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
          warnings("A trainer needs a name; \(state.trainer.name) keeps theirs.")
          return .none
        }
        state.$trainer.name.withLock { $0 = trimmed }
        return .none

      case let .badgeEarned(badge):
        guard !state.trainer.badges.contains(badge) else {
          warnings("\(state.trainer.name) already has the \(badge) badge. Nothing changed.")
          return .none
        }
        state.$trainer.withLock { $0.badges.append(badge) }
        return .none

      case .doneTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}
