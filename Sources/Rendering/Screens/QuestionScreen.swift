import Foundation
import AppCore

/// Draws the question view: a header, the scrolled thread document, and the status line.
public enum QuestionScreen {
    /// Draws `state.thread` using `cache` for the laid-out document; returns the layout it drew.
    @discardableResult
    public static func draw(_ state: AppState, cache: ThreadLayoutCache, now: Date, into buffer: inout ScreenBuffer) -> ThreadDocument.Layout? {
        guard let thread = state.thread else { return nil }
        let contentWidth = max(1, buffer.width - 2)
        let layout = cache.layout(for: thread, width: contentWidth, now: now)
        let lines = layout.lines
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
        Chrome.drawStatus(left: left, right: (quota.isEmpty ? "" : quota + " · ") + "c comments · q back · ? help",
                          isError: state.status.isError, into: &buffer)
        return layout
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
        var showComments: Bool
        var comments: Int?
        var commentsPending: Bool
    }
    private var key: Key?
    private var cached = ThreadDocument.Layout(lines: [], anchors: [:])

    public init() {}

    /// The thread laid out at `width`, again only when the thread, its state or the width changed.
    public func layout(for thread: ThreadState, width: Int, now: Date) -> ThreadDocument.Layout {
        let key = Key(questionID: thread.questionID, width: width, loaded: thread.thread != nil,
                      answerCount: thread.thread?.answers.count ?? -1, error: thread.error?.summary,
                      indicator: thread.pending?.indicatorVisible ?? false, showComments: thread.showComments,
                      comments: thread.comments.map { $0.values.reduce(0) { $0 + $1.count } },
                      commentsPending: thread.commentsPending != nil)
        if key != self.key {
            cached = ThreadDocument.layout(for: thread, width: width, now: now)
            self.key = key
        }
        return cached
    }

    /// The thread's lines at `width`.
    public func lines(for thread: ThreadState, width: Int, now: Date) -> [StyledLine] {
        layout(for: thread, width: width, now: now).lines
    }
}
