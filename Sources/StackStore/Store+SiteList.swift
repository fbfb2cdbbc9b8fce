import Foundation
import GRDB
import StackAPI

/// The network's sites list as the store last kept it (`save(sites:)`).
public struct StoredSiteList: Sendable, Hashable {
    /// Every site the list named, by name (case-insensitively).
    public var sites: [Site]
    /// When the list was last kept.
    public var fetchedAt: Date
}

extension Store {
    /// The sites list as the network last sent it, by name; nil when no list was ever kept. A site the list no longer
    /// names stays in it (the store keeps every site it has seen).
    public func siteList() throws(StoreError) -> StoredSiteList? {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT api_name, name, site_url, fetched_at FROM site WHERE name IS NOT NULL AND site_url IS NOT NULL
                ORDER BY lower(name), api_name
                """)
            guard let newest = rows.compactMap({ $0["fetched_at"] as Int64? }).max() else { return nil }
            return StoredSiteList(
                sites: rows.map { Site(name: $0["name"], apiSiteParameter: $0["api_name"], siteURL: $0["site_url"]) },
                fetchedAt: Date(timeIntervalSince1970: TimeInterval(newest)))
        }
    }
}
