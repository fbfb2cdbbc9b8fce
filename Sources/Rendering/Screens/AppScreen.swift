import Foundation
import AppCore

/// Renders the whole app state into a fresh buffer: the one entry point the runtime calls per frame.
public enum AppScreen {
    /// A frame for `state`, plus the question view's layout when that screen is showing (laid out by `cache`
    /// on this thread).
    public static func render(_ state: AppState, cache: ThreadLayoutCache, now: Date)
        -> (buffer: ScreenBuffer, threadLayout: ThreadDocument.Layout?) {
        var layout: ThreadDocument.Layout?
        if case .question = state.screen, !Chrome.isTooSmall(state.viewport), let thread = state.thread {
            layout = cache.layout(for: thread, width: QuestionScreen.layoutWidth(for: state.viewport), now: now)
        }
        return render(state, threadLayout: layout, now: now)
    }

    /// A frame for `state` drawing the question view with `threadLayout` (nil: not laid out yet, so only the
    /// question's header and "Laying out…"), plus the layout drawn when that screen is showing and it was ready.
    public static func render(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date)
        -> (buffer: ScreenBuffer, threadLayout: ThreadDocument.Layout?) {
        var buffer = ScreenBuffer(width: state.viewport.columns, height: state.viewport.rows)
        if Chrome.isTooSmall(state.viewport) {
            Chrome.drawTooSmall(into: &buffer)
            return (buffer, nil)
        }
        var layout: ThreadDocument.Layout?
        switch state.screen {
        case .questionList: QuestionListScreen.draw(state, now: now, into: &buffer)
        case .answersFeed: AnswersFeedScreen.draw(state, now: now, into: &buffer)
        case .question: layout = QuestionScreen.draw(state, layout: threadLayout, now: now, into: &buffer)
        case .picker: PickerScreen.draw(state, into: &buffer)
        case .help: HelpScreen.draw(state, into: &buffer)
        }
        if let prompt = state.prompt { PromptLine.draw(prompt, into: &buffer) }
        return (buffer, layout)
    }
}
