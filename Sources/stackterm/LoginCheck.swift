import Foundation
import StackAPI
import StackAuth
import TextEngine

/// Asks the API whether a token works and whom it belongs to: `/access-tokens/{token}` (known, not revoked, its
/// expiry and account), then `/me` on the site (the user's name and id there). The token travels only in these GETs'
/// URLs, to the API's host.
struct LoginCheck {
    let client: AuthClient
    /// The API parameter of the site `/me` is asked on.
    let site: String

    /// The login `token` makes, with its expiry and user as the API says, or why there is none.
    func verify(_ token: AccessToken) -> Result<StoredLogin, AccountProblem> {
        let secret = token.revealedForRequest
        guard AuthRequest.fitsInPath(secret) else { return .failure(.unknownToken) }
        let info: AccessTokenInfo
        switch client.items(.inspectToken(secret), as: AccessTokenInfo.self) {
        case .failure(let error): return .failure(AccountProblem(error))
        case .success(let items):
            guard let first = items.first else { return .failure(.unknownToken) }
            info = first
        }
        return user(of: token).map { user in
            var user = user
            user.accountID = user.accountID ?? info.accountID
            return StoredLogin(token: token.expiring(info.expiresOnDate ?? token.expires), user: user)
        }
    }

    /// The user `token` acts for on `site` (`/me`).
    func user(of token: AccessToken) -> Result<LoggedInUser, AccountProblem> {
        switch client.items(.me(site: site, accessToken: token.revealedForRequest), as: User.self) {
        case .failure(let error): return .failure(AccountProblem(error))
        case .success(let users):
            guard let user = users.first else { return .failure(.noUserOnSite(site)) }
            let name = TerminalSafety.sanitize(user.displayName ?? "user \(user.userID)")
            return .success(LoggedInUser(displayName: name, site: site, userID: user.userID, accountID: user.accountID))
        }
    }
}

/// Why an account command could not do its work, in plain words; no message quotes the token.
enum AccountProblem: Error, Equatable {
    /// `/access-tokens` does not know the token: mistyped, revoked or expired.
    case unknownToken
    /// `/me` refused the token (402 `invalid_access_token`, 401, 406 `access_token_compromised`).
    case revoked
    /// The API wants the application's key (405 `key_required`).
    case keyRequired
    /// The token's account has no user on the site.
    case noUserOnSite(String)
    /// Any other failure: the network, a throttle, an API error.
    case api(APIError)

    /// The problem of an API error met with a token.
    init(_ error: APIError) {
        switch error {
        case .api(let id, let name, _) where [401, 402, 406].contains(id)
            || ["access_token_required", "invalid_access_token", "access_token_compromised"].contains(name):
            self = .revoked
        case .api(405, _, _), .api(_, "key_required", _): self = .keyRequired
        default: self = .api(error)
        }
    }

    /// One line for stderr.
    var message: String {
        switch self {
        case .unknownToken:
            return "Stack Exchange does not know that token (mistyped, revoked or expired): run stackterm login again"
        case .revoked: return "the token was revoked or expired: run stackterm login"
        case .keyRequired:
            return "the API wants the application's Key with a token: set api_key (or --api-key, STACKTERM_API_KEY)"
        case .noUserOnSite(let site):
            return "the account has no user on \(site): log in with --site naming a site where it has one"
        case .api(let error): return error.summary(retryKey: nil)
        }
    }
}
