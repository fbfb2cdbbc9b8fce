import Foundation
import StackAPI
import TextEngine

/// One inbox item as a line of `stackterm print --inbox`: plain text or a JSON object.
public enum InboxLine {
    /// `*  site  kind  title  link` (`*` for unread, `-` read), every field cleaned for one terminal line.
    public static func plain(_ item: InboxItem) -> String {
        let site = item.site?.apiSiteParameter ?? "-"
        let title = item.title.isEmpty ? "(no title)" : QuestionLine.cleanLine(item.title)
        let link = item.link.map(QuestionLine.cleanLine) ?? "-"
        return "\(item.isUnread ? "*" : "-")  \(QuestionLine.cleanLine(site))  \(QuestionLine.cleanLine(item.kindWords))  \(title)  \(link)"
    }

    /// A JSON object on one line: type, site, title, is_unread, question_id, answer_id, comment_id, link,
    /// creation_date (ISO 8601), body; every key on every line (`null` when the API sent none). Lossless.
    public static func json(_ item: InboxItem) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(InboxRecord(item)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The fields `--inbox --json` prints for an item.
struct InboxRecord: Encodable {
    let item: InboxItem

    init(_ item: InboxItem) {
        self.item = item
    }

    enum CodingKeys: String, CodingKey {
        case type, site, title, isUnread = "is_unread", questionID = "question_id", answerID = "answer_id"
        case commentID = "comment_id", link, creationDate = "creation_date", body
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item.itemType, forKey: .type)
        try container.encode(item.site?.apiSiteParameter, forKey: .site)
        try container.encode(item.title, forKey: .title)
        try container.encode(item.isUnread, forKey: .isUnread)
        try container.encode(item.questionID, forKey: .questionID)
        try container.encode(item.answerID, forKey: .answerID)
        try container.encode(item.commentID, forKey: .commentID)
        try container.encode(item.link, forKey: .link)
        try container.encode(item.creationDate.map { $0.formatted(.iso8601) }, forKey: .creationDate)
        try container.encode(item.body, forKey: .body)
    }
}
