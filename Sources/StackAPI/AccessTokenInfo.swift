import Foundation

/// What `/access-tokens/{token}` and `/apps/{token}/de-authenticate` say of a token (`access_token` type): its
/// account, scope and expiry. The token itself is not kept, so printing this never shows it.
public struct AccessTokenInfo: Decodable, Hashable, Sendable {
    /// The network-wide account the token acts for.
    public var accountID: Int?
    /// When the token stops working; nil for a `no_expiry` token.
    public var expiresOnDate: Date?
    /// The scopes granted, e.g. `["read_inbox", "no_expiry"]`.
    public var scope: [String]

    /// A token description as the API gives it.
    public init(accountID: Int? = nil, expiresOnDate: Date? = nil, scope: [String] = []) {
        self.accountID = accountID
        self.expiresOnDate = expiresOnDate
        self.scope = scope
    }

    enum CodingKeys: String, CodingKey {
        case accountID = "account_id", expiresOnDate = "expires_on_date", scope
    }

    /// Decodes the API's JSON: a unix-second expiry, an absent scope as none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accountID = try c.decodeIDIfPresent(forKey: .accountID)
        expiresOnDate = try c.decodeUnixDateIfPresent(forKey: .expiresOnDate)
        scope = try c.decode([String].self, forKey: .scope, default: [])
    }
}
