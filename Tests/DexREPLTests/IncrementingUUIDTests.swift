import DexTesting
import Foundation
import Testing

/// Incrementing UUIDs never hand out an id the session already made: after an `import`, and
/// after switching back from random, they count on after the highest. Through the real `dex`.
@Suite struct IncrementingUUIDTests {
  @Test func anImportedTeamGetsANewMemberWithTheNextID() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("team.json")
    let first = try await DexProcess.run(
      input: "send .team(.addTapped(id: 1))\nsend .team(.addTapped(id: 4))\nexport \(file)\n")
    #expect(first.status == 0, "\(first.standardError)")
    let second = try await DexProcess.run(
      input: """
        import \(file)
        send .team(.addTapped(id: 7))
        expect team.members.count == 3
        expect team.members[2].id == UUID("00000000-0000-0000-0000-000000000003")
        dep uuid random
        dep uuid incrementing
        send .team(.addTapped(id: 25))
        expect team.members[3].id == UUID("00000000-0000-0000-0000-000000000004")

        """)
    #expect(second.status == 0, "\(second.standardError)")
  }
}
