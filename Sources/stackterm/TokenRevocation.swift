import StackAPI
import StackAuth

/// Tells Stack Exchange that a token is no longer wanted (`/apps/{token}/de-authenticate`): `logout`, and `login`
/// replacing an earlier login.
enum TokenRevocation {
    /// Revokes `token`: nil when the server did (or did not know it any more), else why it was not told.
    static func revoke(_ token: AccessToken, client: AuthClient) -> APIError? {
        let secret = token.revealedForRequest
        guard AuthRequest.fitsInPath(secret) else { return nil }
        guard case .failure(let error) = client.items(.deauthenticate(secret), as: AccessTokenInfo.self),
              AccountProblem(error) != .revoked else { return nil }
        return error
    }

    /// What a token the server was not told about still does, after `error`.
    static func notTold(_ error: APIError) -> String {
        "the server was not told (\(error.summary(retryKey: nil))): the token works until it expires or you remove "
            + "stackterm from your profile's applications"
    }
}
