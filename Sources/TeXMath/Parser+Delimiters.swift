/// `\left…\right`, `\big` and friends, `\not`, physics' bra-kets, `\pmod`, colours, text and definitions.
extension Parser {
    /// The delimiter key after `\left`, `\right`, `\big`…: "" for `.`.
    mutating func readDelimiter() throws -> String {
        guard let token = try stream.peekSkippingSpace() else { throw TeXError("missing delimiter") }
        _ = try stream.next()
        switch token {
        case .char(let scalar):
            if let key = Parser.characterDelimiters[scalar] { return key }
        case .command(let name):
            if let key = Parser.commandDelimiters[name] { return key }
        default: break
        }
        throw TeXError("missing delimiter")
    }

    static let characterDelimiters: [Unicode.Scalar: String] = [
        "(": "(", ")": ")", "[": "[", "]": "]", "|": "|", "/": "/", ".": "", "<": "⟨", ">": "⟩",
    ]

    static let commandDelimiters: [String: String] = [
        "{": "{", "}": "}", "lbrace": "{", "rbrace": "}", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊",
        "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "|": "‖", "Vert": "‖", "vert": "|", "lvert": "|", "rvert": "|",
        "lVert": "‖", "rVert": "‖", "lbrack": "[", "rbrack": "]", "backslash": "\\", "uparrow": "↑",
        "downarrow": "↓", "updownarrow": "↕", "Uparrow": "⇑", "Downarrow": "⇓", "lgroup": "(", "rgroup": ")",
        "mid": "|",
    ]

    /// `\left`, `\middle`, `\big`… ; nil for other names.
    mutating func parseDelimiterCommand(_ name: String) throws -> Node? {
        if name == "left" {
            let open = try readDelimiter()
            let (nodes, stop) = try nest { try $0.parseList() }
            guard stop == .right else { throw TeXError("\\left without \\right") }
            return .fenced(open, .row(nodes), try readDelimiter())
        }
        if name == "middle" { return .atom(Atom(try readDelimiter(), ascii: nil, .rel)) }
        guard let sizeEnd = Parser.bigSizes.first(where: { name.hasPrefix($0) }) else { return nil }
        let suffix = name.dropFirst(sizeEnd.count)
        let mathClass: MathClass
        switch suffix {
        case "": mathClass = .ord
        case "l": mathClass = .open
        case "r": mathClass = .close
        case "m": mathClass = .rel
        default: return nil
        }
        let key = try readDelimiter()
        return .atom(Atom(key, ascii: Fences.ascii(key), mathClass))
    }

    private static let bigSizes = ["Bigg", "bigg", "Big", "big"]

    /// Physics' `\ket`, `\bra`, `\braket` and relatives; nil for other names.
    mutating func parsePhysics(_ name: String) throws -> Node? {
        switch name {
        case "ket", "Ket": return .fenced("|", try parseArgument(), "⟩")
        case "bra", "Bra": return .fenced("⟨", try parseArgument(), "|")
        case "braket", "Braket", "innerproduct", "ip":
            let first = try parseArgument()
            guard try stream.peekSkippingSpace() == .char("{") else { return .fenced("⟨", first, "⟩") }
            return .fenced("⟨", .row([first, Parser.bar, try parseArgument()]), "⟩")
        case "ketbra", "dyad", "outerproduct":
            let left = try parseArgument()
            return .row([.fenced("|", left, "⟩"), .fenced("⟨", try parseArgument(), "|")])
        case "expval", "ev", "expectationvalue":
            return .fenced("⟨", try parseArgument(), "⟩")
        case "mel", "matrixelement":
            let (a, b, c) = (try parseArgument(), try parseArgument(), try parseArgument())
            return .fenced("⟨", .row([a, Parser.bar, b, Parser.bar, c]), "⟩")
        case "norm": return .fenced("‖", try parseArgument(), "‖")
        case "abs": return .fenced("|", try parseArgument(), "|")
        case "pmod": return .row([.space(1), .fenced("(", .row([Parser.mod, .space(1), try parseArgument()]), ")")])
        case "pod": return .row([.space(1), .fenced("(", try parseArgument(), ")")])
        case "mod": return .row([.space(1), Parser.mod, .space(1), try parseArgument()])
        case "bmod": return .atom(Atom("mod", .bin, isWord: true))
        default: return nil
        }
    }

    private static var bar: Node { .atom(Atom("|")) }
    private static var mod: Node { .atom(Atom("mod", isWord: true)) }

    /// `\not`, colours, boxes, tags, definitions and dimension-taking spaces; nil for other names.
    mutating func parseMisc(_ name: String) throws -> Node? {
        switch name {
        case "not":
            guard let next = try nest({ try $0.parseAtom() }) else { throw TeXError("\\not without symbol") }
            return Parser.negated(next)
        case "color":
            _ = try stream.readRawArgument()
            return .space(0)
        case "textcolor", "colorbox", "href", "class", "cssId", "style", "bbox":
            if name == "bbox" { _ = try stream.readRawOptional() } else { _ = try stream.readRawArgument() }
            return name == "colorbox" ? try parseText() : try parseArgument()
        case "ce":
            return try parseChemistry()
        case "cancel", "bcancel", "xcancel", "sout":
            return .accent(try parseArgument(), .strike)
        case "boxed", "smash", "mathclap", "hbox", "llap", "rlap", "clap", "underbar":
            return try parseArgument()
        case "label", "hspace", "vspace", "tag", "eqref", "ref", "require":
            if name == "hspace" || name == "vspace" { _ = stream.skipRawToken(.char("*")) }
            let argument = try stream.readRawArgument()
            if name == "tag" || name == "eqref" || name == "ref" {
                let label = argument.compactMap { if case .char(let c) = $0 { return String(c) } else { return nil } }.joined()
                return .row([.space(2), .text("(" + label + ")")])
            }
            return .space(name == "hspace" ? 1 : 0)
        case "kern", "mkern", "hskip", "mskip", "hkern":
            try skipDimension()
            return .space(1)
        case _ where MacroTable.definers.contains(name):
            let (macroName, macro) = try MacroTable.readDefinition(name, from: &stream)
            stream.macros.macros[macroName] = macro
            return .space(0)
        default:
            return nil
        }
    }

    private mutating func skipDimension() throws {
        while let token = stream.peekRaw() {
            guard case .char(let scalar) = token, scalar == "-" || scalar == "." || scalar.properties.numericType != nil
                || Lexer.isLetter(scalar) else { break }
            _ = stream.nextRaw()
        }
    }

    private static func negated(_ node: Node) -> Node {
        guard case .atom(var atom) = node else { return node }
        if let negation = negations[atom.text] {
            atom.text = negation
        } else {
            atom.text += "\u{338}"
        }
        atom.ascii = atom.ascii == "=" ? "!=" : "not " + atom.ascii
        return .atom(atom)
    }

    private static let negations: [String: String] = [
        "=": "≠", "∈": "∉", "⊂": "⊄", "⊃": "⊅", "⊆": "⊈", "⊇": "⊉", "<": "≮", ">": "≯", "≤": "≰", "≥": "≱",
        "≡": "≢", "∼": "≁", "≈": "≉", "≅": "≇", "∣": "∤", "∥": "∦", "∃": "∄", "∋": "∌", "≃": "≄", "⊢": "⊬",
        "⊨": "⊭", "→": "↛", "←": "↚", "↔": "↮", "⇒": "⇏", "⇐": "⇍", "⇔": "⇎", "≺": "⊀", "≻": "⊁",
    ]
}
