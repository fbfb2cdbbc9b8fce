/// mhchem's `\ce{…}`, the common part: formulas (`H2O` → H₂O), isotopes (`^{40}Ca`), charges (`Ca^2+`, `Na+`),
/// coefficients and arrows (`->`, `<=>`). Anything else in it makes the formula source.
extension Parser {
    mutating func parseChemistry() throws -> Node {
        let tokens = try stream.readRawArgument()
        var scalars: [Unicode.Scalar] = []
        for token in tokens {
            switch token {
            case .char(let scalar): scalars.append(scalar)
            case .space: scalars.append(" ")
            default: throw TeXError("unsupported \\ce content")
            }
        }
        var nodes: [Node] = []
        var index = 0
        var termStart = true
        while index < scalars.count {
            let scalar = scalars[index]
            if let (arrow, length) = Parser.chemistryArrow(scalars, index) {
                nodes.append(.atom(arrow))
                index += length
                termStart = true
                continue
            }
            switch scalar {
            case " ":
                index += 1
                termStart = true
                continue
            case "^", "_":
                index += 1
                let script = Parser.chemistryScript(scalars, &index)
                attachChemistry(script, superscript: scalar == "^", to: &nodes)
            case "+" where Parser.endsTerm(scalars, index, termStart), "-" where Parser.endsTerm(scalars, index, termStart):
                attachChemistry(scalar == "+" ? "+" : "−", superscript: true, to: &nodes)
                index += 1
            case "+":
                nodes.append(.atom(Atom("+", .bin)))
                index += 1
            case _ where scalar.properties.numericType != nil && !termStart:
                var digits = ""
                while index < scalars.count, scalars[index].properties.numericType != nil {
                    digits.unicodeScalars.append(scalars[index]); index += 1
                }
                attachChemistry(digits, superscript: false, to: &nodes)
            default:
                nodes.append(.atom(Atom(String(Character(scalar)))))
                index += 1
            }
            termStart = false
        }
        return .row(nodes)
    }

    private func attachChemistry(_ text: String, superscript: Bool, to nodes: inout [Node]) {
        let script = Node.atom(Atom(text))
        if case .scripts(let base, let sup, let sub, let limits)? = nodes.last {
            nodes[nodes.count - 1] = superscript && sup == nil ? .scripts(base, sup: script, sub: sub, limits: limits)
                : !superscript && sub == nil ? .scripts(base, sup: sup, sub: script, limits: limits) : nodes[nodes.count - 1]
            return
        }
        let base = nodes.popLast() ?? .empty
        nodes.append(.scripts(base, sup: superscript ? script : nil, sub: superscript ? nil : script, limits: false))
    }

    /// A script after `^` or `_`: a brace group, or a run of digits and signs.
    private static func chemistryScript(_ scalars: [Unicode.Scalar], _ index: inout Int) -> String {
        var text = ""
        if index < scalars.count, scalars[index] == "{" {
            index += 1
            while index < scalars.count, scalars[index] != "}" { text.unicodeScalars.append(scalars[index]); index += 1 }
            index += 1
        } else {
            while index < scalars.count, scalars[index].properties.numericType != nil || "+-".unicodeScalars.contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index]); index += 1
            }
        }
        return String(text.map { $0 == "-" ? "−" : $0 })
    }

    /// A sign right after a formula and before a blank or the end: a charge (`Na+`).
    private static func endsTerm(_ scalars: [Unicode.Scalar], _ index: Int, _ termStart: Bool) -> Bool {
        !termStart && (index + 1 == scalars.count || scalars[index + 1] == " ")
    }

    private static func chemistryArrow(_ scalars: [Unicode.Scalar], _ index: Int) -> (Atom, Int)? {
        for (pattern, name) in [("<=>", "rightleftharpoons"), ("<->", "leftrightarrow"), ("->", "to"), ("<-", "gets"), ("=", "")] {
            let pattern = Array(pattern.unicodeScalars)
            guard index + pattern.count <= scalars.count, Array(scalars[index..<(index + pattern.count)]) == pattern else { continue }
            return (name.isEmpty ? Atom("=", .rel) : Symbols.atom(name) ?? Atom("→", .rel), pattern.count)
        }
        return nil
    }
}
