import CZlib
import Foundation

/// A body made while it is sent, for the faults whose bodies are too large to build first (a gigabyte gzip bomb,
/// a 200 MB paragraph, a million items) or that must stop half-way: the double computes only what the client
/// reads, and stops when the client goes away.
public struct ResponseStream: Sendable {
    /// The `Content-Length` to declare; nil sends the body chunked.
    public var length: Int?
    private let makeSource: @Sendable () -> any ChunkSource

    init(length: Int?, makeSource: @escaping @Sendable () -> any ChunkSource) {
        self.length = length
        self.makeSource = makeSource
    }

    /// A fresh source of the body's chunks, from the first byte.
    func source() -> any ChunkSource { makeSource() }

    /// `pieces` as they are, with their total length declared.
    static func plain(_ pieces: [BodyPiece], chunked: Bool = false) -> ResponseStream {
        let length = pieces.reduce(0) { $0 + $1.byteCount }
        return ResponseStream(length: chunked ? nil : length) { PieceSource(pieces) }
    }

    /// `pieces` compressed into one gzip stream while they are sent (chunked: the compressed length is not known).
    static func gzip(_ pieces: [BodyPiece]) -> ResponseStream {
        ResponseStream(length: nil) { GzipSource(PieceSource(pieces)) }
    }

    /// The same body, but after `bytes` of it the server stays silent (the connection open) for up to an hour.
    func stalling(after bytes: Int) -> ResponseStream {
        let make = makeSource
        return ResponseStream(length: length) { StallingSource(make(), after: bytes) }
    }

    /// Up to `limit` bytes of the body (tests).
    public func collect(upTo limit: Int) async throws -> Data {
        let chunks = source()
        var body = Data()
        while body.count < limit, let chunk = try await chunks.next() { body += chunk }
        return body.prefix(limit)
    }
}

/// Part of a streamed body before compression.
enum BodyPiece: Sendable {
    case bytes(Data)
    /// `unit` `count` times over.
    case repeated(Data, count: Int)

    var byteCount: Int {
        switch self {
        case .bytes(let data): data.count
        case .repeated(let unit, let count): unit.count * max(0, count)
        }
    }
}

/// Hands out a body chunk by chunk; nil once it is all sent.
protocol ChunkSource: AnyObject {
    func next() async throws -> Data?
}

/// The pieces' bytes, a repeated unit batched into chunks of about 256 KiB.
final class PieceSource: ChunkSource {
    private var pieces: ArraySlice<BodyPiece>
    private var repeatsLeft = 0
    private var unit = Data()
    private static let chunkBytes = 256 << 10

    init(_ pieces: [BodyPiece]) {
        self.pieces = pieces[...]
    }

    func next() -> Data? {
        while repeatsLeft == 0 {
            guard let piece = pieces.popFirst() else { return nil }
            switch piece {
            case .bytes(let data):
                if !data.isEmpty { return data }
            case .repeated(let data, let count):
                guard !data.isEmpty, count > 0 else { continue }
                unit = data
                repeatsLeft = count
            }
        }
        let copies = min(repeatsLeft, max(1, Self.chunkBytes / unit.count))
        repeatsLeft -= copies
        var chunk = Data(capacity: copies * unit.count)
        for _ in 0..<copies { chunk += unit }
        return chunk
    }
}

/// Another source's bytes through zlib's deflate with the gzip wrapper, a chunk at a time.
final class GzipSource: ChunkSource {
    private let input: PieceSource
    private var stream = z_stream()
    private var started = false
    private var finished = false

    init(_ input: PieceSource) {
        self.input = input
    }

    deinit {
        if started { deflateEnd(&stream) }
    }

    func next() throws -> Data? {
        if !started {
            let status = stackterm_deflateInit2(&stream, Z_DEFAULT_COMPRESSION, 31)
            guard status == Z_OK else { throw Gzip.Failure.initializationFailed(code: status) }
            started = true
        }
        while !finished {
            let chunk = input.next()
            let output = try deflateAll(chunk ?? Data(), flush: chunk == nil ? Z_FINISH : Z_NO_FLUSH)
            if chunk == nil { finished = true }
            if !output.isEmpty { return output }
        }
        return nil
    }

    private func deflateAll(_ data: Data, flush: Int32) throws -> Data {
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(bytes.count)
            repeat {
                let produced = try buffer.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = deflate(&stream, flush)
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw Gzip.Failure.corrupt(message: "deflate returned \(status)")
                    }
                    return out.count - Int(stream.avail_out)
                }
                output.append(contentsOf: buffer[0..<produced])
            } while stream.avail_out == 0 || stream.avail_in > 0
        }
        return output
    }
}

/// Another source's first `after` bytes, then silence: the next chunk is never sent (the wait ends after an hour,
/// or when the server stops).
final class StallingSource: ChunkSource {
    private let base: any ChunkSource
    private var left: Int

    init(_ base: any ChunkSource, after bytes: Int) {
        self.base = base
        left = max(0, bytes)
    }

    func next() async throws -> Data? {
        if left > 0, let chunk = try await base.next() {
            let sent = chunk.prefix(left)
            left -= sent.count
            if !sent.isEmpty { return sent }
        }
        try await Task.sleep(nanoseconds: UInt64(DoubleService.longestDelayMilliseconds) * 1_000_000)
        return nil
    }
}
