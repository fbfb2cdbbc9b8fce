import Foundation
import GRDB

/// A site the store holds questions of (imported from a dump or kept from the network), for the site picker.
public struct HeldSite: Sendable, Hashable {
    /// The API site parameter, e.g. `cardano`.
    public var apiName: String
    /// The site's name, when the stored sites list gives it.
    public var name: String?
    /// The site's URL, when the stored sites list gives it.
    public var siteURL: String?
    /// How many of its questions the store holds.
    public var questionCount: Int
    /// Whether any of those questions was imported from a dump.
    public var isImported: Bool

    /// Creates a held site.
    public init(apiName: String, name: String?, siteURL: String?, questionCount: Int, isImported: Bool) {
        self.apiName = apiName
        self.name = name
        self.siteURL = siteURL
        self.questionCount = questionCount
        self.isImported = isImported
    }
}

extension Store {
    /// The sites the store holds at least one question of, by name (the API name where no name is known),
    /// case-insensitively; reads only.
    ///
    /// Counts come from the `(site, …)` index of `question`, and "imported" from its `(origin, …)` index, which holds
    /// the key and so the site (`StoreKey`): no question row is read.
    public func heldSites() throws(StoreError) -> [HeldSite] {
        try read { db in
            try Row.fetchAll(db, sql: """
                WITH held AS MATERIALIZED (
                  SELECT s.id, s.api_name, s.name, s.site_url,
                    (SELECT count(*) FROM question q WHERE q.site = s.id) AS questions
                  FROM site s)
                SELECT api_name, name, site_url, questions,
                  EXISTS (SELECT 1 FROM question q WHERE q.origin = ?1
                          AND q.id >= (held.id << ?2) AND q.id < ((held.id + 1) << ?2)) AS imported
                FROM held WHERE questions > 0
                ORDER BY lower(coalesce(name, api_name)), api_name
                """, arguments: [StoreOrigin.imported.rawValue, StoreKey.idBits]).map { row in
                HeldSite(apiName: row["api_name"], name: row["name"], siteURL: row["site_url"],
                         questionCount: row["questions"], isImported: row["imported"])
            }
        }
    }
}
