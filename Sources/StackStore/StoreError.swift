import Foundation
import StackAPI

/// Why the store could not be opened or written, in words the caller can show as they are.
public enum StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Neither `XDG_DATA_HOME` nor `HOME` is an absolute path, so there is nowhere safe to put the file.
    case noDirectory(reason: String)
    /// The directory could not be created, or the process may not write in it.
    case directoryNotWritable(path: String, reason: String)
    /// The file was written by a newer stackterm (migrations this build does not know); it is left untouched.
    case newerSchema(path: String, unknownMigrations: [String])
    /// Something other than a file sits at the store's path (a FIFO, a socket, a device): it is left alone, unopened.
    case notAFile(path: String, kind: String)
    /// SQLite refused an operation; `message` says why in words (`SQLiteWords`), never the library's own text.
    case database(path: String, message: String)
    /// Another connection (an import, another stackterm) held the write lock past the busy timeout; `message` says
    /// so in words. The write may succeed when tried again.
    case busy(path: String, message: String)
    /// An import could not go on: the dump file, its position, and why.
    case importFailed(file: String, message: String)
    /// The file is damaged (SQLite met pages it cannot read, or a check found damage): nothing more is written to it,
    /// and the next open moves it aside and keeps what can be saved (`Store.recoverFromDamage`).
    case damaged(path: String, detail: String)
    /// The file this process opened is no longer the one at `path` (another stackterm moved it aside, or it was
    /// removed): nothing more is written to it.
    case replaced(path: String)
    /// A search is longer than the local store answers: `found` `unit`s (words, `tag:` terms, characters) where
    /// `limit` is the most it takes.
    case queryTooLong(limit: Int, unit: String, found: Int)
    /// A search ran past its budget of `milliseconds` and was stopped in SQLite.
    case searchCut(milliseconds: Int)
    /// The read was stopped by its caller (`StoreInterrupt.cancel()`).
    case interrupted
    /// A draft's text is `bytes` long, more than the `limit` the store keeps of one (`Store.draftByteLimit`).
    case draftTooLong(bytes: Int, limit: Int)
    /// The store was opened for reading only (`Store.writesPaused`, the reason): nothing new is kept.
    case writesPaused(String)
    /// The disk holding the store at `path` is full: nothing more is written until space is freed; what the store
    /// holds is intact (SQLite's "database or disk is full", said in words).
    case diskFull(path: String)

    /// A one-line description naming the file.
    public var description: String {
        switch self {
        case .noDirectory(let reason):
            return "no place for the local store: \(reason)"
        case .directoryNotWritable(let path, let reason):
            return "the local store's folder \(path) cannot be used: \(reason)"
        case .newerSchema(let path, let unknown):
            return UnusableFile.store(path, "it was written by a newer stackterm (schema \(unknown.joined(separator: ", "))) "
                + "and is left as it is — update stackterm or point XDG_DATA_HOME elsewhere")
        case .notAFile(let path, let kind):
            return UnusableFile.store(path, "it is \(kind), not a file, so stackterm does not open it — remove it, "
                + "or point XDG_DATA_HOME elsewhere")
        case .database(let path, let message), .busy(let path, let message):
            return "\(path): \(message)"
        case .importFailed(let file, let message):
            return "\(file): \(message)"
        case .damaged(let path, let detail):
            return "the local store \(path) is damaged (\(detail)): nothing more is written to it; the next start of "
                + "stackterm moves it aside and keeps your saved questions, read marks, search history, settings and drafts"
        case .replaced(let path):
            return "the local store \(path) was moved aside or removed since stackterm opened it: nothing more is "
                + "written to it; start stackterm again to use the store now at that path"
        case .queryTooLong(let limit, let unit, let found):
            return "the search is too long for the local store: it has \(found) \(unit), and at most \(limit) are searched"
        case .searchCut(let milliseconds):
            return "the search was stopped after \(milliseconds) ms without a first page of results: try fewer or rarer words"
        case .interrupted:
            return "the read of the local store was cancelled"
        case .draftTooLong(let bytes, let limit):
            return "the draft is \(bytes) bytes, more than the \(limit / (1 << 20)) MiB the local store keeps of one "
                + "(an answer takes at most 30,000 characters): shorten it"
        case .writesPaused(let reason):
            return reason
        case .diskFull(let path):
            return "the disk is full: the local store \(path) is read only, and writes are paused until space is freed; "
                + "nothing it holds was lost: free some space on its disk, then try again"
        }
    }
}

extension StoreError {
    /// Whether a search was refused or cut for its size (`.queryTooLong`, `.searchCut`): the user's query, not the
    /// store, is at fault, and the description says what to change.
    public var isQueryLimit: Bool {
        switch self {
        case .queryTooLong, .searchCut: true
        default: false
        }
    }
}

extension StoreError {
    /// Another connection held the lock past the busy timeout: trying again later may succeed.
    public var isBusy: Bool {
        if case .busy = self { true } else { false }
    }
}

extension StoreError {
    /// The file is damaged, or no longer the one opened: no write follows, and the description says what happens next.
    public var endsWrites: Bool {
        switch self {
        case .damaged, .replaced: true
        default: false
        }
    }
}

extension StoreError: LocalizedError {
    public var errorDescription: String? { description }
}

extension APIError {
    /// A store read's failure as a load's: cancelled when interrupted, the limit named for a search too long or
    /// cut, the damage or the replaced file named (the description says what happens next), else `.offline` saying
    /// the store failed.
    public init(storeFailure error: any Error) {
        switch error {
        case let apiError as APIError: self = apiError
        case StoreError.interrupted: self = .cancelled
        case let limit as StoreError where limit.isQueryLimit: self = .offline(detail: limit.description)
        case let ended as StoreError where ended.endsWrites: self = .offline(detail: ended.description)
        default: self = .offline(detail: "the local store failed: \(error)")
        }
    }
}
