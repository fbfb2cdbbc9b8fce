extension Reducer {
    /// `stackterm search WORDS` (or `--search`) starts with the search in the home settings: takes it out, so the
    /// root is the site's list and `start` opens the results over it, as `stackterm URL` opens its question over the
    /// list — `q` then goes back to the list instead of quitting. Returns the search, if there was one.
    static func takeStartSearch(_ state: inout AppState) -> String? {
        guard let query = state.shared.home.searchQuery else { return nil }
        state.shared.home.searchQuery = nil
        state.stack = [.questions(QuestionListState(settings: state.shared.home))]
        return query
    }
}
