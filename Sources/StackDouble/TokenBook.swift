import Foundation
import NIOConcurrencyHelpers

/// The access tokens the double has issued (through its login dialog or `/_double/tokens`), kept in memory: whom
/// each belongs to, its scope and expiry, and whether it was revoked.
final class TokenBook: Sendable {
    /// One issued token.
    struct Grant: Equatable, Sendable {
        /// The user's display name.
        var user: String
        /// The user's network-wide account id (one per name).
        var accountID: Int
        var scope: [String]
        /// When it stops working; nil for a `no_expiry` token.
        var expires: Date?
        var revoked = false

        /// True when the token still works at `now`.
        func isValid(at now: Date) -> Bool {
            !revoked && expires.map { now < $0 } ?? true
        }
    }

    /// The first account id handed out; the next names get the following ones.
    static let firstAccountID = 7_000_001
    /// Lifetime of a token issued without `no_expiry`, as Stack Exchange's dialog gives (one day).
    static let defaultLifetime = 86_400

    private struct State {
        var grants: [String: Grant] = [:]
        var accounts: [String: Int] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// Issues a new token for `user` with `scope`, expiring after `lifetime` seconds (nil: never).
    func issue(user: String, scope: [String], lifetime: Int?, now: Date = Date()) -> (token: String, grant: Grant) {
        let token = Self.newToken()
        let grant = state.withLockedValue { state -> Grant in
            let account = state.accounts[user] ?? Self.firstAccountID + state.accounts.count
            state.accounts[user] = account
            let grant = Grant(user: user, accountID: account, scope: scope,
                              expires: lifetime.map { now.addingTimeInterval(TimeInterval($0)) })
            state.grants[token] = grant
            return grant
        }
        return (token, grant)
    }

    /// The grant of `token`, valid or not; nil when the double never issued it.
    func grant(_ token: String) -> Grant? {
        state.withLockedValue { $0.grants[token] }
    }

    /// Revokes `token`; its grant as it was, nil when unknown or already revoked.
    @discardableResult
    func revoke(_ token: String) -> Grant? {
        state.withLockedValue { state in
            guard let grant = state.grants[token], !grant.revoked else { return nil }
            state.grants[token]?.revoked = true
            return grant
        }
    }

    /// Characters of the tokens issued: like Stack Exchange's, letters, digits and `*`, ending in `))`.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*")

    /// A fresh random token of 24 characters.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<22).map { _ in alphabet.randomElement(using: &generator)! }) + "))"
    }
}
