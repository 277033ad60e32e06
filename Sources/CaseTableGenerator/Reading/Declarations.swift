/// The declarations of one file that decide which enums get case tables.
struct Declarations {
  /// Structs, classes, enums, actors and protocols, at any nesting, in source order.
  var types: [TypeDeclaration] = []
  /// Extensions, with what they add conformances to.
  var extensions: [ExtensionDeclaration] = []
  /// The modules the file imports; the generated file imports them too, since a public table's
  /// inferred types must be visible where it is declared.
  var imports: [Import] = []
}

/// `import Foundation`, or `import FoundationNetworking` inside `#if`.
struct Import: Hashable {
  let module: String
  let isConditional: Bool
}

/// A struct, class, enum, actor or protocol.
struct TypeDeclaration {
  enum Kind: String {
    case `struct`, `class`, `enum`, `actor`, `protocol`
  }

  let kind: Kind
  /// The names from the file scope down: `["PokemonListFeature", "Destination", "State"]`; a type
  /// declared inside `extension A.B` starts with `A`, `B`.
  var path: [String]
  let file: String
  let line: Int
  /// The access it is declared with (or its extension's default); `internal` when unwritten.
  let access: AccessLevel
  /// Whether it declares generic parameters of its own.
  let isGeneric: Bool
  /// The last name of each entry of its inheritance clause: `Codable`, `CasePathable`, `String`.
  let inheritance: [String]
  /// Whether it sits inside `#if`, so that it may not be compiled at all.
  let isConditional: Bool
  /// An enum's cases, in declaration order.
  var cases: [EnumCase] = []
  /// What an enum's body holds that a case table cannot be generated for; reported only when the
  /// enum gets a table.
  var problems: [SourceError] = []

  /// `PokemonListFeature.Destination.State`.
  var name: String { path.joined(separator: ".") }
}

/// One `extension A.B: P, Q where …`.
struct ExtensionDeclaration {
  /// The extended type as written: `["PresentationAction"]`.
  var path: [String]
  let file: String
  let line: Int
  /// The last name of each entry of its inheritance clause.
  let inheritance: [String]
}

/// One case of an enum: `case rowTapped(id: Int)` has the name `rowTapped` and one argument
/// labelled `id`.
struct EnumCase: Equatable {
  let name: String
  /// One entry per argument: its label, or nil when unlabelled.
  let labels: [String?]
  let line: Int
}

/// Swift's access levels, from the most to the least restricted.
enum AccessLevel: Int, Comparable {
  case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

  init?(keyword: String) {
    switch keyword {
    case "private": self = .private
    case "fileprivate": self = .fileprivate
    case "internal": self = .internal
    case "package": self = .package
    case "public": self = .public
    case "open": self = .open
    default: return nil
    }
  }

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
