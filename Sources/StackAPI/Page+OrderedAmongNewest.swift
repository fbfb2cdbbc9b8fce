extension Page {
    /// The sentence that says this page was ordered among only the newest matches (`orderedAmongNewest`): the list's
    /// status line and `stackterm print`'s stderr both say it in these words. Nil for every other page.
    public var orderedAmongNewestNotice: String? {
        orderedAmongNewest.map { "Many posts match: ordered among the newest \($0) of them (rarer words narrow the search)" }
    }
}
