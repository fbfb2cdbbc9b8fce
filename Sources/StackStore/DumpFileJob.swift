import Foundation
import GRDB
import StackAPI
import StackDump

/// The five files of a dump the store reads.
enum DumpFileImport: Sendable {
    case users, tags, posts, comments, links
}

/// Rows parsed from one stretch of a dump file, ready to write in one transaction.
struct DumpBatch: Sendable {
    enum Payload: Sendable {
        case users([DumpUser]), tags([DumpTag]), posts([PostRecord]), comments([DumpComment]), links([DumpPostLink])
    }
    var payload: Payload
    /// File rows this batch covers (kinds of post the store does not keep count too, so resuming can skip them).
    var rows: Int
    /// Bytes of text the batch holds (posts' bodies and index text, comments'), which bound a batch as rows do.
    var bytes: Int
    var isLast: Bool
    /// Bytes of the whole source (folder or archive) read when the batch was complete.
    var position: Int64
}

/// Reading (on the producer thread) and writing (in a transaction) of one dump file for one site.
struct DumpFileJob: Sendable {
    /// The file's name, e.g. `Posts.xml`: its key in `import_progress`.
    let name: String
    /// Where errors point (the file, or the archive and entry).
    let path: String
    let kind: DumpFileImport
    let site: Int64
    let stamp: Int64

    /// The first row to write: 0 for a new or changed file, the committed count for an interrupted one;
    /// nil when the same file was imported whole already. Only reads: `begin` records a fresh start.
    func resumePoint(_ db: Database, signature: String) throws -> Int? {
        let row = try Row.fetchOne(db, sql: "SELECT signature, rows_done, finished FROM import_progress WHERE site = ? AND file = ?",
                                   arguments: [site, name])
        guard let row, (row["signature"] as String?) == signature else { return 0 }
        return (row["finished"] as Bool) ? nil : (row["rows_done"] as Int)
    }

    /// Records that the file is read from `start` (its `resumePoint`): from the top, for a new or changed file.
    func begin(_ db: Database, signature: String, start: Int) throws {
        guard start == 0 else { return }
        try db.execute(sql: "INSERT OR REPLACE INTO import_progress (site, file, signature, rows_done, finished) VALUES (?, ?, ?, 0, 0)",
                       arguments: [site, name, signature])
    }

    func recordProgress(_ db: Database, rows: Int, finished: Bool) throws {
        try db.execute(sql: "UPDATE import_progress SET rows_done = ?, finished = ? WHERE site = ? AND file = ?",
                       arguments: [rows, finished, site, name])
    }

    /// Parses `file`'s bytes as they come, skipping its first `start` rows, handing over batches of `batchSize` rows
    /// and a last one.
    func read(_ file: DumpSourceFile, skipping start: Int, batchSize: Int, _ hand: (DumpBatch) throws -> Void) throws {
        try withoutActuallyEscaping(hand) { hand in
            let read = (file: file, start: start, batchSize: batchSize, hand: hand)
            switch kind {
            case .users: try pump(read, DumpRowStream.users, wrap: DumpBatch.Payload.users, weigh: { _ in 0 }) { $0 }
            case .tags: try pump(read, DumpRowStream.tags, wrap: DumpBatch.Payload.tags, weigh: { _ in 0 }) { $0 }
            case .comments:
                try pump(read, DumpRowStream.comments, wrap: DumpBatch.Payload.comments, weigh: { $0.text.utf8.count }) { $0 }
            case .links: try pump(read, DumpRowStream.postLinks, wrap: DumpBatch.Payload.links, weigh: { _ in 0 }) { $0 }
            case .posts:
                try pump(read, DumpRowStream.posts, wrap: DumpBatch.Payload.posts, weigh: { post in
                    (post.body?.utf8.count ?? 0) + (post.bodyText?.utf8.count ?? 0)
                }) { record($0) }
            }
        }
    }

    private func pump<Record, Item>(
        _ read: (file: DumpSourceFile, start: Int, batchSize: Int, hand: (DumpBatch) throws -> Void),
        _ makeStream: (String, @escaping (Record) throws -> Void) -> DumpRowStream,
        wrap: @escaping ([Item]) -> DumpBatch.Payload, weigh: @escaping (Item) -> Int, transform: @escaping (Record) -> Item?
    ) throws {
        let batcher = Batcher(start: read.start, batchSize: read.batchSize, position: read.file.position, hand: read.hand,
                              wrap: wrap, weigh: weigh)
        let stream = makeStream(name) { try batcher.add(transform($0)) }
        do {
            try read.file.forEachBlock { try stream.push($0) }
            try stream.finish()
        } catch let error where error is DumpError || error is DumpArchiveError {
            // A file cut short or damaged: the rows parsed before the fault are whole; hand them over too.
            try batcher.flush(isLast: false)
            throw error
        }
        try batcher.flush(isLast: true)
    }

    /// A question or answer as the store keeps it, its `IndexText` computed here (on the reading thread); nil for
    /// the other kinds of post (tag wikis, nominations…).
    private func record(_ post: DumpPost) -> PostRecord? {
        guard post.isQuestion || (post.isAnswer && post.parentID != nil) else { return nil }
        let questionKey = post.isAnswer ? post.parentID.map { StoreKey.make(site: site, id: $0) } : nil
        return PostRecord(
            key: StoreKey.make(site: site, id: post.id), site: site, questionKey: questionKey, title: post.title ?? "",
            body: post.body, tags: post.tags, score: post.score, viewCount: post.viewCount, answerCount: post.answerCount,
            commentCount: post.commentCount, acceptedAnswerID: post.acceptedAnswerID,
            isAnswered: post.isQuestion ? post.acceptedAnswerID != nil : false, created: post.creationDate,
            lastActivity: post.lastActivityDate ?? post.creationDate, closed: nil, closedReason: nil,
            ownerID: post.ownerUserID, ownerName: post.ownerDisplayName, link: nil, license: post.contentLicense,
            origin: .imported, fetchedAt: stamp, bodyText: IndexText.body(ofHTML: post.body))
    }

    /// Writes one batch with prepared statements.
    func write(_ batch: DumpBatch, _ db: Database) throws {
        let writer = try PostWriter(db)
        switch batch.payload {
        case .users(let users):
            for user in users { try writer.writeUser(site: site, id: user.id, name: user.displayName) }
        case .tags(let tags):
            let statement = try db.makeStatement(sql: """
                INSERT INTO tag (site, name, count) VALUES (?, ?, ?) ON CONFLICT (site, name) DO UPDATE SET count = excluded.count
                """)
            for tag in tags { try statement.execute(arguments: [site, tag.name, tag.count]) }
        case .posts(let posts):
            // New rows go in without a look first; a row the store holds (a re-import, a question cached from the
            // network) is updated instead.
            for post in posts where try !writer.insertNew(post) { try writer.write(post) }
        case .comments(let comments):
            for comment in comments {
                // Dump comments are plain text; the store keeps comment bodies as HTML, like the API's.
                try writer.writeComment(
                    key: StoreKey.make(site: site, id: comment.id), postKey: StoreKey.make(site: site, id: comment.postID),
                    body: HTMLEntities.escape(comment.text), score: comment.score, created: comment.creationDate,
                    ownerID: comment.userID, ownerName: comment.userDisplayName, edited: false,
                    license: comment.contentLicense, origin: .imported, fetchedAt: stamp)
            }
        case .links(let links):
            let statement = try db.makeStatement(sql: "INSERT OR REPLACE INTO post_link (site, post, related, type) VALUES (?, ?, ?, ?)")
            for link in links { try statement.execute(arguments: [site, link.postID, link.relatedPostID, link.type]) }
        }
    }
}

/// Gathers one file's rows into batches: skips the rows an earlier run committed, hands over every `batchSize` rows
/// or `Store.importHandoverBytes` of text, whichever comes first (a dump of long posts must not hold thousands).
private final class Batcher<Item> {
    private let start: Int
    private let batchSize: Int
    private let position: () -> Int64
    private let hand: (DumpBatch) throws -> Void
    private let wrap: ([Item]) -> DumpBatch.Payload
    private let weigh: (Item) -> Int
    private var index = 0
    private var rows = 0
    private var bytes = 0
    private var items: [Item] = []

    init(start: Int, batchSize: Int, position: @escaping () -> Int64, hand: @escaping (DumpBatch) throws -> Void,
         wrap: @escaping ([Item]) -> DumpBatch.Payload, weigh: @escaping (Item) -> Int) {
        self.start = start
        self.batchSize = batchSize
        self.position = position
        self.hand = hand
        self.wrap = wrap
        self.weigh = weigh
    }

    /// Counts one row of the file and keeps `item` (nil: a row the store does not keep, counted all the same).
    func add(_ item: Item?) throws {
        index += 1
        guard index > start else { return }
        rows += 1
        if let item {
            items.append(item)
            bytes += weigh(item)
        }
        if rows == batchSize || bytes >= Store.importHandoverBytes { try flush(isLast: false) }
    }

    /// Hands over the rows gathered (the last batch may be empty: it still marks the file finished).
    func flush(isLast: Bool) throws {
        try hand(DumpBatch(payload: wrap(items), rows: rows, bytes: bytes, isLast: isLast, position: position()))
        items.removeAll(keepingCapacity: true)
        rows = 0
        bytes = 0
    }
}
