import Foundation

/// Reads a dump file from disk in chunks, into a `DumpRowStream` or any other consumer of bytes.
public enum DumpFile {
    /// Bytes per `read(2)`: large enough that libxml2 sees many rows per call, small enough to stay in cache.
    public static let chunkSize = 256 * 1024

    /// Calls `body` for each `row` element of the file at `url`, in file order.
    static func forEachRow(in url: URL, _ body: (DumpRow) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let stream = DumpRowStream(fileName: url.lastPathComponent, onRow: body)
            try forEachChunk(in: url) { try stream.push($0) }
            try stream.finish()
        }
    }

    /// Calls `body` with each chunk of the file at `url` (at most `chunkSize` bytes, valid only during the call),
    /// in order. Throws `DumpError.unreadable` when the file cannot be opened or read (a directory, say).
    public static func forEachChunk(in url: URL, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DumpError.unreadable(file: url.path) }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw DumpError.unreadable(file: url.path) } // e.g. a directory
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
