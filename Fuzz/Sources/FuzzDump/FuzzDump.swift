import Foundation
import FuzzSupport
import StackDump

/// A data-dump file through `DumpReader` or `DumpRowStream`. Byte 0, bits 0-1: which reader (posts, users,
/// comments, tags); bits 2-4: how the rest (the file) reaches it — 0 through a scratch file in `/dev/shm` and
/// `DumpReader` (which takes a URL and reads 256 KiB chunks), otherwise pushed into a `DumpRowStream` in pieces
/// of `pieceSizes[n]` bytes, so libxml2 sees tags, names and UTF-8 sequences cut at every place.
/// Any `DumpError` is a fine answer; a crash, hang or leak is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDump(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private let pieceSizes = [0, 1, 2, 3, 7, 64, 511, 4_096]

private func run(_ first: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
    let file = UnsafeRawBufferPointer(rest)
    let reader = Int(first & 3)
    let pieceSize = pieceSizes[Int(first >> 2) & 7]
    var rows = 0
    do {
        if pieceSize == 0 {
            try readFile(file, reader: reader) { rows += 1 }
        } else {
            try push(file, pieceSize: pieceSize, reader: reader) { rows += 1 }
        }
    } catch {
        _ = String(describing: error)
    }
}

private func readFile(_ file: UnsafeRawBufferPointer, reader: Int, _ counted: () -> Void) throws {
    guard (try? Data(file).write(to: scratch)) != nil else { fatalError("cannot write \(scratch.path)") }
    switch reader {
    case 0: try DumpReader.forEachPost(in: scratch) { _ = $0.body; counted() }
    case 1: try DumpReader.forEachUser(in: scratch) { _ = $0.displayName; counted() }
    case 2: try DumpReader.forEachComment(in: scratch) { _ = $0.text; counted() }
    default: try DumpReader.forEachTag(in: scratch) { _ = $0.name; counted() }
    }
}

private func push(_ file: UnsafeRawBufferPointer, pieceSize: Int, reader: Int, _ counted: @escaping () -> Void) throws {
    let stream: DumpRowStream
    switch reader {
    case 0: stream = .posts { _ = $0.body; counted() }
    case 1: stream = .users { _ = $0.displayName; counted() }
    case 2: stream = .comments { _ = $0.text; counted() }
    default: stream = .tags { _ = $0.name; counted() }
    }
    var offset = 0
    while offset < file.count {
        let end = min(offset + pieceSize, file.count)
        try stream.push(UnsafeRawBufferPointer(rebasing: file[offset..<end]))
        offset = end
    }
    try stream.finish()
}

/// One file per process, in shared memory when there is some (no disk writes per input).
private let scratch: URL = {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return URL(fileURLWithPath: folder).appendingPathComponent("stackterm-fuzz-dump-\(getpid()).xml")
}()
