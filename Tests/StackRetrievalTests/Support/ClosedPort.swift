import Foundation
import XCTest

/// A loopback URL on a port nothing listens on (bound, then released).
func closedPortURL() throws -> URL {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw XCTSkip("cannot open a socket to find a free port") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
        }
    }
    guard bound else { throw XCTSkip("cannot bind a loopback socket to find a free port") }
    return URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/2.3")!
}
