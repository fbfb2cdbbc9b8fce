/// Constructs rare on the sites: `\genfrac`, stacks without a rule (`\atop`, `\brack`, `\brace`), `\sideset`
/// and `\enclose`. What a terminal cannot draw faithfully (`\enclose{longdiv}`) stays source.
extension Parser {
    /// The node for one of these commands; nil for other names.
    mutating func parseRare(_ name: String) throws -> Node? {
        switch name {
        case "genfrac": return try parseGenfrac()
        case "sideset": return try parseSideset()
        case "enclose": return try parseEnclose()
        default: return nil
        }
    }

    /// `top` over `bottom` with no rule between, in `open` and `close` ("" for none): `{n \brace k}`.
    static func ruleless(_ top: Node, _ bottom: Node, open: String, close: String) -> Node {
        if open == "(" && close == ")" { return .binomial(top, bottom) }
        return .grid(Grid(kind: .matrix, rows: [[top], [bottom]], open: open, close: close))
    }

    /// `\genfrac{left}{right}{thickness}{style}{top}{bottom}`: a fraction, or with a zero rule a stack.
    private mutating func parseGenfrac() throws -> Node {
        let open = try Parser.delimiterKey(try stream.readRawArgument())
        let close = try Parser.delimiterKey(try stream.readRawArgument())
        let thickness = Parser.characters(try stream.readRawArgument())
        let style = Parser.characters(try stream.readRawArgument())
        let (top, bottom) = (try parseArgument(), try parseArgument())
        let zero = thickness.prefix(while: { $0.isNumber || $0 == "." }).allSatisfy { $0 == "0" || $0 == "." }
            && thickness.first.map { $0.isNumber || $0 == "." } == true
        if zero { return Parser.ruleless(top, bottom, open: open, close: close) }
        let fraction = Node.fraction(top, bottom, style == "0" ? .stacked : .normal)
        return open.isEmpty && close.isEmpty ? fraction : .fenced(open, fraction, close)
    }

    /// A delimiter given as an argument (`(`, `\langle`, `.` or nothing) as a fence key.
    private static func delimiterKey(_ tokens: [Token]) throws -> String {
        let tokens = tokens.filter { $0 != .space }
        guard let token = tokens.first else { return "" }
        guard tokens.count == 1 else { throw TeXError("malformed delimiter") }
        switch token {
        case .char(let scalar): if let key = characterDelimiters[scalar] { return key }
        case .command(let name): if let key = commandDelimiters[name] { return key }
        default: break
        }
        throw TeXError("malformed delimiter")
    }

    private static func characters(_ tokens: [Token]) -> String {
        var text = ""
        for case .char(let scalar) in tokens { text.unicodeScalars.append(scalar) }
        return text
    }

    /// `\sideset{_a^b}{_c^d}\sum`: scripts beside a big operator, whose own limits still go above and below.
    private mutating func parseSideset() throws -> Node {
        let (before, after) = (try parseArgument(), try parseArgument())
        guard let op = try nest({ try $0.parseAtom() }), case .atom(let atom) = op, atom.mathClass == .op else {
            throw TeXError("\\sideset without an operator")
        }
        var parts: [Node] = []
        if let (sup, sub) = try Parser.sideScripts(before), sup != nil || sub != nil {
            parts.append(.scripts(.empty, sup: sup, sub: sub, limits: false))
        }
        let (sup, sub) = try Parser.sideScripts(after) ?? (nil, nil)
        parts.append(.scripts(op, sup: sup, sub: sub, limits: false))
        return .classed(parts.count == 1 ? parts[0] : .row(parts), .op)
    }

    /// The scripts of a `\sideset` argument (`{_a^b}`, `{'}`, `{}`).
    private static func sideScripts(_ node: Node) throws -> (Node?, Node?)? {
        switch node.unwrapped {
        case .row(let nodes) where nodes.isEmpty: return nil
        case .scripts(.row(let base), let sup, let sub, _) where base.isEmpty: return (sup, sub)
        default: throw TeXError("malformed \\sideset")
        }
    }

    /// Whether `node` is what `\sideset` builds (its operator's limits go above and below in display).
    static func isSideset(_ node: Node) -> Bool {
        guard case .classed(let inner, .op) = node else { return false }
        let last: Node
        if case .row(let parts) = inner, let final = parts.last { last = final } else { last = inner }
        if case .scripts(.atom(let atom), _, _, false) = last { return atom.limits }
        return false
    }

    /// MathJax's `\enclose{notation}[attributes]{math}`: boxes and circles show the math, strikes (one or several)
    /// strike it, `top`/`bottom` are over- and underlines, `radical` a root; the rest (`longdiv` …) is source.
    private mutating func parseEnclose() throws -> Node {
        let notations = Parser.characters(try stream.readRawArgument()).split(whereSeparator: { $0 == " " || $0 == "," })
        _ = try stream.readRawOptional()
        let body = try parseArgument()
        var marked: [Node] = []
        var struck = false
        for notation in notations {
            switch notation {
            case "box", "roundedbox", "circle": continue
            case "updiagonalstrike", "downdiagonalstrike", "horizontalstrike", "verticalstrike", "updiagonalarrow":
                if !struck { marked.append(.accent(body, .strike)) }
                struck = true
            case "top": marked.append(.accent(body, .overline))
            case "bottom": marked.append(.accent(body, .underline))
            case "radical": marked.append(.radical(body, index: nil))
            default: throw TeXError("unsupported \\enclose{\(notation)}")
            }
        }
        guard marked.count <= 1 else { throw TeXError("unsupported \\enclose{\(notations.joined(separator: " "))}") }
        return marked.first ?? body
    }
}
