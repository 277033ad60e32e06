/// An enum that gets a generated case table, and how its table is written.
///
/// The rule: an enum named `Action` gets a `CasePathable` table, and so does any enum that names
/// `CasePathable` in its inheritance clause or in an extension's; an enum that names
/// `StateCasePathable` gets a table for `Scope` to reach into its cases. The generator declares the
/// `CasePathable` conformance itself unless the source does (a generic enum must, with its
/// where-clauses); the enum declares `Codable` (or `CasePathable`) in its own file, where the
/// compiler synthesizes its coding.
struct TabledEnum {
  let declaration: TypeDeclaration
  /// Whether it is `CasePathable` (an action); else it is only `StateCasePathable`.
  let isAction: Bool
  /// Whether the generator writes `: CasePathable` (false when the source declares it).
  let declaresConformance: Bool
  /// The access its generated members are written with: `public`, `package` or `internal`.
  let memberAccess: AccessLevel
  /// Whether it or a type around it is generic, so that `cases` is computed, not stored.
  let isGeneric: Bool
  /// Whether it declares `BindableAction`, so that its `binding` extraction is generated.
  let extractsBinding: Bool

  /// Raw types an enum may name first in its inheritance clause.
  private static let rawTypes: Set<String> = [
    "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
    "UInt32", "UInt64", "Double", "Float", "Bool",
  ]

  /// The enums of a module (the declarations of all its files) that get tables, in source order,
  /// or every reason one of them cannot get one.
  static func all(in files: [Declarations], module: String) throws(SourceErrors) -> [TabledEnum] {
    let catalog = DeclarationCatalog(files, module: module)
    var tabled: [TabledEnum] = []
    var errors: [SourceError] = []
    for declaration in catalog.types where declaration.kind == .enum {
      let conformances = catalog.conformances(of: declaration)
      let isAction = declaration.path.last == "Action" || conformances.contains("CasePathable")
      guard isAction || conformances.contains("StateCasePathable") else { continue }
      let isGeneric = catalog.isGeneric(declaration)
      let declaresConformance = isAction && !conformances.contains("CasePathable")
      let found = problems(
        of: declaration, isAction: isAction, isGeneric: isGeneric,
        declaresConformance: declaresConformance, catalog: catalog)
      guard found.isEmpty else {
        errors += found
        continue
      }
      let access = catalog.effectiveAccess(of: declaration)
      tabled.append(
        TabledEnum(
          declaration: declaration, isAction: isAction, declaresConformance: declaresConformance,
          memberAccess: access >= .public ? .public : access,
          isGeneric: isGeneric, extractsBinding: conformances.contains("BindableAction")))
    }
    guard errors.isEmpty else { throw SourceErrors(errors) }
    return tabled
  }

  private static func problems(
    of declaration: TypeDeclaration, isAction: Bool, isGeneric: Bool, declaresConformance: Bool,
    catalog: DeclarationCatalog
  ) -> [SourceError] {
    let name = declaration.name
    func error(_ message: String) -> SourceError {
      SourceError(file: declaration.file, line: declaration.line, message)
    }
    var problems = declaration.problems
    if let first = declaration.inheritance.first, rawTypes.contains(first) {
      problems.append(
        error(
          "enum \(name) has the raw type \(first); a case-tabled enum's cases carry payloads, "
            + "not raw values"))
    }
    if declaration.isConditional {
      problems.append(
        error(
          "enum \(name) is declared inside #if; the generator cannot tell whether it is "
            + "compiled, so declare it unconditionally"))
    }
    if catalog.effectiveAccess(of: declaration) < .internal {
      problems.append(
        error(
          "enum \(name) is private, so its generated table (in another file) cannot see it; "
            + "make it internal or wider"))
    }
    if isAction, !declaresCodable(catalog.sameFileConformances(of: declaration)) {
      problems.append(
        error(
          "enum \(name) must declare Codable in its own file ('enum \(declaration.path.last ?? "")"
            + ": Codable, …'): the compiler synthesizes an enum's coding only there"))
    }
    if isGeneric, declaresConformance {
      problems.append(
        error(
          "enum \(name) is generic; declare 'extension \(name): CasePathable where …' beside it "
            + "and the generator supplies the members"))
    }
    var seen: Set<String> = []
    for enumCase in declaration.cases where !seen.insert(enumCase.name).inserted {
      problems.append(
        SourceError(
          file: declaration.file, line: enumCase.line,
          "enum \(name) has two cases named '\(enumCase.name)'; give each case its own name"))
    }
    for handWritten in catalog.types where handWritten.path == declaration.path + ["Cases"] {
      problems.append(
        SourceError(
          file: handWritten.file, line: handWritten.line,
          "\(name).Cases is written by hand; delete it, the generator writes the case table"))
    }
    return problems
  }
}

/// Whether `conformances` make the compiler synthesize Codable.
private func declaresCodable(_ conformances: Set<String>) -> Bool {
  conformances.contains("Codable") || conformances.contains("CasePathable")
    || (conformances.contains("Decodable") && conformances.contains("Encodable"))
}

/// Several source errors, reported together.
struct SourceErrors: Error {
  let errors: [SourceError]

  init(_ errors: [SourceError]) {
    self.errors = errors
  }
}
