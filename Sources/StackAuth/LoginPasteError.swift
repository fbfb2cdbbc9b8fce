/// Why a paste at the login prompt gave no token, in words for the person who pasted it. No message ever quotes
/// the token.
public enum LoginPasteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but whitespace or quotes.
    case empty
    /// Longer than `LoginPaste.maximumInputLength`.
    case tooLong
    /// Something with `://` that does not read as an address.
    case notAnAddress
    /// The login dialog's own address, pasted instead of the one the browser landed on.
    case dialogAddress
    /// An address other than `https://stackexchange.com/oauth/login_success`; its host and path, cleaned for display.
    case wrongAddress(String)
    /// The user pressed the dialog's "decline"; Stack Exchange's `error_description`, cleaned for display.
    case declined(String)
    /// Another `error` from the dialog: its code and description, cleaned for display.
    case refused(String, String)
    /// The right address with no `access_token` in it (often: copied without its `#…` part).
    case noAccessToken
    /// An `access_token` whose percent-encoding is broken (a `%` without two hexadecimal digits).
    case damagedAddress
    /// An `expires` that is not a sensible number of seconds.
    case badExpiry
    /// Characters that cannot be a token.
    case malformedToken(AccessTokenShapeError)

    /// The problem and what to do, in plain words.
    public var message: String {
        let landing = "https://stackexchange.com/oauth/login_success#access_token=…"
        switch self {
        case .empty:
            return "nothing was pasted: paste the address your browser shows after you approve stackterm (\(landing)), "
                + "or the token alone"
        case .tooLong:
            return "that is far too long to be a login address or a token"
        case .notAnAddress:
            return "that is not an address stackterm can read: paste the whole address from the browser's address bar"
        case .dialogAddress:
            return "that is the login dialog's own address: approve stackterm on that page, then paste the address "
                + "the browser lands on (\(landing))"
        case .wrongAddress(let shown):
            return "that address (\(shown)) is not where Stack Exchange sends the browser after logging in: paste the "
                + "one that starts with \(landing)"
        case .declined(let description):
            let said = description.isEmpty ? "" : " (Stack Exchange said: \(description))"
            return "you declined to let stackterm use your account\(said), so nobody is logged in; "
                + "run stackterm login again to approve it"
        case .refused(let code, let description):
            let said = description.isEmpty ? "" : ": \(description)"
            return "Stack Exchange refused the login (\(code)\(said))"
        case .noAccessToken:
            return "that address has no access_token in it: copy the whole address from the browser's address bar, "
                + "including everything after #"
        case .damagedAddress:
            return "that address's access_token is damaged (a % not followed by two hexadecimal digits): copy it again"
        case .badExpiry:
            return "that address's expires is not a number of seconds: copy the whole address again"
        case .malformedToken(let problem):
            return "\(problem.message): paste the whole address the browser landed on, or the token alone"
        }
    }

    /// The same as `message`.
    public var description: String { message }
}
