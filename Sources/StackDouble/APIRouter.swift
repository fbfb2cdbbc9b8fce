import Foundation
import StackDump

/// What a route produced: the items of one page and whether more follow.
struct RouteResult {
    var items: [any Encodable]
    var hasMore: Bool
}

/// Answers the API routes from dump data: `/questions`, `/questions/{ids}`, `/questions/{ids}/answers`,
/// `/answers`, `/answers/{ids}`, `/posts/{ids}/comments`, `/search/advanced`, `/info`, `/sites` (with the answers and
/// comments written through the double among them).
struct APIRouter {
    let catalog: SiteCatalog
    let parameters: QueryParameters
    let style: ItemStyle

    /// Routes `components` (the path after the version, e.g. `["questions", "1;2", "answers"]`).
    func route(_ components: [String]) throws -> RouteResult {
        switch components.count {
        case 1 where components[0] == "sites":
            return try SiteList(catalog: catalog).page(parameters)
        case 1 where components[0] == "info":
            return RouteResult(items: [SiteInfo(site: try site())], hasMore: false)
        case 1 where components[0] == "questions":
            let site = try site()
            return try questions(try filterBySortRange(catalog.liveActivity.questions(site.questions, site: site.name)))
        case 1 where components[0] == "answers":
            let site = try site()
            return try answers(site.answers + catalog.created.answers(site: site.name), site: site)
        case 2 where components[0] == "questions":
            let ids = try QueryParameters.ids(components[1])
            let site = try site()
            return try questions(ids.compactMap { catalog.liveActivity.question($0, site: site.name) ?? site.questionsByID[$0] },
                                 sorts: PostSort.answerSorts)
        case 2 where components[0] == "answers":
            let ids = try QueryParameters.ids(components[1])
            let site = try site()
            let found = ids.compactMap { site.answersByID[$0] ?? catalog.created.answer($0, site: site.name) }
            return try answers(found, site: site)
        case 2 where components == ["search", "advanced"]:
            return try search()
        case 3 where components[0] == "questions" && components[2] == "answers":
            let ids = try QueryParameters.ids(components[1])
            let site = try site()
            return try answers(ids.flatMap {
                (site.answersByQuestion[$0] ?? []) + catalog.created.answers(site: site.name, questionID: $0)
            }, site: site)
        case 3 where components[0] == "posts" && components[2] == "comments":
            return try comments(on: try QueryParameters.ids(components[1]))
        default:
            throw APIFailure.noMethod
        }
    }

    /// The site named by the `site` parameter, loaded on first use.
    func site() throws -> SiteData {
        guard let parameter = parameters.string("site") else { throw APIFailure.badParameter("site is required") }
        guard let name = catalog.resolve(parameter) else { throw APIFailure.noSite(parameter) }
        return try catalog.site(name)
    }

    private func questions(_ candidates: [DumpPost], sorts: [PostSort] = PostSort.questionSorts) throws -> RouteResult {
        let site = try site()
        var posts = try filterByDateAndTags(candidates)
        posts = try sortAndOrder(posts, allowed: sorts, site: site)
        let factory = ItemFactory(site: site, style: style)
        return try paged(posts) { factory.question($0) }
    }

    private func answers(_ candidates: [DumpPost], site: SiteData) throws -> RouteResult {
        let posts = try sortAndOrder(try filterByDateAndTags(candidates, tagsApply: false), allowed: PostSort.answerSorts, site: site)
        let factory = ItemFactory(site: site, style: style)
        return try paged(posts) { factory.answer($0) }
    }

    private func comments(on postIDs: [Int]) throws -> RouteResult {
        let site = try site()
        let sort = try parameters.choice("sort", allowed: [PostSort.creation, .votes], default: .creation)
        let order = try parameters.choice("order", allowed: PostSort.Order.allCases, default: .desc)
        let created = catalog.created.comments(site: site.name, postIDs: postIDs)
        let all = (postIDs.flatMap { site.commentsByPost[$0] ?? [] } + created).sorted { left, right in
            let a = sort == .votes ? Double(left.score) : left.creationDate.timeIntervalSince1970
            let b = sort == .votes ? Double(right.score) : right.creationDate.timeIntervalSince1970
            if a != b { return order == .desc ? a > b : a < b }
            return order == .desc ? left.id > right.id : left.id < right.id
        }
        let factory = ItemFactory(site: site, style: style)
        return try paged(all) { factory.comment($0) }
    }

    private func search() throws -> RouteResult {
        let site = try site()
        let texts = site.searchableQuestions()
        let terms = (parameters.string("q") ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let titleFilter = parameters.string("title")?.lowercased()
        let accepted = try parameters.bool("accepted")
        var relevance: [Int: Double] = [:]
        let matches = try filterByDateAndTags(site.questions).filter { question in
            guard let text = texts[question.id] else { return false }
            if let titleFilter, !text.title.contains(titleFilter) { return false }
            if let accepted, (question.acceptedAnswerID != nil) != accepted { return false }
            var score = 0.0
            for term in terms {
                let inTitle = text.title.components(separatedBy: term).count - 1
                let inBody = text.body.components(separatedBy: term).count - 1
                if inTitle + inBody == 0 { return false }
                score += Double(inTitle * 5 + inBody)
            }
            relevance[question.id] = score
            return true
        }
        let posts = try sortAndOrder(matches, allowed: PostSort.searchSorts, site: site, relevance: relevance)
        let factory = ItemFactory(site: site, style: style)
        return try paged(posts) { factory.question($0) }
    }

    /// `fromdate`/`todate` on the creation date, `tagged` as an AND of `;`-separated tags.
    private func filterByDateAndTags(_ posts: [DumpPost], tagsApply: Bool = true) throws -> [DumpPost] {
        let from = try parameters.date("fromdate")
        let to = try parameters.date("todate")
        let tags = tagsApply ? parameters.list("tagged").map { $0.lowercased() } : []
        guard from != nil || to != nil || !tags.isEmpty else { return posts }
        return posts.filter { post in
            if let from, post.creationDate < from { return false }
            if let to, post.creationDate > to { return false }
            return tags.allSatisfy { post.tags.contains($0) }
        }
    }

    private func sortAndOrder(
        _ posts: [DumpPost], allowed: [PostSort], site: SiteData, relevance: [Int: Double] = [:]
    ) throws -> [DumpPost] {
        let sort = try parameters.choice("sort", allowed: allowed, default: .activity)
        let order = try parameters.choice("order", allowed: PostSort.Order.allCases, default: .desc)
        return sort.apply(to: posts, order: order, site: site, relevance: relevance)
    }

    private func paged<Record>(_ all: [Record], _ make: (Record) -> any Encodable) throws -> RouteResult {
        let page = Page(all, page: try parameters.page(), size: try parameters.pageSize())
        return RouteResult(items: page.items.map(make), hasMore: page.hasMore)
    }
}
