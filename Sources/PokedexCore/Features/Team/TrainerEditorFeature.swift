import Foundation
import Composable

/// Edits the trainer's name and badges, presented from the team with the parts of the team's
/// own trainer it edits (`state.$trainer.name`, `state.$trainer.badges`): not copies but
/// windows onto the same value, so an edit here is the team's at once.
public struct TrainerEditorFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The trainer's name, shared with the team that presented the editor.
    @Shared public var name: String
    /// The trainer's badges, shared with the team that presented the editor.
    @Shared public var badges: [String]

    /// An editor of the presenter's shared trainer's `name` and `badges`.
    public init(name: Shared<String>, badges: Shared<[String]>) {
      _name = name
      _badges = badges
    }

    // The trainer is the presenter's, saved with the session's shared snapshot; a decoded
    // editor holds a new one until its presenter hands it its own (see TeamFeature.State).
    public init(from decoder: any Decoder) throws {
      let trainer = Shared(value: Trainer())
      self.init(name: trainer.name, badges: trainer.badges)
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
          warnings("A trainer needs a name; \(state.name) keeps theirs.")
          return .none
        }
        state.$name.withLock { $0 = trimmed }
        return .none

      case let .badgeEarned(badge):
        guard !state.badges.contains(badge) else {
          warnings("\(state.name) already has the \(badge) badge. Nothing changed.")
          return .none
        }
        state.$badges.withLock { $0.append(badge) }
        return .none

      case .doneTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}
