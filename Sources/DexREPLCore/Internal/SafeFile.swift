import Foundation
import Composable
import DexPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// Writes files the user asked for (recorded scripts, exports, generated tests) atomically,
/// never over an existing file unless told to.
enum SafeFile {
  /// Writes `text` to `path` through a temporary file in the same directory, fsync and rename.
  /// An existing file is kept unless `replacing`; the refusal names `replacement`, the form
  /// that replaces it (default: `command! path`).
  static func write(
    _ text: String, to path: String, replacing: Bool, command: String, replacement: String? = nil
  ) throws(REPLError) {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { throw .failed("\(path) is a directory; name a file to write.") }
      if !replacing {
        throw .failed("\(path) exists; '\(replacement ?? "\(command)! \(path)")' replaces it.")
      }
    }
    do {
      try AtomicFile.write(Data(text.utf8), to: url.path)
    } catch {
      throw .failed("cannot write \(path): \(error.reason).")
    }
  }

  /// The contents of `path` as text.
  static func read(_ path: String) throws(REPLError) -> String {
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw .unreadableScript(path: path, reason: describe(error))
    }
  }

  static func describe(_ error: any Error) -> String {
    if let cocoa = error as? CocoaError {
      switch cocoa.code {
      case .fileReadNoSuchFile: return "no such file"
      case .fileReadNoPermission: return "permission denied"
      case .fileReadInapplicableStringEncoding: return "not UTF-8 text"
      default: break
      }
    }
    return (error as NSError).localizedDescription
  }
}
