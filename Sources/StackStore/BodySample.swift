import Foundation
import GRDB
import GRDBSQLite
import NIOConcurrencyHelpers

/// Runs of posts in `post_fts` that a common word's share of the index is estimated from, spread over every site the
/// index holds, so a word common on one site only is found there. Each site's keys (`StoreKey`: the site above the
/// post id) are cut into equal intervals and each interval's first posts make a run. A site's runs stand for its
/// posts: counted, in eight parts of its keys, up to `countedPosts` in all; a part holding more stands for how densely
/// its counted posts lie. So a site imported whole and one of a few hundred posts fetched one by one across millions
/// of ids weigh what they hold. A store's sample is kept for the process and taken again once the index has grown or
/// shrunk by a tenth.
struct BodySample: Sendable {
    /// One run: its first and last post keys, and how many of the index's posts each of its posts stands for.
    struct Run: Sendable {
        let first: Int64
        let last: Int64
        let weight: Double
    }

    /// Runs taken in all, shared among the sites (at least one each).
    static let runsPerStore = 8
    /// A site's posts counted at most (a few ms); past that its count is estimated.
    static let countedPosts = 250_000
    /// Parts of a site's keys its posts are counted in.
    static let countingIntervals = 8

    let runs: [Run]
    /// The index's posts when the sample was taken.
    let indexedRows: Double

    /// About `rows` posts, in runs spread over each site's keys; a site's posts counted up to `countedPosts`.
    init(_ db: Database, rows: Int, indexedRows: Double, countedPosts: Int = countedPosts) throws {
        self.indexedRows = indexedRows
        let siteIDs = try Int64.fetchAll(db, sql: "SELECT id FROM site ORDER BY id")
        var sites: [(first: Int64, last: Int64, posts: Double)] = []
        // Two seeks (min() and max() together over a range would read the whole range).
        let bounds = try db.cachedStatement(sql: """
            SELECT (SELECT id FROM post_fts_docsize WHERE id >= ?1 AND id < ?2 ORDER BY id LIMIT 1),
                   (SELECT id FROM post_fts_docsize WHERE id >= ?1 AND id < ?2 ORDER BY id DESC LIMIT 1)
            """)
        let counting = try db.cachedStatement(sql: """
            SELECT count(*), max(id) FROM (SELECT id FROM post_fts_docsize WHERE id >= ? AND id <= ? ORDER BY id LIMIT ?)
            """)
        for site in siteIDs {
            let (start, end) = StoreKey.range(site: site)
            guard let row = try Row.fetchOne(bounds, arguments: [start, end]),
                  let first: Int64 = row[0], let last: Int64 = row[1] else { continue }
            // Counted in `countingIntervals` parts of its keys, each up to its share of `countedPosts`; a part holding
            // more stands for its counted posts' density over the part's keys.
            var posts = 0.0
            for part in Self.intervals(first: first, last: last, count: Self.countingIntervals) {
                let limit = max(1, countedPosts / Self.countingIntervals)
                guard let counted = try Row.fetchOne(counting, arguments: [part.start, part.limit, limit]),
                      let lastCounted: Int64 = counted[1] else { continue }
                let found: Int = counted[0]
                posts += found < limit
                    ? Double(found) : Double(found) / Double(lastCounted - part.start + 1) * Double(part.limit - part.start + 1)
            }
            sites.append((first, last, posts))
        }
        let runsPerSite = max(1, Self.runsPerStore / max(1, sites.count))
        let runRows = max(1, rows / (runsPerSite * max(1, sites.count)))
        let total = sites.reduce(0) { $0 + $1.posts }
        var runs: [Run] = []
        for site in sites {
            var found: [(first: Int64, last: Int64, posts: Int)] = []
            for part in Self.intervals(first: site.first, last: site.last, count: runsPerSite) {
                guard let row = try Row.fetchOne(counting, arguments: [part.start, part.limit, runRows]),
                      let last: Int64 = row[1] else { continue }
                found.append((part.start, last, row[0]))
            }
            let sampled = Double(found.reduce(0) { $0 + $1.posts })
            for run in found { runs.append(Run(first: run.first, last: run.last, weight: site.posts / total / sampled)) }
        }
        self.runs = runs
    }

    /// `first...last` cut into `count` equal intervals (fewer when it holds fewer keys).
    private static func intervals(first: Int64, last: Int64, count: Int) -> [(start: Int64, limit: Int64)] {
        let width = last - first + 1
        let parts = min(Int64(count), width)
        return (0..<parts).map { index in (first + width * index / parts, first + width * (index + 1) / parts - 1) }
    }

    /// The store's sample: the one kept for it, unless the index has changed by a tenth since, or a new one.
    static func sample(_ db: Database, rows: Int, indexedRows: Double) throws -> BodySample {
        guard let name = sqlite3_db_filename(db.sqliteConnection, "main"), name.pointee != 0 else {
            return try BodySample(db, rows: rows, indexedRows: indexedRows) // in memory: nothing to keep it by
        }
        let key = String(cString: name)
        if let kept = kept.withLockedValue({ $0[key] }), abs(kept.indexedRows - indexedRows) <= kept.indexedRows / 10 { return kept }
        let sample = try BodySample(db, rows: rows, indexedRows: indexedRows)
        kept.withLockedValue { $0[key] = sample }
        return sample
    }

    private static let kept = NIOLockedValueBox<[String: BodySample]>([:])

    /// How many of the index's `indexedRows` posts hold `phrase`, from its count in each run.
    func estimatedPosts(holding phrase: String, _ db: Database, indexedRows: Double) throws -> Double {
        let count = try db.cachedStatement(sql: "SELECT count(*) FROM post_fts WHERE post_fts MATCH ? AND rowid BETWEEN ? AND ?")
        var share = 0.0
        for run in runs {
            share += Double(try Int.fetchOne(count, arguments: [phrase, run.first, run.last]) ?? 0) * run.weight
        }
        return share * indexedRows
    }
}
