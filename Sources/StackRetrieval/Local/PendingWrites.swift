import Foundation
import NIOConcurrencyHelpers

/// The journal of the user's writes not yet in the store: one file per process beside the store,
/// `NAME.pending-writes.<start time>-<pid>.jsonl`, held with an exclusive `flock` while the process runs.
///
/// Each write is appended (one JSON line, `{"seq":n,"write":…}`) when it is asked for, on the caller's thread — a
/// `write(2)` of a hundred bytes, so it is in the file however soon the program then exits — and flushed to the disk
/// (`fdatasync`) by the write line before the store is tried. A write that commits appends `{"done":n}`; when none
/// is left open the file is emptied, and when the program quits with none open it is removed. One that did not make
/// it (quit during an import's transaction, a kill, a crash, a full disk) stays: the next `LocalDataManager` on the
/// store finds the file unlocked (its process gone), takes its open writes into its own journal, in their order,
/// and removes it (`adoptOrphans`). Every write carries the time it was asked for, so one replayed after it did
/// commit (killed between the commit and its `done`) changes nothing.
final class PendingWrites: Sendable {
    private struct State {
        var descriptor: Int32?
        var nextSeq = 1
        var open: Set<Int> = []
        var unsynced = false
    }

    private struct Line: Codable {
        var seq: Int?
        var write: RememberedWrite?
        var done: Int?
    }

    /// This process's journal file.
    let url: URL
    private let state = NIOLockedValueBox(State())

    /// The journal of this process for the store at `store` (the file is made at the first write).
    init(store: URL) {
        let stamp = Int64(Date().timeIntervalSince1970 * 1000)
        url = URL(fileURLWithPath: "\(Self.prefix(store))\(String(format: "%014lld", stamp))-\(getpid()).jsonl")
    }

    deinit { state.withLockedValue { if let descriptor = $0.descriptor { close(descriptor) } } }

    /// What every journal file of the store at `store` begins with.
    static func prefix(_ store: URL) -> String { store.path + ".pending-writes." }

    /// Appends `write`; returns its number, or nil when the file cannot be written (the write still goes ahead).
    func record(_ write: RememberedWrite) -> Int? {
        state.withLockedValue { state -> Int? in
            guard let descriptor = openIfNeeded(&state) else { return nil }
            let seq = state.nextSeq
            guard Self.append(Line(seq: seq, write: write), to: descriptor) else { return nil }
            state.nextSeq += 1
            state.open.insert(seq)
            state.unsynced = true
            return seq
        }
    }

    /// Puts what was appended on the disk (before the store is tried).
    func sync() {
        state.withLockedValue { state in
            guard state.unsynced, let descriptor = state.descriptor else { return }
            _ = fdatasync(descriptor)
            state.unsynced = false
        }
    }

    /// Write `seq` is in the store: noted, and the file emptied when no write is left open.
    func committed(_ seq: Int) {
        state.withLockedValue { state in
            guard let descriptor = state.descriptor, state.open.remove(seq) != nil else { return }
            if state.open.isEmpty {
                _ = ftruncate(descriptor, 0)
            } else {
                _ = Self.append(Line(done: seq), to: descriptor)
            }
        }
    }

    /// Removes the file when no write is left open (quitting after every write was made); a later write makes it again.
    func removeIfDone() {
        state.withLockedValue { state in
            guard let descriptor = state.descriptor, state.open.isEmpty else { return }
            unlink(url.path)
            close(descriptor)
            state.descriptor = nil
        }
    }

    /// Closes the file as the process's exit does: its lock dropped, what it holds left for the next start (tests).
    func closeAsTheExitDoes() {
        state.withLockedValue { state in
            if let descriptor = state.descriptor { close(descriptor) }
            state.descriptor = nil
        }
    }

    /// How many writes of this journal are not in the store yet (what the next start would replay).
    var openCount: Int { state.withLockedValue { $0.open.count } }

    private func openIfNeeded(_ state: inout State) -> Int32? {
        if let descriptor = state.descriptor { return descriptor }
        // Locked under another name, then renamed: a start looking for orphans never finds it unlocked.
        let making = url.path + ".new"
        let descriptor = open(making, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(making, url.path) == 0 else {
            close(descriptor)
            unlink(making)
            return nil
        }
        state.descriptor = descriptor
        return descriptor
    }

    private static func append(_ line: Line, to descriptor: Int32) -> Bool {
        guard var data = try? JSONEncoder().encode(line) else { return false }
        data.append(0x0A)
        return data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == data.count
    }
}

extension PendingWrites {
    /// The largest journal file a start reads (64 MiB: some 200,000 small writes no quit could leave, or a few dozen
    /// drafts of the largest size the store keeps, `Store.draftByteLimit`, each kept again while an import ran).
    static let largestJournal: off_t = 64 << 20

    /// The open writes of every journal of the store at `store` whose process is gone (its file unlocked), oldest
    /// journal first and each in its order; `adopt` is given them (to journal and queue again), then the file is
    /// removed. A journal locked by a running process is left alone.
    static func adoptOrphans(store: URL, _ adopt: ([RememberedWrite]) -> Void) {
        let directory = store.deletingLastPathComponent()
        let prefix = store.lastPathComponent + ".pending-writes."
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".jsonl") }.sorted()
        for name in names {
            let path = directory.appendingPathComponent(name).path
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            // Locked: its process runs. Gone from the path once locked: another start adopted it first.
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, sameFile(descriptor, path) else { continue }
            // A journal is a few hundred bytes per write; one past the limit is no journal of ours, and is left as
            // it is rather than read into memory.
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_size <= largestJournal else { continue }
            adopt(openWrites(FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()))
            unlink(path)
        }
    }

    /// The writes of a journal's lines that have no `done` line, in their order; a torn last line is passed over.
    static func openWrites(_ data: Data) -> [RememberedWrite] {
        let decoder = JSONDecoder()
        var writes: [(Int, RememberedWrite)] = []
        var done: Set<Int> = []
        for piece in data.split(separator: 0x0A) {
            guard let line = try? decoder.decode(Line.self, from: Data(piece)) else { continue }
            if let seq = line.seq, let write = line.write { writes.append((seq, write)) }
            if let seq = line.done { done.insert(seq) }
        }
        return writes.filter { !done.contains($0.0) }.map(\.1)
    }

    private static func sameFile(_ descriptor: Int32, _ path: String) -> Bool {
        var opened = stat(), atPath = stat()
        guard fstat(descriptor, &opened) == 0, lstat(path, &atPath) == 0 else { return false }
        return opened.st_ino == atPath.st_ino && opened.st_dev == atPath.st_dev
    }
}
