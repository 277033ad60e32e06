#if canImport(Glibc)
  import Glibc
#endif
import DexPlatform
import Foundation
import PokedexCore
import Composable


/// A tiny HTTP/1.1 server on 127.0.0.1 for client tests: each connection gets a thread of its
/// own and is kept open for further requests (as a client reusing connections expects); each
/// GET is answered with what `route` returns and recorded. It counts the connections it
/// accepted and the most requests it was answering at once. Nothing leaves the machine.
public final class LoopbackHTTPServer: Sendable {
  /// A request as the server received it.
  public struct Request: Equatable, Sendable, CustomStringConvertible {
    /// `/api/v2/pokemon`, without the query.
    public var path: String
    /// The query's items: `["offset": "0", "limit": "20"]`.
    public var query: [String: String]
    /// The header fields, names in lower case: `["if-none-match": "\"pokemon-25\""]`.
    public var headers: [String: String]

    public init(path: String, query: [String: String] = [:], headers: [String: String] = [:]) {
      self.path = path
      self.query = query
      self.headers = headers
    }

    /// Two requests are equal when they ask for the same resource, whatever their headers.
    public static func == (left: Request, right: Request) -> Bool {
      left.path == right.path && left.query == right.query
    }

    /// `/api/v2/pokemon?limit=20&offset=0`, the query in name order.
    public var description: String {
      let query = self.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      return query.isEmpty ? path : "\(path)?\(query.joined(separator: "&"))"
    }
  }

  /// What the server answers.
  public struct Response: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// How `body` is sent; `.whole` unless a test wants a hostile server.
    public var delivery: Delivery

    public init(
      status: Int, headers: [String: String] = [:], body: Data, delivery: Delivery = .whole
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delivery = delivery
    }

    public static func json(_ body: Data) -> Response { Response(status: 200, body: body) }
    public static func json(_ text: String) -> Response {
      Response(status: 200, body: Data(text.utf8))
    }
    public static func status(_ status: Int) -> Response {
      Response(status: status, body: Data(#"{"detail":"status \#(status)"}"#.utf8))
    }
  }

  /// How a response's body is sent. The hostile ones end only when the client goes away or the
  /// server stops.
  public enum Delivery: Sendable, Equatable {
    /// `Content-Length` and the body at once.
    case whole
    /// Chunked, the body as the first chunk, then chunks of spaces for ever.
    case endlessChunks
    /// `Content-Length: length`: the body, then spaces up to `length` bytes, as fast as the
    /// client reads them.
    case padded(length: Int)
    /// `Content-Length` of the body, then the body one byte every `interval`.
    case trickle(interval: Duration)
  }

  private struct Counters: Sendable {
    var log: [Request] = []
    var answering = 0
    var mostAnswering = 0
    var connections = 0
    var open: Set<Int32> = []
  }

  /// The URL to give a client: `http://127.0.0.1:<port>`.
  public let baseURL: URL
  private let listener: Int32
  private let route: @Sendable (Request) -> Response
  private let counters = LockedValue(Counters())
  private let threads = DispatchGroup()

  /// Listens on `port` of 127.0.0.1 (0: a free one) and serves `route` until `stop()`.
  /// Throws `ServerError.portTaken` when something already listens on `port`.
  public init(port: UInt16 = 0, route: @escaping @Sendable (Request) -> Response) throws {
    let (listener, port) = try Self.listen(on: port)
    self.listener = listener
    self.route = route
    self.baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(filePath: "/")
    threads.enter()
    let thread = Thread { [self] in
      acceptConnections()
      threads.leave()
    }
    thread.start()
  }

  /// Every request so far, in the order they were answered.
  public var requests: [Request] { counters.withLock { $0.log } }

  /// The most requests the server was answering at the same time.
  public var mostConcurrentRequests: Int { counters.withLock { $0.mostAnswering } }

  /// How many connections the server accepted.
  public var connectionCount: Int { counters.withLock { $0.connections } }

  /// Forgets the requests and counts so far.
  public func resetLog() {
    counters.withLock {
      $0.log = []
      $0.mostAnswering = $0.answering
      $0.connections = 0
    }
  }

  /// Stops accepting connections, closes the open ones and waits for every thread to end.
  public func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    counters.withLock { counters in
      for connection in counters.open { shutdown(connection, Int32(SHUT_RDWR)) }
    }
    threads.wait()
    close(listener)
  }

  /// A port of 127.0.0.1 on which nothing listens (it was bound, then closed).
  public static func closedPort() throws -> UInt16 {
    let (socket, port) = try listen(on: 0)
    close(socket)
    return port
  }

  private static func listen(on port: UInt16) throws -> (socket: Int32, port: UInt16) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ServerError.failed("socket", errno) }
    if port != 0 {
      // A port chosen again after a stop is free though its old connections still wait out
      // TIME_WAIT; a server still listening on it keeps it taken.
      var on: Int32 = 1
      setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        guard bind(socket, pointer, length) == 0 else { return false }
        return getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound, Glibc.listen(socket, 64) == 0 else {
      let error = errno
      close(socket)
      if error == EADDRINUSE { throw ServerError.portTaken(port) }
      throw ServerError.failed("bind/listen", error)
    }
    return (socket, UInt16(bigEndian: address.sin_port))
  }

  private func acceptConnections() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return
      }
      counters.withLock {
        $0.connections += 1
        $0.open.insert(connection)
      }
      threads.enter()
      let thread = Thread { [self] in
        serve(connection)
        counters.withLock { _ = $0.open.remove(connection) }
        close(connection)
        threads.leave()
      }
      thread.start()
    }
  }

  /// Answers the requests of one connection until the client closes it or is idle for 30 s
  /// (`stop()` closes it sooner). A client slowed by a sanitizer on a busy machine can take
  /// seconds between connecting and sending its request.
  private func serve(_ connection: Int32) {
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var received = Data()
    while let request = readRequest(connection, buffer: &received) {
      counters.withLock {
        $0.log.append(request)
        $0.answering += 1
        $0.mostAnswering = max($0.mostAnswering, $0.answering)
      }
      let response = route(request)
      counters.withLock { $0.answering -= 1 }
      let closes = request.headers["connection"]?.lowercased() == "close"
      var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
      head += "Content-Type: application/json\r\n"
      for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
        head += "\(name): \(value)\r\n"
      }
      // A 304 has no body (RFC 9110 §15.4.5).
      let body = response.status == 304 ? Data() : response.body
      switch response.delivery {
      case .whole:
        head += "Content-Length: \(body.count)\r\n"
      case .endlessChunks:
        head += "Transfer-Encoding: chunked\r\n"
      case let .padded(length):
        head += "Content-Length: \(max(length, body.count))\r\n"
      case .trickle:
        head += "Content-Length: \(body.count)\r\n"
      }
      head += "Connection: \(closes ? "close" : "keep-alive")\r\n\r\n"
      guard write(Data(head.utf8), to: connection),
        deliver(body, as: response.delivery, to: connection), !closes
      else { return }
    }
  }

  /// Sends `body` as `delivery` says; false when the client went away.
  private func deliver(_ body: Data, as delivery: Delivery, to connection: Int32) -> Bool {
    let spaces = Data(repeating: UInt8(ascii: " "), count: 64 << 10)
    switch delivery {
    case .whole:
      return write(body, to: connection)
    case .endlessChunks:
      func chunk(_ data: Data) -> Data {
        Data("\(String(data.count, radix: 16))\r\n".utf8) + data + Data("\r\n".utf8)
      }
      guard body.isEmpty || write(chunk(body), to: connection) else { return false }
      let filler = chunk(spaces)
      while write(filler, to: connection) {}
      return false
    case let .padded(length):
      guard write(body, to: connection) else { return false }
      var remaining = length - body.count
      while remaining > 0 {
        guard write(spaces.prefix(remaining), to: connection) else { return false }
        remaining -= min(remaining, spaces.count)
      }
      return true
    case let .trickle(interval):
      let (seconds, attoseconds) = interval.components
      for byte in body {
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        guard write(Data([byte]), to: connection) else { return false }
      }
      return true
    }
  }

  /// The next GET on the connection, once its whole head has arrived; what follows it stays in
  /// `buffer`.
  private func readRequest(_ connection: Int32, buffer received: inout Data) -> Request? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    var end = received.range(of: Data("\r\n\r\n".utf8))
    while end == nil, received.count < 65_536 {
      let count = recv(connection, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      received.append(contentsOf: chunk[0..<count])
      end = received.range(of: Data("\r\n\r\n".utf8))
    }
    guard let end else { return nil }
    let headData = received[received.startIndex..<end.lowerBound]
    received = Data(received[end.upperBound...])
    guard let head = String(data: headData, encoding: .utf8) else { return nil }
    let lines = head.components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count == 3, let components = URLComponents(string: String(parts[1])) else {
      return nil
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let query = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
    return Request(
      path: components.path,
      query: Dictionary(query, uniquingKeysWith: { _, last in last }),
      headers: headers)
  }

  private func write(_ data: Data, to connection: Int32) -> Bool {
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return false }
      var offset = 0
      while offset < bytes.count {
        let sent = send(connection, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        if sent <= 0 { return false }
        offset += sent
      }
      return true
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 302: "Found"
    case 304: "Not Modified"
    case 404: "Not Found"
    case 500: "Internal Server Error"
    default: "Status"
    }
  }

  /// Why the server could not start.
  public enum ServerError: Error, CustomStringConvertible {
    /// Something already listens on the port asked for.
    case portTaken(UInt16)
    /// A system call failed with this errno.
    case failed(String, Int32)

    public var description: String {
      switch self {
      case let .portTaken(port):
        "port \(port) of 127.0.0.1 is taken (another dex-pokeapi-server?): stop what listens "
          + "there, or choose another port"
      case let .failed(call, error):
        "\(call) failed: \(String(cString: strerror(error)))"
      }
    }
  }
}
