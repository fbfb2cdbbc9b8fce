import Foundation
import StackAPI
import StackDump

/// Small model values for tests and benchmarks.
public enum Fixtures {
    /// A question as `/questions` returns it (no body unless given).
    public static func question(id: Int, title: String = "Question", score: Int = 1, answers: Int = 0, accepted: Int? = nil,
                                tags: [String] = ["swift"], created: Int = 1_600_000_000, body: String? = nil) -> Question {
        Question(questionID: id, title: title, tags: tags,
                 owner: ShallowUser(userID: 1, displayName: "Asker", reputation: 10, userType: "registered"),
                 isAnswered: answers > 0, viewCount: 10, answerCount: answers, score: score, acceptedAnswerID: accepted,
                 creationDate: Date(timeIntervalSince1970: TimeInterval(created)),
                 lastActivityDate: Date(timeIntervalSince1970: TimeInterval(created)),
                 link: "https://example.stackexchange.com/questions/\(id)", body: body)
    }

    /// An answer to `question` with a body.
    public static func answer(id: Int, question: Int, score: Int = 0, accepted: Bool = false, body: String = "<p>Answer</p>") -> Answer {
        Answer(answerID: id, questionID: question, score: score, isAccepted: accepted,
               owner: ShallowUser(userID: 2, displayName: "Answerer", reputation: 20, userType: "registered"),
               creationDate: Date(timeIntervalSince1970: 1_600_000_100), body: body)
    }

    /// A page of `count` questions with ids starting at `firstID`.
    public static func page(_ number: Int, count: Int, firstID: Int, hasMore: Bool = true, quota: Int = 290) -> Page<Question> {
        Page(items: (0..<count).map { question(id: firstID + $0, title: "Question \(firstID + $0)") },
             hasMore: hasMore, page: number, quotaRemaining: quota, quotaMax: 300)
    }
}

/// Real threads from the shared data dumps, as the API would deliver them.
public enum RealThreads {
    /// The question `id` of the dump folder `site` with its answers, or nil (with a message) when the data is absent.
    public static func thread(site: String, questionID id: Int) throws -> QuestionThread? {
        guard let folder = SharedData.path("dumps/\(site)") else { return nil }
        let posts = try DumpReader.posts(inFolder: folder)
        guard let post = posts.first(where: { $0.id == id && $0.postTypeID == 1 }) else { return nil }
        let answers = posts.filter { $0.parentID == id && $0.postTypeID == 2 }
            .map { answer(from: $0, site: site, acceptedID: post.acceptedAnswerID) }
        return QuestionThread(question: question(from: post, site: site), answers: answers)
    }

    /// A question built from a dump row (title decoded, body HTML as the site shows it).
    public static func question(from post: DumpPost, site: String) -> Question {
        Question(questionID: post.id, title: post.title ?? "", tags: post.tags,
                 owner: ShallowUser(userID: post.ownerUserID, displayName: post.ownerDisplayName ?? "user\(post.ownerUserID ?? 0)"),
                 isAnswered: (post.answerCount ?? 0) > 0, viewCount: post.viewCount ?? 0, answerCount: post.answerCount ?? 0,
                 score: post.score, acceptedAnswerID: post.acceptedAnswerID, creationDate: post.creationDate,
                 lastActivityDate: post.lastActivityDate, link: "https://\(site).stackexchange.com/q/\(post.id)", body: post.body,
                 contentLicense: "CC BY-SA")
    }

    public static func answer(from post: DumpPost, site: String, acceptedID: Int?) -> Answer {
        Answer(answerID: post.id, questionID: post.parentID ?? 0, score: post.score, isAccepted: post.id == acceptedID,
               owner: ShallowUser(userID: post.ownerUserID, displayName: post.ownerDisplayName ?? "user\(post.ownerUserID ?? 0)"),
               creationDate: post.creationDate, body: post.body, link: "https://\(site).stackexchange.com/a/\(post.id)")
    }
}
