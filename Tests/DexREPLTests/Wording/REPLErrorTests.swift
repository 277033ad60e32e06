import DexREPLCore
import Testing

@Suite struct REPLErrorTests {
  @Test(arguments: [
    (REPLError.unknownCommand("xyz", suggestion: nil),
     "Unknown command 'xyz'. Type 'help' for the list."),
    (.unknownCommand("hepl", suggestion: "help"),
     "Unknown command 'hepl'. Did you mean 'help'? Type 'help' for the list."),
    (.unexpectedArguments(command: "quit", arguments: "now", synopsis: "quit | exit"),
     "'quit' takes no arguments, but got 'now'. Usage: quit | exit"),
    (.unknownOption("--bogus", suggestion: nil),
     "unknown option '--bogus'. Run 'dex --help' for usage."),
    (.unknownOption("--hepl", suggestion: "--help"),
     "unknown option '--hepl'. Did you mean '--help'? Run 'dex --help' for usage."),
    (.unexpectedArgument("tour.dex"),
     "unexpected argument 'tour.dex'. Run 'dex --help' for usage."),
  ])
  func messagesSayWhatFailedAndWhatToDo(error: REPLError, message: String) {
    #expect(error.description == message)
  }

  @Test(arguments: [
    (HistoryFileError.notARegularFile(path: "/h"),
     "history file '/h' is not a regular file; history will not be saved. "
       + "Move it away or set DEX_HISTFILE to another path."),
    (.unreadable(path: "/h", reason: "Permission denied"),
     "cannot read history file '/h' (Permission denied); history will not be saved."),
    (.directoryNotCreated(path: "/d", reason: "Read-only file system"),
     "cannot create history directory '/d' (Read-only file system); history was not saved."),
    (.unwritable(path: "/h", reason: "No space left on device"),
     "cannot save history to '/h' (No space left on device)."),
  ])
  func historyMessagesNameTheFile(error: HistoryFileError, message: String) {
    #expect(error.description == message)
  }
}
