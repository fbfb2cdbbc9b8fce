import AppCore
import Foundation
import ReducerTestSupport
import Rendering
import TextEngine

/// The layout step of the rendering tests: remembers the last laid-out thread so scrolling does not re-render HTML on
/// every key, and lays out on the test's thread. The program lays out in the background (`AppRuntime.ThreadLayouter`)
/// and hands the measure to the reducer as `Action.threadLaidOut`, as `layOut(_:now:)` does here.
final class ThreadLayoutCache {
    private var key: ThreadLayoutKey?
    private var cached = ThreadDocument.Layout(lines: [], postStarts: [:])

    init() {}

    /// The thread laid out at `width`, again only when the thread, its state or the width changed.
    func layout(for thread: QuestionState, width: Int, now: Date) -> ThreadDocument.Layout {
        let key = ThreadLayoutKey(thread: thread, width: width)
        if key != self.key {
            cached = ThreadDocument.layout(for: thread, width: width, now: now)
            self.key = key
        }
        return cached
    }

    /// The layout step: lays out the question on top of `store`'s state (on this thread) and, when its measurements
    /// are new, sends `Action.threadLaidOut` (asserting it makes no effect), as the program does with
    /// `ThreadLayouter`'s layout.
    @discardableResult
    func layOut(_ store: ReducerTestStore, now: Date, file: StaticString = #filePath,
                line: UInt = #line) -> ThreadDocument.Layout? {
        let state = store.state
        guard case .question(let thread) = state.top, !Chrome.isTooSmall(state.viewport) else { return nil }
        let layout = layout(for: thread, width: QuestionScreen.layoutWidth(for: state), now: now)
        if layout.measure != thread.measure {
            store.layOut(questionID: thread.questionID, layout.measure, file: file, line: line)
        }
        return layout
    }

    /// `layout(for:width:now:)`'s lines, from the same cache.
    func lines(for thread: QuestionState, width: Int, now: Date) -> [StyledLine] {
        layout(for: thread, width: width, now: now).lines
    }
}

extension AppScreen {
    /// A frame for `state`, plus the question view's layout when that screen is showing (laid out by `cache`
    /// on this thread).
    static func render(_ state: AppState, cache: ThreadLayoutCache, now: Date)
        -> (buffer: ScreenBuffer, threadLayout: ThreadDocument.Layout?) {
        var layout: ThreadDocument.Layout?
        if case .question(let thread) = state.top, !Chrome.isTooSmall(state.viewport) {
            layout = cache.layout(for: thread, width: QuestionScreen.layoutWidth(for: state), now: now)
        }
        return render(state, threadLayout: layout, now: now)
    }
}
