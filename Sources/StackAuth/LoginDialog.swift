import Foundation

/// The address of Stack Exchange's OAuth 2.0 implicit-flow dialog, the page `stackterm login` opens in a browser.
///
/// `https://stackoverflow.com/oauth/dialog?client_id=ID&scope=read_inbox%20write_access%20no_expiry%20private_info`
/// `&redirect_uri=https%3A%2F%2Fstackexchange.com%2Foauth%2Flogin_success`: the browser lands on the redirect with
/// `#access_token=…` once the user approves, and `LoginPaste` reads what the user copies from there.
public struct LoginDialog: Sendable, Equatable {
    /// Stack Exchange's own dialog, used unless the `auth_url` setting names another.
    public static let defaultBase = URL(string: "https://stackoverflow.com/oauth/dialog")!
    /// The scopes asked for: the inbox, writes (votes, answers, comments), a token that does not expire, and `/me`'s
    /// private fields.
    public static let scopes = ["read_inbox", "write_access", "no_expiry", "private_info"]
    /// Where a desktop program's dialog sends the browser (the application must allow the desktop redirect).
    public static let redirectURI = "https://stackexchange.com/oauth/login_success"

    /// The dialog's address without its parameters.
    public let base: URL
    /// The Stack Apps application's Client Id.
    public let clientID: String

    /// A dialog for `clientID` at `base`, or why one of them cannot be used.
    public init(clientID: String, base: URL = LoginDialog.defaultBase) throws(LoginDialogError) {
        let id = clientID.trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty else { throw .missingClientID }
        guard id.utf8.count <= 64, id.unicodeScalars.allSatisfy(Self.clientIDCharacters.contains) else {
            throw .badClientID
        }
        try Self.check(base)
        self.base = base
        self.clientID = id
    }

    /// A dialog at the address a setting gives as text (`auth_url`, `--auth-url`).
    public init(clientID: String, baseText: String) throws(LoginDialogError) {
        let text = baseText.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .badBase(text, reason: "is empty") }
        guard let url = URL(string: text) else { throw .badBase(text, reason: "is not an address") }
        try self.init(clientID: clientID, base: url)
    }

    /// The full address to open: `base` with `client_id`, `scope` and `redirect_uri`, each percent-encoded.
    public var url: URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        let ours = [("client_id", clientID), ("scope", Self.scopes.joined(separator: " ")), ("redirect_uri", Self.redirectURI)]
            .map { "\($0)=\(Self.encode($1))" }
        let kept = components.percentEncodedQuery.flatMap { $0.isEmpty ? nil : [$0] } ?? []
        components.percentEncodedQuery = (kept + ours).joined(separator: "&")
        return components.url!
    }

    private static let clientIDCharacters = CharacterSet(charactersIn: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_")
    private static let unreserved = CharacterSet(charactersIn: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-._~")

    /// RFC 3986 encoding: all but unreserved characters as `%XX` (a space is `%20`, `/` and `:` are encoded too).
    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    private static func check(_ base: URL) throws(LoginDialogError) {
        let text = base.absoluteString
        guard let components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw .badBase(text, reason: "is not an address")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw .badBase(text, reason: "must start with https:// (or http:// for a local test server)")
        }
        guard let host = components.host, !host.isEmpty else { throw .badBase(text, reason: "has no host name") }
        guard components.fragment == nil else { throw .badBase(text, reason: "must not have a #fragment") }
        guard components.user == nil, components.password == nil else {
            throw .badBase(text, reason: "must not carry a user name or password")
        }
    }
}

/// Why the login dialog's address cannot be made.
public enum LoginDialogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No Client Id configured (`client_id`, `--client-id`, `STACKTERM_CLIENT_ID`).
    case missingClientID
    /// A Client Id with characters no Client Id has.
    case badClientID
    /// The dialog's address (`auth_url`, `--auth-url`) as given, and what is wrong with it.
    case badBase(String, reason: String)

    /// The problem in plain words.
    public var message: String {
        switch self {
        case .missingClientID:
            return "no client_id is set: logging in needs a Stack Apps application's Client Id"
        case .badClientID:
            return "client_id must be the Client Id Stack Apps shows for the application (a number such as 12345)"
        case .badBase(let text, let reason):
            return "auth_url \"\(ShownText.clean(text))\" \(reason)"
        }
    }

    /// The same as `message`.
    public var description: String { message }
}
