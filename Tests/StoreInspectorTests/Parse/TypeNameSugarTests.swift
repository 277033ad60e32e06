import Foundation
import Testing

@testable import StoreInspector
import DexPlatform

struct TypeNameSugarTests {
  static let names: [(type: Any.Type, name: String)] = [
    (Int.self, "Int"),
    ([Int].self, "[Int]"),
    ([String: [Int?]].self, "[String: [Int?]]"),
    (Int?.self, "Int?"),
    (Set<UUID>.self, "Set<UUID>"),
    (Result<[Int], FetchError>.self, "Result<[Int], FetchError>"),
    (Wrapper.Inner<[Int]>.self, "Wrapper.Inner<[Int]>"),
  ]

  @Test func typesAreNamedAsTheyAreWrittenInCode() {
    for (type, name) in Self.names {
      #expect(TypeName.sugared(type) == name)
    }
  }
}
