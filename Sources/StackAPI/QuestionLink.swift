import Foundation

/// A link to a question or an answer on any Stack Exchange site, read from a URL such as
/// `https://unix.stackexchange.com/questions/12/title/34#34`, `https://stackoverflow.com/q/12` or
/// `https://math.stackexchange.com/a/34/567`.
public struct QuestionLink: Hashable, Sendable {
    /// The site's API parameter, e.g. `stackoverflow`, `unix`, `math.meta`, `mathoverflow.net`.
    public var site: String
    /// The question, when the link names it (an `/a/ID` link names only the answer).
    public var questionID: Int?
    public var answerID: Int?

    public init(site: String, questionID: Int?, answerID: Int?) {
        self.site = site
        self.questionID = questionID
        self.answerID = answerID
    }

    /// Reads `text`; nil unless it is an http(s) URL whose path is `/questions/ID…`, `/q/ID…` or `/a/ID…`.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host?.lowercased(), !host.isEmpty,
              let site = Self.siteParameter(forHost: host) else { return nil }
        let parts = components.path.split(separator: "/").map(String.init)
        guard parts.count >= 2, let id = Self.identifier(parts[1]) else { return nil }
        switch parts[0] {
        case "questions":
            // /questions/ID/slug/ANSWER_ID (the answer's own link), or #ANSWER_ID after a question's link
            let answer = (parts.count >= 4 ? Self.identifier(parts[3]) : nil) ?? components.fragment.flatMap(Self.identifier)
            self.init(site: site, questionID: id, answerID: answer)
        case "q":
            self.init(site: site, questionID: id, answerID: nil)
        case "a":
            self.init(site: site, questionID: nil, answerID: id)
        default:
            return nil
        }
    }

    /// The API parameter of the site at `host`: `stackoverflow.com` → `stackoverflow`,
    /// `unix.stackexchange.com` → `unix`, `math.meta.stackexchange.com` → `math.meta`,
    /// `meta.stackoverflow.com` → `meta.stackoverflow`; a host outside `.com` keeps its name
    /// (`mathoverflow.net`, as the API names it). Nil for a host that cannot be a site name.
    public static func siteParameter(forHost host: String) -> String? {
        var name = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        if name.hasSuffix(".stackexchange.com") {
            name.removeLast(".stackexchange.com".count)
        } else if name == "stackexchange.com" {
            return nil
        } else if name.hasSuffix(".com") {
            name.removeLast(".com".count)
        }
        let allowed = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
        return allowed && !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix(".") ? name : nil
    }

    /// A positive id of at most 12 digits (no sign, no spaces); nil otherwise.
    private static func identifier(_ text: String) -> Int? {
        guard (1...12).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value > 0 else { return nil }
        return value
    }
}
