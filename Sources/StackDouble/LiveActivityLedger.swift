import Foundation
import NIOConcurrencyHelpers
import StackDump

/// What the live control endpoints (`/_double/live/active`, `/_double/live/new`) made happen, kept so the API answers
/// as Stack Exchange's would after it: a question made active has that last activity date in `/questions`, a new
/// one is listed (and served by id) with its id, tags and dates — so a client polling `/questions?sort=activity&min=…`
/// finds what the socket said.
final class LiveActivityLedger: Sendable {
    /// Site name → question id → the question as the control endpoint changed it.
    private let changed = NIOLockedValueBox<[String: [Int: DumpPost]]>([:])

    /// Records `post` of `site` active at `date`, under `id` with `tags` when given; `isNew`: a question just asked
    /// (created then, no votes, no answers yet).
    func record(_ post: DumpPost, site: String, id: Int, tags: [String]?, isNew: Bool, at date: Date) {
        var copy = post
        copy.id = id
        if let tags { copy.tags = tags }
        copy.lastActivityDate = date
        if isNew {
            copy.creationDate = date
            copy.score = 0
            copy.answerCount = 0
            copy.acceptedAnswerID = nil
        }
        changed.withLockedValue { $0[site, default: [:]][id] = copy }
    }

    /// `questions` of `site` as the control endpoints left them: changed ones replaced, new ones added.
    func questions(_ questions: [DumpPost], site: String) -> [DumpPost] {
        let changes = changed.withLockedValue { $0[site] } ?? [:]
        guard !changes.isEmpty else { return questions }
        var added = changes
        let updated = questions.map { post in added.removeValue(forKey: post.id) ?? post }
        return updated + added.values.sorted { $0.id < $1.id }
    }

    /// Question `id` of `site` when a control endpoint changed or made it.
    func question(_ id: Int, site: String) -> DumpPost? {
        changed.withLockedValue { $0[site]?[id] }
    }
}

extension APIRouter {
    /// `min`/`max` on the sort's field, as the API applies them: the last activity date (activity), the creation
    /// date (creation), the score (votes); other sorts ignore them here.
    func filterBySortRange(_ posts: [DumpPost]) throws -> [DumpPost] {
        let low = try parameters.int("min").map(Double.init)
        let high = try parameters.int("max").map(Double.init)
        guard low != nil || high != nil else { return posts }
        let sort = try parameters.choice("sort", allowed: PostSort.allCases, default: .activity)
        return posts.filter { post in
            guard let value = Self.sortValue(post, sort) else { return true }
            if let low, value < low { return false }
            if let high, value > high { return false }
            return true
        }
    }

    private static func sortValue(_ post: DumpPost, _ sort: PostSort) -> Double? {
        switch sort {
        case .activity: (post.lastActivityDate ?? post.creationDate).timeIntervalSince1970
        case .creation: post.creationDate.timeIntervalSince1970
        case .votes: Double(post.score)
        default: nil
        }
    }
}
