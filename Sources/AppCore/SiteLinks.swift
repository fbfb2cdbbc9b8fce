import StackAPI

/// Links to questions and answers on their site, as the site itself writes them.
public enum SiteLinks {
    /// The host of an API site parameter: `stackoverflow` → `stackoverflow.com`, `cardano` → `cardano.stackexchange.com`.
    public static func host(for site: String) -> String { SiteHost.host(for: site) }

    /// The question's own link when the API gave one, else `https://HOST/q/ID`.
    public static func question(_ question: Question, site: String) -> String {
        question.link ?? self.question(id: question.questionID, site: site)
    }

    /// `https://HOST/q/ID`.
    public static func question(id: Int, site: String) -> String {
        "https://\(host(for: site))/q/\(id)"
    }

    /// The answer's own link when the API gave one, else `https://HOST/a/ID`.
    public static func answer(_ answer: Answer, site: String) -> String {
        answer.link ?? "https://\(host(for: site))/a/\(answer.answerID)"
    }
}

extension SiteLinks {
    /// `url` made absolute on `site`: `/questions/1` → `https://HOST/questions/1`, `//host/x` → `https://host/x`;
    /// anything else as it is.
    public static func absolute(_ url: String, site: String) -> String {
        if url.hasPrefix("//") { return "https:" + url }
        if url.hasPrefix("/") { return "https://\(host(for: site))" + url }
        return url
    }
}
