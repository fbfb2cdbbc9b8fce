import Foundation
import NIOConcurrencyHelpers
import StackAPI
import StackStore

/// The local store as the app sees it: what the network brought is kept, and lists, threads, comments, search and
/// read marks are answered from it when offline.
///
/// Reads run as operations on the manager's own queue and deliver on the main queue like network results (a
/// `RetrievalHandle` cancels them); writes go, one transaction per response, to a serial background queue: what
/// the user made (read marks, saved questions, searches, the browse settings) in the order asked, before any copy
/// of what the network sent that is still waiting (`StoreWriteLine`). Nothing here runs on the caller's thread.
public final class LocalDataManager: Sendable {
    /// The store; reads and writes to it happen only off the main thread.
    public let store: Store
    let reads: OperationQueue
    /// The serial queue every write (and a read that must see the writes before it) runs on, in order.
    let writes = DispatchQueue(label: "stackterm.store.writes", qos: .utility)
    private let line = StoreWriteLine()
    /// The user's writes not yet in the store, in a file beside it (`PendingWrites`).
    let journal: PendingWrites
    /// Whom to tell of the first failed write (`onFirstWriteFailure`); nil once told.
    let firstFailure = NIOLockedValueBox<(@Sendable (String) -> Void)?>(nil)

    /// Uses `store` (reads on two threads at most: WAL readers never wait for the writer). The user's writes an
    /// earlier run journalled and did not write (it quit while an import held the store, or was killed) are queued
    /// first, in their order.
    public init(store: Store) {
        self.store = store
        journal = PendingWrites(store: store.fileURL)
        reads = OperationQueue()
        reads.name = "stackterm.store.reads"
        reads.maxConcurrentOperationCount = 2
        reads.qualityOfService = .userInitiated
        guard !store.isReadOnly else { return }
        PendingWrites.adoptOrphans(store: store.fileURL) { writes in
            for write in writes { remember(write) }
        }
    }

    // MARK: Keeping what was seen

    /// How long what the network sent counts as fresh (answered from the store without a request): five minutes.
    public static let freshFor: TimeInterval = 5 * 60

    /// The oldest fetch that still counts as fresh now.
    var freshSince: Date { Date().addingTimeInterval(-Self.freshFor) }

    /// Queues a copy of what the network sent (`Store.keep…`); a failure is reported once, never thrown.
    public func keep(_ body: @escaping @Sendable (Store) throws -> Void) {
        write(.fetched, body)
    }

    /// Keeps questions the network sent (with their answers and comments when they came nested).
    public func keep(questions: [Question], site: String) {
        keep { try $0.keep(questions: questions, site: site) }
    }

    /// Keeps questions live activity brought, so the site's stored list pages stop counting as fresh.
    public func keep(liveQuestions questions: [Question], site: String) {
        keep { try $0.keep(liveQuestions: questions, site: site) }
    }

    /// Live activity came for `site`: its stored list pages stop counting as fresh.
    public func outdateListPages(site: String) {
        keep { try $0.outdateListPages(site: site) }
    }

    /// Remembers that these questions were read, with what was known of them then.
    public func markRead(site: String, _ marks: [Int: (answerCount: Int, lastActivity: Date?)]) {
        guard !marks.isEmpty else { return }
        let entries = marks.map { RememberedWrite.Mark(questionID: $0.key, answerCount: $0.value.answerCount,
                                                       lastActivity: $0.value.lastActivity) }
        remember(.markRead(site: site, marks: entries.sorted { $0.questionID < $1.questionID }, at: Date()))
    }

    /// Waits until every write asked for so far is done, or `timeout` seconds have passed; true when they are
    /// done (the journal file is then removed when it holds nothing open). Waits on a semaphore, never on the main
    /// queue, so it may be called from main. What is still queued when the program then exits: copies of network
    /// responses are lost (sent again next time); the user's read marks, saves and searches are in the journal, and
    /// the next start writes them (`PendingWrites`). A transaction cut short by the exit is rolled back by SQLite.
    @discardableResult
    public func flush(waitingAtMost timeout: TimeInterval = .infinity) -> Bool {
        let done = DispatchSemaphore(value: 0)
        writes.async { done.signal() }
        let flushed: Bool
        if timeout.isFinite {
            flushed = done.wait(timeout: .now() + max(0, timeout)) == .success
        } else {
            done.wait()
            flushed = true
        }
        if flushed { journal.removeIfDone() }
        return flushed
    }

    /// Calls `handler` (on a background queue) the first time a write fails — a full disk, a file made read-only,
    /// a lock held past the busy timeout — with a sentence for the status line; later failures are not reported.
    public func onFirstWriteFailure(_ handler: @escaping @Sendable (String) -> Void) {
        firstFailure.withLockedValue { $0 = handler }
    }

    /// Queues a copy of what the network sent, after the user's own writes already queued (`remember` for those).
    func write(_ kind: StoreWriteLine.Kind = .fetched, _ body: @escaping @Sendable (Store) throws -> Void) {
        // A store opened for reading only (read-only file, full disk) said so at start; its writes are skipped.
        guard !store.isReadOnly else { return }
        enqueue(kind) { [firstFailure] store in
            // A failed write (a lock held past the busy timeout among them) loses only the copy: said once.
            do { try body(store) } catch {
                Self.tellFirstFailure(firstFailure, "The local store could not be written (\(Self.describe(error))): "
                    + "what was fetched is shown but not kept for now")
            }
        }
    }

    /// Hands `sentence` to the first-failure handler, if it was not told yet.
    static func tellFirstFailure(_ handler: NIOLockedValueBox<(@Sendable (String) -> Void)?>, _ sentence: String) {
        handler.withLockedValue { told in defer { told = nil }; return told }?(sentence)
    }

    /// A write's error in words: the store's own, else Swift's.
    static func describe(_ error: any Error) -> String {
        (error as? StoreError)?.description ?? "\(error)"
    }

    /// Puts `job` in its line and one block on the write queue, which runs the next job of the lines.
    func enqueue(_ kind: StoreWriteLine.Kind, _ job: @escaping StoreWriteLine.Job) {
        line.add(job, kind)
        writes.async { [line, store] in line.next()?(store) }
    }

    // MARK: Reading

    /// Page `page` of a list or a search as the store holds it, with the time the oldest question on it was fetched;
    /// throws `APIError.offline` (saying why) when the store cannot sort that way or holds none of them. Runs on the
    /// caller's thread.
    public func storedPage(_ query: QuestionListQuery, page: Int) throws -> LocalPage {
        let limit = max(1, query.pageSize)
        let offset = (page - 1) * limit
        if let search = query.search {
            let found = try store.searchPage(search, tagged: query.tagged, site: query.site, sort: StoreSearchSort(query.searchSort),
                                             offset: offset, limit: limit + 1)
            let questions = try store.questions(site: query.site, ids: found.hits.prefix(limit).map(\.questionID))
            return LocalPage(stored: questions, hasMore: found.hits.count > limit, page: page, searchCut: found.cut)
        }
        guard let order = StoreSort(query.sort) else {
            // Said alike by the browser and by `print` (which has no keys): the sorts to choose from, not a key.
            let sorts = StoreSort.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError.offline(detail: "the local store cannot sort by \(query.sort.rawValue) (it sorts by \(sorts))")
        }
        let stored = try store.questions(site: query.site, sort: order, tags: query.tagged, offset: offset, limit: limit + 1)
        if page == 1 && stored.isEmpty {
            let filter = query.tagged.isEmpty ? "" : " tagged [\(query.tagged.joined(separator: ";"))]"
            throw APIError.offline(detail: "no questions of \(query.site)\(filter) in the local store (browse them online or run stackterm import)")
        }
        return LocalPage(stored: Array(stored.prefix(limit)), hasMore: stored.count > limit, page: page)
    }
}

/// A page read from the local store: the questions, whether more follow, and when the oldest was fetched.
public struct LocalPage: Sendable {
    /// The questions with their origin, age and read marks.
    public var stored: [StoredQuestion]
    /// Whether the store holds more after this page.
    public var hasMore: Bool
    /// The page number (1-based).
    public var page: Int
    /// A search page ordered among only the newest this many matching posts (`SearchPage.cut`); nil otherwise.
    public var searchCut: Int?

    /// A page of `stored` questions; `searchCut` only for a search that was cut.
    public init(stored: [StoredQuestion], hasMore: Bool, page: Int, searchCut: Int? = nil) {
        self.stored = stored
        self.hasMore = hasMore
        self.page = page
        self.searchCut = searchCut
    }

    /// The same page without the store's origin, age and read marks, as the network would send it (a search's cut
    /// kept, for the status line).
    public var questionPage: Page<Question> {
        var page = Page(items: stored.map(\.question), hasMore: hasMore, page: page)
        page.orderedAmongNewest = searchCut
        return page
    }
    /// When the oldest question on the page was fetched (nil for an empty page).
    public var fetchedAt: Date? { stored.map(\.fetchedAt).min() }
}
