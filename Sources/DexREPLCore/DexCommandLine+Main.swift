#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DexCommandLine {
  /// The whole program over `App`: runs `dex` with the process's arguments and exits with its
  /// status. SIGHUP and SIGTERM end the session as the end of its input does (history saved,
  /// pending shared values written); then the process ends by that signal.
  ///
  /// ```swift
  /// // main.swift
  /// import DexREPLCore
  /// DexCommandLine<TodosApp>.main()
  /// ```
  public static func main() -> Never {
    TerminalSignals.catchTermination()
    let status = run(arguments: Array(CommandLine.arguments.dropFirst()))
    TerminalSignals.endIfTerminated()
    exit(status)
  }
}

extension REPLApp {
  /// The `dex` program over this app, so `@main` on a conforming type is a whole executable:
  ///
  /// ```swift
  /// @main enum TodosApp: REPLApp { … }
  /// ```
  public static func main() {
    DexCommandLine<Self>.main()
  }
}
