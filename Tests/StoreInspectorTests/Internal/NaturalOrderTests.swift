import Testing

@testable import StoreInspector

struct NaturalOrderTests {
  @Test func numbersSortByValueAndTextByScalar() {
    let texts = ["100", "25", "1", "\"a10\"", "\"a2\"", "\"b\"", "007", "7"]
    #expect(
      texts.sorted { $0.naturallyPrecedes($1) }
        == ["\"a2\"", "\"a10\"", "\"b\"", "1", "7", "007", "25", "100"])
  }
}
