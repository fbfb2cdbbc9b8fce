import Foundation
import GRDB
import StackAPI

/// What the browser remembers of one site between runs: the sort and tag filter it was left on.
public struct SiteBrowseMemory: Sendable, Hashable {
    /// The list's sort (nil: never remembered, or a value this build does not know).
    public var sort: QuestionSort?
    /// The tag filter (nil: never remembered; empty: none).
    public var tagged: [String]?

    public init(sort: QuestionSort? = nil, tagged: [String]? = nil) {
        self.sort = sort
        self.tagged = tagged
    }
}

extension Store {
    /// The value stored under `key` in `app_setting`, or nil.
    public func setting(_ key: String) throws(StoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM app_setting WHERE key = ?", arguments: [key]) }
    }

    /// Sets several settings in one transaction; a nil value removes its key.
    public func setSettings(_ values: [String: String?]) throws(StoreError) {
        guard !values.isEmpty else { return }
        try write { db in
            for (key, value) in values {
                if let value {
                    try db.execute(sql: "INSERT OR REPLACE INTO app_setting (key, value) VALUES (?, ?)", arguments: [key, value])
                } else {
                    try db.execute(sql: "DELETE FROM app_setting WHERE key = ?", arguments: [key])
                }
            }
        }
    }

    /// Remembers that the browser was last on `site`, listing it in `sort` filtered by `tagged` (empty: no filter).
    public func rememberBrowse(site: String, sort: QuestionSort, tagged: [String]) throws(StoreError) {
        try setSettings([
            BrowseKeys.lastSite: site,
            BrowseKeys.sort(site): sort.rawValue,
            BrowseKeys.tagged(site): tagged.joined(separator: ";"),
        ])
    }

    /// The site the browser was last on, if one was remembered.
    public func lastSite() throws(StoreError) -> String? {
        try setting(BrowseKeys.lastSite)
    }

    /// The sort and tag filter `site` was last listed with.
    public func browseMemory(site: String) throws(StoreError) -> SiteBrowseMemory {
        try read { db in
            let sort = try String.fetchOne(db, sql: "SELECT value FROM app_setting WHERE key = ?", arguments: [BrowseKeys.sort(site)])
            let tagged = try String.fetchOne(db, sql: "SELECT value FROM app_setting WHERE key = ?", arguments: [BrowseKeys.tagged(site)])
            return SiteBrowseMemory(sort: sort.flatMap(QuestionSort.init(rawValue:)),
                                    tagged: tagged.map { $0.split(separator: ";").map(String.init) })
        }
    }

    /// The keys the browse memory lives under.
    enum BrowseKeys {
        static let lastSite = "browse/last_site"
        static func sort(_ site: String) -> String { "browse/\(site)/sort" }
        static func tagged(_ site: String) -> String { "browse/\(site)/tagged" }
    }
}
