import Foundation
import AppCore

/// Renders the whole app state into a fresh buffer: the one entry point the runtime calls per frame.
public enum AppScreen {
    /// A frame for `state`, plus the question view's layout when that screen is showing.
    public static func render(_ state: AppState, cache: ThreadLayoutCache, now: Date)
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
        case .question: layout = QuestionScreen.draw(state, cache: cache, now: now, into: &buffer)
        case .picker: PickerScreen.draw(state, into: &buffer)
        case .help: HelpScreen.draw(state, into: &buffer)
        }
        if let prompt = state.prompt { PromptLine.draw(prompt, into: &buffer) }
        return (buffer, layout)
    }
}
