/// Delimiters: one character on one line, extensible glyphs (⎛⎜⎝, ⎡⎢⎣, ⎧⎨⎩⎪ …) over several.
enum Fences {
    /// The ASCII form of a delimiter key.
    static func ascii(_ key: String) -> String {
        asciiForms[key] ?? key
    }

    private static let asciiForms: [String: String] = [
        "⟨": "<", "⟩": ">", "‖": "||", "⌊": "|_", "⌋": "_|", "⌈": "|^", "⌉": "^|", "↑": "^", "↓": "v",
        "↕": "|", "⇑": "^", "⇓": "v",
    ]

    /// The delimiter `key` as a column `height` lines tall whose baseline is line `baseline`.
    static func box(_ key: String, height: Int, baseline: Int, ascii: Bool) -> Box {
        guard !key.isEmpty else { return Box.column(Array(repeating: "", count: height), baseline: baseline) }
        guard height > 1 else { return Box(ascii ? Fences.ascii(key) : key) }
        let glyphs = ascii ? asciiColumn(key, height) : unicodeColumn(key, height)
        return Box.column(glyphs, baseline: baseline)
    }

    private static func unicodeColumn(_ key: String, _ height: Int) -> [String] {
        switch key {
        case "(": return ends("⎛", "⎜", "⎝", height)
        case ")": return ends("⎞", "⎟", "⎠", height)
        case "[": return ends("⎡", "⎢", "⎣", height)
        case "]": return ends("⎤", "⎥", "⎦", height)
        case "⌊": return ends("⎢", "⎢", "⎣", height)
        case "⌋": return ends("⎥", "⎥", "⎦", height)
        case "⌈": return ends("⎡", "⎢", "⎢", height)
        case "⌉": return ends("⎤", "⎥", "⎥", height)
        case "{": return brace("⎧", "⎨", "⎩", "⎰", "⎱", height)
        case "}": return brace("⎫", "⎬", "⎭", "⎱", "⎰", height)
        case "|": return Array(repeating: "│", count: height)
        case "‖": return Array(repeating: "‖", count: height)
        case "⟨": return (0..<height).map { $0 < (height + 1) / 2 ? "╱" : "╲" }
        case "⟩": return (0..<height).map { $0 < (height + 1) / 2 ? "╲" : "╱" }
        default: return (0..<height).map { $0 == (height - 1) / 2 ? key : " " }
        }
    }

    private static func asciiColumn(_ key: String, _ height: Int) -> [String] {
        switch key {
        case "(": return ends("/", "|", "\\", height)
        case ")": return ends("\\", "|", "/", height)
        case "[", "⌊", "⌈": return ends("[", "[", "[", height)
        case "]", "⌋", "⌉": return ends("]", "]", "]", height)
        case "{": return brace("/", "<", "\\", "/", "\\", height)
        case "}": return brace("\\", ">", "/", "\\", "/", height)
        case "|": return Array(repeating: "|", count: height)
        case "‖": return Array(repeating: "||", count: height)
        case "⟨": return (0..<height).map { $0 < (height + 1) / 2 ? "/" : "\\" }
        case "⟩": return (0..<height).map { $0 < (height + 1) / 2 ? "\\" : "/" }
        default: return (0..<height).map { $0 == (height - 1) / 2 ? ascii(key) : " " }
        }
    }

    private static func ends(_ top: String, _ middle: String, _ bottom: String, _ height: Int) -> [String] {
        [top] + Array(repeating: middle, count: max(0, height - 2)) + [bottom]
    }

    private static func brace(_ top: String, _ middle: String, _ bottom: String, _ twoTop: String, _ twoBottom: String,
                              _ height: Int) -> [String] {
        if height == 2 { return [twoTop, twoBottom] }
        let fill = top == "/" || top == "\\" ? "|" : "⎪"
        return (0..<height).map { index in
            index == 0 ? top : index == height - 1 ? bottom : index == (height - 1) / 2 ? middle : fill
        }
    }
}
