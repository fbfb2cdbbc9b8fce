import Foundation
import AppCore
import TextEngine

/// Renders the whole app state into a fresh buffer: the one entry point the runtime calls per frame. The top
/// screen of the stack draws its header and content; `StatusLine` draws the last row; an open prompt covers it.
public enum AppScreen {
    /// A frame for `state` drawing the question view with `threadLayout` (nil: not laid out yet, so only the
    /// question's header and "Laying out…"), plus the layout drawn when that screen is showing and it was ready.
    public static func render(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date)
        -> (buffer: ScreenBuffer, threadLayout: ThreadDocument.Layout?) {
        var buffer = ScreenBuffer(width: state.viewport.columns, height: state.viewport.rows)
        if Chrome.isTooSmall(state.viewport) {
            Chrome.drawTooSmall(into: &buffer)
            return (buffer, nil)
        }
        // The question view's layout is drawn (and handed back) only while that view is on top.
        let layout = if case .question = state.top { threadLayout } else { ThreadDocument.Layout?.none }
        state.top.view.draw(state, threadLayout: layout, now: now, into: &buffer)
        StatusLine.draw(state, threadLayout: layout, now: now, into: &buffer)
        if let prompt = state.prompt { PromptLine.draw(prompt, into: &buffer) }
        return (buffer, layout)
    }
}

/// How one kind of screen draws: each screen's state conforms once, beside its drawing code, and `AppScreen` and
/// `StatusLine` reach it through the registry (`ScreenState.content`), so a new screen's view needs no switch here.
protocol ScreenView {
    /// Draws the header and the content rows of the screen on top of `state`.
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer)
    /// The status line's own words while no message shows, and the key hints beside the quota.
    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String])
}

extension ScreenState {
    /// This screen's view (every kind of screen state has one).
    var view: any ScreenView {
        guard let view = content as? any ScreenView else { preconditionFailure("no ScreenView for \(kind)") }
        return view
    }
}
