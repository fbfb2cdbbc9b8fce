import Foundation

/// Reads what a user pastes at `stackterm login`'s prompt: the address the browser landed on after approving
/// (`https://stackexchange.com/oauth/login_success#access_token=…&expires=86400`), its `#…` part alone, or the
/// bare token.
///
/// Whitespace, quotes, angle brackets and a bracketed paste's `ESC[200~` / `ESC[201~` around the text are dropped.
/// The token is percent-decoded from an address (real tokens hold `(`, `)`, `*`, `.`) and taken as typed otherwise.
public enum LoginPaste {
    /// The longest paste read at all; anything longer is refused unread.
    public static let maximumInputLength = 8 * 1024
    /// The longest `expires` believed: ten years, in seconds.
    public static let maximumExpirySeconds = 10 * 366 * 86_400

    /// The token in `input`, expiring `expires` seconds after `now` when the address says so; or why there is none.
    public static func parse(_ input: String, now: Date = Date()) -> Result<AccessToken, LoginPasteError> {
        guard input.utf8.count <= maximumInputLength else { return .failure(.tooLong) }
        let text = trimmed(input)
        guard !text.isEmpty else { return .failure(.empty) }
        if text.contains("://") { return fromAddress(text, now: now) }
        guard let mark = text.firstIndex(where: { $0 == "#" || $0 == "?" }) else {
            return looksLikeParameters(text) ? fromParameters(text, now: now) : fromBareToken(text)
        }
        // `stackexchange.com/oauth/login_success#…` without its scheme, or `#access_token=…` alone.
        return mark == text.startIndex
            ? fromParameters(String(text.dropFirst()), now: now) : fromAddress("https://" + text, now: now)
    }

    /// The parameters the redirect carries, which no token starts with.
    private static let parameterNames = ["access_token", "expires", "error", "error_description", "state", "scope"]

    /// True for `access_token=…&expires=…` and the like, pasted without the address before them.
    private static func looksLikeParameters(_ text: String) -> Bool {
        guard let equals = text.firstIndex(of: "=") else { return false }
        return parameterNames.contains(text[..<equals].lowercased())
    }

    private static func fromBareToken(_ text: String) -> Result<AccessToken, LoginPasteError> {
        do {
            return .success(try AccessToken(text))
        } catch {
            return .failure(.malformedToken(error))
        }
    }

    private static func fromAddress(_ text: String, now: Date) -> Result<AccessToken, LoginPasteError> {
        // Split by hand, so that the parameters are read exactly as pasted (no lenient re-encoding).
        let (beforeFragment, fragment) = split(text, at: "#")
        let (address, query) = split(beforeFragment, at: "?")
        guard let components = URLComponents(string: address), let scheme = components.scheme?.lowercased() else {
            return .failure(.notAnAddress)
        }
        let host = (components.host ?? "").lowercased()
        let path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        guard scheme == "https" || scheme == "http", ["stackexchange.com", "www.stackexchange.com"].contains(host),
              path == "/oauth/login_success" else {
            let shown = ShownText.clean("\(host)\(components.path)", limit: 100)
            return .failure(path.hasSuffix("/oauth/dialog") ? .dialogAddress : .wrongAddress(shown))
        }
        // The implicit flow answers in the fragment; an error may come in the query instead.
        let parameters = [fragment, query].filter { !$0.isEmpty }.joined(separator: "&")
        return fromParameters(parameters, now: now)
    }

    /// The text before the first `mark` and the text after it ("" when there is none).
    private static func split(_ text: String, at mark: Character) -> (String, String) {
        guard let index = text.firstIndex(of: mark) else { return (text, "") }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }

    private static func fromParameters(_ text: String, now: Date) -> Result<AccessToken, LoginPasteError> {
        var values: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).lowercased()
            guard values[name] == nil else { continue }
            values[name] = parts.count > 1 ? String(parts[1]) : ""
        }
        if let error = values["error"] {
            let description = values["error_description"].map(decodedForm) ?? ""
            let code = ShownText.clean(decodedForm(error), limit: 60)
            return .failure(code == "access_denied" ? .declined(ShownText.clean(description))
                : .refused(code, ShownText.clean(description)))
        }
        guard let raw = values["access_token"], !raw.isEmpty else { return .failure(.noAccessToken) }
        guard let value = raw.removingPercentEncoding else { return .failure(.damagedAddress) }
        var expires: Date?
        if let seconds = values["expires"] {
            guard let count = Int(seconds), (1...maximumExpirySeconds).contains(count) else {
                return .failure(.badExpiry)
            }
            expires = now.addingTimeInterval(TimeInterval(count))
        }
        do {
            return .success(try AccessToken(value, expires: expires))
        } catch {
            return .failure(.malformedToken(error))
        }
    }

    /// A form value: `+` is a space, then percent-decoding (left as it was when it does not decode).
    private static func decodedForm(_ value: String) -> String {
        let spaced = value.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// `input` without the whitespace, quotes, angle brackets and bracketed-paste markers around it.
    static func trimmed(_ input: String) -> String {
        var text = Substring(input)
        let markers = ["[200~", "[201~"]
        let wrappers: Set<Character> = ["\"", "'", "`", "<", ">", "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}"]
        while true {
            let before = text
            text = text.drop(while: isBlank)
            while let last = text.last, isBlank(last) { text = text.dropLast() }
            for marker in markers {
                if text.hasPrefix(marker) { text = text.dropFirst(marker.count) }
                if text.hasSuffix(marker) { text = text.dropLast(marker.count) }
            }
            text = text.drop(while: wrappers.contains)
            while let last = text.last, wrappers.contains(last) { text = text.dropLast() }
            if text == before { return String(text) }
        }
    }

    /// Whitespace or a control character (a bracketed-paste marker's escape goes first, then its `[200~`).
    private static func isBlank(_ character: Character) -> Bool {
        character.isWhitespace || character.unicodeScalars.allSatisfy { $0.value < 0x20 || $0.value == 0x7F }
    }
}
