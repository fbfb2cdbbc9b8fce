import Foundation
import NIOConcurrencyHelpers
import StackStore

/// The store's jobs waiting for its serial write queue, in two lines: what only this user has (read marks, saved
/// questions, search history, the browse settings, and the reads that must see them) goes before what the network
/// can send again (pages, threads, comments, fetch times, and the freshness reads that look at them).
///
/// Each `DispatchQueue` block the manager enqueues runs exactly one job, the oldest of the first non-empty line,
/// so a block enqueued after N jobs runs after N jobs have finished (`flush` relies on it) — though not always
/// those N: a remembered job added later may pass a queued network one. Within a line the order is kept. Why two
/// lines: quitting waits only briefly for the queue (`LocalDataManager.flush(waitingAtMost:)`), and a read mark
/// set just before `Q` should not wait behind a page of 100 questions being indexed.
final class StoreWriteLine: Sendable {
    /// Which line a job waits in.
    enum Kind: Sendable {
        /// The user's own state: lost for good if it is not written.
        case remembered
        /// A copy of what the network sent: sent again if it is not written.
        case fetched
    }

    typealias Job = @Sendable (Store) -> Void

    private let lines = NIOLockedValueBox((remembered: [Job](), fetched: [Job]()))

    func add(_ job: @escaping Job, _ kind: Kind) {
        lines.withLockedValue { lines in
            switch kind {
            case .remembered: lines.remembered.append(job)
            case .fetched: lines.fetched.append(job)
            }
        }
    }

    /// Takes the next job: the oldest remembered one, else the oldest fetched one.
    func next() -> Job? {
        lines.withLockedValue { lines in
            if !lines.remembered.isEmpty { return lines.remembered.removeFirst() }
            if !lines.fetched.isEmpty { return lines.fetched.removeFirst() }
            return nil
        }
    }
}
