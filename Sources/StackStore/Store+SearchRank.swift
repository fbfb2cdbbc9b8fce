import Foundation
import GRDB
import GRDBSQLite

/// Ranking a search's matches in `post_fts` by bm25 without FTS5's whole-index pass per word.
///
/// FTS5's own `bm25()` (the table's `rank`) first counts, for every word of the query, the rows of the whole index
/// that hold it (its IDF), by reading that word's postings to the end: ~15 ms for a word in a fifth of 2,000,000
/// posts, ~80 ms for "the", a second for the 40 commonest words, before the first row is scored. `stackterm_bm25`
/// is the same formula (FTS5's bm25 with weights 10 for the title and 1 for the body, k1 1.2, b 0.75) over
/// IDFs passed in as arguments, one per phrase of the MATCH in its order, so the counts can be bounded:
/// `BodyRank.idfs` counts a word exactly when it is in fewer than `exactCount` posts, and past that estimates it from
/// a sample of about `sampleRows` posts spread over every site's posts (`BodySample`; a common word's IDF is small
/// either way). A word counted exactly ranks
/// exactly as `bm25(post_fts, 10.0, 1.0)` does (`StoreSearchRankTests`).
enum BodyRank {
    /// Posts a word is counted in exactly before its count is estimated from the sample.
    static let exactCount = 2_000
    /// Posts a common word's share is estimated from (`BodySample`).
    static let sampleRows = 2_000
    /// Matching posts ranked for a query of `phrases` phrases: the newest this many (in rowid order, which FTS5 reads
    /// cheaply; scoring one costs ~4 µs more, most of it finding its length), fewer the more words there are (each is
    /// one more list of postings read along): 1,200 for one word, 600 for two, 100 from twelve on. Past them a match
    /// is not ranked at all: an older post, however good, is cut.
    static func rankedPosts(phrases: Int) -> Int { max(100, 1_200 / max(1, phrases)) }
    /// The name of the auxiliary function, registered on each connection the first time it is needed.
    static let functionName = "stackterm_bm25"

    /// The IDF of each of `phrases` (FTS5 MATCH phrases, such as `"qubit"` or `"entangl"*`) as FTS5's bm25 computes it,
    /// log((N − n + 0.5) / (n + 0.5)) floored at 1e-6, N the posts of the index and n those holding the phrase (exact
    /// below `exactCount`, else estimated from a `BodySample` of about `sampleRows` posts, at least `exactCount`).
    static func idfs(_ db: Database, phrases: [String], exactCount: Int = exactCount, sampleRows: Int = sampleRows) throws -> [Double] {
        let rows = Double(try indexedRows(db))
        let count = try db.cachedStatement(sql: """
            SELECT count(*) FROM (SELECT 1 FROM post_fts WHERE post_fts MATCH ? LIMIT ?)
            """)
        var sample: BodySample?
        return try phrases.map { phrase in
            var hits = Double(try Int.fetchOne(count, arguments: [phrase, exactCount]) ?? 0)
            if hits >= Double(exactCount) {
                let spread = try sample ?? BodySample.sample(db, rows: sampleRows, indexedRows: rows)
                sample = spread
                hits = max(hits, try spread.estimatedPosts(holding: phrase, db, indexedRows: rows))
            }
            let idf = log((rows - hits + 0.5) / (hits + 0.5))
            return idf <= 0 ? 1e-6 : idf
        }
    }

    /// The posts in `post_fts`, from FTS5's averages record (its first varint), as `xRowCount` reads it.
    static func indexedRows(_ db: Database) throws -> Int64 {
        guard let block = try Data.fetchOne(db, sql: "SELECT block FROM post_fts_data WHERE id = 1") else { return 0 }
        var value: UInt64 = 0
        for (index, byte) in block.prefix(9).enumerated() {
            if index == 8 { return Int64(bitPattern: value << 8 | UInt64(byte)) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return Int64(bitPattern: value) }
        }
        return Int64(bitPattern: value)
    }

    /// Runs `body` with `stackterm_bm25` available on `db`: registered once per connection (FTS5 reports an unknown
    /// auxiliary function when the statement is prepared, so the first use registers it and prepares again).
    static func withFunction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.message?.contains("no such function: \(functionName)") == true {
            register(db)
            return try body()
        }
    }

    private static func register(_ db: Database) {
        let api = FTS5.api(db)
        _ = api.pointee.xCreateFunction(UnsafeMutablePointer(mutating: api), functionName, nil, bm25WithIDFs, nil)
    }
}

/// FTS5's bm25 (fts5_aux.c) with the IDFs given as the arguments after the table: title weight 10, body 1.
private let bm25WithIDFs: fts5_extension_function = { api, fts, context, count, values in
    guard let api = api?.pointee, let values else { return }
    let phrases = Int(api.xPhraseCount(fts))
    var frequency = [Double](repeating: 0, count: phrases)
    var instances: Int32 = 0
    guard api.xInstCount(fts, &instances) == SQLITE_OK else { return }
    for index in 0..<instances {
        var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
        guard api.xInst(fts, index, &phrase, &column, &offset) == SQLITE_OK else { return }
        if Int(phrase) < phrases { frequency[Int(phrase)] += column == 0 ? 10 : 1 }
    }
    var tokens: Int32 = 0, rows: Int64 = 0, total: Int64 = 0
    guard api.xColumnSize(fts, -1, &tokens) == SQLITE_OK, api.xRowCount(fts, &rows) == SQLITE_OK,
          api.xColumnTotalSize(fts, -1, &total) == SQLITE_OK else { return }
    let average = rows > 0 ? Double(total) / Double(rows) : 1
    let k1 = 1.2, b = 0.75
    var score = 0.0
    for phrase in 0..<min(phrases, Int(count)) {
        let idf = sqlite3_value_double(values[phrase])
        let f = frequency[phrase]
        score += idf * ((f * (k1 + 1.0)) / (f + k1 * (1 - b + b * Double(tokens) / average)))
    }
    sqlite3_result_double(context, -score)
}
