import Foundation
import FuzzSupport
import StackDump

/// A data-dump file through `DumpReader`. The reader takes a URL (it streams from disk), so each input is
/// written to one scratch file first. First byte: which reader (posts, users, comments, tags); the rest is the
/// file. Any `DumpError` is a fine answer; a crash, hang or leak is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDump(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    SlowestInput.measure(bytes, count) { run(bytes, count) }
    return 0
}

private func run(_ bytes: UnsafePointer<UInt8>?, _ count: Int) {
    guard let bytes, count > 0 else { return }
    let file = Data(bytes: bytes + 1, count: count - 1)
    guard (try? file.write(to: scratch)) != nil else { fatalError("cannot write \(scratch.path)") }
    var rows = 0
    do {
        switch bytes[0] & 3 {
        case 0: try DumpReader.forEachPost(in: scratch) { _ = $0.body; rows += 1 }
        case 1: try DumpReader.forEachUser(in: scratch) { _ = $0.displayName; rows += 1 }
        case 2: try DumpReader.forEachComment(in: scratch) { _ = $0.text; rows += 1 }
        default: try DumpReader.forEachTag(in: scratch) { _ = $0.name; rows += 1 }
        }
    } catch {
        _ = String(describing: error)
    }
}

/// One file per process, in shared memory when there is some (no disk writes per input).
private let scratch: URL = {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return URL(fileURLWithPath: folder).appendingPathComponent("stackterm-fuzz-dump-\(getpid()).xml")
}()
