/// Text mode (`\text{…}`): characters and blanks as written, a few escapes, `$…$` math inside.
extension Parser {
    /// The argument of a text command.
    mutating func parseText() throws -> Node {
        let tokens = try stream.readRawArgument()
        var pieces: [Node] = []
        var text = ""
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .char("$"):
                guard let end = tokens[index...].firstIndex(of: .char("$")) else { throw TeXError("unclosed $ in text") }
                if !text.isEmpty { pieces.append(.text(text)); text = "" }
                pieces.append(try parseTokens(Array(tokens[index..<end])))
                index = end + 1
            case .char(let scalar):
                if scalar != "{" && scalar != "}" { text.unicodeScalars.append(scalar) }
            case .space:
                text += " "
            case .param:
                throw TeXError("# in text")
            case .command(let name):
                text += try Parser.textCommand(name)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces.count == 1 ? pieces[0] : .row(pieces)
    }

    private static func textCommand(_ name: String) throws -> String {
        if let escaped = textEscapes[name] { return escaped }
        if textCommands.contains(name) || ignored.contains(name) || MathFont.commands[name] != nil { return "" }
        if let width = spaces[name] { return String(repeating: " ", count: width) }
        throw TeXError("unknown command \\\(name) in text")
    }

    private static let textEscapes: [String: String] = [
        "$": "$", "%": "%", "&": "&", "#": "#", "_": "_", "{": "{", "}": "}", "\\": " ", "ldots": "…",
        "dots": "…", "textbackslash": "\\", "textasciitilde": "~", "textendash": "–", "textemdash": "—",
        "S": "§", "P": "¶", "copyright": "©", "LaTeX": "LaTeX", "TeX": "TeX", "'": "", "`": "", "\"": "",
    ]
}
