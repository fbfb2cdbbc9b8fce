/// Nodes into boxes. In inline mode every box is one line (the linear forms: `(a+b)/(c+d)`, `x^(k+1)`); in
/// display mode fractions stack, radicals get their bar, limits go above and below and grids take several lines.
struct Layout {
    /// Where a node is set: display (2D allowed) or inline, and whether inside a script (no binary spacing).
    struct Context {
        var display: Bool
        var script = false
        var twoDimensional: Bool { display && !script }
    }

    let ascii: Bool

    /// The box of `node`; throws when a display grows past `TeXLimits.cells`.
    func box(_ node: Node, _ context: Context) throws -> Box {
        switch node {
        case .atom(let atom): return Box(ascii ? atom.ascii : atom.text)
        case .row(let nodes): return try row(nodes, context)
        case .text(let text): return Box(text)
        case .space(let width): return Box.blank(width)
        case .fraction(let top, let bottom, let style): return try fraction(top, bottom, style, context)
        case .binomial(let top, let bottom): return try binomial(top, bottom, context)
        case .radical(let radicand, let index): return try radical(radicand, index, context)
        case .scripts(let base, let sup, let sub, let limits): return try scripts(base, sup, sub, limits, context)
        case .fenced(let open, let body, let close): return try fenced(open, try box(body, context), close)
        case .accent(let base, let accent): return try self.accent(base, accent, context)
        case .grid(let grid): return try self.grid(grid, context)
        case .phantom(let inner):
            let shape = try box(inner, context)
            let blank = String(repeating: " ", count: shape.width)
            return Box(lines: Array(repeating: blank, count: shape.lineCount), width: shape.width, baseline: shape.baseline)
        case .classed(let inner, _): return try box(inner, context)
        }
    }

    /// `node` on one line, in script style when `script` (no spaces around operators).
    func linear(_ node: Node, script: Bool) throws -> String {
        try box(node, Context(display: false, script: script)).text
    }

    /// A list with TeX's spacing between its atoms.
    func row(_ nodes: [Node], _ context: Context) throws -> Box {
        let classes = Spacing.classes(nodes)
        var boxes: [Box] = []
        var previous: (mathClass: MathClass, node: Node, text: String)?
        var spaced = false
        for (index, node) in nodes.enumerated() {
            var box = try self.box(node, context)
            let linearFraction = isLinearFraction(node, box)
            let argument = linearFraction && previous.map { Layout.isFunctionName($0.node) } == true
            if linearFraction, argument || Layout.factorFollows(classes, after: index) {
                box = Box("(" + box.text + ")")
            }
            if let mathClass = classes[index] {
                var gap = previous.map { Spacing.gap($0.mathClass, mathClass, script: context.script) } ?? 0
                if argument { gap = 0 }
                if ascii, !context.script, previous?.mathClass == .rel, mathClass == .rel { gap = 1 }
                if gap == 0, !spaced, let previous, needsSeparation(previous.node, previous.text, node, box, context) { gap = 1 }
                if gap > 0 { boxes.append(Box.blank(gap)) }
                previous = (mathClass, node, box.text)
                spaced = false
            } else if box.width > 0 {
                spaced = true
            }
            boxes.append(box)
        }
        let result = Box.row(boxes)
        try Layout.checkSize(result)
        return result
    }

    /// Whether the first classed node after `index` is a factor (ordinary, opening, inner or an operator).
    private static func factorFollows(_ classes: [MathClass?], after index: Int) -> Bool {
        for mathClass in classes[(index + 1)...] {
            guard let mathClass else { continue }
            switch mathClass {
            case .ord, .open, .inner, .op: return true
            default: return false
            }
        }
        return false
    }

    /// A fraction set as `a/b` (not a vulgar fraction), which needs parentheses before a factor: `(1/√2)(a+b)`.
    private func isLinearFraction(_ node: Node, _ box: Box) -> Bool {
        guard case .fraction = node, box.isSingleLine, box.text.count > 1 else { return false }
        return true
    }

    /// Whether `node` is a function name without limits (`log`, `sin`, `\operatorname{logit}`), whose linear
    /// fraction argument takes parentheses: `log(p/(1−p))`, not `log p/(1−p)`.
    static func isFunctionName(_ node: Node) -> Bool {
        switch node {
        case .atom(let atom): return atom.isWord && atom.mathClass == .op && !atom.limits
        case .scripts(let base, _, _, let limits): return !limits && isFunctionName(base)
        case .classed(let inner, .op): return !isSimple(inner)
        default: return false
        }
    }

    /// Two neighbours that would run together: ASCII words (`alpha beta`), or two stacked fractions.
    private func needsSeparation(_ left: Node, _ leftText: String, _ right: Node, _ rightBox: Box, _ context: Context) -> Bool {
        if context.twoDimensional, case .fraction = left, case .fraction = right { return true }
        let rightText = rightBox.text
        guard let last = leftText.last, let first = rightText.first, first.isLetter || first.isNumber else { return false }
        if case .scripts = left, !context.twoDimensional || ascii, leftText.contains("^") || leftText.contains("_") {
            return true
        }
        guard ascii, last.isLetter || last.isNumber, first.isLetter else { return false }
        return isWord(left) || isWord(right)
    }

    private func isWord(_ node: Node) -> Bool {
        switch node {
        case .atom(let atom): return atom.isWord || atom.ascii.count > 1
        case .scripts(let base, _, _, _): return isWord(base)
        default: return false
        }
    }

    static let tooLarge = TeXError("display too large"), tooTall = TeXError("display too tall")

    /// Stops a display that grows past `TeXLimits` (the renderer then falls back to the inline form).
    static func checkSize(_ box: Box) throws {
        if box.lineCount > 1 && box.width * box.lineCount > TeXLimits.cells { throw tooLarge }
        if box.lineCount > TeXLimits.lines * 4 { throw tooTall }
    }

    /// Whether a linear form needs no parentheses around `node` (one symbol, a number, a bracketed group…).
    static func isSimple(_ node: Node) -> Bool {
        switch node {
        case .atom, .radical, .fenced, .accent, .binomial, .phantom: return true
        case .text(let text): return text.allSatisfy { $0.isLetter || $0.isNumber }
        case .scripts(let base, _, _, _):
            if case .fraction = base { return false }
            return isSimple(base)
        case .classed(let inner, _): return isSimple(inner)
        case .row(let nodes):
            if nodes.count == 1 { return isSimple(nodes[0]) }
            return !nodes.isEmpty && nodes.allSatisfy {
                if case .atom(let atom) = $0 { return atom.text.allSatisfy { $0.isNumber || $0 == "." } }
                return false
            }
        case .grid(let grid): return !grid.open.isEmpty
        case .fraction, .space: return false
        }
    }

    func wrapped(_ node: Node, _ text: String) -> String {
        Layout.isSimple(node) ? text : "(" + text + ")"
    }

    private func fenced(_ open: String, _ body: Box, _ close: String) throws -> Box {
        let height = body.lineCount
        return Box.row([
            Fences.box(open, height: height, baseline: body.baseline, ascii: ascii), body,
            Fences.box(close, height: height, baseline: body.baseline, ascii: ascii),
        ])
    }
}
