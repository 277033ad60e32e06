import DexTesting
import Foundation
import Testing

/// `skip` and `unskip` through the real binary: they act on the branch the user is on, and their
/// errors give the range they take.
@Suite struct SkipCommandTests {
  @Test func skipOfAnEntryOnlyAnotherBranchHoldsIsRefusedWithTheWayThere() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: "fav 1\nfav 2\nback\nfav 3\nskip 2\nbranch 1\nskip 2\nlog\n")
    #expect(
      result.errorLines == [
        "<stdin>:5: Entry 2 is on branch 1, not on the current one; 'branch 1' goes there, then "
          + "'skip 2'."
      ])
    #expect(result.standardOutput.contains("> #2 sent .favorites(.favoriteTapped(id: 2)) (skipped)"))
  }

  @Test func skipOutOfRangeNamesTheEntriesItTakesFromOne() async throws {
    let result = try await DexProcess.run(
      ["--keep-going"],
      input: "fav 1\nfav 2\nskip 99\nunskip 0\njump 18446744073709551615\nback 99999999999999999999\n")
    #expect(
      result.errorLines == [
        "<stdin>:3: There is no entry 99; skip an entry from 1 to 2.",
        "<stdin>:4: unskip: '0' is not an entry number (a whole number from 1). Usage: unskip N",
        // Past Int's range: a whole number still, said so, and nothing moves.
        "<stdin>:5: jump: '18446744073709551615' is larger than any entry number. Usage: jump N",
        "<stdin>:6: back: '99999999999999999999' is larger than any entry number. Usage: back [N]",
      ])
  }
}
