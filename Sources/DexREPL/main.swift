#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DexREPLCore
import PokedexREPL

exit(DexCommandLine<PokedexApp>.run(arguments: Array(CommandLine.arguments.dropFirst())))
