import Foundation
import StackAPI

/// The retrieval layer as the app sees it: hands out the data managers and can stop everything at once.
///
/// Bundles the `RequestFactory` (API root, key), the `Transport`, the `QueueManager` (queues and backoff gate),
/// the in-memory `ResponseCache` every manager answers from when it may, and the `SitesCache` on disk.
public final class Retrieval: Sendable {
    /// Builds the URLs (base URL, key).
    public let factory: RequestFactory
    public let transport: Transport
    /// Owns the queues and the backoff gate.
    public let queues: QueueManager
    /// Decoded responses kept for a few minutes, so going back costs no request.
    public let cache: ResponseCache
    /// The list of sites on disk.
    public let sitesCache: SitesCache

    let launcher: OperationLauncher

    /// Creates the layer; by default the process's shared `HTTPClientTransport`,
    /// a `ResponseCache` of five minutes and the sites list in `$XDG_CACHE_HOME/stackterm`.
    public init(
        factory: RequestFactory = RequestFactory(), transport: Transport? = nil, queues: QueueManager = QueueManager(),
        cache: ResponseCache = ResponseCache(), sitesCache: SitesCache = SitesCache()
    ) {
        self.factory = factory
        self.transport = transport ?? HTTPClientTransport.shared
        self.queues = queues
        self.cache = cache
        self.sitesCache = sitesCache
        launcher = OperationLauncher(
            environment: RequestEnvironment(factory: factory, transport: self.transport, gate: queues.gate, cache: cache),
            queues: queues)
    }

    /// Questions: pages, by id, whole threads.
    public var questions: QuestionsDataManager { QuestionsDataManager(launcher: launcher) }
    /// Answers: the latest-answers feed and answers by id.
    public var answers: AnswersDataManager { AnswersDataManager(launcher: launcher) }
    public var search: SearchDataManager { SearchDataManager(launcher: launcher) }
    /// The list of every site, cached on disk.
    public var sites: SitesDataManager { SitesDataManager(launcher: launcher, cache: sitesCache) }
    public var comments: CommentsDataManager { CommentsDataManager(launcher: launcher) }

    /// Cancels every load, queued, waiting at the backoff gate, answering from a cache or in flight.
    /// None of them delivers. The caches keep what they hold.
    public func cancelAll() {
        queues.cancelAll()
    }

    /// Cancels everything and lets the transport's connections go without waiting on the network (on quit).
    public func shutdown() {
        cancelAll()
        closeConnections()
    }

    /// Closes the network connections without waiting, for a program that has already cancelled its loads.
    public func closeConnections() {
        transport.shutdown()
    }

    /// Seconds before a request to `method` may leave (backoff or throttle); 0 when it may leave now.
    public func remainingWait(for method: APIMethod) -> TimeInterval {
        queues.gate.remainingWait(for: method)
    }

    /// Methods our loads are waiting on because the API paused them, with the seconds left.
    public func pausedMethods() -> [APIMethod: TimeInterval] {
        queues.gate.pausedMethods()
    }

    /// Loads not yet finished, in both queues.
    public var operationCount: Int {
        queues.operationCount
    }
}
