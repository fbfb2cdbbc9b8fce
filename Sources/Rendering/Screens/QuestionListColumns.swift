import AppCore
import TextEngine

/// The question list's columns for a terminal width and the list's sort: which are shown, how wide, and their
/// header labels. Narrow terminals drop the tags first (below 80 columns), then shorten the date label; the title
/// takes what is left. From 100 columns the rows on screen share the room: tags widen to show whole while the titles
/// fit beside them (in steps of 4, so scrolling moves the column seldom), and narrow to what the tags need.
struct QuestionListColumns: Equatable {
    var score = 5
    var answers: Int
    var tags: Int
    var date: Int
    var title: Int
    /// The date column's label: which date it shows (`asked` or `active`).
    var dateLabel: String
    var dateShown: ListDate

    /// What the rows on screen need: their widest title (with its marks) and their widest tags.
    struct Needs: Equatable {
        var title: Int
        var tags: Int
    }

    /// The narrowest a title is squeezed to when tags widen.
    static let shortestTitle = 30

    init(width: Int, dateShown: ListDate = .lastActivity, needs: Needs? = nil) {
        self.dateShown = dateShown
        answers = width >= 40 ? 4 : 3
        tags = width >= 100 ? min(32, width / 4) : (width >= 80 ? 20 : 0)
        let long = dateShown == .creation ? "asked" : "active"
        let short = dateShown == .creation ? "ask" : "act"
        date = width >= 60 ? 6 : 4
        dateLabel = width >= 60 ? long : short
        let gaps = 1 + 1 + 1 + (tags > 0 ? 1 : 0) + 1 + 1
        if width >= 100, let needs {
            tags = Self.sharedTags(base: tags, room: width - score - answers - date - gaps, needs: needs)
        }
        title = max(1, width - score - answers - tags - date - gaps)
    }

    /// The tags column when `room` columns are left for title and tags: wide enough for the widest tags when the
    /// widest title still fits beside them (never a title under `shortestTitle`), else `base`; never wider than the
    /// widest tags need (at least the label's 4).
    static func sharedTags(base: Int, room: Int, needs: Needs) -> Int {
        let wanted = max(4, (needs.tags + 3) / 4 * 4)
        let leftByTitles = room - max(needs.title, shortestTitle)
        return min(wanted, max(base, leftByTitles))
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
