import Foundation
import Composable

/// The trainer's team: at most six members, each with its own store, shown in a chosen order;
/// members are deleted and moved by their offsets in that shown order (seed 003). New members
/// join at the level the settings say. The team owns its trainer and hands the trainer editor
/// the parts it edits by reference (seed 002's `$user`, projected: `$trainer.name`).
public struct TeamFeature: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    /// The members, in the order they were added (or arranged by a move).
    public var members: IdentifiedArrayOf<TeamMemberFeature.State> = []
    /// The order `displayedMembers` shows.
    public var sortOrder: SortOrder = .added
    /// Why the last change was refused, if it was.
    public var addError: String?
    /// The trainer, its name and badges shared by reference with the editor.
    @Shared(value: Trainer()) public var trainer
    /// The presented trainer editor, if any.
    public var editor: TrainerEditorFeature.State?
    /// The level new members join at (a setting, read only here).
    @SharedReader(.defaultLevel) public var defaultLevel

    /// A team.
    public init(
      members: IdentifiedArrayOf<TeamMemberFeature.State> = [], sortOrder: SortOrder = .added
    ) {
      self.members = members
      self.sortOrder = sortOrder
    }

    // The trainer and the default level are saved with the session's shared snapshot.
    private enum CodingKeys: String, CodingKey {
      case members, sortOrder, addError, editor
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      members = try container.decode(IdentifiedArrayOf<TeamMemberFeature.State>.self, forKey: .members)
      sortOrder = try container.decode(SortOrder.self, forKey: .sortOrder)
      addError = try container.decodeIfPresent(String.self, forKey: .addError)
      // A decoded editor edits this team's trainer, as the one presented did.
      if try container.decodeIfPresent(TrainerEditorFeature.State.self, forKey: .editor) != nil {
        editor = TrainerEditorFeature.State(name: $trainer.name, badges: $trainer.badges)
      }
    }

    /// The members in `sortOrder`: what the screen shows and what offsets index. Derived,
    /// never stored.
    public var displayedMembers: [TeamMemberFeature.State] {
      switch sortOrder {
      case .added:
        members.elementsArray
      case .level:
        members.enumerated().sorted {
          ($0.element.level, $0.offset) > ($1.element.level, $1.offset)
        }.map(\.element)
      case .name:
        members.enumerated().sorted {
          let lhs = $0.element.nickname.lowercased()
          let rhs = $1.element.nickname.lowercased()
          return lhs == rhs ? $0.offset < $1.offset : lhs < rhs
        }.map(\.element)
      }
    }
  }

  /// The orders the team can be shown in.
  public enum SortOrder: String, Equatable, Sendable, Codable, CaseIterable {
    /// The order members were added (or arranged by moves).
    case added
    /// Highest level first.
    case level
    /// By nickname.
    case name
  }

  public enum Action: Equatable, Sendable, Codable {
    /// Add the Pokémon with this national-dex id.
    case addTapped(id: Int)
    /// Members at these offsets of `displayedMembers` were deleted.
    case membersDeleted(atOffsets: IndexSet)
    /// Members at these offsets of `displayedMembers` were moved before `toOffset`.
    case membersMoved(fromOffsets: IndexSet, toOffset: Int)
    /// The shown order was changed.
    case sortOrderChanged(SortOrder)
    /// Something happened to one member.
    case members(IdentifiedActionOf<TeamMemberFeature>)
    /// The trainer's name was tapped: the editor is presented with the team's trainer's name
    /// and badges.
    case trainerTapped
    /// Something happened in the trainer editor.
    case editor(PresentationAction<TrainerEditorFeature.Action>)
  }

  /// The most members a team has.
  public static let capacity = 6

  @Dependency(\.uuid) var uuid
  @Dependency(\.warnings) var warnings

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addTapped(pokemonID):
        guard state.members.count < Self.capacity else {
          state.addError = "The team is full (\(Self.capacity) members); delete one to add another."
          return .none
        }
        guard let pokemon = try? Pokedex.shared.pokemon(id: pokemonID) else {
          state.addError = "There is no Pokémon with id \(pokemonID)."
          return .none
        }
        state.addError = nil
        state.members.append(
          TeamMemberFeature.State(
            id: uuid(), pokemonID: pokemonID, nickname: pokemon.displayName,
            level: state.defaultLevel))
        return .none

      case let .membersDeleted(offsets):
        guard let ids = memberIDs(at: offsets, in: state, doing: "delete") else { return .none }
        state.addError = nil
        for id in ids { state.members[id: id] = nil }
        return .none

      case let .membersMoved(offsets, destination):
        guard let ids = memberIDs(at: offsets, in: state, doing: "move") else { return .none }
        let displayed = state.displayedMembers
        guard (0...displayed.count).contains(destination) else {
          warnings(
            "Cannot move to offset \(destination): the team shows \(displayed.count) members (0…\(displayed.count)). Nothing changed.")
          return .none
        }
        // Move within what is shown, then keep that arrangement as the team's own order.
        let moving = Set(ids)
        let before = displayed[..<destination].filter { !moving.contains($0.id) }
        let after = displayed[destination...].filter { !moving.contains($0.id) }
        let moved = displayed.filter { moving.contains($0.id) }
        state.members = IdentifiedArray(uniqueElements: before + moved + after)
        state.sortOrder = .added
        state.addError = nil
        return .none

      case let .sortOrderChanged(order):
        state.sortOrder = order
        return .none

      case .trainerTapped:
        state.editor = TrainerEditorFeature.State(
          name: state.$trainer.name, badges: state.$trainer.badges)
        return .none

      case .members, .editor:
        return .none
      }
    }
    .forEach(\.members, action: \.members) {
      TeamMemberFeature()
    }
    .ifLet(\.editor, action: \.editor) {
      TrainerEditorFeature()
    }
  }

  /// The ids of the members at `offsets` of `displayedMembers`, or nil (with a warning) when an
  /// offset is out of range — offsets are mapped to ids before anything changes.
  private func memberIDs(at offsets: IndexSet, in state: State, doing verb: String) -> [UUID]? {
    let displayed = state.displayedMembers
    guard let last = offsets.last, let first = offsets.first, first >= 0, last < displayed.count
    else {
      warnings(
        displayed.isEmpty
          ? "Cannot \(verb) offsets \(Array(offsets)): the team shows no members. Nothing changed."
          : "Cannot \(verb) offsets \(Array(offsets)): the team shows \(displayed.count) members (offsets 0…\(displayed.count - 1)). Nothing changed.")
      return nil
    }
    return offsets.map { displayed[$0].id }
  }
}
