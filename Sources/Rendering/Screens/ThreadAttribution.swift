import StackAPI
import TextEngine

/// The licence line at the end of a thread: the notice, then the question's link, never broken inside the link
/// when any form of it fits.
///
/// The link stays beside the notice when both fit, else takes a line of its own; a link wider than the width is
/// replaced by the question's short form (`https://HOST/q/ID`, which the site redirects to the same page), and
/// only when even that does not fit (a width under about 40 columns) is the link cut between characters.
enum ThreadAttribution {
    static let notice = "Posts by their authors, licensed CC BY-SA —"
    private static let style = CellStyle(.dim, color: .muted)

    /// The attribution of `question`'s thread in lines of at most `width` columns.
    static func lines(for question: Question, width: Int) -> [StyledLine] {
        let width = max(1, width)
        let link = question.link.map { TerminalSafety.sanitize($0) } ?? ""
        guard !link.isEmpty else { return TextWrap.wrap(notice + " question \(question.questionID)", style: style, width: width) }
        if TextWidth.of(notice) + 1 + TextWidth.of(link) <= width { return [StyledLine(notice + " " + link, style: style)] }
        var lines = TextWrap.wrap(notice, style: style, width: width)
        let short = shortLink(link, questionID: question.questionID)
        let shown = TextWidth.of(link) <= width ? link : short.flatMap { TextWidth.of($0) <= width ? $0 : nil }
        if let shown {
            lines.append(StyledLine(shown, style: style))
        } else {
            lines += TextWrap.hardBreak(short ?? link, width: width).map { StyledLine($0, style: style) }
        }
        return lines
    }

    /// `https://HOST/q/ID` on the link's own scheme and host; nil when `link` has no `scheme://host`.
    static func shortLink(_ link: String, questionID: Int) -> String? {
        guard let schemeEnd = link.range(of: "://") else { return nil }
        let afterScheme = link[schemeEnd.upperBound...]
        let host = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty else { return nil }
        return link[..<schemeEnd.upperBound] + host + "/q/\(questionID)"
    }
}
