import Foundation

/// Who is logged in, as `/me` named them at login, kept beside the token so `stackterm whoami` answers offline.
public struct LoggedInUser: Sendable, Equatable, Codable {
    /// The user's display name (control characters removed).
    public var displayName: String
    /// The API parameter of the site `/me` was asked on, e.g. `stackoverflow`.
    public var site: String
    /// The user's id on `site`.
    public var userID: Int
    /// The network-wide account id, when known.
    public var accountID: Int?

    /// A user as `/me` describes them.
    public init(displayName: String, site: String, userID: Int, accountID: Int? = nil) {
        self.displayName = displayName
        self.site = site
        self.userID = userID
        self.accountID = accountID
    }
}

/// What the token file holds: the token and, when known, whom it belongs to. Printing it never shows the token.
public struct StoredLogin: Sendable, Equatable {
    /// The access token.
    public var token: AccessToken
    /// Whom it belongs to; nil until `/me` has answered.
    public var user: LoggedInUser?

    /// A login of `token`, belonging to `user` when known.
    public init(token: AccessToken, user: LoggedInUser? = nil) {
        self.token = token
        self.user = user
    }
}

/// The token file's text: `key=value` lines, `#` comments, unknown keys ignored (a later version may add some).
public enum StoredLoginFormat {
    /// The first line, telling whoever opens the file what it is.
    static let header = "# stackterm's login (stackterm login / logout). The access token below is a secret: do not share this file."

    /// The file's text for `login`.
    public static func encode(_ login: StoredLogin) -> String {
        var lines = [header, "token=\(login.token.revealedForRequest)"]
        if let expires = login.token.expires { lines.append("expires=\(Int64(expires.timeIntervalSince1970.rounded(.down)))") }
        if let user = login.user {
            lines.append("display_name=\(ShownText.clean(user.displayName))")
            lines.append("site=\(ShownText.clean(user.site, limit: 100))")
            lines.append("user_id=\(user.userID)")
            if let account = user.accountID { lines.append("account_id=\(account)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The login in `data`, or why it cannot be read: a reason that never quotes the token.
    public static func decode(_ data: Data) -> Result<StoredLogin, DecodeProblem> {
        guard let text = String(data: data, encoding: .utf8) else { return .failure(.init("it is not UTF-8 text")) }
        var values: [String: String] = [:]
        // `\r\n` is one Character, a line break like `\n`.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                return .failure(.init("line \(index + 1) is not key=value"))
            }
            let key = String(line[..<equals]).trimmingCharacters(in: .whitespaces)
            if values[key] == nil { values[key] = String(line[line.index(after: equals)...]) }
        }
        guard let secret = values["token"] else { return .failure(.init("it has no token line")) }
        var expires: Date?
        if let text = values["expires"] {
            guard let seconds = Int64(text.trimmingCharacters(in: .whitespaces)) else {
                return .failure(.init("its expires is not a number of seconds"))
            }
            expires = Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        let token: AccessToken
        do {
            token = try AccessToken(secret, expires: expires)
        } catch {
            return .failure(.init(error.message))
        }
        return .success(StoredLogin(token: token, user: user(values)))
    }

    /// The user when all of `display_name`, `site` and `user_id` are there and readable; nil otherwise.
    private static func user(_ values: [String: String]) -> LoggedInUser? {
        guard let name = values["display_name"], let site = values["site"], let id = values["user_id"].flatMap({ Int($0) }) else {
            return nil
        }
        return LoggedInUser(displayName: ShownText.clean(name), site: ShownText.clean(site, limit: 100), userID: id,
                            accountID: values["account_id"].flatMap { Int($0) })
    }

    /// Why the text is not a login.
    public struct DecodeProblem: Error, Equatable {
        /// The reason, in words.
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
