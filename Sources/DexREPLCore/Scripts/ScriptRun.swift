/// A script `run FILE` (or `dex FILE`) is running, or one a breakpoint hit stopped: its file,
/// read up to where it is, so `continue` can run the rest.
final class ScriptRun {
  /// The path as reported (`sub/b.dex`): relative ones are read from the directory of the
  /// script that ran it.
  let path: String
  /// The path with its symbolic links, `.` and `..` resolved: one script by any name.
  let resolved: String
  var file: ScriptFile
  /// The lines read, and the first line of the command that ran last.
  var position = LinePosition()

  init(path: String, resolved: String, file: ScriptFile) {
    self.path = path
    self.resolved = resolved
    self.file = file
  }

  deinit { file.close() }
}
