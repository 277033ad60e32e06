import DexREPLCore
import PokedexREPL

// The REPL engine is generic over the app it explores; these tests drive it over the Pokédex.
typealias CommandTable = DexREPLCore.CommandTable<PokedexApp>
typealias REPL = DexREPLCore.REPL<PokedexApp>
typealias DexSession = DexREPLCore.DexSession<PokedexApp>
typealias DexCommandLine = DexREPLCore.DexCommandLine<PokedexApp>
typealias Completer = DexREPLCore.Completer<PokedexApp>
