import PackagePlugin

/// Generates the case tables of a target's enums (every enum named `Action`, and those that name
/// `CasePathable` or `StateCasePathable`) into one Swift file compiled with the target; nothing
/// generated is committed. Apply it with `plugins: [.plugin(name: "CaseTablePlugin",
/// package: "dex")]`; the target must depend on `Composable`.
@main
struct CaseTablePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
    let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+CaseTables.swift")
    let arguments = ["--module", target.moduleName, "--output", output.path(percentEncoded: false)]
    return [
      .buildCommand(
        displayName: "Generating the case tables of \(target.name)",
        executable: try context.tool(named: "CaseTableGenerator").url,
        arguments: arguments + sources.map { $0.path(percentEncoded: false) },
        inputFiles: sources,
        outputFiles: [output])
    ]
  }
}
