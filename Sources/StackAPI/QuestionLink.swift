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
    /// `meta.stackoverflow.com` → `meta.stackoverflow`, `ru.stackoverflow.com` → `ru.stackoverflow`; of the hosts
    /// outside `.com` only `mathoverflow.net` and its meta (named as the API names them). Nil for a host that cannot
    /// be a site: another domain, or one that only starts like a site (`cardano.stackexchange.com.evil.example`).
    public static func siteParameter(forHost host: String) -> String? {
        let name = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        if name == "mathoverflow.net" || name == "meta.mathoverflow.net" { return name }
        let labels: [Substring]
        if name.hasSuffix(".stackexchange.com") {
            // `unix`, or a site's meta: `math.meta`.
            labels = name.dropLast(".stackexchange.com".count).split(separator: ".", omittingEmptySubsequences: false)
            guard labels.count == 1 || (labels.count == 2 && labels[1] == "meta") else { return nil }
        } else if name.hasSuffix(".com") {
            // `superuser`, `meta.superuser`, Stack Overflow in another language (`ru.stackoverflow`) and its meta
            // (`ru.meta.stackoverflow`).
            labels = name.dropLast(".com".count).split(separator: ".", omittingEmptySubsequences: false)
            let shapes = labels.count == 1 || (labels.count == 2 && (labels[0] == "meta" || labels[1] == "stackoverflow"))
                || (labels.count == 3 && labels[1] == "meta" && labels[2] == "stackoverflow")
            guard shapes else { return nil }
        } else {
            return nil
        }
        let reserved: Set<Substring> = ["stackexchange", "com", "net", "www"]
        guard labels.allSatisfy({ label in
            !label.isEmpty && !reserved.contains(label)
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }) else { return nil }
        return labels.joined(separator: ".")
    }

    /// A positive id of at most 12 digits (no sign, no spaces); nil otherwise.
    private static func identifier(_ text: String) -> Int? {
        guard (1...12).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value > 0 else { return nil }
        return value
    }
}
