import Foundation
import StackAPI
import StackDump

/// The realtime socket's messages as Stack Exchange writes them, built from the dumps' questions.
enum LiveFeed {
    /// The topic of activity on questions across the network.
    static let topic = "155-questions-active"
    /// A heartbeat.
    static let heartbeat = #"{"action":"hb","data":"hb"}"#

    /// The message saying `question` of `site` changed now (title and names HTML-escaped as the feed sends them);
    /// `id` and `tags` replace the question's own when given (a "new" question).
    static func activity(_ question: DumpPost, of site: SiteData, id: Int? = nil, tags: [String]? = nil,
                         now: Date = Date()) -> String {
        let id = id ?? question.id
        let title = question.title ?? "untitled"
        let owner = ItemFactory(site: site, style: ItemStyle()).owner(id: question.ownerUserID, fallbackName: question.ownerDisplayName)
        let summary = String(PostText.searchableText(question.body).prefix(200))
        var inner: [String: Any] = [
            "siteBaseHostAddress": site.host, "id": id, "titleEncodedFancy": HTMLEntities.escape(title),
            "bodySummary": HTMLEntities.escape(summary), "tags": tags ?? question.tags,
            "lastActivityDate": Int(now.timeIntervalSince1970),
            "url": "https://\(site.host)/questions/\(id)/\(PostText.slug(title))",
            "ownerDisplayName": owner.displayName, "apiSiteParameter": site.name,
        ]
        if let link = owner.link { inner["ownerUrl"] = link }
        return message(inner: json(inner))
    }

    /// An activity message of a made-up question of another site (the flood).
    static func otherSite(number: Int, now: Date = Date()) -> String {
        let site = ["stackoverflow", "superuser", "askubuntu", "math"][number % 4]
        let inner: [String: Any] = [
            "siteBaseHostAddress": "\(site).com", "id": 1_000_000 + number, "titleEncodedFancy": "Flood question \(number)",
            "bodySummary": String(repeating: "lorem ipsum ", count: 40), "tags": ["flood", "noise"],
            "lastActivityDate": Int(now.timeIntervalSince1970), "url": "https://\(site).com/questions/\(number)/flood",
            "ownerDisplayName": "flooder", "apiSiteParameter": site,
        ]
        return message(inner: json(inner))
    }

    /// `{"action": topic, "data": inner}`: the inner object travels as a string.
    static func message(inner: String) -> String {
        json(["action": topic, "data": inner])
    }

    private static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
