import Foundation
import AppCore

/// Renders the whole app state into a fresh buffer: the one entry point the runtime calls per frame.
public enum AppScreen {
    /// A frame for `state`, plus the question view's document length when that screen is showing.
    public static func render(_ state: AppState, keymap: Keymap, cache: ThreadLayoutCache, now: Date) -> (buffer: ScreenBuffer, threadLines: Int?) {
        var buffer = ScreenBuffer(width: state.viewport.columns, height: state.viewport.rows)
        if Chrome.isTooSmall(state.viewport) {
            Chrome.drawTooSmall(into: &buffer)
            return (buffer, nil)
        }
        switch state.screen {
        case .questionList:
            QuestionListScreen.draw(state, now: now, into: &buffer)
            return (buffer, nil)
        case .question:
            let lines = QuestionScreen.draw(state, cache: cache, now: now, into: &buffer)
            return (buffer, lines)
        case .help:
            HelpScreen.draw(state, keymap: keymap, into: &buffer)
            return (buffer, nil)
        }
    }
}
