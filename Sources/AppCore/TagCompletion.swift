/// Tab in the tag prompt: completes the tag being typed at the end of the line (the text after the last `;` or
/// space) from the tags this session has seen — the list's rows, the open question's, the watched and filtered ones,
/// most frequent first.
enum TagCompletion {
    /// What Tab did: the editor (changed when something was completed) and what the status line should say.
    struct Result: Equatable {
        var editor: LineEditor
        var message: String?
    }

    /// Completes `editor`'s last tag from `known` (repeats count: the more often seen, the earlier offered).
    static func complete(_ editor: LineEditor, known: [String]) -> Result {
        let text = editor.text
        guard editor.cursor == text.count else { return Result(editor: editor, message: "Tab completes the tag at the end of the line") }
        let start = text.lastIndex { $0 == ";" || $0 == " " }.map { text.index(after: $0) } ?? text.startIndex
        let typed = text[start...].lowercased()
        let candidates = ranked(known).filter { $0.hasPrefix(typed) && $0 != typed }
        guard let first = candidates.first else {
            let message = typed.isEmpty ? "No tags seen yet to complete from" : "No tag seen starts with \"\(typed)\""
            return Result(editor: editor, message: message)
        }
        let common = candidates.dropFirst().reduce(first) { commonPrefix($0, $1) }
        let completed = LineEditor(text: String(text[..<start]) + common, history: editor.history)
        guard candidates.count > 1 else { return Result(editor: completed, message: nil) }
        let shown = candidates.prefix(8).joined(separator: " ")
        return Result(editor: completed, message: "Tags: " + shown + (candidates.count > 8 ? " …" : ""))
    }

    /// Each tag once, lowercased, the most frequent first (then alphabetical).
    static func ranked(_ tags: [String]) -> [String] {
        var counts: [String: Int] = [:]
        for tag in tags { counts[tag.lowercased(), default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    private static func commonPrefix(_ lhs: String, _ rhs: String) -> String {
        String(zip(lhs, rhs).prefix { $0 == $1 }.map(\.0))
    }
}

extension AppState {
    /// The tags this session can complete from: the rows of the lists on the stack, the questions open, the
    /// watched tags and the filter in force.
    var knownTags: [String] {
        var tags = shared.watchedTags + settings.tagged
        for screen in stack {
            switch screen {
            case .questions(let list): tags += list.rows.items.flatMap(\.tags)
            case .saved(let saved): tags += saved.rows.items.flatMap(\.tags)
            case .question(let thread): tags += thread.question?.tags ?? []
            default: break
            }
        }
        return tags
    }
}
