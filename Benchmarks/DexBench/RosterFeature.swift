import Composable
import PokedexCore

/// A parent of team members routed by id, for B7.
struct RosterFeature: Reducer {
  struct State: Equatable {
    var members: IdentifiedArrayOf<TeamMemberFeature.State>
  }

  enum Action: Equatable, Sendable, Codable {
    case members(IdentifiedActionOf<TeamMemberFeature>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.members, action: \.members) { TeamMemberFeature() }
  }
}
