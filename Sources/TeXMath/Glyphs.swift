/// Unicode's superscript and subscript characters, vulgar fractions and combining accents.
enum Glyphs {
    /// `text` in superscript characters, or nil unless every character has one.
    static func superscript(_ text: String) -> String? { text == "∘" ? "°" : mapAll(text, superscripts) }

    /// `text` in subscript characters, or nil unless every character has one.
    static func `subscript`(_ text: String) -> String? { mapAll(text, subscripts) }

    private static func mapAll(_ text: String, _ table: [Character: Character]) -> String? {
        guard !text.isEmpty else { return nil }
        var result = ""
        for character in text {
            guard let mapped = table[character] else { return nil }
            result.append(mapped)
        }
        return result
    }

    private static func pairs(_ from: String, _ to: String) -> [Character: Character] {
        Dictionary(zip(from, to), uniquingKeysWith: { first, _ in first })
    }

    private static let superscripts: [Character: Character] = pairs(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWαβγδεϵθφϕχ′*∗†",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵅᵝᵞᵟᵋᵋᶿᵠᵠᵡ′**†")

    private static let subscripts: [Character: Character] = pairs(
        "0123456789+-−=()aehijklmnoprstuvxβγρφϕχ",
        "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵩᵪ")

    /// The vulgar fraction character for `numerator/denominator`, when Unicode has one.
    static func vulgarFraction(_ numerator: String, _ denominator: String) -> String? {
        vulgar[numerator + "/" + denominator]
    }

    private static let vulgar: [String: String] = [
        "1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/5": "⅕", "2/5": "⅖", "3/5": "⅗",
        "4/5": "⅘", "1/6": "⅙", "5/6": "⅚", "1/7": "⅐", "1/8": "⅛", "3/8": "⅜", "5/8": "⅝", "7/8": "⅞",
        "1/9": "⅑", "1/10": "⅒",
    ]

    /// The combining mark of an accent.
    static func combining(_ accent: Accent) -> String {
        switch accent {
        case .hat: return "\u{302}"
        case .check: return "\u{30C}"
        case .tilde: return "\u{303}"
        case .bar: return "\u{304}"
        case .overline: return "\u{305}"
        case .underline: return "\u{332}"
        case .vec: return "\u{20D7}"
        case .dot: return "\u{307}"
        case .ddot: return "\u{308}"
        case .dddot: return "\u{20DB}"
        case .acute: return "\u{301}"
        case .grave: return "\u{300}"
        case .breve: return "\u{306}"
        case .ring: return "\u{30A}"
        case .strike: return "\u{336}"
        }
    }

    /// The accent commands.
    static let accents: [String: Accent] = [
        "hat": .hat, "widehat": .hat, "check": .check, "tilde": .tilde, "widetilde": .tilde, "bar": .bar,
        "overline": .overline, "underline": .underline, "vec": .vec, "overrightarrow": .vec, "dot": .dot,
        "ddot": .ddot, "dddot": .dddot, "acute": .acute, "grave": .grave, "breve": .breve, "mathring": .ring,
    ]
}

/// Mathematical Alphanumeric Symbols (U+1D400…) for `\mathbf`, `\mathcal`, `\mathfrak`, `\mathbb`, with the holes
/// filled from Letterlike Symbols.
enum MathFont: Sendable {
    case bold, script, fraktur, doubleStruck, plain

    /// The fonts' commands.
    static let commands: [String: MathFont] = [
        "mathbf": .bold, "boldsymbol": .bold, "bm": .bold, "mathbold": .bold, "pmb": .bold,
        "mathcal": .script, "mathscr": .script, "mathfrak": .fraktur, "mathbb": .doubleStruck,
        "Bbb": .doubleStruck, "mathrm": .plain, "mathit": .plain, "mathsf": .plain, "mathtt": .plain,
        "mathnormal": .plain, "rm": .plain, "bf": .bold, "it": .plain, "cal": .script, "sf": .plain, "tt": .plain,
    ]

    /// `character` in this font (unchanged when the font has no such letter).
    func apply(_ character: Character) -> Character {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return character }
        if let hole = holes[character] { return hole }
        let value = scalar.value
        let base: (upper: UInt32, lower: UInt32, digit: UInt32?)
        switch self {
        case .plain: return character
        case .bold: base = (0x1D400, 0x1D41A, 0x1D7CE)
        case .script: base = (0x1D49C, 0x1D4B6, nil)
        case .fraktur: base = (0x1D504, 0x1D51E, nil)
        case .doubleStruck: base = (0x1D538, 0x1D552, 0x1D7D8)
        }
        var mapped: UInt32?
        switch value {
        case 0x41...0x5A: mapped = base.upper + value - 0x41
        case 0x61...0x7A: mapped = base.lower + value - 0x61
        case 0x30...0x39: mapped = base.digit.map { $0 + value - 0x30 }
        case 0x391...0x3A9 where self == .bold: mapped = 0x1D6A8 + value - 0x391
        case 0x3B1...0x3C9 where self == .bold: mapped = 0x1D6C2 + value - 0x3B1
        default: mapped = nil
        }
        guard let mapped, let result = Unicode.Scalar(mapped) else { return character }
        return Character(result)
    }

    private var holes: [Character: Character] {
        switch self {
        case .script: return ["B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ",
                              "e": "ℯ", "g": "ℊ", "o": "ℴ"]
        case .fraktur: return ["C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"]
        case .doubleStruck: return ["C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"]
        case .bold: return ["ϵ": "𝛜", "ϑ": "𝛝", "ϰ": "𝛞", "ϕ": "𝛟", "ϱ": "𝛠", "ϖ": "𝛡", "∇": "𝛁", "∂": "𝛛"]
        default: return [:]
        }
    }
}
