/// Where a run of lines is: how many lines it read, and the first line of the command it ran
/// last (where an error or a breakpoint hit is reported).
struct LinePosition {
  var linesRead = 0
  var commandLine = 0
}
