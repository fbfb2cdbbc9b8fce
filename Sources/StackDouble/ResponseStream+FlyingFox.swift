import FlyingFox
import FlyingSocks
import Foundation

extension ResponseStream {
    /// The stream as FlyingFox's body: with `length` as its `Content-Length`, else chunked.
    var httpBody: HTTPBodySequence {
        let bytes = StreamBytes(stream: self)
        guard let length else { return HTTPBodySequence(from: bytes, suggestedBufferSize: 64 << 10) }
        return HTTPBodySequence(from: bytes, count: length, suggestedBufferSize: 64 << 10)
    }
}

/// A `ResponseStream`'s chunks as the byte sequence FlyingFox writes.
private struct StreamBytes: AsyncBufferedSequence {
    typealias Element = UInt8
    let stream: ResponseStream

    func makeAsyncIterator() -> Iterator {
        Iterator(source: stream.source())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let source: any ChunkSource
        var pending = Data()

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            while pending.isEmpty {
                guard let chunk = try await source.next() else { return nil }
                pending = chunk
            }
            let taken = pending.prefix(Swift.max(1, count))
            pending = pending.dropFirst(taken.count)
            return Data(taken)
        }
    }
}
