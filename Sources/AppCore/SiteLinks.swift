import StackAPI

/// Links to questions and answers on their site, as the site itself writes them.
public enum SiteLinks {
    /// The host of an API site parameter: `stackoverflow` → `stackoverflow.com`, `cardano` → `cardano.stackexchange.com`.
    public static func host(for site: String) -> String { SiteHost.host(for: site) }

    /// The question's own link when it names this question on `site` (the API's, with its title's slug), else
    /// `https://HOST/q/ID`: a link from a response is never trusted for its host (a live message's `url` on another
    /// host would otherwise be what `o` opens and `y` copies).
    public static func question(_ question: Question, site: String) -> String {
        guard let link = question.link, let named = QuestionLink(link), named.site == site,
              named.questionID == question.questionID, named.answerID == nil else {
            return self.question(id: question.questionID, site: site)
        }
        return link
    }

    /// `https://HOST/q/ID`.
    public static func question(id: Int, site: String) -> String {
        "https://\(host(for: site))/q/\(id)"
    }

    /// The answer's own link when it names this answer on `site`, else `https://HOST/a/ID` (as for questions).
    public static func answer(_ answer: Answer, site: String) -> String {
        guard let link = answer.link, let named = QuestionLink(link), named.site == site, named.answerID == answer.answerID
        else { return "https://\(host(for: site))/a/\(answer.answerID)" }
        return link
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
