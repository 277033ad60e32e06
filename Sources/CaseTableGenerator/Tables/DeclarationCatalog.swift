/// The declarations of every file of one module, looked up by path: what an enum conforms to
/// (through its extensions too), its effective access and whether a type around it is generic.
struct DeclarationCatalog {
  /// Every type, files in the order given, each file's in source order.
  let types: [TypeDeclaration]
  private let extensions: [ExtensionDeclaration]
  private let typesByPath: [[String]: TypeDeclaration]

  /// The catalog of `files`; paths that start with the module's name (`Module.Feature.Action`)
  /// are read without it.
  init(_ files: [Declarations], module: String) {
    let topLevelNames = Set(files.flatMap(\.types).filter { $0.path.count == 1 }.map(\.path[0]))
    func unqualified(_ path: [String]) -> [String] {
      path.count > 1 && path[0] == module && !topLevelNames.contains(module)
        ? Array(path.dropFirst()) : path
    }
    types = files.flatMap(\.types).map { type in
      var type = type
      type.path = unqualified(type.path)
      return type
    }
    extensions = files.flatMap(\.extensions).map { declaration in
      var declaration = declaration
      declaration.path = unqualified(declaration.path)
      return declaration
    }
    typesByPath = Dictionary(types.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// What `type` conforms to, in its declaration and in every extension of it.
  func conformances(of type: TypeDeclaration) -> Set<String> {
    Set(type.inheritance).union(
      extensions.filter { $0.path == type.path }.flatMap(\.inheritance))
  }

  /// What `type` conforms to in its declaration and in the extensions of its own file: where
  /// the compiler may synthesize conformances.
  func sameFileConformances(of type: TypeDeclaration) -> Set<String> {
    Set(type.inheritance).union(
      extensions.filter { $0.path == type.path && $0.file == type.file }.flatMap(\.inheritance))
  }

  /// The narrowest access of `type` and the types around it that this module declares.
  func effectiveAccess(of type: TypeDeclaration) -> AccessLevel {
    ancestors(of: type).map(\.access).reduce(type.access, min)
  }

  /// Whether `type` or a type around it declares generic parameters.
  func isGeneric(_ type: TypeDeclaration) -> Bool {
    type.isGeneric || ancestors(of: type).contains(where: \.isGeneric)
  }

  /// The declared types around `type`, innermost first.
  private func ancestors(of type: TypeDeclaration) -> [TypeDeclaration] {
    (1..<max(type.path.count, 1)).reversed().compactMap { typesByPath[Array(type.path.prefix($0))] }
  }
}
