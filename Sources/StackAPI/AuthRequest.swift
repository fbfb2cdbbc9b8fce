import Foundation

/// A request about the logged-in user or a token (`/access-tokens/{token}`, `/me`, `/apps/{token}/de-authenticate`):
/// a GET whose access token travels in its URL only, as the API requires for reads.
///
/// Not an `APIRequest`, so it can never enter the Loader, its store or its backoff gate: `stackterm login`, `logout`
/// and `whoami` send it once through the transport. `RequestFactory.wireRequest(for:)` makes the GET, `key` included.
public struct AuthRequest: Hashable, Sendable {
    /// What is asked.
    public enum Kind: String, Hashable, Sendable {
        /// `/access-tokens/{token}`: whether the token works, its scope, expiry and account.
        case inspectToken
        /// `/me`: the token's user on one site.
        case me
        /// `/apps/{token}/de-authenticate`: revokes the token.
        case deauthenticate
    }

    /// What is asked.
    public let kind: Kind
    /// The path below the version root; holds the token for `inspectToken` and `deauthenticate`.
    let path: String
    /// The query parameters, in the order they are sent.
    let query: [URLQueryItem]

    /// `/access-tokens/{token}`: the token inspected (`AccessTokenInfo`; no item when it is unknown or revoked).
    public static func inspectToken(_ token: String) -> AuthRequest {
        AuthRequest(kind: .inspectToken, path: "/access-tokens/\(token)", query: [])
    }

    /// `/me?site=SITE&access_token=TOKEN`: the token's user on `site` (a `User`).
    public static func me(site: String, accessToken token: String) -> AuthRequest {
        AuthRequest(kind: .me, path: "/me", query: [URLQueryItem(name: "site", value: site),
                                                     URLQueryItem(name: "access_token", value: token)])
    }

    /// `/apps/{token}/de-authenticate`: revokes the token (the API answers with the revoked `AccessTokenInfo`).
    public static func deauthenticate(_ token: String) -> AuthRequest {
        AuthRequest(kind: .deauthenticate, path: "/apps/\(token)/de-authenticate", query: [])
    }

    /// True when `token` can stand in a path: none of `/`, `;`, `?`, `#` or `%`, which would split or change it
    /// (no token Stack Exchange issues holds them).
    public static func fitsInPath(_ token: String) -> Bool {
        !token.contains { "/;?#%".contains($0) }
    }

    /// The same path and query as an `APIRequest` for the factory's URL building; `.info` names no backoff here,
    /// since these requests never pass the gate.
    var asAPIRequest: APIRequest { APIRequest(method: .info, path: path, query: query) }
}

extension AuthRequest: CustomStringConvertible, CustomReflectable {
    /// `AuthRequest(me)`: the kind only, never the path or query that hold the token.
    public var description: String { "AuthRequest(\(kind.rawValue))" }

    /// What `dump` and debuggers show: the kind, never the token.
    public var customMirror: Mirror { Mirror(self, children: ["kind": kind], displayStyle: .struct) }
}

extension RequestFactory {
    /// The GET for `request`: the same headers, timeout and `key` as every API GET.
    public func wireRequest(for request: AuthRequest) -> WireRequest {
        wireRequest(for: request.asAPIRequest)
    }
}
