/// A page of a local search, and whether its plan left matching posts out to answer within its bounds.
public struct SearchPage: Sendable, Hashable {
    /// The results, in the search's order.
    public var hits: [SearchHit]
    /// nil when every matching post was considered; else how many were: the newest that many matching posts (by
    /// post id), more matching. Relevance then ranks only those (after every question whose title holds all the
    /// words, which are never cut); the other sorts order only their questions.
    public var cut: Int?

    public init(hits: [SearchHit], cut: Int? = nil) {
        self.hits = hits
        self.cut = cut
    }
}

/// The (question key, shown post key) pairs of a page, and the matching posts its plan read when it cut.
struct MatchedPage {
    var keys: [(Int64, Int64)]
    var cut: Int?
}
