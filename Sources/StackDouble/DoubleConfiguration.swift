import Foundation
import NIOConcurrencyHelpers

/// What one run of the double serves and how it misbehaves.
public struct DoubleConfiguration: Sendable {
    /// Folder of dump folders, one site each (`…/shared/data/dumps`).
    public var dumps: URL?
    /// Folder of recorded responses (`…/shared/data/api`).
    public var recorded: URL?
    /// File to append one line per API request to.
    public var logFile: URL?
    /// Faults in force from the start.
    public var faults: Faults
    /// How many times each dump's posts are served (copies get ids offset by 10,000,000 each); 1 = as they are.
    /// Only for load and memory benchmarks that need more pages than a small dump has.
    public var copies: Int

    public init(dumps: URL?, recorded: URL?, logFile: URL? = nil, faults: Faults = Faults(), copies: Int = 1) {
        self.dumps = dumps
        self.copies = max(1, copies)
        self.recorded = recorded
        self.logFile = logFile
        self.faults = faults
    }
}

/// Per-client quota: 300 requests without `key`, 10,000 per key, counting down per API request.
final class QuotaBook: Sendable {
    static let anonymousMax = 300
    static let keyedMax = 10_000
    private let remaining = NIOLockedValueBox<[String: Int]>([:])

    /// Spends one request for the client; nil when the quota was already used up.
    func spend(key: String?) -> (max: Int, remaining: Int)? {
        let client = key.map { "key:\($0)" } ?? "anonymous"
        let max = key == nil ? Self.anonymousMax : Self.keyedMax
        return remaining.withLockedValue { book in
            let left = book[client] ?? max
            guard left > 0 else { return nil }
            book[client] = left - 1
            return (max, left - 1)
        }
    }

    /// Seconds until the quota resets (the next UTC midnight), as the throttle message says.
    static func secondsUntilReset(now: Date = Date()) -> Int {
        let seconds = Int(now.timeIntervalSince1970)
        return 86_400 - seconds % 86_400
    }
}

/// The API requests served so far, in memory and optionally appended to a file.
final class RequestLog: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    private let file: NIOLockedValueBox<FileHandle?>

    init(file: URL?) {
        var handle: FileHandle?
        if let file {
            if !FileManager.default.fileExists(atPath: file.path) {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            handle = try? FileHandle(forWritingTo: file)
            _ = try? handle?.seekToEnd()
        }
        self.file = NIOLockedValueBox(handle)
    }

    /// Appends `line` with any `access_token` value redacted.
    func append(_ unredacted: String) {
        let line = LogRedaction.redacted(unredacted)
        lines.withLockedValue { $0.append(line) }
        file.withLockedValue { handle in
            handle?.write(Data("\(ISO8601DateFormatter().string(from: Date())) \(line)\n".utf8))
        }
    }

    var all: [String] { lines.withLockedValue { $0 } }

    func clear() { lines.withLockedValue { $0.removeAll() } }
}
