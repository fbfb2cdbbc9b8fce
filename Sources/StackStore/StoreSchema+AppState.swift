import GRDB

extension StoreSchema {
    /// Migration `v3-app-state`: what the browser remembers between runs besides posts — settings as keys and values
    /// (`app_setting`), the ids of each list page the network sent (`list_page`, so a fresh page is shown again
    /// without a request), and an index to find the posts that link *to* a question (`post_link` by `related`).
    /// Self-contained: it reads and changes no table another migration creates except adding that index.
    static func registerAppState(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-app-state") { db in
            try db.execute(sql: "CREATE TABLE app_setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
            // key: "SITE/…" as the data managers name a page (site first, so forgetting a site finds its pages);
            // ids: the page's question ids in order, comma-separated.
            try db.execute(sql: """
                CREATE TABLE list_page (key TEXT PRIMARY KEY, ids TEXT NOT NULL, has_more INTEGER NOT NULL,
                  fetched_at INTEGER NOT NULL) WITHOUT ROWID
                """)
            try db.execute(sql: "CREATE INDEX post_link_related ON post_link(site, related)")
        }
    }
}
