import Testing

@testable import DexREPLCore

@Suite struct HelpTextTests {
  @Test func withoutAWidthTheListingIsOneLinePerCommand() {
    let listing = HelpText.listing(of: CommandTable.commands.map(\.descriptor))
    let rows = listing.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(rows.count == CommandTable.commands.count)
    #expect(listing == HelpText.listing(of: CommandTable.commands.map(\.descriptor), width: 1_000))
  }

  @Test(arguments: [100, 80, 60])
  func atATerminalsWidthEveryLineOfTheListingAndOfEveryPageFits(width: Int) {
    var texts = [HelpText.listing(of: CommandTable.commands.map(\.descriptor), width: width)]
    texts += CommandTable.commands.map { HelpText.page(for: $0.descriptor, width: width) }
    for text in texts {
      for line in text.split(separator: "\n") where line.count > width {
        // Only a word wider than the line itself (an example action) may stick out.
        #expect(ProseWrapper.words(String(line)).count == 1, "wider than \(width): \(line)")
      }
    }
  }

  @Test func aSummaryCutAtEightyColumnsKeepsEveryWordOnce() {
    let listing = HelpText.listing(of: CommandTable.commands.map(\.descriptor), width: 80)
    let words = listing.split(whereSeparator: \.isWhitespace)
    let unwrapped = HelpText.listing(of: CommandTable.commands.map(\.descriptor)).split(whereSeparator: \.isWhitespace)
    #expect(words == unwrapped)
  }
}
