import PokedexCore

/// A parent of team members routed by id, for B7.
struct RosterFeature: Reducer {
  struct State: Equatable {
    var members: IdentifiedArrayOf<TeamMemberFeature.State>
  }

  enum Action: Equatable, Sendable, CaseTabled {
    case members(IdentifiedActionOf<TeamMemberFeature>)

    struct Cases: Sendable {
      let members = Case("members", Action.members) {
        if case let .members(action) = $0 { action } else { nil }
      }
    }

    static let cases = Cases()
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.members, action: \.members) { TeamMemberFeature() }
  }
}
