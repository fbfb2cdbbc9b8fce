import Foundation
import StackDump

/// Performs the API's writes (`WriteAction`) for the request's token: votes, bookmarks and acceptances against the
/// `ParticipationBooks`, answers and comments through `PostWrites`. Each answers a one-item page: the post as the
/// read routes build it, with its new score and the token user's `upvoted`, `downvoted` (questions: `favorited`;
/// answers: `accepted`). Refusals are HTTP 400 with the API's errors; the `write_failed` fault makes every write
/// answer 407 `write_failed` "The write failed (imitated)." once the token passed its checks.
struct WriteRoutes {
    let catalog: SiteCatalog
    let tokens: TokenBook
    let books: ParticipationBooks
    let filters: FilterBook
    let parameters: QueryParameters
    let faults: Faults
    var now = Date()

    static let imitatedFailure = "The write failed (imitated)."

    func perform(_ action: WriteAction, trace: WriteTrace) throws -> RouteResult {
        let access = try AccessCheck(tokens: tokens, parameters: parameters, now: now).grant(requiring: "write_access")
        guard let parameter = parameters.string("site") else { throw APIFailure.badParameter("site is required") }
        guard let name = catalog.resolve(parameter) else { throw APIFailure.noSite(parameter) }
        let site = try catalog.site(name)
        if faults.writeFailed { throw APIFailure.writeFailed(Self.imitatedFailure) }
        let user = SiteUser(grant: access.grant, siteParameter: name, catalog: catalog)
        let includeBody = filters.spec(parameters.string("filter"))?.includesBody ?? false
        let factory = ItemFactory(site: site, style: ItemStyle(includeBody: includeBody))
        let item: any Encodable
        switch action {
        case .vote(let isAnswer, let id, let vote):
            let post = try isAnswer ? answer(id, site) : question(id, site)
            try books.votes.apply(vote, site: name, postID: id, voter: user.userID, reputation: user.reputation,
                                  isOwner: post.ownerUserID == user.userID, now: now)
            item = isAnswer ? factory.answer(post) : factory.question(post)
        case .favorite(let id, let undo):
            let question = try question(id, site)
            try books.favorites.set(!undo, site: name, questionID: id, userID: user.userID)
            item = factory.question(question)
        case .accept(let id, let undo):
            let answer = try answer(id, site)
            let question = try question(answer.parentID ?? 0, site)
            guard question.ownerUserID == user.userID else { throw APIFailure.writeFailed(AcceptBook.ownerOnly) }
            try books.accepts.set(!undo, site: name, questionID: question.id, answerID: id,
                                  dumpAccepted: question.acceptedAnswerID)
            item = factory.answer(answer)
        case .addAnswer(let id):
            _ = try question(id, site)
            let written = try writer(site, user, access.token).addAnswer(to: id)
            trace.createdID = written.createdID
            item = written.item
        case .addComment(let id):
            guard (try? question(id, site)) != nil || (try? answer(id, site)) != nil else {
                throw APIFailure.badParameter("No post found with id \(id)")
            }
            let written = try writer(site, user, access.token).addComment(on: id)
            trace.createdID = written.createdID
            item = written.item
        }
        let viewer = ItemOverlay.Viewer(userID: user.userID, fields: Set(FilterBook.viewerFields))
        let overlay = ItemOverlay(site: name, books: books, created: catalog.created, viewer: viewer)
        return RouteResult(items: overlay.apply([item]), hasMore: false)
    }

    private func writer(_ site: SiteData, _ user: SiteUser, _ token: String) -> PostWrites {
        PostWrites(site: site, created: catalog.created, user: user, token: token, parameters: parameters, now: now)
    }

    private func question(_ id: Int, _ site: SiteData) throws -> DumpPost {
        guard let post = catalog.liveActivity.question(id, site: site.name) ?? site.questionsByID[id] else {
            throw APIFailure.badParameter("No question found with id \(id)")
        }
        return post
    }

    private func answer(_ id: Int, _ site: SiteData) throws -> DumpPost {
        guard let post = site.answersByID[id] ?? catalog.created.answer(id, site: site.name) else {
            throw APIFailure.badParameter("No answer found with id \(id)")
        }
        return post
    }
}
