import Foundation
import Testing

/// README's Architecture table says what each module may import; the table, the targets'
/// dependencies in Package.swift and the `import` lines of each module's sources say the same.
@Suite struct ModuleGraphTests {
  /// The package's folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Each module of README's Architecture table with the modules it may import
  /// (`| \`Composable\` | … | DexPlatform |`).
  static func readmeTable() throws -> [String: Set<String>] {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Architecture").dropFirst().first)
      .components(separatedBy: "\n## ")[0]
    var table: [String: Set<String>] = [:]
    for line in section.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, let name = cells[0].split(separator: "`").first, let last = cells.last
      else { continue }
      table[String(name)] =
        last == "nothing"
        ? [] : Set(last.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }
    return table
  }

  /// The modules of `names` the Swift files under `folder` import.
  static func imports(under folder: String, among names: Set<String>) throws -> Set<String> {
    let directory = root.appendingPathComponent(folder)
    let files = try #require(FileManager.default.enumerator(atPath: directory.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    var found: Set<String> = []
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        if words.count >= 2, words[0] == "import", names.contains(String(words[1])) {
          found.insert(String(words[1]))
        }
      }
    }
    return found
  }

  /// Each target of Package.swift with the targets it names in `dependencies: [...]`.
  static func packageDependencies() throws -> [String: Set<String>] {
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var targets: [String: Set<String>] = [:]
    let declarations = manifest.components(separatedBy: "targets: [").dropFirst().joined()
    for declaration in declarations.components(separatedBy: "Target(").dropFirst()
      + declarations.components(separatedBy: ".target(").dropFirst()
    {
      guard let name = declaration.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
      let list = declaration.firstMatch(of: /^[^)]*?dependencies: \[([^\]]*)\]/.dotMatchesNewlines())
      targets[String(name)] = Set((list?.1 ?? "").matches(of: /"([^"]+)"/).map { String($0.1) })
    }
    return targets
  }

  @Test func readmesTableIsWhatEachModuleImports() throws {
    let table = try Self.readmeTable()
    #expect(table.count >= 9)
    let names = Set(table.keys).union(["CReadline"])
    for (module, allowed) in table {
      let folder = module == "DexTesting" ? "Tests/DexTesting" : "Sources/\(module)"
      let imported = try Self.imports(under: folder, among: names.subtracting([module]))
      #expect(imported == allowed, "\(module) imports \(imported.sorted()); README says \(allowed.sorted())")
    }
  }

  @Test func packageDependenciesAreWhatEachModuleImports() throws {
    let table = try Self.readmeTable()
    let dependencies = try Self.packageDependencies()
    for (module, allowed) in table {
      let declared = try #require(dependencies[module], "Package.swift has no target \(module)")
      #expect(declared == allowed, "Package.swift gives \(module) \(declared.sorted()); README says \(allowed.sorted())")
    }
  }
}
