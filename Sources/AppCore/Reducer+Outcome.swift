/// How the root runs a screen's reducer: it hands the screen a `ScreenContext` (a read-only copy of what screens
/// share) and applies the `Outcome` it returns — the one place what screens ask of `SharedState` is written.
extension Reducer {
    /// Runs a screen reducer's outcome: its changes to the shared state, its effects, then its moves on the stack in
    /// order.
    static func apply(_ outcome: Outcome, _ state: inout AppState) -> [Effect] {
        share(outcome, &state.shared)
        var effects = (outcome.storeOnly ? [.answerFromStoreOnly] : []) + outcome.effects
        for step in outcome.navigation { effects += navigate(step, &state) }
        return effects
    }

    /// Writes what `outcome` names into the shared state: the tokens it took, its status message (whose lifetime
    /// `StatusState` rules), the quota, read marks and saves.
    private static func share(_ outcome: Outcome, _ shared: inout SharedState) {
        shared.takeTokens(outcome.tokensTaken)
        if let status = outcome.status { shared.status.apply(status) }
        if let notice = outcome.notice { shared.status.notice = notice }
        if outcome.storeOnly {
            shared.isOffline = true
            shared.storeOnly = true
            shared.liveEnabled = false
        }
        if let remaining = outcome.quotaRemaining { shared.status.quotaRemaining = remaining }
        if let max = outcome.quotaMax { shared.status.quotaMax = max }
        if !outcome.readMarks.isEmpty { shared.readMarks.byQuestion.merge(outcome.readMarks) { _, new in new } }
        shared.watchedUnopened.formUnion(outcome.watchedArrived)
        if let watch = outcome.watch {
            shared.watchedTags.removeAll { $0 == watch.tag.lowercased() }
            if watch.watched { shared.watchedTags.append(watch.tag.lowercased()) }
        }
        if !outcome.storedReadMarks.isEmpty { shared.readMarks.byQuestion.merge(outcome.storedReadMarks) { current, _ in current } }
        shared.sitesWithMathJax.merge(outcome.sitesWithMathJax) { _, new in new }
        shared.account.pending.merge(outcome.writesSent) { _, new in new }
        shared.account.marks.merge(outcome.knownMarks) { session, _ in session }
        for (id, saved) in outcome.saved {
            if saved { shared.savedIDs.insert(id) } else { shared.savedIDs.remove(id) }
        }
    }

    /// Runs `body` on a screen not yet on the stack (one about to be pushed) and applies its outcome.
    static func run<Value>(_ value: inout Value, _ state: inout AppState, _ body: (inout Value, ScreenContext) -> Outcome) -> [Effect] {
        let outcome = body(&value, ScreenContext(state.shared))
        return apply(outcome, &state)
    }

    // MARK: Reaching into the stack

    /// The index of the screen waiting for `token`, if any.
    static func owner(of token: LoadToken, _ state: AppState) -> Int? {
        state.stack.lastIndex { $0.loadTokens.contains(token) }
    }

    /// Runs `body` on the screen at `index` when it is of `screenCase`'s kind and applies its outcome; otherwise does
    /// nothing. The screen is taken out of the stack while `body` runs (the stack is one shorter meanwhile, and `body`
    /// never sees it), so its arrays are changed in place, not copied.
    static func update<Value>(_ index: Int?, _ screenCase: CasePath<Value>, _ state: inout AppState,
                              _ body: (inout Value, ScreenContext) -> Outcome) -> [Effect] {
        guard let index, state.stack.indices.contains(index), var value = screenCase.extract(state.stack[index]) else { return [] }
        state.stack.remove(at: index)
        let outcome = body(&value, ScreenContext(state.shared))
        state.stack.insert(screenCase.embed(value), at: index)
        return apply(outcome, &state)
    }

    /// `update` on the top screen.
    static func updateTop<Value>(_ screenCase: CasePath<Value>, _ state: inout AppState,
                                 _ body: (inout Value, ScreenContext) -> Outcome) -> [Effect] {
        update(state.stack.count - 1, screenCase, &state, body)
    }

    /// Runs `body` on the screen at `index`, whatever its kind, through its `ScreenFeature`, and applies its outcome;
    /// nil when there is no such screen or `body` has no outcome. The screen is taken out of the stack while `body`
    /// runs, so its arrays are changed in place, not copied.
    @discardableResult
    static func updateFeature(_ index: Int?, _ state: inout AppState,
                              _ body: (inout any ScreenFeature, ScreenContext) -> Outcome?) -> [Effect]? {
        guard let index, state.stack.indices.contains(index) else { return nil }
        var screen = state.stack[index].feature
        state.stack.remove(at: index)
        let outcome = body(&screen, ScreenContext(state.shared))
        state.stack.insert(screen.screen, at: index)
        return outcome.map { apply($0, &state) }
    }

    /// Runs `body` on the screen at `index` when it is a paged list (any of the three) and applies its outcome: the
    /// one path every list's paging takes from the root. Nil when that screen is not a list.
    @discardableResult
    static func updatePaged(_ index: Int?, _ state: inout AppState,
                            _ body: (inout any PagedScreen, ScreenContext) -> Outcome) -> [Effect]? {
        guard let index, state.stack.indices.contains(index), var list = state.stack[index].pagedList else { return nil }
        state.stack.remove(at: index)
        let outcome = body(&list, ScreenContext(state.shared))
        state.stack.insert(list.screen, at: index)
        return apply(outcome, &state)
    }
}
