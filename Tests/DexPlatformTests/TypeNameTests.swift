import Testing

import DexPlatform

struct TypeNameTests {
  static let names: [(qualified: String, simplified: String)] = [
    ("App.AppState", "AppState"),
    ("App.Outer.Inner", "Outer.Inner"),
    ("App.Box<Swift.Optional<Swift.Int>>", "Box<Optional<Int>>"),
    ("App.Pair<Swift.String, App.Row>", "Pair<String, Row>"),
    ("App.(unknown context at $55d1a0).Local", "Local"),
    ("App.(unknown context at $1).(unknown context at $2).Local", "Local"),
    ("App.(Hidden in _3C4F1B2A)", "Hidden"),
    ("(extension in App):Swift.Array<Swift.Int>.Chunk", "Array<Int>.Chunk"),
    ("App.Box<Swift.Int>.Inner.Deeper", "Box<Int>.Inner.Deeper"),
  ]

  @Test(arguments: names)
  func modulePrefixesAndAnonymousContextsAreDropped(qualified: String, simplified: String) {
    #expect(TypeName.simplify(qualified) == simplified)
  }
}
