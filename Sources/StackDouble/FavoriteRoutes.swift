import Foundation

/// `GET /me/favorites?site=…&access_token=…&key=…`: the questions the token's user bookmarked on the site, newest
/// bookmark first (`order=asc`: oldest first), paged like the other question lists, each with `favorited: true`.
struct FavoriteRoutes {
    let catalog: SiteCatalog
    let tokens: TokenBook
    let books: ParticipationBooks
    let parameters: QueryParameters
    let style: ItemStyle

    /// The route's result, or nil when `components` name another method.
    func route(_ components: [String]) throws -> RouteResult? {
        guard components == ["me", "favorites"] else { return nil }
        let grant = try AccessCheck(tokens: tokens, parameters: parameters).grant().grant
        guard let parameter = parameters.string("site") else { throw APIFailure.badParameter("site is required") }
        guard let name = catalog.resolve(parameter) else { throw APIFailure.noSite(parameter) }
        let site = try catalog.site(name)
        let user = SiteUser(grant: grant, siteParameter: name, catalog: catalog)
        var ids = books.favorites.questions(site: name, userID: user.userID)
        if try parameters.choice("order", allowed: PostSort.Order.allCases, default: .desc) == .asc { ids.reverse() }
        let posts = ids.compactMap { catalog.liveActivity.question($0, site: name) ?? site.questionsByID[$0] }
        let page = Page(posts, page: try parameters.page(), size: try parameters.pageSize())
        let factory = ItemFactory(site: site, style: style)
        let viewer = ItemOverlay.Viewer(userID: user.userID, fields: ["question.favorited"])
        let overlay = ItemOverlay(site: name, books: books, created: catalog.created, viewer: viewer)
        return RouteResult(items: overlay.apply(page.items.map(factory.question)), hasMore: page.hasMore)
    }
}
