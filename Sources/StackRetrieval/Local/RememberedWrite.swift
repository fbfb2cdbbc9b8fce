import Foundation
import StackAPI
import StackStore

/// One write of the user's own state, as a value: what the write line tries until it is written, and what the
/// journal (`PendingWrites`) keeps until then. Each carries the time it was asked for, so writing it again (a
/// journal replayed after its write committed) changes nothing.
public enum RememberedWrite: Codable, Sendable, Hashable {
    /// Questions of `site` were read, with what was known of them then.
    case markRead(site: String, marks: [Mark], at: Date)
    /// A question was saved (or unsaved).
    case setSaved(site: String, questionID: Int, saved: Bool, at: Date)
    /// A search, for the search history.
    case addSearch(site: String, query: String, at: Date)
    /// The site, sort (its API name) and tag filter in use.
    case browse(site: String, sort: String, tagged: [String])
    /// The watched tags.
    case watchedTags([String])
    /// A draft of an answer or a comment, as the editor left it `at` that time (`Store.saveDraft`).
    case keepDraft(site: String, target: DraftTarget, text: String, at: Date)
    /// The draft is no longer needed (the API has the post): removed when it is still the one kept at `keptAt`
    /// (a newer edit survives), or whatever its time when nil.
    case dropDraft(site: String, target: DraftTarget, keptAt: Date?)

    /// A read mark: the question, its answer count and last activity when it was read.
    public struct Mark: Codable, Sendable, Hashable {
        public var questionID: Int
        public var answerCount: Int
        public var lastActivity: Date?
    }

    /// Writes it; false when it is a save of a question the store holds no copy of (nothing is written).
    func apply(to store: Store) throws(StoreError) -> Bool {
        switch self {
        case let .markRead(site, marks, date):
            let pairs = marks.map { ($0.questionID, (answerCount: $0.answerCount, lastActivity: $0.lastActivity)) }
            let byID = Dictionary(pairs, uniquingKeysWith: { _, last in last })
            try store.markRead(site: site, marks: byID, at: date)
        case let .setSaved(site, questionID, saved, date):
            if saved, try store.questions(site: site, ids: [questionID]).isEmpty { return false }
            try store.setSaved(saved, site: site, questionID: questionID, at: date)
        case let .addSearch(site, query, date):
            try store.addSearch(query, site: site, at: date)
        case let .browse(site, sort, tagged):
            // A sort this build does not know (a journal from a newer one) is not remembered.
            guard let sort = QuestionSort(rawValue: sort) else { return true }
            try store.rememberBrowse(site: site, sort: sort, tagged: tagged)
        case let .watchedTags(tags):
            try store.rememberWatchedTags(tags)
        case let .keepDraft(site, target, text, date):
            try store.saveDraft(StoredDraft(site: site, target: target, text: text, updatedAt: date))
        case let .dropDraft(site, target, keptAt):
            try store.deleteDraft(site: site, target: target, ifUpdatedAt: keptAt)
        }
        return true
    }
}
