import Foundation
import StackDump

/// The `sort` values of the question, answer and search routes.
///
/// `hot`, `week` and `month` are approximations (the dumps hold no vote history): "now" is the newest
/// activity in the dump; `week`/`month` keep the questions active in the 7/30 days before it, ordered by score;
/// `hot` orders by `(score + 2 × answers + 1) / (hours since last activity + 2)^1.5`.
enum PostSort: String, CaseIterable {
    case activity, creation, votes, hot, week, month, relevance

    static let questionSorts: [PostSort] = [.activity, .creation, .votes, .hot, .week, .month]
    static let answerSorts: [PostSort] = [.activity, .creation, .votes]
    static let searchSorts: [PostSort] = [.activity, .creation, .votes, .relevance]

    /// `order` values.
    enum Order: String, CaseIterable {
        case desc, asc
    }

    /// Keeps the posts this sort covers (`week`/`month` windows), then orders them; ties by id.
    func apply(
        to posts: [DumpPost], order: Order, site: SiteData, relevance: [Int: Double] = [:]
    ) -> [DumpPost] {
        let now = site.newestDate
        var kept = posts
        if let days = windowDays {
            let start = now.addingTimeInterval(-Double(days) * 86_400)
            kept = posts.filter { ($0.lastActivityDate ?? $0.creationDate) >= start }
        }
        let keys = Dictionary(kept.map { ($0.id, key(for: $0, now: now, site: site, relevance: relevance)) },
                              uniquingKeysWith: { first, _ in first })
        return kept.sorted { left, right in
            let a = keys[left.id] ?? 0, b = keys[right.id] ?? 0
            if a != b { return order == .desc ? a > b : a < b }
            return order == .desc ? left.id > right.id : left.id < right.id
        }
    }

    private var windowDays: Int? {
        switch self {
        case .week: return 7
        case .month: return 30
        default: return nil
        }
    }

    private func key(for post: DumpPost, now: Date, site: SiteData, relevance: [Int: Double]) -> Double {
        switch self {
        case .activity: return (post.lastActivityDate ?? post.creationDate).timeIntervalSince1970
        case .creation: return post.creationDate.timeIntervalSince1970
        case .votes, .week, .month: return Double(post.score)
        case .relevance: return relevance[post.id] ?? 0
        case .hot:
            let hours = max(0, now.timeIntervalSince(post.lastActivityDate ?? post.creationDate) / 3_600)
            let answers = Double(post.answerCount ?? site.answersByQuestion[post.id]?.count ?? 0)
            return (Double(post.score) + 2 * answers + 1) / pow(hours + 2, 1.5)
        }
    }
}

/// One page of results.
struct Page<Item> {
    var items: [Item]
    var hasMore: Bool

    /// Page `page` (1-based) of `size` items out of `all`.
    init(_ all: [Item], page: Int, size: Int) {
        let start = min(all.count, (page - 1) * size)
        let end = min(all.count, start + size)
        items = Array(all[start..<end])
        hasMore = end < all.count
    }
}
