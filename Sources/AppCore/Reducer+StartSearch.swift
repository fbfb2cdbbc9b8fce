extension Reducer {
    /// `stackterm search WORDS` (or `--search`) starts with the search in the home settings: takes it out, so the
    /// root is the site's list and `start` opens the results over it (`openStartSearch`), as `stackterm URL` opens
    /// its question over the list — `q` then goes back to the list instead of quitting. Returns the settings the
    /// results start on (the search and its sort), if there was a search.
    static func takeStartSearch(_ state: inout AppState) -> BrowseSettings? {
        let start = state.shared.home
        guard start.searchQuery != nil else { return nil }
        state.shared.home.searchQuery = nil
        state.stack = [.questions(QuestionListState(settings: state.shared.home))]
        return start
    }

    /// Opens the start's search results, on `settings`, over the site's list.
    static func openStartSearch(_ settings: BrowseSettings, _ state: inout AppState) -> [Effect] {
        var list = QuestionListState(settings: settings)
        let effects = run(&list, &state) { QuestionListFeature.start(&$0, $1) }
        return push(.questions(list), &state) + effects
    }
}
