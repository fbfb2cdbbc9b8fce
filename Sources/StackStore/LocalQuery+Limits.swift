/// The most a local search takes: past these a query is refused with `StoreError.queryTooLong` naming the limit,
/// before SQLite sees it. Every word is one more full-text term AND-ed into the match (its list of posts is read
/// along, as far as the plan's bound on matching posts: `BodyRank.rankedPosts`, `SortedWalk.postsRead`), and every
/// `tag:` term one more nested `IN`; a query of thousands of either runs for minutes or fails in SQLite
/// ("Expression tree is too large").
public enum LocalQueryLimits {
    /// Words searched for (pieces a word splits into, such as `don't`'s two, count once): 64, so that the 40
    /// commonest words of a site answer with a first screen (issue 22 part 6).
    public static let words = 64
    /// `tag:` terms, as many as Stack Exchange takes in one `tagged`.
    public static let tags = 5
    /// Characters of the whole query as typed.
    public static let characters = 500
    /// How long a search may run before it is stopped (`StoreError.searchCut`) instead of holding a core.
    public static let budget: Duration = .seconds(1)
}

extension LocalQuery {
    /// Throws `StoreError.queryTooLong` for the first limit of `LocalQueryLimits` that `text` (this query as typed)
    /// goes past.
    static func checkLimits(_ text: String, _ query: LocalQuery) throws(StoreError) {
        if query.words.count > LocalQueryLimits.words {
            throw .queryTooLong(limit: LocalQueryLimits.words, unit: "words", found: query.words.count)
        }
        if query.tags.count > LocalQueryLimits.tags {
            throw .queryTooLong(limit: LocalQueryLimits.tags, unit: "tag: terms", found: query.tags.count)
        }
        if text.count > LocalQueryLimits.characters {
            throw .queryTooLong(limit: LocalQueryLimits.characters, unit: "characters", found: text.count)
        }
    }
}
