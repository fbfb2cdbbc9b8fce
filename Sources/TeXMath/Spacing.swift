/// The space between neighbouring atoms (The TeXbook, Appendix G, Rules 5, 6 and 20, with its table of
/// spacing): a thin, medium or thick space is one column; in script style only the thin ones around
/// operators remain.
enum Spacing {
    /// Columns between an atom of class `left` and one of class `right`.
    static func gap(_ left: MathClass, _ right: MathClass, script: Bool) -> Int {
        if left == .op && right == .inner { return 0 }
        let left = left == .inner ? MathClass.ord : left, right = right == .inner ? MathClass.ord : right
        switch (left, right) {
        case (.ord, .op), (.op, .ord), (.op, .op), (.close, .op): return 1
        default: break
        }
        if script { return 0 }
        switch (left, right) {
        case (.bin, _), (_, .bin): return 1
        case (.rel, .rel), (.rel, .close), (.rel, .punct), (.open, .rel): return 0
        case (.rel, _), (_, .rel): return 1
        case (.punct, _): return 1
        default: return 0
        }
    }

    /// The classes of `nodes` after Rules 5 and 6: a binary operator with no operand on one side is ordinary.
    static func classes(_ nodes: [Node]) -> [MathClass?] {
        var result = nodes.map(\.mathClass)
        var previous: Int?
        for index in result.indices {
            guard let current = result[index] else { continue }
            if current == .bin {
                let before = previous.flatMap { result[$0] }
                switch before {
                case nil, .bin?, .op?, .rel?, .open?, .punct?: result[index] = .ord
                default: break
                }
            }
            if let previous, result[previous] == .bin, current == .rel || current == .close || current == .punct {
                result[previous] = .ord
            }
            previous = index
        }
        if let previous, result[previous] == .bin { result[previous] = .ord }
        return result
    }
}
