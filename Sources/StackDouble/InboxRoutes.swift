import Foundation

/// `/inbox`, `/inbox/unread` (network-wide: no `site`) and `/me/notifications`, `/me/notifications/unread` (`site`
/// required), paged, newest first: all need a token with the `read_inbox` scope (else 403 `access_denied`), after
/// the usual 401/405/402 checks.
struct InboxRoutes {
    let tokens: TokenBook
    let inbox: InboxBook
    let catalog: SiteCatalog
    let parameters: QueryParameters

    /// The route's result, or nil when `components` name none of these methods.
    func route(_ components: [String]) throws -> RouteResult? {
        let unreadOnly = components.last == "unread"
        switch components {
        case ["inbox"], ["inbox", "unread"]:
            let grant = try AccessCheck(tokens: tokens, parameters: parameters).grant(requiring: "read_inbox").grant
            return try paged(inbox.inbox(user: grant.user, unreadOnly: unreadOnly))
        case ["me", "notifications"], ["me", "notifications", "unread"]:
            let grant = try AccessCheck(tokens: tokens, parameters: parameters).grant(requiring: "read_inbox").grant
            guard let parameter = parameters.string("site") else { throw APIFailure.badParameter("site is required") }
            let site = catalog.resolve(parameter) ?? parameter
            return try paged(inbox.notifications(user: grant.user, site: site, unreadOnly: unreadOnly))
        default:
            return nil
        }
    }

    private func paged<Item: Encodable>(_ all: [Item]) throws -> RouteResult {
        let page = Page(all, page: try parameters.page(), size: try parameters.pageSize())
        return RouteResult(items: page.items, hasMore: page.hasMore)
    }
}
