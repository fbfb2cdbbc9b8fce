/// What in-page find looks for: the text typed after `/`, matched like `less` does with smart case — a pattern
/// without a capital letter ignores case, one with a capital matches it exactly. A match never spans two lines.
public struct FindPattern: Hashable, Sendable {
    public var text: String

    public init(_ text: String) { self.text = text }

    /// Whether case matters: the pattern has a capital letter.
    public var isCaseSensitive: Bool { text.contains { $0.isUppercase } }

    /// Where the pattern occurs in `line`, as ranges of character offsets, left to right, not overlapping.
    public func occurrences(in line: String) -> [Range<Int>] {
        guard !text.isEmpty, !line.isEmpty else { return [] }
        if isCaseSensitive { return Self.search(Array(text), in: Array(line)) }
        let lowered = line.lowercased()
        // Lowering keeps the count of characters nearly always; where it does not, lower them one by one so
        // the offsets still name the line's own characters.
        if lowered.count == line.count { return Self.search(Array(text.lowercased()), in: Array(lowered)) }
        return Self.search(Array(text.lowercased()).map { String($0) }, in: line.map { String($0).lowercased() })
    }

    private static func search<Element: Equatable>(_ needle: [Element], in haystack: [Element]) -> [Range<Int>] {
        guard needle.count <= haystack.count, let first = needle.first else { return [] }
        var found: [Range<Int>] = []
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first, haystack[start..<(start + needle.count)].elementsEqual(needle) {
                found.append(start..<(start + needle.count))
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }
}

/// One place a find matched: the document line and which occurrence on that line (from 0).
public struct FindMatch: Hashable, Sendable {
    /// The line of the laid-out thread.
    public var line: Int
    /// Which of the line's occurrences, from 0.
    public var occurrence: Int

    public init(line: Int, occurrence: Int) {
        self.line = line
        self.occurrence = occurrence
    }
}

/// The question view's in-page find: its pattern, every match in the laid-out thread, and the one gone to last.
public struct ThreadFind: Hashable, Sendable {
    public var pattern: FindPattern
    /// Every match, in document order.
    public var matches: [FindMatch]
    /// The index in `matches` of the match gone to last (highlighted apart), if any.
    public var current: Int?

    /// `pattern` matched over the lines of `measure`.
    public init(pattern: FindPattern, measure: ThreadMeasure?) {
        self.pattern = pattern
        matches = Self.matches(of: pattern, in: measure?.lineTexts ?? [])
    }

    /// Every occurrence of `pattern` in `lines`, in order.
    static func matches(of pattern: FindPattern, in lines: [String]) -> [FindMatch] {
        var matches: [FindMatch] = []
        for (line, text) in lines.enumerated() {
            for occurrence in pattern.occurrences(in: text).indices { matches.append(FindMatch(line: line, occurrence: occurrence)) }
        }
        return matches
    }

    /// The match gone to last, if any.
    public var currentMatch: FindMatch? { current.map { matches[$0] } }

    /// "3/17 matches".
    var countText: String {
        "\((current ?? 0) + 1)/\(matches.count) match\(matches.count == 1 ? "" : "es")"
    }

    /// "not found: word".
    var notFoundText: String { "not found: \(pattern.text)" }
}
