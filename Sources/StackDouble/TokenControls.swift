import Foundation

/// `GET /_double/tokens?user=NAME[&scope=a+b][&expires=SECONDS]` issues a token for NAME without the dialog and
/// answers `{"access_token":…,"account_id":…}` (scope `read_inbox write_access no_expiry private_info` and no expiry
/// unless told; `expires=0` gives one already expired); `GET /_double/tokens/revoke?token=T` revokes one, as the
/// user would on their profile, and answers `{"revoked":true}` (false when unknown or already revoked).
struct TokenControls {
    /// The scope of a token issued without `scope`: what `stackterm login` asks for.
    static let fullScope = ["read_inbox", "write_access", "no_expiry", "private_info"]

    let tokens: TokenBook

    func issue(_ parameters: QueryParameters) -> DoubleResponse {
        guard let user = parameters.string("user") else { return APIFailure.badParameter("user is required").response }
        let lifetime: Int?
        do {
            lifetime = try parameters.int("expires")
        } catch let failure as APIFailure {
            return failure.response
        } catch {
            return APIFailure.badParameter("\(error)").response
        }
        if let lifetime, lifetime < 0 { return APIFailure.badParameter("expires: must be 0 or more").response }
        let scope = parameters.string("scope").map { $0.split(separator: " ").map(String.init) } ?? Self.fullScope
        let issued = tokens.issue(user: user, scope: scope, lifetime: lifetime)
        return ControlEndpoints.json(["access_token": issued.token, "account_id": issued.grant.accountID])
    }

    func revoke(_ parameters: QueryParameters) -> DoubleResponse {
        guard let token = parameters.string("token") else { return APIFailure.badParameter("token is required").response }
        return ControlEndpoints.json(["revoked": tokens.revoke(token) != nil])
    }
}
