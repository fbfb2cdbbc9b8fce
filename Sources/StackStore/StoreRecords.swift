import Foundation
import GRDB
import StackAPI

/// A row of `Store.questionWithBody` or `Store.questionList`: a question with its origin, age and read mark (its
/// link made from the site's address when the row has none).
struct QuestionRecord: FetchableRecord {
    let stored: StoredQuestion

    init(row: Row) {
        let question = Question(
            questionID: StoreKey.id(row["id"]), title: row["title"], tags: PostWriter.splitTags(row["tags"]),
            owner: Store.owner(id: row["owner_id"], name: row["owner"]), isAnswered: row["is_answered"],
            viewCount: row["view_count"], answerCount: row["answer_count"], score: row["score"],
            acceptedAnswerID: row["accepted_answer_id"], creationDate: Store.date(row["created"]),
            lastActivityDate: Store.date(row["last_activity"]),
            link: row["link"] ?? SiteLinkBase(row).question(StoreKey.id(row["id"]), title: row["title"] ?? ""),
            body: row["body"],
            closedDate: Store.date(row["closed"]), closedReason: row["closed_reason"], commentCount: row["comment_count"],
            contentLicense: row["license"])
        let readAt: Int64? = row["read_at"]
        let mark = readAt.map {
            ReadMark(answerCount: row["read_answers"] ?? 0, lastActivity: Store.date(row["read_activity"]),
                     readAt: Date(timeIntervalSince1970: TimeInterval($0)))
        }
        stored = StoredQuestion(
            question: question, origin: StoreOrigin(rawValue: row["origin"]) ?? .network,
            fetchedAt: Store.date(row["fetched_at"]) ?? Date(timeIntervalSince1970: 0), readMark: mark)
    }
}

/// A row of `comment c` with its author's name as `owner` (the comment's own, else the user's): one comment.
struct CommentRecord: FetchableRecord {
    let comment: Comment

    init(row: Row) {
        comment = Comment(
            commentID: StoreKey.id(row["id"]), postID: StoreKey.id(row["post"]), score: row["score"],
            owner: Store.owner(id: row["owner_id"], name: row["owner"]), creationDate: Store.date(row["created"]),
            body: row["body"], edited: row["edited"], contentLicense: row["license"])
    }
}

/// A row of `read_mark`: the question's id on its site and when, and at what answer count, it was read.
struct ReadMarkRecord: FetchableRecord {
    let questionID: Int
    let mark: ReadMark

    init(row: Row) {
        questionID = StoreKey.id(row["question"])
        mark = ReadMark(answerCount: row["answer_count"] ?? 0, lastActivity: Store.date(row["last_activity"]),
                        readAt: Store.date(row["read_at"]) ?? Date(timeIntervalSince1970: 0))
    }
}
