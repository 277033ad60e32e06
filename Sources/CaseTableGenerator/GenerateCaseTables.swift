import Foundation

/// `CaseTableGenerator --module NAME --output FILE SOURCE…`: writes the case tables of the
/// enums in the Swift files SOURCE… of module NAME to FILE. Run by the CaseTablePlugin build
/// tool; prints nothing on success, and `FILE:LINE: error: …` for every enum it cannot table
/// (exiting 1).
@main
struct GenerateCaseTables {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let invocation = Invocation(arguments) else {
      FileHandle.standardError.write(
        Data("usage: CaseTableGenerator --module NAME --output FILE SOURCE…\n".utf8))
      exit(2)
    }
    do {
      let source = try generate(module: invocation.module, sources: invocation.sources)
      try source.write(toFile: invocation.output, atomically: true, encoding: .utf8)
    } catch let failure as SourceErrors {
      let text = failure.errors.map { "\($0)\n" }.joined()
      FileHandle.standardError.write(Data(text.utf8))
      exit(1)
    } catch {
      FileHandle.standardError.write(
        Data("error: cannot write the case tables to \(invocation.output): \(error)\n".utf8))
      exit(1)
    }
  }

  /// The generated source for the Swift files at `sources`, the files of `module`.
  static func generate(module: String, sources: [String]) throws -> String {
    var files: [Declarations] = []
    var errors: [SourceError] = []
    for path in sources.sorted() {
      do {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        files.append(try DeclarationReader.read(text, file: path))
      } catch let error as SourceError {
        errors.append(error)
      } catch {
        errors.append(SourceError(file: path, line: 1, "cannot read the file: \(error)"))
      }
    }
    guard errors.isEmpty else { throw SourceErrors(errors) }
    return CaseTableEmitter.source(
      for: try TabledEnum.all(in: files, module: module), module: module,
      imports: files.flatMap(\.imports))
  }
}

/// The generator's arguments.
private struct Invocation {
  let module: String
  let output: String
  let sources: [String]

  init?(_ arguments: [String]) {
    var module: String?
    var output: String?
    var sources: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--module": module = remaining.popFirst()
      case "--output": output = remaining.popFirst()
      default: sources.append(argument)
      }
    }
    guard let module, let output else { return nil }
    self.module = module
    self.output = output
    self.sources = sources
  }
}
