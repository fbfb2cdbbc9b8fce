import AppCore
import Foundation
import ReducerTestSupport
import Rendering
import StackAPI

/// A question opened from a one-question list and answered with its thread, through the reducer as the app does
/// (every effect asserted), then laid out: the starting point of the screen tests that press keys in a thread.
enum OpenedThread {
    /// The store showing `thread` in a `columns`×`rows` terminal, and the cache that laid it out.
    static func store(_ thread: QuestionThread, columns: Int, rows: Int, now: Date, file: StaticString = #filePath,
                      line: UInt = #line) throws -> (ReducerTestStore, ThreadLayoutCache) {
        let store = try ReducerTestStore.listing(.only([thread.question]), columns: columns, rows: rows,
                                                 file: file, line: line)
        try store.openSelectedQuestion(loading: thread, file: file, line: line)
        let cache = ThreadLayoutCache()
        cache.layOut(store, now: now, file: file, line: line)
        return (store, cache)
    }
}
