import Foundation

/// Where each key of a TOML file is written, so errors found after parsing can name their line.
///
/// TOMLKit reports lines for syntax errors only; this scan of the text finds `[table]` headers and
/// `key = value` lines (bare, quoted and dotted keys), skipping the inside of multi-line strings.
struct ConfigSourceMap {
    private var lines: [[String]: Int] = [:]

    init(_ text: String) {
        var table: [String] = []
        var openString: String?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Substring(rawLine)
            let number = index + 1
            if let delimiter = openString {
                if line.components(separatedBy: delimiter).count % 2 == 0 { openString = nil }
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") {
                if let path = Self.keyPath(in: trimmed.drop { $0 == "[" }, until: "]") {
                    table = path
                    record(table, line: number)
                }
            } else if let path = Self.keyPath(in: trimmed, until: "=") {
                record(table + path, line: number)
                openString = Self.unclosedMultilineString(in: line)
            }
        }
    }

    /// The line of `path` (e.g. `["keys", "moveDown"]`), else of its nearest written parent.
    func line(for path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return nil
    }

    private mutating func record(_ path: [String], line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// The dotted key at the start of `text`, ending at `terminator` (`=` for keys, `]` for headers).
    private static func keyPath(in text: Substring, until terminator: Character) -> [String]? {
        var parts: [String] = []
        var rest = text
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { return nil }
            if first == "\"" || first == "'" {
                guard let close = rest.dropFirst().firstIndex(of: first) else { return nil }
                parts.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            } else {
                let bare = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                guard !bare.isEmpty else { return nil }
                parts.append(String(bare))
                rest = rest.dropFirst(bare.count)
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let next = rest.first else { return nil }
            if next == terminator { return parts }
            guard next == "." else { return nil }
            rest = rest.dropFirst()
        }
    }

    /// `"""` or `'''` when the value on this line opens a multi-line string it does not close.
    private static func unclosedMultilineString(in line: Substring) -> String? {
        for delimiter in ["\"\"\"", "'''"] where line.components(separatedBy: delimiter).count % 2 == 0 {
            return delimiter
        }
        return nil
    }
}
