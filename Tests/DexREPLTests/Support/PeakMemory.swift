import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `dex` from python3 (a parent of its own, so no other test's process handling can reap
/// it first) and measures its peak resident memory.
enum PeakMemory {
  struct Measurement {
    var status: Int32
    var kilobytes: Int
    var standardError: String
  }

  struct MeasurementFailed: Error {
    var output: String
  }

  /// Whether this process (and so the `dex` it runs, built alongside) has AddressSanitizer:
  /// freed memory then sits in quarantine, and resident size says nothing.
  static let underAddressSanitizer = dlsym(nil, "__asan_init") != nil

  /// Runs `dex arguments`, feeding its standard input `bytes` letters without a newline, then
  /// `input`, with `environment` added to this process's.
  static func run(
    _ arguments: [String], feeding bytes: Int = 0, then input: String = "",
    environment: [String: String] = [:]
  ) async throws -> Measurement {
    let program = """
      import resource, subprocess, sys
      count, tail = int(sys.argv[1]), sys.argv[2].encode()
      child = subprocess.Popen(sys.argv[3:], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
      chunk = b"a" * 65536
      try:
          while count > 0:
              child.stdin.write(chunk[:count])
              count -= len(chunk)
          child.stdin.write(tail)
          child.stdin.close()
      except BrokenPipeError:
          pass
      errors = child.stderr.read().decode("utf-8", "replace")
      status = child.wait()
      print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      print(errors, end="")
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", "-c", program, String(bytes), input, try DexProcess.executable().path] + arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    _ = try await process.runUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let firstLine = output.prefix { $0 != "\n" }
    let fields = firstLine.split(separator: " ")
    guard fields.count == 2, let status = Int32(fields[0]), let kilobytes = Int(fields[1]) else {
      throw MeasurementFailed(output: output)
    }
    return Measurement(
      status: status, kilobytes: kilobytes,
      standardError: String(output.dropFirst(firstLine.count + 1)))
  }
}
