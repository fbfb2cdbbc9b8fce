import GRDB

extension StoreSchema {
    /// Migration `v7-drafts`: the user's drafts of answers and comments (`Store.saveDraft`), one per site, kind and
    /// post, kept until the API has the post. `site` is the site's row id, as `search_history` keys it; `kind` is
    /// `answer` (`post` the question) or `comment` (`post` the question or answer); `updated_at` is in unix
    /// *milliseconds*, not seconds: a newer edit within the same second must survive a delete of the older one.
    /// Self-contained: it reads and changes no other table.
    static func registerDrafts(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7-drafts") { db in
            try db.execute(sql: """
                CREATE TABLE drafts (site INTEGER NOT NULL, kind TEXT NOT NULL, post INTEGER NOT NULL, text TEXT NOT NULL,
                  updated_at INTEGER NOT NULL, PRIMARY KEY (site, kind, post))
                """)
        }
    }
}
