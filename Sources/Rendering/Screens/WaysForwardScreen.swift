import AppCore
import Foundation
import TextEngine

/// Draws the ways-forward screen: what happened, then each way forward (the selected one highlighted), and the
/// command that imports a site's dump.
enum WaysForwardScreen {
    /// The lines of `ways` as drawn under the header, wrapped to `width` columns (a wrapped line goes on under its
    /// own indent), with the rows of each choice (`choiceRows[i]` are choice `i`'s).
    static func lines(_ ways: WaysForwardState, keymap: Keymap, width: Int = .max) -> (lines: [String], choiceRows: [Range<Int>]) {
        var lines: [String] = []
        func add(_ text: String, indent: Int = 0) {
            let pad = String(repeating: " ", count: indent)
            let room = width == .max ? Int.max : max(1, width - indent - 2) // continuations go 2 further in
            let wrapped = room == Int.max ? [text] : TextWrap.wrap(text, width: room).map(\.text)
            lines += wrapped.enumerated().map { index, line in (index == 0 ? pad : pad + "  ") + line }
        }
        add("Nothing of \(ways.site) can be shown: \(ways.reason).")
        lines += ["", "Ways forward (↑↓ and Enter):"]
        var rows: [Range<Int>] = []
        for choice in ways.choices {
            let first = lines.count
            add(label(choice, ways, keymap), indent: 2)
            rows.append(first..<lines.count)
        }
        if ways.heldSites?.isEmpty == true { add("(the local store holds no site yet)", indent: 4) }
        lines.append("")
        add("Or import a site's data dump, then browse it offline:")
        add(WaysForwardState.importCommand, indent: 4)
        return (lines, rows)
    }

    /// `n` with a comma every three digits (`1,042`).
    static func grouped(_ n: Int) -> String {
        var digits = String(n.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        return (n < 0 ? "-" : "") + ([Substring(digits)] + groups).joined(separator: ",")
    }

    private static func label(_ choice: WaysForwardState.Choice, _ ways: WaysForwardState, _ keymap: Keymap) -> String {
        switch choice {
        case .retry:
            let key = keymap.keys(for: .reload).first.map { " (\($0.label))" } ?? ""
            return "Retry \(ways.site)\(key)"
        case .sample:
            if ways.sampleImport != nil { return "Importing the sample site…" }
            let problem = ways.sampleProblem.map { " — could not: \($0)" } ?? ""
            return "Browse the sample site: Cardano Stack Exchange as of 2021, shipped with stackterm (CC BY-SA 4.0)\(problem)"
        case .heldSite(let held):
            let count = held.questionCount == 1 ? "1 question" : grouped(held.questionCount) + " questions"
            return "Browse \(held.site) from the local store (\(count))"
        }
    }
}

extension WaysForwardState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: "\(site) · no data", right: "stackterm", into: &buffer)
        let (lines, choiceRows) = WaysForwardScreen.lines(self, keymap: state.keymap, width: buffer.width - 2)
        let selectedRows = choiceRows.indices.contains(selection) ? choiceRows[selection] : 0..<0
        let reasonRows = lines.firstIndex(of: "") ?? 1
        for (index, line) in lines.enumerated() where index + 1 <= state.viewport.contentRows {
            let selected = selectedRows.contains(index)
            let style = selected ? CellStyle(.reverse) : (index < reasonRows ? CellStyle(.bold) : .plain)
            if selected { buffer.fillRow(index + 1, style: style) }
            buffer.write(TextWidth.truncate(TerminalSafety.sanitize(line), to: buffer.width - 2), x: 1, y: index + 1, style: style)
        }
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        ("Nothing of \(site) to show", ["↑↓ move · Enter choose", StatusLine.hint(.backOrQuit, "quit", state.shared)])
    }
}
