import DexPlatform

/// An enum whose cases are listed in a table, so that they can be routed, listed, parsed and
/// printed without macros (Swift cannot list an enum's cases by itself).
///
/// The tables are generated: in a target built with `plugins: ["CaseTablePlugin"]`, every enum
/// named `Action` (and every enum that names `CasePathable`) gets `Cases`, `cases` and
/// `caseIndex(of:)` from its source. The enum declares `Codable` itself, so its coding is the
/// compiler's: `{"setTo": {"_0": 3}}`.
///
/// ```swift
/// enum Action: Equatable, Sendable, Codable {
///   case incrementTapped
///   case setTo(Int)
/// }
/// Action.caseTable.listing  // ".incrementTapped, .setTo(Int)"
/// ```
public protocol CasePathable: Codable, Sendable, CaseListing {
  /// A struct with one `Case` property per case of the enum, in declaration order.
  associatedtype Cases: Sendable
  /// The typed cases; `Scope(state:action:)` takes key paths into it (`action: \.counter`).
  static var cases: Cases { get }
  /// The position of `value`'s case among `cases`: an exhaustive `switch`, with which the
  /// compiler checks that the table lists every case.
  static func caseIndex(of value: Self) -> Int
}

extension CasePathable {
  /// Every case of the enum, erased, in declaration order.
  public static var caseTable: CaseTable<Self> {
    CaseTable<Self>.cached(for: Self.self) {
      CaseTable(
        Mirror(reflecting: cases).children.compactMap {
          ($0.value as? any AnyCaseConvertible<Self>)?.erased
        },
        index: caseIndex(of:))
    }
  }

  public static var caseDescriptions: [CaseDescription] {
    caseTable.cases.map { CaseDescription(name: $0.name, arguments: $0.arguments) }
  }

  /// Throws when `decoder` holds a case name that is not one of this enum's, here or inside the
  /// arguments: see `CaseTable.checkCaseNames(in:)`.
  static func checkCaseNames(in decoder: any Decoder) throws(CaseTableError) {
    try caseTable.checkCaseNames(in: decoder)
  }

  /// `.onAppear, .todoTapped(id: Int), …`
  static var caseListing: String { caseTable.listing }
}

/// The erased list of an enum's cases: names, arguments, and finding the case of a value.
///
/// A class, built once per enum (`CasePathable.caseTable`): reading it on every send (printing
/// an action) costs one reference, not a copy of its arrays.
public final class CaseTable<Root>: @unchecked Sendable {
  /// The cases in declaration order.
  public let cases: [AnyCase<Root>]
  private let byName: [String: Int]
  private let index: (Root) -> Int

  init(_ cases: [AnyCase<Root>], index: @escaping (Root) -> Int) {
    self.cases = cases
    self.index = index
    var byName: [String: Int] = [:]
    for (index, entry) in cases.enumerated() { byName[entry.name] = index }
    self.byName = byName
  }

  /// The case called `name`, if there is one.
  public subscript(name: String) -> AnyCase<Root>? {
    byName[name].map { cases[$0] }
  }

  /// The position in `cases` of the case `value` is.
  package func position(of value: Root) -> Int? {
    let position = index(value)
    return position >= 0 && position < cases.count ? position : nil
  }

  /// The case `value` is.
  public func caseOf(_ value: Root) -> AnyCase<Root>? {
    position(of: value).map { cases[$0] }
  }

  /// The case `value` is, with its arguments' labels and values: what printing it needs.
  public func parts(of value: Root) -> (name: String, arguments: [(label: String?, value: Any)])? {
    guard let entry = caseOf(value), let values = entry.argumentValues(value) else { return nil }
    return (entry.name, zip(entry.arguments, values).map { ($0.label, $1) })
  }

  /// The case names, in declaration order.
  public var names: [String] { cases.map(\.name) }

  /// `.onAppear, .todoTapped(id: Int), …`
  public var listing: String {
    cases.map(\.signature).joined(separator: ", ")
  }

  /// Throws `CaseTableError.unknownCase` when the one key of `decoder` (the layout of Swift's
  /// synthesized Codable: the case name, holding the arguments by label, `_0`, `_1`… when
  /// unlabelled) is not a case of this table, or when an argument whose type is case-tabled holds
  /// an unknown case. Anything else is left for the decoding itself to report.
  func checkCaseNames(in decoder: any Decoder) throws(CaseTableError) {
    guard let container = try? decoder.container(keyedBy: CaseArgumentKey.self),
      container.allKeys.count == 1, let key = container.allKeys.first
    else { return }
    guard let entry = self[key.stringValue] else {
      throw .unknownCase(key.stringValue, type: TypeName.of(Root.self), valid: names)
    }
    guard let payload = try? container.nestedContainer(keyedBy: CaseArgumentKey.self, forKey: key)
    else { return }
    for (position, argument) in entry.arguments.enumerated() {
      let argumentKey = CaseArgumentKey(label: argument.label, position: position)
      guard case let .tabled(tabled) = entry.argumentKinds[position], payload.contains(argumentKey),
        let nested = try? payload.superDecoder(forKey: argumentKey)
      else { continue }
      try tabled.checkCaseNames(in: nested)
    }
  }

  /// The table of `type`, built by `build` the first time. The cache holds each table under
  /// its root type's identifier, so the one found there is a `CaseTable<Root>` without a cast.
  static func cached(for type: Root.Type, build: () -> CaseTable<Root>) -> CaseTable<Root> {
    let key = ObjectIdentifier(type)
    if let table = caseTableCache.withLock({ $0[key] }) {
      return unsafeDowncast(table, to: CaseTable<Root>.self)
    }
    let table = build()
    caseTableCache.withLock { $0[key] = table }
    return table
  }
}

private let caseTableCache = LockedValue<[ObjectIdentifier: AnyObject]>([:])

/// A case of an enum with its payload type erased.
public struct AnyCase<Root>: @unchecked Sendable {
  /// The case's name.
  public let name: String
  /// The case's arguments.
  public let arguments: [CaseArgument]
  /// What each argument's values are to the case tables, in order.
  package let argumentKinds: [ArgumentValueKind]
  let matches: (Root) -> Bool
  /// See `Case.visitArguments`.
  let visit: (Root, (Any) -> Void) -> Bool

  init(
    name: String, arguments: [CaseArgument], matches: @escaping (Root) -> Bool,
    visit: @escaping (Root, (Any) -> Void) -> Bool
  ) {
    self.name = name
    self.arguments = arguments
    self.argumentKinds = arguments.map { ArgumentValueKind(of: $0.type) }
    self.matches = matches
    self.visit = visit
  }

  /// The values of `value`'s arguments in order, when `value` is this case.
  func argumentValues(_ value: Root) -> [Any]? {
    var values: [Any] = []
    return visit(value) { values.append($0) } ? values : nil
  }

  /// Hands each argument of `value` to `body` with its position, in order, when `value` is
  /// this case; false when it is another. No array is made.
  package func forEachArgument(of value: Root, _ body: (Int, Any) -> Void) -> Bool {
    var position = 0
    return visit(value) { argument in
      body(position, argument)
      position += 1
    }
  }

  /// `.todoTapped(id: Int)`, or `.onAppear` without arguments.
  public var signature: String {
    arguments.isEmpty
      ? ".\(name)" : ".\(name)(\(arguments.map(\.description).joined(separator: ", ")))"
  }

  /// Whether `value` is this case.
  public func contains(_ value: Root) -> Bool { matches(value) }
}

/// Lets the table find the `Case` properties of a `Cases` struct through `Mirror`.
protocol AnyCaseConvertible<Root> {
  associatedtype Root
  var erased: AnyCase<Root> { get }
}

extension Case: AnyCaseConvertible {
  var erased: AnyCase<Root> {
    let extract = extract
    return AnyCase(
      name: name, arguments: arguments, matches: { extract($0) != nil }, visit: visitArguments)
  }
}

/// Why a value could not be decoded through a case table.
public enum CaseTableError: Error, Equatable, CustomStringConvertible {
  /// No case has that name.
  case unknownCase(String, type: String, valid: [String])

  public var description: String {
    switch self {
    case let .unknownCase(name, type, valid):
      "'\(name)' is not a case of \(type); valid cases: \(valid.map { ".\($0)" }.joined(separator: ", "))"
    }
  }
}

/// A type whose values can be listed as cases for a person: an action enum, or a binding.
public protocol CaseListing {
  /// The cases, in declaration order.
  static var caseDescriptions: [CaseDescription] { get }
}

/// One case as `actions` lists it.
public struct CaseDescription: Sendable {
  /// The case's name.
  public let name: String
  /// Its arguments.
  public let arguments: [CaseArgument]
  /// How it is written, when not `.name(arguments)`.
  public let customSignature: String?

  /// A case called `name` with `arguments`.
  public init(name: String, arguments: [CaseArgument], signature: String? = nil) {
    self.name = name
    self.arguments = arguments
    self.customSignature = signature
  }

  /// `.todoTapped(id: Int)`, or `.onAppear`.
  public var signature: String {
    customSignature
      ?? (arguments.isEmpty
        ? ".\(name)" : ".\(name)(\(arguments.map(\.description).joined(separator: ", ")))")
  }
}
