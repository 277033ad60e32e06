import DexREPLCore
import PokedexREPL

DexCommandLine<PokedexApp>.main()
