import Foundation
import StackAPI

/// The API methods of a logged-in user: `/access-tokens/{tokens}`, `/apps/{tokens}/de-authenticate` and `/me`,
/// answered from the `TokenBook` with the API's errors for a missing (401 `access_token_required`), unknown,
/// revoked or expired (402 `invalid_access_token`) token and a missing key (405 `key_required`).
struct AuthRoutes {
    let tokens: TokenBook
    let catalog: SiteCatalog
    let parameters: QueryParameters
    var now = Date()

    /// The route's result, or nil when `components` name none of these methods.
    func route(_ components: [String]) throws -> RouteResult? {
        switch components.count {
        case 1 where components[0] == "me":
            return RouteResult(items: [try me()], hasMore: false)
        case 2 where components[0] == "access-tokens":
            let grants = try Self.tokens(components[1]).compactMap { token in
                tokens.grant(token).flatMap { $0.isValid(at: now) ? TokenItem(token: token, grant: $0) : nil }
            }
            return RouteResult(items: grants, hasMore: false)
        case 3 where components[0] == "apps" && components[2] == "de-authenticate":
            let revoked = try Self.tokens(components[1]).compactMap { token in
                tokens.revoke(token).map { TokenItem(token: token, grant: $0) }
            }
            return RouteResult(items: revoked, hasMore: false)
        default:
            return nil
        }
    }

    /// The user of the request's `access_token` on its `site`: the dump's user of that name when the site is one of
    /// the dumps and has one, else a user made from the account (so any site answers, `stackoverflow` too).
    private func me() throws -> UserItem {
        let grant = try AccessCheck(tokens: tokens, parameters: parameters, now: now).grant().grant
        guard let parameter = parameters.string("site") else { throw APIFailure.badParameter("site is required") }
        let user = SiteUser(grant: grant, siteParameter: parameter, catalog: catalog)
        return UserItem(
            userId: user.userID, accountId: grant.accountID, displayName: HTMLEntities.escape(grant.user),
            reputation: user.reputation, userType: "registered", link: user.owner.link ?? "")
    }

    /// The `;`-separated tokens of a path (at most 20, as the API allows).
    static func tokens(_ component: String) throws -> [String] {
        let list = component.split(separator: ";").map(String.init)
        guard !list.isEmpty, list.count <= 20 else { throw APIFailure.badParameter("accessTokens: 1 to 20 tokens") }
        return list
    }

    static let tokenRequired = APIFailure(id: 401, name: "access_token_required", message: "No access_token passed")
    static let invalidToken = APIFailure(id: 402, name: "invalid_access_token",
                                         message: "access_token is invalid, expired or was de-authenticated")
    static let keyRequired = APIFailure(id: 405, name: "key_required", message: "`key` is required when `access_token` is passed.")
}

/// An `access_token` item: `/access-tokens/{tokens}` and `/apps/{tokens}/de-authenticate`.
struct TokenItem: Encodable {
    var accessToken: String
    var accountId: Int
    var expiresOnDate: Int?
    var scope: [String]

    init(token: String, grant: TokenBook.Grant) {
        accessToken = token
        accountId = grant.accountID
        expiresOnDate = grant.expires.map { Int($0.timeIntervalSince1970) }
        scope = grant.scope
    }
}

/// A `user` item of `/me`.
struct UserItem: Encodable {
    var userId: Int
    var accountId: Int
    var displayName: String
    var reputation: Int
    var userType: String
    var link: String
}
