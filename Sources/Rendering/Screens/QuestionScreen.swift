import Foundation
import AppCore

/// Draws the question view: a header, the scrolled thread document, and the status line.
public enum QuestionScreen {
    /// Draws `state.thread` using `cache` for the laid-out document; returns the document's line count.
    @discardableResult
    public static func draw(_ state: AppState, cache: ThreadLayoutCache, now: Date, into buffer: inout ScreenBuffer) -> Int {
        guard let thread = state.thread else { return 0 }
        let contentWidth = max(1, buffer.width - 2)
        let lines = cache.lines(for: thread, width: contentWidth, now: now)
        let title = thread.thread?.question.title ?? thread.summary?.title ?? "Question \(thread.questionID)"
        Chrome.drawHeader(left: title, right: state.settings.site, into: &buffer)

        let rows = state.viewport.contentRows
        let top = max(0, min(thread.scroll, lines.count - 1))
        for (offset, line) in lines.dropFirst(top).prefix(rows).enumerated() {
            buffer.write(line: line, x: 1, y: offset + 1, maxWidth: contentWidth)
        }

        var left = thread.pending?.indicatorVisible == true ? "Loading…" : positionText(top: top, rows: rows, total: lines.count)
        if let message = state.status.message { left = message }
        let quota = Chrome.quotaText(state.status)
        Chrome.drawStatus(left: left, right: (quota.isEmpty ? "" : quota + " · ") + "q back · ? help", isError: state.status.isError, into: &buffer)
        return lines.count
    }

    static func positionText(top: Int, rows: Int, total: Int) -> String {
        guard total > rows else { return "All" }
        if top == 0 { return "Top" }
        if top + rows >= total { return "Bottom" }
        return "\(top * 100 / max(1, total - rows))%"
    }
}

/// Remembers the last laid-out thread so scrolling does not re-render HTML on every key.
public final class ThreadLayoutCache {
    private struct Key: Equatable {
        var questionID: Int
        var width: Int
        var loaded: Bool
        var answerCount: Int
        var error: String?
        var indicator: Bool
    }
    private var key: Key?
    private var cached: [StyledLine] = []

    public init() {}

    /// The thread's lines at `width`, laid out again only when the thread, its state or the width changed.
    public func lines(for thread: ThreadState, width: Int, now: Date) -> [StyledLine] {
        let key = Key(questionID: thread.questionID, width: width, loaded: thread.thread != nil,
                      answerCount: thread.thread?.answers.count ?? -1, error: thread.error?.summary,
                      indicator: thread.pending?.indicatorVisible ?? false)
        if key != self.key {
            cached = ThreadDocument.lines(for: thread, width: width, now: now)
            self.key = key
        }
        return cached
    }
}
