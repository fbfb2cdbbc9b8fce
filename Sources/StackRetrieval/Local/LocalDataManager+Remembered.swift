import Foundation
import StackAPI
import StackStore

/// A read mark as the store keeps it: what was known of a question when it was last opened.
public struct StoredReadMark: Sendable, Hashable {
    public var answerCount: Int
    public var lastActivity: Date?
}

/// A site the store holds, for the first screen's ways forward.
public struct StoredSite: Sendable, Hashable {
    public var site: String
    public var questionCount: Int
}

/// What the store remembers of a site: past searches (oldest first) and its saved questions' ids.
public struct SiteMemory: Sendable, Hashable {
    public var searches: [String]
    public var savedIDs: Set<Int>
}

/// The sample site shipped with stackterm, imported: its API name and the words naming its source and licence.
public struct ImportedSampleSite: Sendable, Hashable {
    public var site: String
    public var attribution: String
}

/// How a save (or unsave) asked of the store ended.
public enum SaveOutcome: Sendable, Hashable {
    /// Not yet: the store's lock is held by an import or another program (the words say which); it is written when
    /// the lock frees, and another outcome follows.
    case waiting(String)
    case kept
    /// The store holds no copy of the question (`store --forget` removed its site while it was on screen): "kept
    /// offline for good" would not be true.
    case notHeld
    /// The store takes no writes now, for this reason.
    case writesPaused(String)
    /// The write failed, for this reason.
    case failed(String)
}

/// The app's memory through the store, one call per thing remembered or read back, in the store's own order — the
/// door the runtime uses instead of the store, so nothing above StackRetrieval imports StackStore.
extension LocalDataManager {
    /// Which of these questions of `site` were read, and how.
    public func readMarks(site: String, ids: [Int], completion: @escaping RetrievalCompletion<[Int: StoredReadMark]>) -> RetrievalHandle {
        read(.now, { try $0.readMarks(site: site, ids: ids).mapValues(StoredReadMark.init) }, completion: completion)
    }

    /// The mark `questionID` had before this opening: read after the user's writes asked for before, not those after.
    public func lastRead(site: String, questionID: Int, completion: @escaping RetrievalCompletion<StoredReadMark?>) -> RetrievalHandle {
        read(.afterRemembered, { try $0.readMark(site: site, questionID: questionID).map(StoredReadMark.init) }, completion: completion)
    }

    /// The questions the store knows are linked with `questionID` (duplicates, related).
    public func linkedQuestions(site: String, questionID: Int, completion: @escaping RetrievalCompletion<[LinkedQuestion]>) -> RetrievalHandle {
        read(.now, { try $0.linkedQuestions(site: site, questionID: questionID) }, completion: completion)
    }

    /// `site`'s saved questions, most recently saved first, read after the writes asked for before (a question saved
    /// a moment ago is in the list).
    public func savedQuestions(site: String, completion: @escaping RetrievalCompletion<[Question]>) -> RetrievalHandle {
        read(.afterWrites, { try $0.savedQuestions(site: site).map(\.question) }, completion: completion)
    }

    /// What the store remembers of `site`, after the user's writes asked for before.
    public func siteMemory(site: String, completion: @escaping RetrievalCompletion<SiteMemory>) -> RetrievalHandle {
        read(.afterRemembered, { store in
            SiteMemory(searches: Array(try store.searchHistory(site: site, limit: Self.searchHistoryLimit).reversed()),
                       savedIDs: try store.savedIDs(site: site))
        }, completion: completion)
    }

    /// The draft kept for `target` of `site`, if any, read after the user's writes asked for before (a draft kept a
    /// moment ago is found).
    @discardableResult
    public func draft(site: String, target: DraftTarget, completion: @escaping RetrievalCompletion<StoredDraft?>) -> RetrievalHandle {
        read(.afterRemembered, { try $0.draft(site: site, target: target) }, completion: completion)
    }

    /// The sites the store holds.
    public func heldSites(completion: @escaping RetrievalCompletion<[StoredSite]>) -> RetrievalHandle {
        read(.now, { try $0.heldSites().map { StoredSite(site: $0.apiName, questionCount: $0.questionCount) } }, completion: completion)
    }

    /// Imports the sample site shipped beside the program (or `archive`), after the writes queued before it; fails,
    /// naming where it was looked for, when the program was copied without it, and naming the archive and what is
    /// wrong with it when it cannot be imported.
    public func importSample(from archive: URL? = SampleSite.archive(),
                             completion: @escaping RetrievalCompletion<ImportedSampleSite>) -> RetrievalHandle? {
        guard let archive else {
            let missing = SampleSite.missingMessage()
            DispatchQueue.main.async { completion(.failure(.offline(detail: missing))) }
            return nil
        }
        return read(.afterWrites, { store in
            do { try store.importSample(from: archive) } catch let error as StoreError {
                throw APIError.offline(detail: SampleSite.importFailure(error, archive: archive))
            }
            return ImportedSampleSite(site: SampleSite.site, attribution: SampleSite.attribution)
        }, completion: completion)
    }

    /// Saves (unsaves) a question in its turn among the user's writes — a save only of a question the store holds a
    /// copy of — and tells how it went, on the main queue: `.waiting` first while the store's lock is held by
    /// another program (the write waits for it, however long), then how it ended.
    public func setSaved(_ saved: Bool, site: String, questionID: Int, completion: @escaping @MainActor @Sendable (SaveOutcome) -> Void) {
        if let paused = store.writesPaused {
            DispatchQueue.main.async { completion(.writesPaused(paused)) }
            return
        }
        // A save the store refuses for good (a damaged file) is said to be not saved, so it is not kept for later.
        let write = RememberedWrite.setSaved(site: site, questionID: questionID, saved: saved, at: Date())
        remember(write, keepIfFailed: false) { progress in
            let outcome: SaveOutcome = switch progress {
            case .waiting(let why): .waiting(why)
            case .written: .kept
            case .notHeld: .notHeld
            case .failed(let why): .failed(why)
            }
            DispatchQueue.main.async { completion(outcome) }
        }
    }

    /// Remembers a search on `site` for the next runs' search history.
    public func rememberSearch(_ query: String, site: String) {
        remember(.addSearch(site: site, query: query, at: Date()))
    }

    /// Remembers the site, sort and tag filter in use, for the next launch.
    public func rememberBrowse(site: String, sort: QuestionSort, tagged: [String]) {
        remember(.browse(site: site, sort: sort.rawValue, tagged: tagged))
    }

    /// Remembers the watched tags, for the next launches.
    public func rememberWatchedTags(_ tags: [String]) {
        remember(.watchedTags(tags))
    }
}

extension StoredReadMark {
    init(_ mark: ReadMark) {
        self.init(answerCount: mark.answerCount, lastActivity: mark.lastActivity)
    }
}
