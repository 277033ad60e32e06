import DexTesting
import Foundation

/// One run of the built `CaseTableGenerator` over source files written to a fresh directory:
/// what it generated, or the errors it printed (their directory left out: `Feature.swift:3: …`).
struct GeneratorRun {
  let status: Int32
  /// The generated file, when it succeeded.
  let generated: String?
  let errors: [String]

  /// Runs the generator over `files` (name, source) of module `module`.
  init(module: String = "App", _ files: [(name: String, source: String)]) async throws {
    let directory = try TemporaryDirectory()
    for file in files {
      try file.source.write(
        to: directory.url.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
    }
    let output = directory.path("Generated.swift")
    let process = Process()
    process.executableURL = try builtExecutable(named: "CaseTableGenerator")
    process.arguments =
      ["--module", module, "--output", output] + files.map { directory.path($0.name) }
    let standardError = Pipe()
    process.standardError = standardError
    status = try await process.runUntilExit()
    let text = String(
      decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    errors = text.split(separator: "\n").map {
      $0.replacingOccurrences(of: directory.url.path + "/", with: "")
    }
    generated = try? String(contentsOfFile: output, encoding: .utf8)
  }

  /// Runs the generator over one file, `Feature.swift`.
  init(_ source: String) async throws {
    try await self.init([("Feature.swift", source)])
  }
}
