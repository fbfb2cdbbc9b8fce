import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client on a raw socket, to see the bytes on the wire (URLSession undoes gzip).
enum RawHTTP {
    struct Reply {
        var head: String
        var body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends `GET pathAndQuery` with `Connection: close` and reads until the server closes, the declared length
    /// arrived, or `limit` bytes of the body (then the connection is dropped).
    static func get(port: Int, pathAndQuery: String, upTo limit: Int = .max) throws -> Reply {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect() to port \(port) failed") }
        let request = "GET \(pathAndQuery) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(socketFD, $0, strlen($0), 0) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socketFD, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if let reply = complete(received) { return reply }
            if let reply = split(received), reply.body.count >= limit { return reply }
        }
        guard let reply = split(received) else { throw Failure(description: "no HTTP head in \(received.count) bytes") }
        return reply
    }

    /// The reply once all `Content-Length` bytes arrived.
    private static func complete(_ data: Data) -> Reply? {
        guard let reply = split(data) else { return nil }
        let lengthLine = reply.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
        guard let lengthLine, let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else {
            return nil
        }
        return reply.body.count >= length ? reply : nil
    }

    private static func split(_ data: Data) -> Reply? {
        guard let separator = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        return Reply(head: String(decoding: data[..<separator.lowerBound], as: UTF8.self),
                     body: Data(data[separator.upperBound...]))
    }
}
