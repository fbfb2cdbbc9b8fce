/// `\begin{…}…\end{…}`: matrices, cases, aligned equations, arrays and the equation environments.
extension Parser {
    /// The environment after `\begin`.
    mutating func parseEnvironment() throws -> Node {
        let name = Parser.name(try stream.readRawArgument())
        guard let shape = Parser.environments[name] else { throw TeXError("unknown environment \(name)") }
        if name.hasPrefix("alignat") || name == "subarray" { _ = try stream.readRawArgument() }
        var alignments: [Grid.Alignment] = []
        if name == "array" || name == "darray" {
            alignments = Parser.alignments(try stream.readRawArgument())
        }
        if name.hasSuffix("matrix*") { _ = try stream.readRawOptional() }
        let rows = try nest { try $0.parseRows(environment: name, aligned: shape.kind == .aligned) }
        if shape.kind == .gather && name.hasPrefix("equation") || name == "displaymath" || name == "math" {
            if rows.count == 1 && rows[0].count == 1 { return rows[0][0] }
        }
        return .grid(Grid(kind: shape.kind, rows: rows, open: shape.open, close: shape.close, alignments: alignments))
    }

    /// Rows of cells up to `\end{name}`.
    private mutating func parseRows(environment name: String, aligned: Bool) throws -> [[Node]] {
        var rows: [[Node]] = [[]]
        while true {
            let (nodes, stop) = try parseList()
            cells += 1
            if cells > 20_000 { throw TeXError("too many cells") }
            let odd = rows[rows.count - 1].count % 2 == 1
            rows[rows.count - 1].append(aligned && odd ? .row([.empty] + nodes) : .row(nodes))
            switch stop {
            case .ampersand: continue
            case .newline: rows.append([])
            case .endEnvironment:
                let end = Parser.name(try stream.readRawArgument())
                guard end == name else { throw TeXError("\\begin{\(name)} ended by \\end{\(end)}") }
                if let last = rows.last, last.count == 1, case .row(let nodes) = last[0], nodes.isEmpty, rows.count > 1 {
                    rows.removeLast()
                }
                return rows
            default:
                throw TeXError("\\begin{\(name)} without \\end")
            }
        }
    }

    /// `\substack{a\\b}`: centred lines.
    mutating func parseSubstack() throws -> Node {
        guard try stream.peekSkippingSpace() == .char("{") else { throw TeXError("missing argument") }
        _ = try stream.next()
        var rows: [[Node]] = []
        while true {
            let (nodes, stop) = try nest { try $0.parseList() }
            rows.append([.row(nodes)])
            if stop == .closeBrace { return .grid(Grid(kind: .gather, rows: rows)) }
            guard stop == .newline else { throw TeXError("missing }") }
        }
    }

    private static func name(_ tokens: [Token]) -> String {
        var name = ""
        for token in tokens {
            if case .char(let scalar) = token { name.unicodeScalars.append(scalar) }
        }
        return name
    }

    private static func alignments(_ spec: [Token]) -> [Grid.Alignment] {
        var result: [Grid.Alignment] = []
        var depth = 0
        for token in spec {
            switch token {
            case .char("{"): depth += 1
            case .char("}"): depth -= 1
            case .char("l") where depth == 0: result.append(.left)
            case .char("c") where depth == 0: result.append(.center)
            case .char("r") where depth == 0: result.append(.right)
            case .char("p") where depth == 0, .char("m") where depth == 0: result.append(.left)
            default: break
            }
        }
        return result
    }

    private struct Shape {
        var kind: Grid.Kind
        var open = ""
        var close = ""
    }

    private static let environments: [String: Shape] = {
        var table: [String: Shape] = [
            "matrix": Shape(kind: .matrix), "pmatrix": Shape(kind: .matrix, open: "(", close: ")"),
            "bmatrix": Shape(kind: .matrix, open: "[", close: "]"), "Bmatrix": Shape(kind: .matrix, open: "{", close: "}"),
            "vmatrix": Shape(kind: .matrix, open: "|", close: "|"), "Vmatrix": Shape(kind: .matrix, open: "‖", close: "‖"),
            "smallmatrix": Shape(kind: .matrix), "psmallmatrix": Shape(kind: .matrix, open: "(", close: ")"),
            "bsmallmatrix": Shape(kind: .matrix, open: "[", close: "]"),
            "cases": Shape(kind: .cases, open: "{"), "dcases": Shape(kind: .cases, open: "{"),
            "rcases": Shape(kind: .cases, close: "}"),
            "array": Shape(kind: .array), "darray": Shape(kind: .array), "subarray": Shape(kind: .gather),
        ]
        for name in ["matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix"] {
            table[name + "*"] = table[name]
        }
        for name in ["aligned", "align", "align*", "alignat", "alignat*", "alignedat", "split", "eqnarray",
                     "eqnarray*", "flalign", "flalign*"] {
            table[name] = Shape(kind: .aligned)
        }
        for name in ["gather", "gather*", "gathered", "multline", "multline*", "equation", "equation*",
                     "displaymath", "math", "center"] {
            table[name] = Shape(kind: .gather)
        }
        return table
    }()
}
