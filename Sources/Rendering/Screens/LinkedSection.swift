import AppCore
import StackAPI
import TeXMath
import TextEngine

/// The questions linked with the one being read, under its body: "Duplicate of", "Duplicates of this question" and
/// "Linked questions", each entry numbered `[n]` after the question's own links so the link picker follows it.
enum LinkedSection {
    /// The section's lines and its numbered links (in post `postID`, from `firstNumber` on); titles' formulas typeset
    /// as `math` says.
    static func layout(_ related: [LinkedQuestion], postID: Int, firstNumber: Int, width: Int,
                       math: MathOptions? = nil) -> (lines: [StyledLine], links: [ThreadLink]) {
        var lines: [StyledLine] = []
        var links: [ThreadLink] = []
        for relation in [LinkedQuestion.Relation.duplicateOf, .duplicatedBy, .linked] {
            let group = related.filter { $0.relation == relation }
            guard !group.isEmpty else { continue }
            lines.append(StyledLine([StyledSpan(heading(relation, count: group.count), style: CellStyle(.bold, color: .muted))]))
            for question in group {
                let number = firstNumber + links.count
                let title = question.title.map { ShownTitle.of($0, math: math) } ?? "question \(question.questionID) (not in the local store)"
                links.append(ThreadLink(postID: postID, number: number, text: title, url: question.link, place: .linkedQuestion))
                let marker = "  [\(number)] "
                let indent = String(repeating: " ", count: TextWidth.of(marker))
                let wrapped = TextWrap.wrap([StyledSpan(title, style: CellStyle(color: question.title == nil ? .muted : .normal))],
                                            width: max(1, width - TextWidth.of(marker)))
                for (index, line) in wrapped.enumerated() {
                    let lead = StyledSpan(index == 0 ? marker : indent, style: CellStyle(color: .link))
                    lines.append(StyledLine([lead] + line.spans))
                }
            }
        }
        return (lines, links)
    }

    static func heading(_ relation: LinkedQuestion.Relation, count: Int) -> String {
        switch relation {
        case .duplicateOf: "Duplicate of:"
        case .duplicatedBy: count == 1 ? "Duplicate of this question:" : "Duplicates of this question:"
        case .linked: "Linked questions:"
        }
    }
}
