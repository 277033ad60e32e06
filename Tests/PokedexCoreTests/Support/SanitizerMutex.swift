#if DEX_TSAN
import PokedexCore

/// Under ThreadSanitizer, the pthread-backed mutex TSan can follow (see PokedexCore's
/// SanitizerMutex.swift); normal builds use Synchronization's `Mutex`.
typealias Mutex = PokedexCore.Mutex
#endif
