import Foundation
import AppCore

/// Renders the whole app state into a fresh buffer: the one entry point the runtime calls per frame. The top
/// screen of the stack draws its header and content; `StatusLine` draws the last row; an open prompt covers it.
public enum AppScreen {
    /// A frame for `state`, plus the question view's layout when that screen is showing (laid out by `cache`
    /// on this thread).
    public static func render(_ state: AppState, cache: ThreadLayoutCache, now: Date)
        -> (buffer: ScreenBuffer, threadLayout: ThreadDocument.Layout?) {
        var layout: ThreadDocument.Layout?
        if case .question(let thread) = state.top, !Chrome.isTooSmall(state.viewport) {
            layout = cache.layout(for: thread, width: QuestionScreen.layoutWidth(for: state), now: now)
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
        switch state.top {
        case .questions(let list):
            QuestionListScreen.draw(list, marks: state.shared.readMarks, saved: state.shared.savedIDs, rows: state.viewport.contentRows,
                                    now: now, into: &buffer)
        case .answersFeed(let feed): AnswersFeedScreen.draw(feed, site: state.shared.site, rows: state.viewport.contentRows, now: now, into: &buffer)
        case .question(let thread):
            layout = threadLayout
            QuestionScreen.draw(thread, site: state.shared.site, saved: state.shared.savedIDs.contains(thread.questionID),
                                layout: threadLayout, width: QuestionScreen.layoutWidth(for: state), rows: state.viewport.contentRows,
                                now: now, into: &buffer)
        case .picker(let picker): PickerScreen.draw(picker, keymap: state.keymap, rows: state.viewport.contentRows, into: &buffer)
        case .help(let help): HelpScreen.draw(help, keymap: state.keymap, rows: state.viewport.contentRows, into: &buffer)
        case .links(let picker):
            LinkPickerScreen.draw(picker, questionID: state.thread?.questionID, keymap: state.keymap,
                                  rows: state.viewport.contentRows, into: &buffer)
        case .saved(let saved):
            SavedListScreen.draw(saved, marks: state.shared.readMarks, savedIDs: state.shared.savedIDs, keys: state.shared,
                                 rows: state.viewport.contentRows, now: now, into: &buffer)
        }
        StatusLine.draw(state, threadLayout: layout, now: now, into: &buffer)
        if let prompt = state.prompt { PromptLine.draw(prompt, into: &buffer) }
        return (buffer, layout)
    }
}
