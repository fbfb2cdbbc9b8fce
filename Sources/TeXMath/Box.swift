/// A rectangle of text with a baseline, as TeX's boxes (width, height above and depth below the baseline) and
/// sympy's `stringPict`: every line is padded to `width` columns; `baseline` is the index of the line that
/// lines up with the neighbours' baselines.
struct Box: Sendable {
    /// The line of a one-line box (most boxes: every atom, every inline formula), kept without an array.
    private var single: String
    /// The lines of any other box.
    private var multiple: [String]
    private(set) var isSingleLine: Bool
    private(set) var width: Int
    private(set) var baseline: Int

    /// One line.
    init(_ text: String) {
        self.init(single: text, width: TextColumns.width(text))
    }

    private init(single text: String, width: Int) {
        single = text
        multiple = []
        isSingleLine = true
        self.width = width
        baseline = 0
    }

    /// Lines already padded to `width` (callers guarantee it).
    init(lines: [String], width: Int, baseline: Int) {
        isSingleLine = lines.count == 1
        single = isSingleLine ? lines[0] : ""
        multiple = isSingleLine ? [] : lines
        self.width = width
        self.baseline = baseline
    }

    static let empty = Box("")

    /// `count` spaces on one line, `count` columns wide (no need to measure them).
    static func blank(_ count: Int) -> Box {
        Box(single: String(repeating: " ", count: count), width: count)
    }

    /// The lines, top to bottom.
    var lines: [String] { isSingleLine ? [single] : multiple }
    /// How many lines the box has.
    var lineCount: Int { isSingleLine ? 1 : multiple.count }
    /// Lines above the baseline.
    var height: Int { baseline }
    /// Lines below the baseline.
    var depth: Int { lineCount - 1 - baseline }
    /// The baseline's line (the text of a one-line box).
    var text: String { isSingleLine ? single : multiple[baseline] }

    /// Boxes side by side, baselines aligned.
    static func row(_ boxes: [Box]) -> Box {
        if boxes.allSatisfy(\.isSingleLine) {
            var text = ""
            var width = 0
            for box in boxes { text += box.single; width += box.width }
            return Box(single: text, width: width)
        }
        let above = boxes.map(\.height).max() ?? 0
        let below = boxes.map(\.depth).max() ?? 0
        var lines = Array(repeating: "", count: above + below + 1)
        var width = 0
        for box in boxes {
            let blank = String(repeating: " ", count: box.width)
            let boxLines = box.lines
            for index in lines.indices {
                let source = index - above + box.baseline
                lines[index] += source >= 0 && source < boxLines.count ? boxLines[source] : blank
            }
            width += box.width
        }
        return Box(lines: lines, width: width, baseline: above)
    }

    /// Boxes one above the other, each aligned in the widest; the baseline is line `baseline` of the result.
    static func stack(_ boxes: [Box], alignment: Grid.Alignment = .center, baseline: Int) -> Box {
        let width = boxes.map(\.width).max() ?? 0
        var lines: [String] = []
        for box in boxes {
            for line in box.lines { lines.append(pad(line, from: box.width, to: width, alignment)) }
        }
        return Box(lines: lines, width: width, baseline: min(max(0, baseline), max(0, lines.count - 1)))
    }

    /// This box widened to `newWidth` columns.
    func padded(to newWidth: Int, _ alignment: Grid.Alignment) -> Box {
        guard newWidth > width else { return self }
        return Box(lines: lines.map { Box.pad($0, from: width, to: newWidth, alignment) }, width: newWidth, baseline: baseline)
    }

    /// This box with blank lines added so that it has `above` lines above and `below` below the baseline.
    func extended(above: Int, below: Int) -> Box {
        let blank = String(repeating: " ", count: width)
        let top = Array(repeating: blank, count: max(0, above - height))
        let bottom = Array(repeating: blank, count: max(0, below - depth))
        return Box(lines: top + lines + bottom, width: width, baseline: baseline + top.count)
    }

    static func pad(_ line: String, from width: Int, to newWidth: Int, _ alignment: Grid.Alignment) -> String {
        let extra = max(0, newWidth - width)
        let left: Int
        switch alignment {
        case .left: left = 0
        case .right: left = extra
        case .center: left = extra / 2
        }
        return String(repeating: " ", count: left) + line + String(repeating: " ", count: extra - left)
    }

    /// A column of `count` glyphs, one per line (for tall delimiters).
    static func column(_ glyphs: [String], baseline: Int) -> Box {
        let width = glyphs.map { TextColumns.width($0) }.max() ?? 0
        let lines = glyphs.map { pad($0, from: TextColumns.width($0), to: width, .left) }
        return Box(lines: lines, width: width, baseline: baseline)
    }
}
