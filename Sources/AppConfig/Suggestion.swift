/// "Did you mean …?": the known name closest to a misspelt one.
enum Suggestion {
    /// The candidate within two edits of `word` (ignoring case), the closest first; nil when none is that close.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let scored = candidates.map { (name: $0, distance: editDistance(target, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 else { return nil }
        return best.name
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
