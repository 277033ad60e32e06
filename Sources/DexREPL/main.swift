#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DexREPLCore

exit(DexCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst())))
