// The baseline of dex-bench's start-up row: a program that loads what dex loads from the
// toolchain (Foundation and FoundationNetworking) and does nothing else.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let session = URLSessionConfiguration.default
_ = session
print("hello")
