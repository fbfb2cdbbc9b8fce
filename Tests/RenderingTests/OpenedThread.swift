import AppCore
import Foundation
import Rendering
import StackAPI

/// A question opened from a one-question list and answered with its thread, through the reducer as the app does,
/// then laid out: the starting point of the screen tests that press keys in a thread.
enum OpenedThread {
    static func state(_ thread: QuestionThread, columns: Int, rows: Int, now: Date) -> (AppState, ThreadLayoutCache) {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: columns, rows: rows))
        guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Page(items: [thread.question], hasMore: false, page: 1)))))
        for case let .load(load, .thread(_, _, _, _)) in Reducer.reduce(&state, .command(.open)) {
            _ = Reducer.reduce(&state, .loaded(load, .thread(.success(thread))))
        }
        let cache = ThreadLayoutCache()
        cache.layOut(&state, now: now)
        return (state, cache)
    }
}
