import Foundation
import AppCore
import StackAPI
import TextEngine

/// Draws the link picker: one row per numbered link of the thread (`[n]`, its text, its target), in reading order,
/// the post it is in at the row's end (`question by Ada`, `answer 2 by Bob`, `comment by Cy on answer 2`).
public enum LinkPickerScreen {
    /// The picker's title, naming the first key of each link command in `keymap` (a command without keys is left out).
    public static func title(_ keymap: Keymap) -> String {
        let actions: [(Command, String)] = [(.open, "follows"), (.openInBrowser, "opens in the browser"), (.copyLink, "copies")]
        let parts = actions.compactMap { command, what in keymap.keys(for: command).first.map { "\($0.label) \(what)" } }
        return (["Links — type a number"] + parts).joined(separator: ", ")
    }

    /// Draws `picker` (title naming the keys in `keymap`, the number typed, `rows` rows of links, each naming its
    /// post in `thread`) into `buffer`.
    public static func draw(_ picker: LinkPickerState, thread: QuestionState?, keymap: Keymap, rows contentRows: Int,
                            into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: title(keymap), right: "stackterm", into: &buffer)
        let typed = picker.typed.isEmpty ? "" : "Link " + picker.typed + "▏"
        buffer.write(TextWidth.truncate(typed, to: buffer.width - 2), x: 1, y: 1, style: CellStyle(.bold))
        let rows = max(1, contentRows - 1)
        let links = picker.links
        let top = max(0, min(picker.selection - rows + 1, max(0, links.count - rows)))
        var y = 2
        let room = buffer.width - 3
        for index in top..<min(links.count, top + rows) {
            let selected = index == picker.selection
            buffer.fillRow(y, style: selected ? CellStyle(.reverse) : .plain)
            // The post keeps up to half the row, right-aligned; the link's text and target take the rest.
            let post = TextWidth.truncate(place(links[index], in: thread), to: max(0, room / 2))
            let postWidth = TextWidth.of(post)
            let left = TextWidth.truncate(label(links[index]), to: max(0, room - postWidth - (postWidth > 0 ? 2 : 0)))
            buffer.write(left, x: 2, y: y, style: selected ? CellStyle(.reverse) : .plain)
            buffer.write(post, x: 2 + room - postWidth, y: y, style: selected ? CellStyle(.reverse) : CellStyle(color: .muted))
            y += 1
        }
    }

    /// `[n] text — url`, sanitised (the URL alone when the text is empty or is the URL).
    static func label(_ link: ThreadLink) -> String {
        let text = TerminalSafety.sanitize(link.text)
        let url = TerminalSafety.sanitize(link.url)
        let shown = text.isEmpty || text == url ? url : text + " — " + url
        return "[\(link.number)] " + shown
    }

    /// Where `link` is in `thread`: `question by Ada`, `answer 2 by Bob`, `comment by Cy on answer 2`,
    /// `linked questions` (the author left out when unknown).
    static func place(_ link: ThreadLink, in thread: QuestionState?) -> String {
        let answers = thread?.thread?.answers ?? []
        let answerIndex = answers.firstIndex { $0.answerID == link.postID }
        let post = answerIndex.map { "answer \($0 + 1)" } ?? "question"
        func by(_ owner: ShallowUser?) -> String {
            owner?.displayName.map { " by " + TerminalSafety.sanitize($0) } ?? ""
        }
        switch link.place {
        case .linkedQuestion:
            return "linked questions"
        case .comment(let id):
            let comment = thread?.comments?[link.postID]?.first { $0.commentID == id }
            return "comment" + by(comment?.owner) + " on " + (answerIndex == nil ? "the question" : post)
        case .body:
            return post + by(answerIndex.map { answers[$0].owner } ?? thread?.question?.owner)
        }
    }
}

extension LinkPickerState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        LinkPickerScreen.draw(self, thread: state.thread, keymap: state.keymap, rows: state.viewport.contentRows, into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        let shared = state.shared
        return (links.isEmpty ? "No links" : "link \(selection + 1) of \(links.count)",
                [StatusLine.hint(.open, "open", shared), StatusLine.hint(.copyLink, "copy", shared),
                 StatusLine.hint(.cancelOrBack, "back", shared)])
    }
}
