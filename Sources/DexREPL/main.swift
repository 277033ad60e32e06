#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DexREPLCore
import PokedexREPL

// SIGHUP and SIGTERM end the session as the end of its input does (history saved, favorites
// written); then dex ends by that signal.
TerminalSignals.catchTermination()
let status = DexCommandLine<PokedexApp>.run(arguments: Array(CommandLine.arguments.dropFirst()))
TerminalSignals.endIfTerminated()
exit(status)
