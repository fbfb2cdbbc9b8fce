/// Control sequences: symbols, fractions, radicals, fonts, accents, delimiters, spacing and the rest.
extension Parser {
    /// The node for `\name` (its arguments read); nil for commands that show nothing. Unknown commands throw.
    mutating func parseCommand(_ name: String) throws -> Node? {
        if let atom = Symbols.atom(name) { return .atom(fontApplied(atom)) }
        if let width = Parser.spaces[name] { return width > 0 ? .space(width) : nil }
        if Parser.ignored.contains(name) { return nil }
        if let font = MathFont.commands[name] { return try parseFont(font, switching: !name.hasPrefix("math") && name != "boldsymbol" && name != "bm" && name != "pmb" && name != "Bbb") }
        if let accent = Glyphs.accents[name] { return .accent(try parseArgument(), accent) }
        if Parser.textCommands.contains(name) { return try parseText() }
        if let node = try parseStructure(name) { return node }
        if let node = try parseDelimiterCommand(name) { return node }
        if let node = try parsePhysics(name) { return node }
        if let node = try parseRare(name) { return node }
        if let node = try parseMisc(name) { return node }
        throw TeXError("unknown command \\\(name)")
    }

    private func fontApplied(_ atom: Atom) -> Atom {
        guard let font, atom.text.count == 1, let character = atom.text.first else { return atom }
        var result = atom
        result.text = String(font.apply(character))
        return result
    }

    private mutating func parseFont(_ newFont: MathFont, switching: Bool) throws -> Node? {
        if switching {
            font = newFont
            return .space(0)
        }
        let saved = font
        font = newFont
        defer { font = saved }
        return try parseArgument()
    }

    /// Fractions, binomials, radicals, scripts set over and under, and environments.
    private mutating func parseStructure(_ name: String) throws -> Node? {
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac":
            if name == "cfrac" { _ = try stream.readRawOptional() }
            let style: FractionStyle = name == "dfrac" || name == "cfrac" ? .stacked : name == "tfrac" ? .linear : .normal
            return .fraction(try parseArgument(), try parseArgument(), style)
        case "binom", "dbinom", "tbinom":
            return .binomial(try parseArgument(), try parseArgument())
        case "sqrt":
            var index: Node?
            if try stream.peekSkippingSpace() == .char("[") {
                _ = try stream.next()
                let (nodes, stop) = try nest { try $0.parseList(bracket: true) }
                guard stop == .closeBracket else { throw TeXError("missing ]") }
                index = .row(nodes)
            }
            return .radical(try parseArgument(), index: index)
        case "overset", "stackrel":
            let over = try parseArgument()
            let base = try parseArgument().unwrapped
            let node = Node.scripts(base, sup: over, sub: nil, limits: true)
            return name == "stackrel" ? .classed(node, .rel) : node
        case "underset":
            let under = try parseArgument()
            return .scripts(try parseArgument().unwrapped, sup: nil, sub: under, limits: true)
        case "overbrace", "underbrace", "overleftarrow", "underleftarrow", "underrightarrow":
            return .classed(.scripts(try parseArgument(), sup: nil, sub: nil, limits: true), .op)
        case "xrightarrow", "xleftarrow", "xLeftarrow", "xRightarrow", "xleftrightarrow", "xLeftrightarrow", "xmapsto":
            let under = try stream.readRawOptional().map { try parseTokens($0) }
            let over = try parseArgument()
            let arrow = Symbols.atom(Parser.extensibleArrows[name] ?? "to") ?? Atom("→", .rel)
            return .scripts(.atom(arrow), sup: over, sub: under, limits: true)
        case "begin":
            return try parseEnvironment()
        case "substack":
            return try parseSubstack()
        case "mathrel", "mathbin", "mathord", "mathopen", "mathclose", "mathpunct", "mathinner", "mathop":
            return .classed(try parseArgument(), Parser.classCommands[name] ?? .ord)
        case "operatorname", "operatornamewithlimits":
            return try parseOperatorName(limits: name == "operatornamewithlimits")
        case "phantom", "hphantom":
            return .phantom(try parseArgument())
        case "vphantom":
            _ = try parseArgument()
            return .space(0)
        default:
            return nil
        }
    }

    /// Parses a token list (an optional argument) on its own.
    mutating func parseTokens(_ tokens: [Token]) throws -> Node {
        var parser = Parser(tokens: tokens, macros: stream.macros, depth: depth + 1)
        guard depth + 1 < TeXLimits.depth else { throw TeXError("nested too deeply") }
        let (nodes, stop) = try parser.parseList()
        guard stop == .end else { throw TeXError("unexpected \(stop)") }
        return .row(nodes)
    }

    private mutating func parseOperatorName(limits: Bool) throws -> Node {
        let starred = stream.skipRawToken(.char("*"))
        let argument = try stream.readRawArgument()
        var name = ""
        for token in argument {
            switch token {
            case .char(let scalar) where scalar != "{" && scalar != "}": name.unicodeScalars.append(scalar)
            case .command(",") , .command(" "): name += " "
            case .command("-"): name += "-"
            case .space: break
            default:
                return .classed(try parseTokens(argument), .op)
            }
        }
        return .atom(Atom(name, .op, limits: limits || starred, isWord: true))
    }

    /// Spacing commands and their width in columns.
    static let spaces: [String: Int] = [
        ",": 1, ":": 1, ">": 1, ";": 1, "!": 0, " ": 1, "quad": 2, "qquad": 4, "enspace": 1, "thinspace": 1,
        "medspace": 1, "thickspace": 1, "negthinspace": 0, "negmedspace": 0, "negthickspace": 0, "enskip": 1,
        "space": 1, "nobreakspace": 1, "\t": 1, "\n": 1,
    ]

    /// Commands that change only what a terminal cannot show (style, breaks, numbering).
    static let ignored: Set<String> = [
        "displaystyle", "textstyle", "scriptstyle", "scriptscriptstyle", "nonumber", "notag", "allowbreak",
        "nobreak", "relax", "strut", "mathstrut", "displaybreak", "protect", "hline", "hdashline", "hfill", "hfil",
        "normalsize", "small", "large", "Large", "LARGE", "huge", "Huge", "tiny", "scriptsize", "footnotesize",
        "nolimits", "limits", "left.", "right.", "!", "/", "unskip", "noindent", "centering", "quad.", "nulldelimiterspace",
        "mathclap", "mathllap", "mathrlap",
    ]

    /// Commands whose argument is text.
    static let textCommands: Set<String> = [
        "text", "textrm", "textbf", "textit", "textsf", "texttt", "textnormal", "textup", "textmd", "mbox", "hbox",
        "emph", "textsl", "fbox", "mathtt", "verb",
    ]

    static let classCommands: [String: MathClass] = [
        "mathrel": .rel, "mathbin": .bin, "mathord": .ord, "mathopen": .open, "mathclose": .close,
        "mathpunct": .punct, "mathinner": .ord, "mathop": .op,
    ]

    static let extensibleArrows: [String: String] = [
        "xrightarrow": "longrightarrow", "xleftarrow": "longleftarrow", "xLeftarrow": "Longleftarrow",
        "xRightarrow": "Longrightarrow", "xleftrightarrow": "longleftrightarrow",
        "xLeftrightarrow": "Longleftrightarrow", "xmapsto": "longmapsto",
    ]
}
