/// A link that may be handed to a browser (`o`) or put on the clipboard (`y`, OSC 52): an `http` or `https`
/// URL with a host, written in printable ASCII only.
///
/// Links come from the network, so `check(_:)` is the one gate they pass. It refuses, naming the reason, a link
/// holding a C0 or C1 control character or DEL (ESC, and so `ESC [ 201 ~`, the end of a bracketed paste; newlines),
/// white space of any kind (U+0020, no-break spaces, U+2028/2029…), or a bidirectional control (U+061C, U+200E/F,
/// U+202A–U+202E, U+2066–U+2069); then a scheme other than `http`/`https`, a missing host, a user name before the
/// host (`https://good.example@evil.example/`), a host that is not an ASCII DNS name or a bracketed IPv6 address,
/// a port outside 1–65535, or more than `maximumLength` characters once encoded.
///
/// Internationalized host names are refused, not converted: Foundation on Linux has no IDNA, Stack Exchange hosts
/// are ASCII, and a Unicode host is the usual look-alike trick. A host already in punycode (`xn--…`) is ASCII
/// and passes.
///
/// What passes is normalised: scheme and host lower-cased, and in the path, query and fragment every character
/// outside RFC 3986's unreserved and reserved sets percent-encoded as UTF-8 — non-ASCII text, `"`, `<`, `>`, `\`,
/// `^`, `` ` ``, `{`, `|`, `}`, `[`, `]`, a `%` that does not start an escape, a second `#`. Invariant: `url` is
/// U+0021–U+007E only and holds none of those, so no terminal can read it as a control and no shell splits it.
/// The URL characters a shell also uses (`;`, `&`, `$`, `(`, `)`, `'`, `!`, `*`) are kept: the browser gets the
/// link as one argument without a shell, and a pasted link cannot run anything without a newline.
public struct SafeLink: Hashable, Sendable {
    /// The normalised, percent-encoded link.
    public let url: String

    /// The longest link accepted (after encoding); Stack Exchange links are about a tenth of it.
    public static let maximumLength = 2048

    /// Why a link was refused; `description` completes "Not opened: …" or "Not copied: …".
    public enum Rejection: Error, Hashable, Sendable, CustomStringConvertible {
        /// A C0 control (ESC, newline, tab, NUL…), DEL or a C1 control (U+0080–U+009F).
        case controlCharacter
        /// Any character Unicode calls white space, ASCII space included.
        case whitespace
        /// U+061C, U+200E, U+200F, U+202A–U+202E or U+2066–U+2069, which reorder what the user sees.
        case bidiControl
        /// Not `http:` or `https:` (`javascript:`, `file:`, no scheme at all).
        case unsupportedScheme
        /// Nothing between `//` and the path, or no `//`.
        case missingHost
        /// `user@` or `user:password@` before the host.
        case userInfo
        /// A host with characters other than letters, digits, `-`, `_` and dots, or an empty label.
        case invalidHost
        /// A host with non-ASCII characters.
        case internationalHost
        /// A port that is empty, not decimal, or outside 1–65535.
        case invalidPort
        /// Longer than `SafeLink.maximumLength` once encoded.
        case tooLong

        /// The reason as the end of a status-line sentence.
        public var description: String {
            switch self {
            case .controlCharacter: "the link contains a control character"
            case .whitespace: "the link contains white space"
            case .bidiControl: "the link contains a bidirectional text control"
            case .unsupportedScheme: "the link is not an http or https address"
            case .missingHost: "the link has no host"
            case .userInfo: "the link names a user before its host"
            case .invalidHost: "the link's host is not a plain host name"
            case .internationalHost: "the link's host is not ASCII (internationalized domain names are refused)"
            case .invalidPort: "the link's port is not a number from 1 to 65535"
            case .tooLong: "the link is longer than \(SafeLink.maximumLength) characters"
            }
        }
    }

    private init(url: String) {
        self.url = url
    }

    /// `text` checked and normalised, or the first reason to refuse it (see the type's summary).
    public static func check(_ text: String) -> Result<SafeLink, Rejection> {
        if let rejection = forbiddenCharacter(in: text) { return .failure(rejection) }
        guard let colon = text.firstIndex(of: ":") else { return .failure(.unsupportedScheme) }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return .failure(.unsupportedScheme) }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { return .failure(.missingHost) }
        let authorityStart = afterScheme.index(afterScheme.startIndex, offsetBy: 2)
        let authorityEnd = afterScheme[authorityStart...].firstIndex { "/?#".contains($0) } ?? afterScheme.endIndex
        let authority: Result<String, Rejection> = normalisedAuthority(afterScheme[authorityStart..<authorityEnd])
        switch authority {
        case .failure(let rejection):
            return .failure(rejection)
        case .success(let authority):
            let url = scheme + "://" + authority + encodedRest(afterScheme[authorityEnd...])
            guard url.utf8.count <= maximumLength else { return .failure(.tooLong) }
            return .success(SafeLink(url: url))
        }
    }

    // MARK: Characters refused anywhere

    private static func forbiddenCharacter(in text: String) -> Rejection? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F: return .controlCharacter
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return .bidiControl
            default: if scalar.properties.isWhitespace { return .whitespace }
            }
        }
        return nil
    }

    // MARK: Authority

    /// `host[:port]` lower-cased, or why it is refused.
    private static func normalisedAuthority(_ authority: Substring) -> Result<String, Rejection> {
        guard !authority.isEmpty else { return .failure(.missingHost) }
        guard !authority.contains("@") else { return .failure(.userInfo) }
        guard authority.unicodeScalars.allSatisfy(\.isASCII) else { return .failure(.internationalHost) }
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .failure(.invalidHost) }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return .failure(.invalidHost) }
            port = rest.isEmpty ? nil : rest.dropFirst()
            guard isIPv6Literal(host.dropFirst().dropLast()) else { return .failure(.invalidHost) }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            port = parts.count > 1 ? parts[1] : nil
            guard !host.isEmpty else { return .failure(.missingHost) }
            guard isHostName(host) else { return .failure(.invalidHost) }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit), let number = Int(port),
                  (1...65_535).contains(number) else { return .failure(.invalidPort) }
        }
        return .success(String(host).lowercased() + (port.map { ":" + $0 } ?? ""))
    }

    /// Dot-separated labels of letters, digits, `-` and `_`; a trailing dot (the root) is allowed.
    private static func isHostName(_ host: Substring) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "_" }
        }
    }

    /// Hex digits, colons and dots (an embedded IPv4 tail), with at least one colon.
    private static func isIPv6Literal(_ text: Substring) -> Bool {
        text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    // MARK: Path, query, fragment

    /// RFC 3986 unreserved and reserved characters that stay as they are outside the authority (`%` and `#`
    /// are decided by position; `[` and `]` belong to hosts only).
    private static let keptASCII = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?@!$&'()*+,;=".utf8)

    private static func encodedRest(_ rest: Substring) -> String {
        let bytes = Array(rest.utf8)
        var output = ""
        var seenFragment = false
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "#") where !seenFragment:
                seenFragment = true
                output.append("#")
            case UInt8(ascii: "%") where index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2]):
                output.append("%")
            case _ where keptASCII.contains(byte):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output.append(percentEncoded(byte))
            }
        }
        return output
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        Character(Unicode.Scalar(byte)).isHexDigit
    }

    private static func percentEncoded(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
