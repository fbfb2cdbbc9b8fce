import Foundation

extension Store {
    /// Remembers the watched tags (`w`) for the next launches: they replace the config file's `watch_tags` from then on.
    public func rememberWatchedTags(_ tags: [String]) throws(StoreError) {
        try setSettings([WatchedTagKeys.tags: tags.joined(separator: ";")])
    }

    /// The watched tags remembered from an earlier run (empty: all unwatched), or nil when `w` was never used.
    public func rememberedWatchedTags() throws(StoreError) -> [String]? {
        try setting(WatchedTagKeys.tags).map { $0.split(separator: ";").map(String.init) }
    }

    /// The key the watched tags live under (global: a tag is watched on whichever site shows it).
    enum WatchedTagKeys {
        static let tags = "watch/tags"
    }
}
