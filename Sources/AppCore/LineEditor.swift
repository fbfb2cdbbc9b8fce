/// A single-line text editor for prompts (search, tags): the text, a cursor counted in graphemes, and a
/// history walked with Up/Down. A pure value: `handle(_:)` applies one key and says whether editing goes on.
///
/// Keys: printable characters insert at the cursor (a combining mark joins the grapheme before it);
/// Left/Right (and Ctrl-B/Ctrl-F) move by grapheme; Home/End and Ctrl-A/Ctrl-E jump to the ends; Backspace and Ctrl-H delete
/// the grapheme before the cursor, Delete and Ctrl-D the one after; Ctrl-U deletes to the start, Ctrl-K to
/// the end; Ctrl-W deletes the word before the cursor (spaces first, then the non-spaces before them);
/// Enter submits the text as typed (possibly empty), Esc cancels; Tab, control characters and other keys
/// are ignored.
///
/// History holds earlier entries oldest first. Up recalls the previous entry, Down the next; walking down
/// past the newest restores the draft that was being typed when the walk began. Edits to a recalled entry
/// change the text only: the history itself never changes while editing.
public struct LineEditor: Hashable, Sendable {
    /// What a key did to the prompt.
    public enum Outcome: Hashable, Sendable {
        /// Still editing (the key changed the text or cursor, or was ignored).
        case editing
        /// Enter: the text to act on.
        case submitted(String)
        /// Esc: the prompt should close without acting.
        case cancelled
    }

    public private(set) var text: String
    /// The cursor position in graphemes, from 0 (before the first) to `text.count` (after the last).
    public private(set) var cursor: Int
    /// `text.count`, kept as the text changes: counting graphemes walks the whole text, and a paste types thousands
    /// of characters, each at the end.
    private var count: Int
    /// Earlier entries, oldest first, recalled with Up/Down.
    public let history: [String]
    /// The history entry shown now, or nil while editing the draft.
    public private(set) var historyPosition: Int?
    /// The text typed before the history walk began, restored when walking down past the newest entry.
    private var draft = ""

    /// An editor holding `text` (control characters dropped) with the cursor at its end, and `history`
    /// (oldest first) for Up/Down.
    public init(text: String = "", history: [String] = []) {
        self.text = String(String.UnicodeScalarView(text.unicodeScalars.filter { !Self.isControl($0) }))
        self.count = self.text.count
        self.cursor = count
        self.history = history
    }

    public init(history: [String]) {
        self.init(text: "", history: history)
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character): insert(character)
        case .control(let letter): return handleControl(letter)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = count
        case .backspace: deleteBeforeCursor()
        case .delete: deleteAfterCursor()
        case .up: recallOlder()
        case .down: recallNewer()
        case .enter: return .submitted(text)
        case .escape: return .cancelled
        case .paste(let pasted): insert(pasted: pasted)
        case .tab, .pageUp, .pageDown, .function, .mouse: break
        }
        return .editing
    }

    private mutating func handleControl(_ letter: Character) -> Outcome {
        switch letter.lowercased() {
        case "a": cursor = 0
        case "e": cursor = count
        case "b": cursor = max(0, cursor - 1)
        case "f": cursor = min(count, cursor + 1)
        case "h": deleteBeforeCursor()
        case "d": deleteAfterCursor()
        case "u": replace(0..<cursor, with: "")
        case "k": replace(cursor..<count, with: "")
        case "w": deleteWordBeforeCursor()
        default: break
        }
        return .editing
    }

    // MARK: editing

    private mutating func insert(_ character: Character) {
        guard !character.unicodeScalars.contains(where: Self.isControl) else { return }
        guard cursor == count else { return replace(cursor..<cursor, with: String(character)) }
        // Typing at the end, as a paste does: appended in place (linear in the paste, not quadratic), the count
        // unchanged when the character joins the last grapheme (a combining mark, a flag's second half).
        let joins = text.last.map { String($0).appending(String(character)).count == 1 } ?? false
        text.append(character)
        if !joins { count += 1 }
        cursor = count
    }

    /// Inserts a bracketed paste at the cursor in one step: line breaks and tabs become spaces, other control
    /// characters are dropped.
    private mutating func insert(pasted: String) {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in pasted.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n", previous == "\r" { continue } // one space for a "\r\n" line break
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                scalars.append(" ")
            } else if !Self.isControl(scalar) {
                scalars.append(scalar)
            }
        }
        let text = String(scalars)
        guard cursor == count else { return replace(cursor..<cursor, with: text) }
        for character in text { insert(character) }
    }

    private mutating func deleteBeforeCursor() {
        guard cursor > 0 else { return }
        replace(cursor - 1..<cursor, with: "")
    }

    private mutating func deleteAfterCursor() {
        guard cursor < count else { return }
        replace(cursor..<cursor + 1, with: "")
    }

    /// Deletes the spaces just before the cursor, then the non-spaces before them.
    private mutating func deleteWordBeforeCursor() {
        let characters = Array(text.prefix(cursor))
        var start = characters.count
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        replace(start..<cursor, with: "")
    }

    /// Replaces the graphemes in `range` with `replacement` and puts the cursor after it. The cursor is
    /// counted on the new text, so an inserted combining mark that joins the grapheme before it leaves the
    /// cursor right after that grapheme.
    private mutating func replace(_ range: Range<Int>, with replacement: String) {
        let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.index(lower, offsetBy: range.count)
        let head = String(text[..<lower]) + replacement
        text = head + text[upper...]
        count = text.count
        cursor = min(head.count, count)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    // MARK: history

    private mutating func recallOlder() {
        guard !history.isEmpty else { return }
        switch historyPosition {
        case nil:
            draft = text
            show(history.count - 1)
        case let position? where position > 0:
            show(position - 1)
        default:
            break
        }
    }

    private mutating func recallNewer() {
        guard let position = historyPosition else { return }
        if position + 1 < history.count {
            show(position + 1)
        } else {
            historyPosition = nil
            text = draft
            count = text.count
            cursor = count
        }
    }

    /// `history` with `entry` appended as the newest, for the caller to keep after a submission: an empty
    /// (or all-space) entry is not recorded, an earlier copy of the same entry moves to the end, and only the
    /// newest `limit` entries are kept.
    public static func recording(_ entry: String, in history: [String], limit: Int = 100) -> [String] {
        guard entry.contains(where: { !$0.isWhitespace }), limit > 0 else { return history }
        let kept = history.filter { $0 != entry } + [entry]
        return Array(kept.suffix(limit))
    }

    private mutating func show(_ position: Int) {
        historyPosition = position
        text = history[position]
        count = text.count
        cursor = count
    }
}
