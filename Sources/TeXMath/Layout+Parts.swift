/// Fractions, binomials, radicals, scripts and accents.
extension Layout {
    func fraction(_ top: Node, _ bottom: Node, _ style: FractionStyle, _ context: Context) throws -> Box {
        if context.twoDimensional && style != .linear {
            let numerator = try box(top, context), denominator = try box(bottom, context)
            let nested = Layout.hasFraction(top) || Layout.hasFraction(bottom)
            let width = max(numerator.width, denominator.width) + (nested ? 2 : 0)
            let rule = Box(String(repeating: ascii ? "-" : "─", count: width))
            return Box.stack([numerator, rule, denominator], baseline: numerator.lineCount)
        }
        let numerator = try linear(top, script: true), denominator = try linear(bottom, script: true)
        if !ascii, let vulgar = Glyphs.vulgarFraction(numerator, denominator) { return Box(vulgar) }
        let bareNumerator = Layout.isSimple(top) || Layout.isProduct(top)
        return Box((bareNumerator ? numerator : "(" + numerator + ")") + "/" + wrapped(bottom, denominator))
    }

    /// Whether `node` is a product of symbols with no operator (`2x`, `iπ`, `dρ`), which reads unambiguously as
    /// a numerator: `iπ/4`.
    static func isProduct(_ node: Node) -> Bool {
        guard case .row(let nodes) = node, !nodes.isEmpty else { return false }
        return nodes.allSatisfy { node in
            guard node.mathClass == .ord, isSimple(node) else { return false }
            if case .atom(let atom) = node { return atom.text != "/" && atom.text != "|" }
            return true
        }
    }

    /// Whether `node` is only primes (`f''`), which need no `^` in a linear form.
    static func isPrimes(_ node: Node) -> Bool {
        if case .row(let nodes) = node { return nodes.allPrimes }
        return false
    }

    /// Whether `node` is or holds at its top level a stacked fraction (the outer rule is then made longer).
    static func hasFraction(_ node: Node) -> Bool {
        switch node {
        case .fraction(_, _, let style): return style != .linear
        case .row(let nodes): return nodes.contains { if case .fraction(_, _, let style) = $0 { return style != .linear } else { return false } }
        default: return false
        }
    }

    func binomial(_ top: Node, _ bottom: Node, _ context: Context) throws -> Box {
        if context.twoDimensional {
            let upper = try box(top, context), lower = try box(bottom, context)
            let body = Box.stack([upper, lower], baseline: upper.lineCount - 1)
            let height = body.lineCount
            return Box.row([Fences.box("(", height: height, baseline: body.baseline, ascii: ascii), body,
                            Fences.box(")", height: height, baseline: body.baseline, ascii: ascii)])
        }
        return Box("C(" + (try linear(top, script: true)) + "," + (try linear(bottom, script: true)) + ")")
    }

    func radical(_ radicand: Node, _ index: Node?, _ context: Context) throws -> Box {
        let indexText = try index.map { try linear($0, script: true) }
        let sign: String
        switch indexText {
        case nil, "": sign = ascii ? "\\/" : "√"
        case "3" where !ascii: sign = "∛"
        case "4" where !ascii: sign = "∜"
        case let text?: sign = ascii ? "root(\(text))" : (Glyphs.superscript(text) ?? "[\(text)]") + "√"
        }
        if !context.twoDimensional {
            let body = try linear(radicand, script: true)
            if ascii { return Box((indexText.map { "root(\($0), " } ?? "sqrt(") + body + ")") }
            return Box(sign + wrapped(radicand, body))
        }
        let body = try box(radicand, context)
        let signWidth = TextColumns.width(sign)
        let bar = String(repeating: " ", count: signWidth) + String(repeating: "_", count: body.width)
        var prefix = Array(repeating: String(repeating: " ", count: signWidth - 1) + (ascii ? "|" : "│"), count: body.lineCount)
        prefix[prefix.count - 1] = sign
        let signColumn = Box.column(prefix, baseline: body.baseline)
        let lower = Box.row([signColumn, body])
        return Box.stack([Box(bar), lower], alignment: .left, baseline: lower.baseline + 1)
    }

    func scripts(_ base: Node, _ sup: Node?, _ sub: Node?, _ limits: Bool, _ context: Context) throws -> Box {
        let baseBox = try box(base, context)
        let supText = try sup.map { try linear($0, script: true) }
        let subText = try sub.map { try linear($0, script: true) }
        if limits && context.twoDimensional {
            let over = supText.map { Box($0) }, under = subText.map { Box($0) }
            let parts = [over, baseBox, under].compactMap { $0 }
            return Box.stack(parts, baseline: (over?.lineCount ?? 0) + baseBox.baseline)
        }
        let supGlyphs = ascii ? nil : supText.flatMap { Glyphs.superscript($0) }
        let subGlyphs = ascii ? nil : subText.flatMap { Glyphs.subscript($0) }
        let allGlyphs = (supText == nil || supGlyphs != nil) && (subText == nil || subGlyphs != nil)
        if !context.twoDimensional || (baseBox.isSingleLine && allGlyphs) {
            var text = baseBox.isSingleLine ? baseBox.text : ""
            if case .fraction = base, !baseBox.text.isEmpty { text = "(" + text + ")" }
            if case .classed(let inner, .op) = base, !Layout.isSimple(inner) { text = "(" + text + ")" }
            if let sub, let subText { text += subGlyphs ?? "_" + scriptWrapped(sub, subText) }
            if let sup, let supText { text += supGlyphs ?? (Layout.isPrimes(sup) ? supText : "^" + scriptWrapped(sup, supText)) }
            return Box(text)
        }
        var entries: [(offset: Int, text: String)] = []
        if let supText {
            let offset = supGlyphs != nil && baseBox.isSingleLine ? 0 : baseBox.height > 0 ? -baseBox.height : -1
            entries.append((offset, supGlyphs ?? supText))
        }
        if let subText {
            let offset = subGlyphs != nil && baseBox.isSingleLine ? 0 : baseBox.depth > 0 ? baseBox.depth : 1
            entries.append((offset, subGlyphs ?? subText))
        }
        let top = min(0, entries.map(\.offset).min() ?? 0), bottom = max(0, entries.map(\.offset).max() ?? 0)
        var lines = Array(repeating: "", count: bottom - top + 1)
        for entry in entries { lines[entry.offset - top] = entry.text }
        return Box.row([baseBox, Box.column(lines, baseline: -top)])
    }

    /// A linear script in parentheses unless simple; a scripted script too: `𝔽_(pᵏ)`, not `𝔽_pᵏ`.
    private func scriptWrapped(_ script: Node, _ text: String) -> String {
        if case .scripts = script.unwrapped { return "(" + text + ")" }
        return wrapped(script, text)
    }

    func accent(_ base: Node, _ accent: Accent, _ context: Context) throws -> Box {
        let baseBox = try box(base, context)
        guard baseBox.isSingleLine else {
            let mark = accent == .underline ? nil : Box(String(repeating: ascii ? "_" : accentLine(accent), count: baseBox.width))
            let under = accent == .underline ? Box(String(repeating: ascii ? "-" : "‾", count: baseBox.width)) : nil
            let parts = [mark, baseBox, under].compactMap { $0 }
            return Box.stack(parts, baseline: baseBox.baseline + (mark == nil ? 0 : 1))
        }
        let text = baseBox.text
        if ascii { return Box((accent == .overline ? "bar" : accent == .strike ? "cancel" : accent.rawValue) + "(" + text + ")") }
        let mark = Glyphs.combining(accent)
        if accent == .overline || accent == .underline || accent == .strike {
            return Box(String(text.map { $0 == " " ? " " : String($0) + mark }.joined()))
        }
        if text.count == 1 { return Box(text + mark) }
        return Box(accent.rawValue + "(" + text + ")")
    }

    private func accentLine(_ accent: Accent) -> String {
        switch accent {
        case .hat, .check: return "^"
        case .tilde: return "~"
        case .vec: return "→"
        case .dot, .ddot, .dddot: return "·"
        default: return "_"
        }
    }
}
