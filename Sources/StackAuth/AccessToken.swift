import Foundation

/// A Stack Exchange access token: a secret whose bytes never appear in `description`, `debugDescription`,
/// `dump`, `print` or string interpolation; only `revealedForRequest` gives them out, so a search for that name
/// finds every place they leave this type.
///
/// Its shape is checked on creation: 1 to `maximumLength` printable ASCII characters with no space. Real tokens
/// carry characters such as `(`, `)`, `*` and `.`, so nothing else is assumed about them.
public struct AccessToken: Sendable, Hashable {
    /// The longest token accepted (real ones are about 24 characters).
    public static let maximumLength = 512

    private let secret: String
    /// When the token stops working; nil for one that does not expire (the `no_expiry` scope).
    public let expires: Date?

    /// A token from its characters, or the reason they cannot be one (a reason that never quotes them).
    public init(_ value: String, expires: Date? = nil) throws(AccessTokenShapeError) {
        if let problem = AccessTokenShapeError.problem(with: value) { throw problem }
        secret = value
        self.expires = expires
    }

    /// The token's characters, for the one place they belong: a request's `access_token` parameter (or the token file).
    public var revealedForRequest: String { secret }

    /// The number of characters, which may be shown.
    public var length: Int { secret.unicodeScalars.count }

    /// True when `expires` is at or before `now`.
    public func isExpired(at now: Date) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    /// The same token with another expiry (e.g. what `/access-tokens/{token}` reported).
    public func expiring(_ date: Date?) -> AccessToken {
        AccessToken(unchecked: secret, expires: date)
    }

    private init(unchecked secret: String, expires: Date?) {
        self.secret = secret
        self.expires = expires
    }
}

extension AccessToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `AccessToken(…redacted, 24 characters)`, with `, expires 2025-01-31T12:00:00Z` when it expires.
    public var description: String {
        let expiry = expires.map { ", expires \(ISO8601DateFormatter().string(from: $0))" } ?? ""
        return "AccessToken(…redacted, \(length) characters\(expiry))"
    }

    /// The same as `description`: never the token.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the length and the expiry, never the token.
    public var customMirror: Mirror {
        Mirror(self, children: ["redacted": "\(length) characters", "expires": expires as Any], displayStyle: .struct)
    }
}

/// Why some characters cannot be an access token. Its message never quotes them.
public enum AccessTokenShapeError: Error, Equatable, Sendable {
    /// Nothing at all.
    case empty
    /// More than `AccessToken.maximumLength` characters.
    case tooLong(length: Int)
    /// A space, tab or line break inside.
    case containsWhitespace
    /// A control character (an escape, a NUL…) inside.
    case containsControlCharacter
    /// A character outside ASCII, which no token has.
    case containsNonASCII

    /// The problem with `value` as a token, or nil when it has a token's shape.
    public static func problem(with value: String) -> AccessTokenShapeError? {
        let scalars = value.unicodeScalars
        if scalars.isEmpty { return .empty }
        if scalars.count > AccessToken.maximumLength { return .tooLong(length: scalars.count) }
        if scalars.contains(where: { $0.properties.isWhitespace }) { return .containsWhitespace }
        if scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return .containsControlCharacter }
        if scalars.contains(where: { $0.value > 0x7E }) { return .containsNonASCII }
        return nil
    }

    /// The problem in plain words, e.g. `the token has a space in it`.
    public var message: String {
        switch self {
        case .empty: return "the token is empty"
        case .tooLong(let length):
            return "the token is \(length) characters long, more than a token can be (\(AccessToken.maximumLength))"
        case .containsWhitespace: return "the token has a space or a line break in it"
        case .containsControlCharacter: return "the token has a control character in it"
        case .containsNonASCII: return "the token has a character that is not plain ASCII, which no token has"
        }
    }
}
