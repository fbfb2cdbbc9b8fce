import AppCore

/// The question list's columns for a terminal width and the list's sort: which are shown, how wide, and their
/// header labels. Narrow terminals drop the tags first (below 80 columns), then shorten the date label; the title
/// takes what is left.
struct QuestionListColumns: Equatable {
    var score = 5
    var answers: Int
    var tags: Int
    var date: Int
    var title: Int
    /// The date column's label: which date it shows (`asked` or `active`).
    var dateLabel: String
    var dateShown: ListDate

    init(width: Int, dateShown: ListDate = .lastActivity) {
        self.dateShown = dateShown
        answers = width >= 40 ? 4 : 3
        tags = width >= 100 ? min(32, width / 4) : (width >= 80 ? 20 : 0)
        let long = dateShown == .creation ? "asked" : "active"
        let short = dateShown == .creation ? "ask" : "act"
        date = width >= 60 ? 6 : 4
        dateLabel = width >= 60 ? long : short
        let gaps = 1 + 1 + 1 + (tags > 0 ? 1 : 0) + 1 + 1
        title = max(1, width - score - answers - tags - date - gaps)
    }

    /// The header row's text: each label over its column.
    func header(width: Int) -> String {
        var line = TextWidth.fit(String(repeating: " ", count: score - 5) + "score", to: score) + " "
        line += TextWidth.fit(answers >= 4 ? "ans" : "an", to: answers) + " "
        line += TextWidth.fit("title", to: title) + " "
        if tags > 0 { line += TextWidth.fit("tags", to: tags) + " " }
        let used = TextWidth.of(line)
        let room = max(0, width - 1 - used)
        return line + String(repeating: " ", count: max(0, room - TextWidth.of(dateLabel))) + dateLabel
    }
}
