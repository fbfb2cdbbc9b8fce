import CZlib
import Foundation

/// gzip compression through zlib (windowBits 31 selects the gzip wrapper).
public enum Gzip {
    /// Why data could not be (de)compressed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// zlib refused to start (out of memory).
        case initializationFailed(code: Int32)
        /// The input is not a gzip stream or is corrupt.
        case corrupt(message: String)
        /// The input ended before the gzip stream did.
        case truncated

        public var description: String {
            switch self {
            case .initializationFailed(let code): return "zlib could not start (code \(code))"
            case .corrupt(let message): return "corrupt gzip data: \(message)"
            case .truncated: return "gzip data ends before the stream does"
            }
        }
    }

    private static let chunkSize = 64 * 1024

    /// Compresses `data` into a complete gzip stream.
    public static func compress(_ data: Data, level: Int32 = Z_DEFAULT_COMPRESSION) throws -> Data {
        var stream = z_stream()
        let start = stackterm_deflateInit2(&stream, level, 31)
        guard start == Z_OK else { throw Failure.initializationFailed(code: start) }
        defer { deflateEnd(&stream) }
        return try run(&stream, over: data) { stream in
            let status = deflate(&stream, Z_FINISH)
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw Failure.corrupt(message: "deflate returned \(status)")
            }
            return status == Z_STREAM_END
        }
    }

    /// Decompresses a complete gzip stream; throws `.truncated` when it is cut short.
    public static func decompress(_ data: Data) throws -> Data {
        var stream = z_stream()
        let start = stackterm_inflateInit2(&stream, 31)
        guard start == Z_OK else { throw Failure.initializationFailed(code: start) }
        defer { inflateEnd(&stream) }
        return try run(&stream, over: data) { stream in
            let status = inflate(&stream, Z_NO_FLUSH)
            switch status {
            case Z_STREAM_END: return true
            case Z_OK: return false
            case Z_BUF_ERROR:
                // No progress possible: with input used up, the stream was cut short.
                if stream.avail_in == 0 { throw Failure.truncated }
                return false
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "inflate returned \(status)"
                throw Failure.corrupt(message: message)
            }
        }
    }

    /// Feeds `data` through `step` chunk by chunk until it reports the end of the stream.
    private static func run(
        _ stream: inout z_stream, over data: Data, step: (inout z_stream) throws -> Bool
    ) throws -> Data {
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            var finished = false
            while !finished {
                let produced = try buffer.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    finished = try step(&stream)
                    return chunkSize - Int(stream.avail_out)
                }
                output.append(contentsOf: buffer[0..<produced])
                if !finished, produced == 0, stream.avail_in == 0 { throw Failure.truncated }
            }
        }
        return output
    }
}
