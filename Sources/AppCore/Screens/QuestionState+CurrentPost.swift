/// A post `]`/`[` made current, with the scroll the move left: it stays current while the view stays there, even
/// when the view could not bring its start to the top (at the bottom of the thread).
public struct PostMark: Hashable, Sendable {
    public var post: Int
    public var scroll: Int

    public init(post: Int, scroll: Int) {
        self.post = post
        self.scroll = scroll
    }
}

extension QuestionState {
    /// The post the reader is on in a view of `rows` rows — what the status line's `answer i/n` names and where `]`/`[`
    /// count from: the post `]`/`[` went to while the view has not moved since; else, at the bottom (scrolled, and no
    /// further to go), the last post whose start is on screen, since `]` could not scroll it higher; else the post at
    /// the top of the view.
    public func currentPost(rows: Int) -> Int? {
        guard let measure else { return nil }
        let view = scroll..<(scroll + max(1, rows))
        if let postMark, postMark.scroll == scroll, let start = measure.postStarts[postMark.post], view.contains(start) {
            return postMark.post
        }
        if scroll > 0, scroll + rows >= measure.lineCount,
           let last = measure.postStarts.filter({ view.contains($0.value) }).max(by: { $0.value < $1.value }) {
            return last.key
        }
        return measure.post(atLine: scroll)
    }
}
