import Foundation
import StackAPI

/// The checks every authenticated method makes, in the API's order: a token (401 `access_token_required`), a key
/// (405 `key_required`), a token that works (402 `invalid_access_token`), then a scope (403 `access_denied`).
struct AccessCheck {
    let tokens: TokenBook
    let parameters: QueryParameters
    var now = Date()

    /// The request's token and its grant, after the checks; `scope` (e.g. `write_access`) when the method needs one.
    func grant(requiring scope: String? = nil) throws -> (token: String, grant: TokenBook.Grant) {
        guard let token = parameters.string("access_token") else { throw AuthRoutes.tokenRequired }
        guard parameters.string("key") != nil else { throw AuthRoutes.keyRequired }
        guard let grant = tokens.grant(token), grant.isValid(at: now) else { throw AuthRoutes.invalidToken }
        if let scope, !grant.scope.contains(scope) { throw APIFailure.scopeMissing(scope) }
        return (token, grant)
    }

    /// The user of the request's token when it is a valid one, nil otherwise (no error: reads go on without it).
    func optionalGrant() -> TokenBook.Grant? {
        guard let token = parameters.string("access_token"), let grant = tokens.grant(token), grant.isValid(at: now) else {
            return nil
        }
        return grant
    }
}

/// A token's user on one site: the dump's user of that display name (the lowest id when several share it), else a
/// user made from the account (id = account id, reputation 1), so any site answers.
struct SiteUser {
    var grant: TokenBook.Grant
    var userID: Int
    var reputation: Int
    /// The site's host, e.g. `cardano.stackexchange.com` (`NAME.com` for a site that is not a dump).
    var host: String

    init(grant: TokenBook.Grant, siteParameter: String, catalog: SiteCatalog) {
        let site = catalog.resolve(siteParameter).flatMap { try? catalog.site($0) }
        let dumpUser = site?.users.values.filter { $0.displayName == grant.user }.min { $0.id < $1.id }
        self.grant = grant
        userID = dumpUser?.id ?? grant.accountID
        reputation = dumpUser?.reputation ?? 1
        host = site?.host ?? "\(siteParameter).com"
    }

    /// The user as a post's `owner`.
    var owner: OwnerItem {
        OwnerItem(userId: userID, displayName: HTMLEntities.escape(grant.user), reputation: reputation,
                  userType: "registered", link: "https://\(host)/users/\(userID)/\(PostText.slug(grant.user))")
    }
}
