import Foundation
import StackAPI
import StackStore

/// What the app remembers between runs through the store: saved questions, search history, the site, sort and tag
/// filter it was left on, read marks before a question is opened again, and links between posts.
extension LocalDataManager {
    /// What a site's memory holds when the browser starts on it.
    public struct SiteMemory: Sendable, Hashable {
        /// Past searches on the site, oldest first.
        public var searches: [String]
        public var savedIDs: Set<Int>
    }

    /// How many past searches a site keeps for the search prompt's history.
    public static let searchHistoryLimit = 50

    // MARK: Saved questions

    /// Saves or unsaves question `questionID` of `site` (saved content is never evicted).
    public func setSaved(_ saved: Bool, site: String, questionID: Int) {
        write(.remembered) { try $0.setSaved(saved, site: site, questionID: questionID) }
    }

    /// `site`'s saved questions, most recently saved first, read after every write asked for before (so a question
    /// saved a moment ago is in the list).
    public func savedQuestions(site: String, completion: @escaping RetrievalCompletion<[StoredQuestion]>) {
        afterWrites(completion) { try $0.savedQuestions(site: site) }
    }

    // MARK: Search history and the browse settings

    /// Adds `query` to `site`'s search history, kept across runs.
    public func addSearch(_ query: String, site: String) {
        write(.remembered) { try $0.addSearch(query, site: site) }
    }

    /// The search history and saved question ids of `site`.
    public func siteMemory(site: String, completion: @escaping RetrievalCompletion<SiteMemory>) {
        afterWrites(completion, kind: .remembered) { store in
            SiteMemory(searches: try store.searchHistory(site: site, limit: Self.searchHistoryLimit).reversed(),
                       savedIDs: try store.savedIDs(site: site))
        }
    }

    /// Remembers the site, sort and tag filter the browser is on, for the next launch.
    public func rememberBrowse(site: String, sort: QuestionSort, tagged: [String]) {
        write(.remembered) { try $0.rememberBrowse(site: site, sort: sort, tagged: tagged) }
    }

    /// The site the browser was last on, read at once on the caller's thread: for the start, before the first
    /// request is chosen (like the config file); nil when none was remembered or the store cannot be read.
    public func lastSiteNow() -> String? {
        try? store.lastSite()
    }

    /// The sort and tag filter `site` was last listed with, read at once on the caller's thread (for the start).
    public func browseMemoryNow(site: String) -> SiteBrowseMemory {
        (try? store.browseMemory(site: site)) ?? SiteBrowseMemory()
    }

    // MARK: Threads

    /// The read mark question `questionID` had before the writes asked for after this call (opening a question marks
    /// it read at once; this is the mark from before, to tell which answers are new).
    public func readMarkBefore(site: String, questionID: Int, completion: @escaping RetrievalCompletion<ReadMark?>) {
        afterWrites(completion, kind: .remembered) { try $0.readMark(site: site, questionID: questionID) }
    }

    /// The questions linked with `questionID` (duplicates, related) as the store knows them from a dump.
    @discardableResult
    public func linkedQuestions(site: String, questionID: Int, completion: @escaping RetrievalCompletion<[LinkedQuestion]>)
        -> RetrievalHandle {
        read(completion) { store in .success(try store.linkedQuestions(site: site, questionID: questionID)) }
    }

    /// Runs `body` on the write queue and delivers its value on the main queue. A `.fetched` read (the default) runs
    /// after every write asked for before it (and may see a `.remembered` one asked for after); a `.remembered` read
    /// runs after the `.remembered` writes asked for before and before those asked for after, but may pass a
    /// `.fetched` one still queued.
    func afterWrites<Value: Sendable>(_ completion: @escaping RetrievalCompletion<Value>, kind: StoreWriteLine.Kind = .fetched,
                                      _ body: @escaping @Sendable (Store) throws -> Value) {
        enqueue(kind) { store in
            let result: Result<Value, APIError>
            do { result = .success(try body(store)) } catch { result = .failure(.offline(detail: "the local store failed: \(error)")) }
            DispatchQueue.main.async { completion(result) }
        }
    }

    /// Runs `body` on the write queue after every `.fetched` write asked for before it (a load's freshness check,
    /// which must see what was just kept).
    func readAfterWrites(_ body: @escaping @Sendable () -> Void) {
        enqueue(.fetched) { _ in body() }
    }
}
