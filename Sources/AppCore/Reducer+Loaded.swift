/// Where a load's result goes (`Action.loaded`): to the screen on the stack that waits for its token, through that
/// screen's `ScreenFeature.loaded`; what every screen shares (the site's memory, an answer link's question) is the
/// root's. A result no one waits for is dropped: cancelling cannot recall a block already queued on main.
extension Reducer {
    static func loaded(_ token: LoadToken, _ result: LoadResult, _ state: inout AppState) -> [Effect] {
        switch result {
        case let .siteMemory(searches, savedIDs):
            siteMemoryLoaded(token, searches: searches, savedIDs: savedIDs, &state)
            return []
        case .answerQuestion(let question):
            return answerQuestionLoaded(token, question, &state)
        case let .written(write, result):
            return PostWrites.written(token, write, result, &state)
        case let .composed(compose, preview, result):
            return ComposeFlow.loaded(token, compose, preview: preview, result, &state)
        case .inbox(let result) where token == state.shared.account.inboxCheck:
            return InboxCheck.loaded(result, &state)
        default:
            return updateFeature(owner(of: token, state), &state) { $0.loaded(token, result, $1) } ?? []
        }
    }

    /// What the store remembers of the site: its searches join this session's (which are newer), its saved ids the
    /// session's.
    private static func siteMemoryLoaded(_ token: LoadToken, searches: [String], savedIDs: Set<Int>, _ state: inout AppState) {
        guard state.shared.siteMemoryLoad == token else { return }
        state.shared.siteMemoryLoad = nil
        let session = state.shared.searchHistory
        state.shared.searchHistory = searches.filter { !session.contains($0) } + session
        state.shared.savedIDs.formUnion(savedIDs)
    }
}
