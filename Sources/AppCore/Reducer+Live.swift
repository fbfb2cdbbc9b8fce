import StackAPI

/// The live source seen from the root: it runs while the list nearest the top takes activity (`LiveSubscription`),
/// its batches go to that list, its state to the status line's mark.
extension Reducer {
    /// The effect that makes the live source follow the state: started (or replaced) when the subscription the state
    /// needs changed, stopped when it needs none; nothing when it is the same (at `.start`: started when one is needed).
    static func followLive(before: LiveSubscription?, _ state: inout AppState, starting: Bool) -> [Effect] {
        let after = LiveSubscription(state)
        guard after != before || starting, !state.isQuitting else { return [] }
        state.shared.liveStatus = nil
        if let after { return [.startLive(after)] }
        return before == nil ? [] : [.stopLive]
    }

    /// Watched questions open on the stack count as opened (another site's no longer count); when the count changes,
    /// the window title says it (`stackterm (2)`, back to `stackterm` at none).
    static func countWatched(before: (site: String, count: Int), _ state: inout AppState) -> [Effect] {
        guard before.count > 0 || !state.shared.watchedUnopened.isEmpty else { return [] }
        if state.shared.site != before.site { state.shared.watchedUnopened = [] }
        for case .question(let thread) in state.stack { state.shared.watchedUnopened.remove(thread.questionID) }
        let count = state.shared.watchedUnopened.count
        guard count != before.count, !state.isQuitting else { return [] }
        return [.setWindowTitle(count == 0 ? "stackterm" : "stackterm (\(count))")]
    }

    /// A batch for the list the source listens for.
    static func liveActivity(_ batch: [LiveActivity], _ state: inout AppState) -> [Effect] {
        guard LiveSubscription(state) != nil else { return [] }
        let index = state.stack.lastIndex { if case .questions = $0 { true } else { false } }
        return update(index, .questions, &state) { QuestionListFeature.liveArrived(batch, &$0, $1) }
    }

    /// Rows a poll or gap fill brought, for the list the source listens for (dropped when it listens for another).
    static func livePolled(_ subscription: LiveSubscription, _ questions: [Question], _ state: inout AppState) -> [Effect] {
        guard LiveSubscription(state) == subscription else { return [] }
        let index = state.stack.lastIndex { if case .questions = $0 { true } else { false } }
        return update(index, .questions, &state) { QuestionListFeature.polledArrived(questions, &$0, $1) }
    }

    /// The source's state: the mark (`live`, `live: reconnecting in 8 s`, `live: polling`); a new try after a wait keeps the
    /// reconnecting mark until it is live; a source that gives up says why once.
    static func liveState(_ status: LiveStatus, _ state: inout AppState) {
        guard LiveSubscription(state) != nil else { return }
        switch status {
        case .connecting:
            if case .reconnecting = state.shared.liveStatus { state.shared.liveStatus = .reconnecting(in: 0) }
        case .live, .reconnecting, .polling:
            state.shared.liveStatus = status
        case .stopped(let reason):
            state.shared.liveStatus = nil
            state.shared.setStatus("live: \(reason)", isError: false)
        }
    }
}
