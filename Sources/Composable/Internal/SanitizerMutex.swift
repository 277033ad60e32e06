#if DEX_TSAN
import DexPlatform

/// Under ThreadSanitizer, the pthread-backed mutex TSan can follow (DexPlatform's Mutex.swift);
/// normal builds use Synchronization's `Mutex`.
@usableFromInline
typealias Mutex = DexPlatform.Mutex
#endif
