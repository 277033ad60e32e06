import Foundation
import Composable
import DexPlatform

/// The files commands write (recorded scripts, exports, generated tests, pages) and read whole
/// (imports), as `FilePolicy` says: regular files only, symbolic links written through, nothing
/// replaced unless the command's `!` form asks.
enum SafeFile {
  /// Writes `text` to `path`; an existing file (or symbolic link) is kept unless `replacing`.
  /// `command` names the command for the message; the refusal names `replacement`, the form
  /// that replaces it (default: `command! path`).
  static func write(
    _ text: String, to path: String, replacing: Bool, command: String, replacement: String? = nil
  ) throws(REPLError) {
    do {
      try FilePolicy.write(Data(text.utf8), to: path, replacing: replacing)
    } catch {
      throw .failed(refusal(error, command: command, replacement: replacement))
    }
  }

  /// The regular file at `path`, opened to write a stream into from its start; an existing file
  /// (or symbolic link) is kept unless `replacing`.
  static func openForStreaming(
    _ path: String, replacing: Bool, command: String
  ) throws(REPLError) -> FileHandle {
    do {
      let descriptor = try FilePolicy.openForStreaming(path, replacing: replacing)
      return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    } catch {
      throw .failed(refusal(error, command: command))
    }
  }

  /// The contents of the regular file at `path`, refused when larger than `maximumSize`.
  static func read(_ path: String, maximumSize: Int, command: String) throws(REPLError) -> Data {
    do {
      return try FilePolicy.read(path, maximumSize: maximumSize)
    } catch {
      throw .failed(refusal(error, command: command))
    }
  }

  /// What was wrong with the file.
  private static func refusal(
    _ error: FilePolicyError, command: String, replacement: String? = nil
  ) -> Refusal {
    let path = error.path
    let replacing = replacement ?? "\(command)! \(path)"
    switch error.problem {
    case .exists(nil):
      return .fileExists(path: path, replacement: replacing)
    case let .exists(missingTarget?):
      return .linkToMissingFile(path: path, target: missingTarget, replacement: replacing)
    case .notARegularFile:
      return .notARegularFile(command: command, reason: "\(error)")
    default:
      return .fileFailed(command: command, reason: "\(error)")
    }
  }
}
