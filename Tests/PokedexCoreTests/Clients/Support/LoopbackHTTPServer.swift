#if canImport(Glibc)
  import Glibc
#endif
import Foundation
import Synchronization

/// A tiny HTTP/1.1 server on 127.0.0.1 for client tests: it accepts one connection at a time on
/// a thread of its own, answers each GET with what `route` returns, closes the connection and
/// records the request. Nothing leaves the machine.
final class LoopbackHTTPServer: Sendable {
  /// A request as the server received it.
  struct Request: Equatable, Sendable {
    /// `/api/v2/pokemon`, without the query.
    var path: String
    /// The query's items: `["offset": "0", "limit": "20"]`.
    var query: [String: String]
  }

  /// What the server answers.
  struct Response: Sendable {
    var status: Int
    var body: Data

    static func json(_ body: Data) -> Response { Response(status: 200, body: body) }
    static func json(_ text: String) -> Response { Response(status: 200, body: Data(text.utf8)) }
    static func status(_ status: Int) -> Response {
      Response(status: status, body: Data(#"{"detail":"status \#(status)"}"#.utf8))
    }
  }

  /// The URL to give a client: `http://127.0.0.1:<port>`.
  let baseURL: URL
  private let listener: Int32
  private let route: @Sendable (Request) -> Response
  private let log = Mutex<[Request]>([])
  private let stopped = DispatchSemaphore(value: 0)

  /// Listens on a free port of 127.0.0.1 and serves `route` until `stop()`.
  init(route: @escaping @Sendable (Request) -> Response) throws {
    let (listener, port) = try Self.listen()
    self.listener = listener
    self.route = route
    self.baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(filePath: "/")
    let thread = Thread { [self] in
      acceptConnections()
      stopped.signal()
    }
    thread.start()
  }

  /// Every request so far, in the order they were answered.
  var requests: [Request] { log.withLock { $0 } }

  /// Stops accepting connections and waits for the server thread to end.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    stopped.wait()
    close(listener)
  }

  /// A port of 127.0.0.1 on which nothing listens (it was bound, then closed).
  static func closedPort() throws -> UInt16 {
    let (socket, port) = try listen()
    close(socket)
    return port
  }

  private static func listen() throws -> (socket: Int32, port: UInt16) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ServerError.failed("socket", errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        guard bind(socket, pointer, length) == 0 else { return false }
        return getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound, Glibc.listen(socket, 16) == 0 else {
      let error = errno
      close(socket)
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
      serve(connection)
      close(connection)
    }
  }

  private func serve(_ connection: Int32) {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard let request = readRequest(connection) else { return }
    log.withLock { $0.append(request) }
    let response = route(request)
    var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
    head += "Content-Type: application/json\r\n"
    head += "Content-Length: \(response.body.count)\r\n"
    head += "Connection: close\r\n\r\n"
    write(Data(head.utf8) + response.body, to: connection)
  }

  /// The request line of a GET, once the whole head has arrived.
  private func readRequest(_ connection: Int32) -> Request? {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.range(of: Data("\r\n\r\n".utf8)) == nil, received.count < 65_536 {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      received.append(contentsOf: buffer[0..<count])
    }
    guard
      let head = String(data: received, encoding: .utf8),
      let line = head.split(separator: "\r\n").first
    else { return nil }
    let parts = line.split(separator: " ")
    guard parts.count == 3, let components = URLComponents(string: String(parts[1])) else {
      return nil
    }
    let query = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
    return Request(
      path: components.path,
      query: Dictionary(query, uniquingKeysWith: { _, last in last }))
  }

  private func write(_ data: Data, to connection: Int32) {
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let sent = send(connection, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        if sent <= 0 { return }
        offset += sent
      }
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 404: "Not Found"
    case 500: "Internal Server Error"
    default: "Status"
    }
  }

  enum ServerError: Error {
    case failed(String, Int32)
  }
}
