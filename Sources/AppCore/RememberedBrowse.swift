import StackAPI

/// What the browser remembers for the next launch: the site it was on, and the sort and tag filter of the list
/// the reader was looking at (the nearest one on the view stack that is not a search).
public struct RememberedBrowse: Hashable, Sendable {
    public var site: String
    public var sort: QuestionSort
    public var tagged: [String]

    public init(site: String, sort: QuestionSort, tagged: [String]) {
        self.site = site
        self.sort = sort
        self.tagged = tagged
    }

    /// What `state` would leave for the next launch.
    public init(_ state: AppState) {
        for case .questions(let list) in state.stack.reversed() where list.settings.searchQuery == nil {
            self.init(site: state.shared.site, sort: list.settings.sort, tagged: list.settings.tagged)
            return
        }
        let home = state.shared.home
        self.init(site: home.site, sort: home.sort, tagged: home.tagged)
    }
}
