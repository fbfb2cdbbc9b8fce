import Foundation
import NIOConcurrencyHelpers
import StackStore

/// How one of the user's writes is going (`LocalDataManager.remember(_:keepIfFailed:progress:)`).
public enum RememberedProgress: Sendable, Hashable {
    /// It waits for the store's lock, held by an import or another program (the words say which); another report
    /// follows once it is written.
    case waiting(String)
    /// It is in the store.
    case written
    /// A save of a question the store holds no copy of: nothing was written.
    case notHeld
    /// The store refused it for another reason than a held lock (a full disk, a damaged file), in these words.
    case failed(String)
}

/// The user's own writes (read marks, saves, searches, settings): never dropped for a held lock. Each is journalled
/// (`PendingWrites`) when asked for, then waits in its turn on the write line; when another connection holds the
/// store's lock past the busy timeout it stays at the head of the line (the writes after it wait, so the order
/// holds) and is tried again, `firstRetryDelay` doubling up to `longestRetryDelay` between tries, for as long as it
/// takes — while asking a running import to let it in between two transactions (`Store.userWrite`).
extension LocalDataManager {
    /// The wait before the first try again after the lock was found held.
    static let firstRetryDelay: TimeInterval = 0.05
    /// The longest wait between two tries.
    static let longestRetryDelay: TimeInterval = 1

    /// Queues a write of the user's own state: it passes queued network copies, and is retried while the store's lock
    /// is held. `progress` (on the write queue) hears `.waiting` once when it has to wait, then how it ended. A write
    /// that fails otherwise stays in the journal for the next start, unless `keepIfFailed` is false (the caller
    /// tells the user it was not written). A write the store refuses for good (a draft over `Store.draftByteLimit`)
    /// is not kept either. On a store opened for reading only nothing is written, and `progress` hears `.failed` why.
    public func remember(
        _ write: RememberedWrite, keepIfFailed: Bool = true, progress: (@Sendable (RememberedProgress) -> Void)? = nil
    ) {
        // A store opened for reading only (read-only file, full disk) said so at start; its writes are skipped.
        if let paused = store.writesPaused {
            if let progress { writes.async { progress(.failed(paused)) } }
            return
        }
        let seq = journal.record(write)
        enqueue(.remembered) { [journal, firstFailure] store in
            journal.sync()
            let (ended, forGood) = Self.writeWaiting(write, store, progress ?? { _ in })
            if case .failed(let why) = ended, keepIfFailed, !forGood {
                Self.tellFirstFailure(firstFailure, "The local store could not be written (\(why)): "
                    + "your read marks, saves, searches and drafts are kept and written at the next start")
                return
            }
            if let seq { journal.committed(seq) }
        }
    }

    /// Writes `write`, trying again while the lock is held; tells `progress` and returns how it ended, and whether a
    /// failure is for good (trying again at the next start would fail alike).
    private static func writeWaiting(
        _ write: RememberedWrite, _ store: Store, _ progress: (RememberedProgress) -> Void
    ) -> (RememberedProgress, forGood: Bool) {
        var delay = firstRetryDelay
        var told = false
        func tellWaiting() {
            guard !told else { return }
            told = true
            progress(.waiting(waitingReason(store)))
        }
        // An import holds the lock for seconds at a time: said at once, not after the busy timeout.
        if store.importRunning { tellWaiting() }
        while true {
            let ended: RememberedProgress
            var forGood = false
            do {
                let held = try store.userWrite { () throws(StoreError) in try write.apply(to: store) }
                ended = held ? .written : .notHeld
            } catch where error.isBusy {
                tellWaiting()
                usleep(useconds_t(delay * 1_000_000))
                delay = min(delay * 2, longestRetryDelay)
                continue
            } catch {
                if case .draftTooLong = error { forGood = true }
                ended = .failed(describe(error))
            }
            progress(ended)
            return (ended, forGood)
        }
    }

    /// Who holds the store's lock, for the status line.
    static func waitingReason(_ store: Store) -> String {
        store.importRunning ? "waiting for the import to let go of the store"
            : "waiting for another program to let go of the store"
    }
}
