import Foundation
import NIOConcurrencyHelpers
import StackDump

/// One dump folder loaded into memory and indexed for the API routes.
final class SiteData: Sendable {
    /// The API site parameter, e.g. `cardano` or `conlang.meta`.
    let name: String
    /// `cardano.stackexchange.com`.
    let host: String
    /// Questions in file order.
    let questions: [DumpPost]
    /// Answers in file order.
    let answers: [DumpPost]
    let questionsByID: [Int: DumpPost]
    let answersByQuestion: [Int: [DumpPost]]
    let answersByID: [Int: DumpPost]
    let users: [Int: DumpUser]
    let commentsByPost: [Int: [DumpComment]]
    let commentCount: Int
    /// The newest activity of any post: "now" for the week/month/hot sorts.
    let newestDate: Date
    /// The oldest creation date of any post: the site's launch date.
    let oldestDate: Date
    /// Question id → lowercased title and body text, built on the first search.
    private let searchTexts = NIOLockedValueBox<[Int: (title: String, body: String)]?>(nil)

    /// Reads Posts.xml (required), Users.xml and Comments.xml (optional) of `folder`.
    init(name: String, folder: URL, copies: Int = 1) throws {
        self.name = name
        host = "\(name).stackexchange.com"
        var questions: [DumpPost] = []
        var answers: [DumpPost] = []
        try DumpReader.forEachPost(in: folder.appendingPathComponent("Posts.xml")) { post in
            if post.isQuestion { questions.append(post) } else if post.isAnswer { answers.append(post) }
        }
        if copies > 1 {
            questions = SiteData.replicate(questions, copies: copies)
            answers = SiteData.replicate(answers, copies: copies)
        }
        self.questions = questions
        self.answers = answers
        questionsByID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        answersByQuestion = Dictionary(grouping: answers, by: { $0.parentID ?? 0 })
        answersByID = Dictionary(answers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        users = Dictionary(try DumpReader.users(inFolder: folder).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let comments = try DumpReader.comments(inFolder: folder)
        commentCount = comments.count
        commentsByPost = Dictionary(grouping: comments, by: \.postID)
        let posts = questions + answers
        newestDate = posts.map { $0.lastActivityDate ?? $0.creationDate }.max() ?? Date(timeIntervalSince1970: 0)
        oldestDate = posts.map(\.creationDate).min() ?? Date(timeIntervalSince1970: 0)
    }

    /// Id offset between copies of a dump served more than once.
    static let copyIDOffset = 10_000_000

    /// `posts` followed by `copies - 1` copies whose ids (and parent/accepted ids) are offset per copy.
    static func replicate(_ posts: [DumpPost], copies: Int) -> [DumpPost] {
        var result = posts
        for copy in 1..<copies {
            let offset = copy * copyIDOffset
            result += posts.map { post in
                var copied = post
                copied.id += offset
                copied.parentID = post.parentID.map { $0 + offset }
                copied.acceptedAnswerID = post.acceptedAnswerID.map { $0 + offset }
                return copied
            }
        }
        return result
    }

    /// Lowercased title and visible body text of every question, for `/search/advanced`.
    func searchableQuestions() -> [Int: (title: String, body: String)] {
        searchTexts.withLockedValue { cache in
            if let cache { return cache }
            let built = Dictionary(questions.map { question in
                (question.id, (title: (question.title ?? "").lowercased(), body: PostText.searchableText(question.body)))
            }, uniquingKeysWith: { first, _ in first })
            cache = built
            return built
        }
    }

    /// A question counts as answered when it has an accepted answer or an answer with a positive score.
    func isAnswered(_ question: DumpPost) -> Bool {
        question.acceptedAnswerID != nil || (answersByQuestion[question.id] ?? []).contains { $0.score > 0 }
    }
}

/// The dump folders available as sites, loaded lazily (once) on first use.
final class SiteCatalog: Sendable {
    /// Folder name → folder.
    let folders: [String: URL]
    private let loaded = NIOLockedValueBox<[String: SiteSlot]>([:])

    /// How many times each dump's posts are served.
    let copies: Int
    /// What the live control endpoints made active or new (`LiveActivityLedger`).
    let liveActivity = LiveActivityLedger()
    /// The answers and comments written through the double (`CreatedPosts`).
    let created = CreatedPosts()

    /// Lists the sub-folders of `dumps` holding a Posts.xml; reads nothing else yet.
    init(dumps: URL?, copies: Int = 1) {
        self.copies = copies
        var folders: [String: URL] = [:]
        if let dumps, let names = try? FileManager.default.contentsOfDirectory(atPath: dumps.path) {
            for name in names {
                let folder = dumps.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Posts.xml").path) {
                    folders[name] = folder
                }
            }
        }
        self.folders = folders
    }

    /// The site names, sorted.
    var names: [String] { folders.keys.sorted() }

    /// `cardano`, `cardano.stackexchange` or `cardano.stackexchange.com` → `cardano`, nil when unknown.
    func resolve(_ parameter: String) -> String? {
        var name = parameter.lowercased()
        for suffix in [".com", ".stackexchange"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return folders[name] == nil ? nil : name
    }

    /// The loaded data of a site, reading its folder on first use.
    func site(_ name: String) throws -> SiteData {
        guard let folder = folders[name] else { throw APIFailure.noSite(name) }
        let slot = loaded.withLockedValue { slots in
            if let slot = slots[name] { return slot }
            let slot = SiteSlot()
            slots[name] = slot
            return slot
        }
        return try slot.value { try SiteData(name: name, folder: folder, copies: copies) }
    }
}

/// Holds one site's data, loaded at most once even when requests race for it.
private final class SiteSlot: Sendable {
    private let state = NIOLockedValueBox<Result<SiteData, Error>?>(nil)

    func value(load: () throws -> SiteData) throws -> SiteData {
        try state.withLockedValue { state in
            if let state { return try state.get() }
            let result = Result { try load() }
            state = result
            return try result.get()
        }
    }
}
