import Testing

@testable import DexREPLCore

@Suite struct ProseWrapperTests {
  @Test(arguments: [
    ("send .list(.rowTapped(id: 4)) now", ["send", ".list(.rowTapped(id: 4))", "now"]),
    ("state team.members[id: 2] --depth 1", ["state", "team.members[id: 2]", "--depth", "1"]),
    (#"type 'fav "Mr. Mime"' here"#, ["type", #"'fav "Mr. Mime"'"#, "here"]),
    ("the action's trace (see it)", ["the", "action's", "trace", "(see", "it)"]),
    (#"an open "string here"#, ["an", "open", #""string"#, "here"]),
  ])
  func wordsKeepLiteralsPathsAndQuotedCommandsWhole(text: String, words: [String]) {
    #expect(ProseWrapper.words(text) == words)
  }

  @Test func aLongLineIsCutBetweenWordsWithItsContinuationIndented() {
    let text = "warning: the replay may differ: an answer to e2 (started by #3) was sent"
    #expect(
      ProseWrapper(width: 32).wrap(text) == """
        warning: the replay may differ:
          an answer to e2 (started by
          #3) was sent
        """)
  }

  @Test func aLineThatFitsAndAWordWiderThanTheLineAreLeftWhole() {
    let wrapper = ProseWrapper(width: 30)
    #expect(wrapper.wrap("fits as it is") == "fits as it is")
    let action = ".team(.members(.element(id: #0, action: .binding(.set(\\.level, 30)))))"
    #expect(wrapper.wrap("send " + action) == "send\n  " + action)
  }
}
