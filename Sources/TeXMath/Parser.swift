/// Turns TeX math into `Node`s: lists, groups, scripts and the infix `\over`. Commands are in
/// `Parser+Commands.swift`, environments in `Parser+Environments.swift`. Every nesting goes through `nest`,
/// which refuses more than `TeXLimits.depth` levels, so hostile input never recurses deeply.
struct Parser {
    /// What ended a list.
    enum Stop: Equatable { case end, closeBrace, ampersand, newline, right, endEnvironment, closeBracket }

    var stream: TokenStream
    var font: MathFont?
    private(set) var depth = 0
    var cells = 0

    init(_ tex: String, macros: MacroTable) throws {
        guard tex.utf8.count <= TeXLimits.characters || tex.unicodeScalars.count <= TeXLimits.characters else { throw TeXError("formula too long") }
        stream = TokenStream(try Lexer.tokens(tex, limit: TeXLimits.tokens), macros: macros)
    }

    init(tokens: [Token], macros: MacroTable, depth: Int) {
        stream = TokenStream(tokens, macros: macros)
        self.depth = depth
    }

    /// The whole formula; `&` and `\\` at the top make it an aligned (or gathered) grid.
    mutating func parseFormula() throws -> Node {
        var rows: [[Node]] = [[]]
        var aligned = false
        while true {
            let (nodes, stop) = try parseList()
            rows[rows.count - 1].append(rows[rows.count - 1].count % 2 == 1 ? .row([.empty] + nodes) : .row(nodes))
            switch stop {
            case .end:
                if rows.count == 1 && rows[0].count == 1 { return rows[0][0] }
                if case .row(let last)? = rows.last?.first, rows.last?.count == 1, last.isEmpty { rows.removeLast() }
                return .grid(Grid(kind: aligned ? .aligned : .gather, rows: rows))
            case .ampersand: aligned = true
            case .newline: rows.append([])
            case .closeBrace: throw TeXError("unbalanced }")
            case .right: throw TeXError("\\right without \\left")
            case .endEnvironment: throw TeXError("\\end without \\begin")
            case .closeBracket: throw TeXError("unexpected ]")
            }
        }
    }

    /// Runs `body` one nesting level deeper; throws past `TeXLimits.depth`.
    mutating func nest<T>(_ body: (inout Parser) throws -> T) throws -> T {
        guard depth < TeXLimits.depth else { throw TeXError("nested too deeply") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    /// Atoms up to the next `}`, `&`, `\\`, `\right`, `\end` or end of input (or `]` when `bracket`).
    mutating func parseList(bracket: Bool = false) throws -> ([Node], Stop) {
        var nodes: [Node] = []
        while true {
            guard let token = try stream.peekSkippingSpace() else { return (nodes, .end) }
            if let stop = Parser.stop(token, bracket: bracket) {
                _ = try stream.next()
                if stop == .newline { _ = try stream.readRawOptional() }
                return (nodes, stop)
            }
            switch token {
            case .command("over"), .command("choose"), .command("atop"), .command("brace"), .command("brack"):
                _ = try stream.next()
                let (rest, stop) = try nest { try $0.parseList(bracket: bracket) }
                let (top, bottom) = (Node.row(nodes), Node.row(rest))
                switch token {
                case .command("over"): return ([.fraction(top, bottom, .normal)], stop)
                case .command("choose"): return ([.binomial(top, bottom)], stop)
                case .command("brace"): return ([Parser.ruleless(top, bottom, open: "{", close: "}")], stop)
                case .command("brack"): return ([Parser.ruleless(top, bottom, open: "[", close: "]")], stop)
                default: return ([Parser.ruleless(top, bottom, open: "", close: "")], stop)
                }
            case .char("^"), .char("_"), .char("'"):
                _ = try stream.next()
                try attachScript(token, to: &nodes)
            case .command("limits"), .command("nolimits"):
                _ = try stream.next()
                if case .atom(var atom)? = nodes.last, atom.mathClass == .op {
                    atom.limits = token == .command("limits")
                    nodes[nodes.count - 1] = .atom(atom)
                }
            default:
                if let node = try nest({ try $0.parseAtom() }) { nodes.append(node) }
            }
        }
    }

    private static func stop(_ token: Token, bracket: Bool) -> Stop? {
        switch token {
        case .char("}"): return .closeBrace
        case .char("&"): return .ampersand
        case .command("\\"), .command("cr"), .command("newline"): return .newline
        case .command("right"): return .right
        case .command("end"): return .endEnvironment
        case .char("]") where bracket: return .closeBracket
        default: return nil
        }
    }

    /// Adds `^x`, `_x` or a prime to the last node.
    private mutating func attachScript(_ token: Token, to nodes: inout [Node]) throws {
        var base = nodes.popLast() ?? .empty
        var sup: Node?, sub: Node?
        var limits = false
        if case .atom(let atom) = base { limits = atom.limits }
        if case .classed(.scripts(_, nil, nil, true), _) = base { limits = true }
        if Parser.isSideset(base) { limits = true }
        if case .scripts(let inner, let oldSup, let oldSub, let oldLimits) = base {
            (base, sup, sub, limits) = (inner, oldSup, oldSub, oldLimits)
        }
        switch token {
        case .char("'"):
            let prime = Node.atom(Atom("′", ascii: "'"))
            if case .row(let primes)? = sup { sup = .row(primes + [prime]) } else if sup == nil { sup = .row([prime]) } else {
                throw TeXError("double superscript")
            }
        case .char("^"):
            let argument = try nest { try $0.parseScriptArgument() }
            if case .row(let primes)? = sup, primes.allPrimes { sup = .row(primes + [argument]) } else if sup == nil {
                sup = argument
            } else {
                throw TeXError("double superscript")
            }
        default:
            guard sub == nil else { throw TeXError("double subscript") }
            sub = try nest { try $0.parseScriptArgument() }
        }
        nodes.append(.scripts(base, sup: sup, sub: sub, limits: limits))
    }

    /// A script's argument: a group or one atom.
    mutating func parseScriptArgument() throws -> Node {
        guard let token = try stream.peekSkippingSpace() else { throw TeXError("missing script") }
        switch token {
        case .char("}"), .char("&"), .char("^"), .char("_"), .command("\\"): throw TeXError("missing script")
        default: return try parseArgument()
        }
    }

    /// A command's argument: `{…}` or one atom.
    mutating func parseArgument() throws -> Node {
        guard let token = try stream.peekSkippingSpace() else { throw TeXError("missing argument") }
        if token == .char("{") {
            _ = try stream.next()
            return try parseGroupAfterBrace()
        }
        if Parser.stop(token, bracket: false) != nil { throw TeXError("missing argument") }
        return try nest { try $0.parseAtom() } ?? .empty
    }

    /// The rest of a `{…}` group whose brace was read; the font switches inside stay inside.
    mutating func parseGroupAfterBrace() throws -> Node {
        let savedFont = font
        defer { font = savedFont }
        let (nodes, stop) = try nest { try $0.parseList() }
        guard stop == .closeBrace else { throw TeXError("missing }") }
        return .row(nodes)
    }

    /// One atom (a character or a command with its arguments); nil for commands that add nothing.
    mutating func parseAtom() throws -> Node? {
        guard let token = try stream.next() else { return nil }
        switch token {
        case .char(let scalar): return try parseCharacter(scalar)
        case .command(let name): return try parseCommand(name)
        case .param: throw TeXError("# outside a definition")
        case .space: return nil
        }
    }

    private mutating func parseCharacter(_ scalar: Unicode.Scalar) throws -> Node? {
        if scalar == "{" { return try parseGroupAfterBrace() }
        if let atom = Parser.characterAtoms[scalar] { return .atom(atom) }
        switch scalar {
        case "~": return .space(1)
        case "#", "$", "}": throw TeXError("unexpected \(scalar)")
        default:
            let character = Character(scalar)
            // Symbols typed as themselves are never ASCII: an ASCII character skips the (Character-hashing) lookup.
            if font == nil, !scalar.isASCII, let atom = Symbols.atom(typed: character) { return .atom(atom) }
            let shown = font.map { String($0.apply(character)) } ?? String(character)
            return .atom(Atom(shown, ascii: String(character)))
        }
    }

    private static let characterAtoms: [Unicode.Scalar: Atom] = [
        "+": Atom("+", .bin), "-": Atom("−", ascii: "-", .bin), "*": Atom("∗", ascii: "*", .bin),
        "=": Atom("=", .rel), "<": Atom("<", .rel), ">": Atom(">", .rel), ":": Atom(":", .rel),
        ",": Atom(",", .punct), ";": Atom(";", .punct), "!": Atom("!", .close), "?": Atom("?", .close),
        "(": Atom("(", .open), "[": Atom("[", .open), ")": Atom(")", .close), "]": Atom("]", .close),
        "\u{2212}": Atom("−", ascii: "-", .bin),
    ]
}

extension Array where Element == Node {
    /// Whether every node is a prime (`′`), so that a following `^` may join them.
    var allPrimes: Bool {
        allSatisfy { if case .atom(let atom) = $0 { return atom.text == "′" } else { return false } }
    }
}
