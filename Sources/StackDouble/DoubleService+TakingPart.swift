import Foundation

/// Taking part (issue 31, part 7): the routes of a logged-in user, and what the writes changed laid over reads.
extension DoubleService {
    /// The methods answered before the site's read routes: `/me`, `/access-tokens`, `/apps/…/de-authenticate`,
    /// `/filters/…`, the writes (POST only: another method gets 404 `no_method`), `/inbox…`,
    /// `/me/notifications…` and `/me/favorites`; nil for any other path.
    func accountRoute(
        _ components: [String], method: String, parameters: QueryParameters, faults: Faults, trace: WriteTrace
    ) throws -> RouteResult? {
        if let action = WriteAction(components) {
            guard method == "POST" else { throw APIFailure.postRequired }
            return try WriteRoutes(catalog: catalog, tokens: tokens, books: books, filters: filters,
                                   parameters: parameters, faults: faults).perform(action, trace: trace)
        }
        if let result = try AuthRoutes(tokens: tokens, catalog: catalog, parameters: parameters).route(components) {
            return result
        }
        if let result = try FilterRoutes(filters: filters, parameters: parameters).route(components) { return result }
        if let result = try InboxRoutes(tokens: tokens, inbox: inbox, catalog: catalog, parameters: parameters)
            .route(components) {
            return result
        }
        let style = ItemStyle(includeBody: filters.spec(parameters.string("filter"))?.includesBody ?? false)
        return try FavoriteRoutes(catalog: catalog, tokens: tokens, books: books, parameters: parameters, style: style)
            .route(components)
    }

    /// The overlay of what writes changed for a read of `site`: with the viewer's fields when the request's filter
    /// asks for some and its `access_token` is valid; nil when the site is not a dump.
    func overlay(_ parameters: QueryParameters) -> ItemOverlay? {
        guard let parameter = parameters.string("site"), let name = catalog.resolve(parameter) else { return nil }
        var overlay = ItemOverlay(site: name, books: books, created: catalog.created)
        let fields = filters.spec(parameters.string("filter"))?.viewerFields ?? []
        if !fields.isEmpty, let grant = AccessCheck(tokens: tokens, parameters: parameters).optionalGrant() {
            let user = SiteUser(grant: grant, siteParameter: name, catalog: catalog)
            overlay.viewer = ItemOverlay.Viewer(userID: user.userID, fields: fields)
        }
        return overlay
    }
}
