import Foundation

/// Reads a dump file from disk into a `DumpRowStream`, one chunk at a time.
enum DumpFile {
    /// Bytes per `read(2)`: large enough that libxml2 sees many rows per call, small enough to stay in cache.
    static let chunkSize = 256 * 1024

    /// Calls `body` for each `row` element of the file at `url`, in file order.
    static func forEachRow(in url: URL, _ body: (DumpRow) throws -> Void) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DumpError.unreadable(file: url.path) }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        try withoutActuallyEscaping(body) { body in
            let stream = DumpRowStream(fileName: url.lastPathComponent, onRow: body)
            while true {
                let count = read(descriptor, buffer.baseAddress, chunkSize)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw DumpError.unreadable(file: url.path) } // e.g. a directory
                if count == 0 { break }
                try stream.push(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
            try stream.finish()
        }
    }
}
