import Foundation

/// What one socket message says about a question: enough to show it as a row without asking the API.
///
/// Every text is entity-decoded once, stripped of control characters and bounded in length; the site name holds
/// only the characters an API site parameter has (`a-z`, `0-9`, `.`, `-`).
public struct LiveActivity: Decodable, Sendable, Hashable, Identifiable {
    public var id: Int { questionID }
    /// The API site parameter (`apiSiteParameter`), e.g. `cardano`.
    public var site: String
    /// The question id on its site (`id`).
    public var questionID: Int
    /// The title (`titleEncodedFancy`), decoded once; never empty.
    public var title: String
    /// Tags, decoded; empty ones dropped, at most `LiveActivity.maximumTags`.
    public var tags: [String]
    /// When the question last changed; nil when absent or implausible.
    public var lastActivityDate: Date?
    /// The asker's display name (`ownerDisplayName`), decoded once.
    public var ownerDisplayName: String?
    /// The question's address (`url`), only when it is an http(s) one.
    public var url: String?
    /// A plain-text excerpt of the body (`bodySummary`), decoded once.
    public var bodySummary: String?

    /// The most tags kept (questions carry at most five).
    public static let maximumTags = 8
    /// The most characters kept of a title, tag, name or url.
    public static let maximumTextLength = 512
    /// The most characters kept of a body summary.
    public static let maximumSummaryLength = 1_024

    /// Creates an activity from values already clean (tests and the double).
    public init(site: String, questionID: Int, title: String, tags: [String] = [], lastActivityDate: Date? = nil,
                ownerDisplayName: String? = nil, url: String? = nil, bodySummary: String? = nil) {
        self.site = site
        self.questionID = questionID
        self.title = title
        self.tags = tags
        self.lastActivityDate = lastActivityDate
        self.ownerDisplayName = ownerDisplayName
        self.url = url
        self.bodySummary = bodySummary
    }

    private enum CodingKeys: String, CodingKey {
        case site = "apiSiteParameter", questionID = "id", title = "titleEncodedFancy", tags, lastActivityDate
        case ownerDisplayName, url, bodySummary
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let site = try container.decode(String.self, forKey: .site)
        guard LiveText.isSiteParameter(site) else {
            throw DecodingError.dataCorruptedError(forKey: .site, in: container, debugDescription: "not a site parameter")
        }
        self.site = site
        guard let questionID = try container.decodeIDIfPresent(forKey: .questionID) else {
            throw DecodingError.dataCorruptedError(forKey: .questionID, in: container, debugDescription: "no question id")
        }
        self.questionID = questionID
        title = LiveText.clean(try container.decodeEscaped(forKey: .title), limit: Self.maximumTextLength)
        guard !title.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .title, in: container, debugDescription: "empty title")
        }
        tags = Array(try container.decodeEscapedTags(forKey: .tags).lazy
            .map { LiveText.clean($0, limit: Self.maximumTextLength) }.filter { !$0.isEmpty }.prefix(Self.maximumTags))
        lastActivityDate = try container.decodeUnixDateIfPresent(forKey: .lastActivityDate)
        ownerDisplayName = try container.decodeEscapedIfPresent(forKey: .ownerDisplayName)
            .map { LiveText.clean($0, limit: Self.maximumTextLength) }.flatMap { $0.isEmpty ? nil : $0 }
        url = try container.decodeIfPresent(String.self, forKey: .url).flatMap(LiveText.webAddress)
        bodySummary = try container.decodeEscapedIfPresent(forKey: .bodySummary)
            .map { LiveText.clean($0, limit: Self.maximumSummaryLength) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the question carries every one of `tags` (all of them, as a tag-filtered list asks).
    public func carries(allOf tags: [String]) -> Bool {
        tags.allSatisfy { wanted in self.tags.contains { $0.caseInsensitiveCompare(wanted) == .orderedSame } }
    }
}

/// The text rules of socket messages: no control characters, bounded lengths, plausible names and addresses.
enum LiveText {
    /// `text` without C0/C1 controls, DEL, bidi embeddings/overrides/isolates and direction marks (the scalars
    /// the renderer's `TerminalSafety` removes), whitespace runs folded to one space, trimmed, at most `limit`
    /// Unicode scalars.
    static func clean(_ text: String, limit: Int) -> String {
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        var count = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20:
                pendingSpace = !output.isEmpty
            case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue
            default:
                // The space before a scalar counts too: both must fit.
                guard count + (pendingSpace ? 2 : 1) <= limit else { return String(output) }
                if pendingSpace { output.append(" "); count += 1; pendingSpace = false }
                output.append(scalar)
                count += 1
            }
        }
        return String(output)
    }

    /// Whether `name` can be an API site parameter: 1–64 of `a-z`, `0-9`, `.`, `-`.
    static func isSiteParameter(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
    }

    /// `address` when it is an http(s) URL of printable ASCII without spaces and at most 512 bytes, else nil.
    static func webAddress(_ address: String) -> String? {
        guard address.utf8.count <= LiveActivity.maximumTextLength,
              address.hasPrefix("https://") || address.hasPrefix("http://"),
              address.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return address
    }
}
