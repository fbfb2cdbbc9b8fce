/// The symbol commands: name → atom (Unicode, ASCII, class). Tables are "name glyph" pairs, one class each;
/// the ASCII form is the name itself unless `SymbolTables.asciiForms` says otherwise.
enum Symbols {
    /// The atom a control sequence stands for, or nil when it is not a plain symbol.
    static func atom(_ name: String) -> Atom? { table[name] }

    /// The atom of a symbol typed as itself (`⊗`, `≤`, `α`): its class and ASCII form as if written as a command.
    static func atom(typed character: Character) -> Atom? { byGlyph[character] }

    private static let byGlyph: [Character: Atom] = {
        var result: [Character: Atom] = [:]
        for name in table.keys.sorted() {
            guard let atom = table[name], !atom.isWord, atom.text.count == 1, let glyph = atom.text.first,
                  !glyph.isASCII, result[glyph] == nil else { continue }
            result[glyph] = atom
        }
        return result
    }()

    private static let table: [String: Atom] = {
        var result: [String: Atom] = [:]
        func add(_ pairs: String, _ mathClass: MathClass, limits: Bool = false) {
            let fields = pairs.split(whereSeparator: { $0 == " " || $0 == "\n" })
            var index = 0
            while index + 1 < fields.count {
                let name = String(fields[index]), glyph = String(fields[index + 1])
                let ascii = SymbolTables.asciiForms[name] ?? name
                result[name] = Atom(glyph, ascii: ascii, mathClass, limits: limits)
                index += 2
            }
        }
        add(SymbolTables.greek, .ord)
        add(SymbolTables.ordinary, .ord)
        add(SymbolTables.binary, .bin)
        add(SymbolTables.relations, .rel)
        add(SymbolTables.arrows, .rel)
        add(SymbolTables.bigOperators, .op, limits: true)
        add(SymbolTables.integrals, .op)
        add(SymbolTables.opening, .open)
        add(SymbolTables.closing, .close)
        add(SymbolTables.punctuation, .punct)
        for name in SymbolTables.functions.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            result[String(name)] = Atom(String(name), .op, isWord: true)
        }
        for name in SymbolTables.limitFunctions.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let text = SymbolTables.limitNames[String(name)] ?? String(name)
            result[String(name)] = Atom(text, .op, limits: true, isWord: true)
        }
        return result
    }()
}

enum SymbolTables {
    static let greek = """
    alpha α beta β gamma γ delta δ epsilon ϵ varepsilon ε zeta ζ eta η theta θ vartheta ϑ iota ι kappa κ
    varkappa ϰ lambda λ mu μ nu ν xi ξ omicron ο pi π varpi ϖ rho ρ varrho ϱ sigma σ varsigma ς tau τ
    upsilon υ phi ϕ varphi φ chi χ psi ψ omega ω digamma ϝ Gamma Γ Delta Δ Theta Θ Lambda Λ Xi Ξ Pi Π
    Sigma Σ Upsilon Υ Phi Φ Psi Ψ Omega Ω varGamma Γ varDelta Δ varTheta Θ varLambda Λ varXi Ξ varPi Π
    varSigma Σ varUpsilon Υ varPhi Φ varPsi Ψ varOmega Ω aleph ℵ beth ℶ gimel ℷ daleth ℸ
    """
    static let ordinary = """
    infty ∞ infin ∞ partial ∂ nabla ∇ forall ∀ exists ∃ nexists ∄ emptyset ∅ varnothing ∅ hbar ℏ hslash ℏ
    ell ℓ wp ℘ Re ℜ Im ℑ neg ¬ lnot ¬ top ⊤ bot ⊥ angle ∠ measuredangle ∡ sphericalangle ∢ triangle △
    vartriangle △ square □ Box □ blacksquare ■ Diamond ◇ lozenge ◊ clubsuit ♣ diamondsuit ♢ heartsuit ♡
    spadesuit ♠ flat ♭ natural ♮ sharp ♯ prime ′ backprime ‵ backslash ∖ surd √ degree ° checkmark ✓
    dag † ddag ‡ S § P ¶ copyright © pounds £ imath ı jmath ȷ cdots ⋯ ldots … dots … dotsc … dotsb ⋯
    dotsm ⋯ dotso … dotsi ⋯ vdots ⋮ ddots ⋱ iddots ⋰ complement ∁ mho ℧ eth ð Bbbk 𝕜 circledS Ⓢ
    diagup ╱ diagdown ╲ blacktriangle ▲ blacktriangledown ▼ bigstar ★ varspadesuit ♠ emptyset ∅ Finv Ⅎ
    Game ⅁ vert | Vert ‖ | ‖ % % # # & & $ $ _ _
    """
    static let binary = """
    pm ± mp ∓ times × div ÷ cdot · ast ∗ star ⋆ circ ∘ bullet • oplus ⊕ ominus ⊖ otimes ⊗ oslash ⊘
    odot ⊙ cup ∪ cap ∩ sqcup ⊔ sqcap ⊓ vee ∨ lor ∨ wedge ∧ land ∧ setminus ∖ smallsetminus ∖ wr ≀
    diamond ⋄ bigtriangleup △ bigtriangledown ▽ triangleleft ◁ triangleright ▷ dagger † ddagger ‡ amalg ⨿
    uplus ⊎ boxplus ⊞ boxtimes ⊠ boxminus ⊟ boxdot ⊡ circledast ⊛ circledcirc ⊚ circleddash ⊝ ltimes ⋉
    rtimes ⋊ bigcirc ◯ divideontimes ⋇ dotplus ∔ intercal ⊺ centerdot · barwedge ⊼ veebar ⊻ curlyvee ⋎
    curlywedge ⋏ Cup ⋓ Cap ⋒ lhd ⊲ rhd ⊳ unlhd ⊴ unrhd ⊵ And &
    """
    static let relations = """
    le ≤ leq ≤ ge ≥ geq ≥ ne ≠ neq ≠ equiv ≡ approx ≈ sim ∼ simeq ≃ cong ≅ propto ∝ in ∈ notin ∉ ni ∋
    owns ∋ subset ⊂ subseteq ⊆ supset ⊃ supseteq ⊇ subsetneq ⊊ supsetneq ⊋ nsubseteq ⊈ nsupseteq ⊉
    perp ⊥ parallel ∥ nparallel ∦ mid ∣ nmid ∤ models ⊨ vdash ⊢ dashv ⊣ vDash ⊨ Vdash ⊩ ll ≪ gg ≫
    lll ⋘ ggg ⋙ prec ≺ succ ≻ preceq ⪯ succeq ⪰ sqsubset ⊏ sqsupset ⊐ sqsubseteq ⊑ sqsupseteq ⊒ doteq ≐
    asymp ≍ lesssim ≲ gtrsim ≳ leqslant ⩽ geqslant ⩾ leqq ≦ geqq ≧ coloneqq ≔ eqqcolon ≕ coloneq ≔
    triangleq ≜ nleq ≰ ngeq ≱ nless ≮ ngtr ≯ approxeq ≊ lt < gt > ncong ≇ nsim ≁ smile ⌣ frown ⌢
    bowtie ⋈ Join ⋈ therefore ∴ because ∵ trianglelefteq ⊴ trianglerighteq ⊵ vartriangleleft ⊲
    vartriangleright ⊳ lessgtr ≶ gtrless ≷ sqsubsetneq ⊏ precsim ≾ succsim ≿ eqsim ≂ backsim ∽ bumpeq ≏
    Bumpeq ≎ circeq ≗ risingdotseq ≓ fallingdotseq ≒ thicksim ∼ thickapprox ≈ varpropto ∝ between ≬
    pitchfork ⋔ gtrapprox ⪆ lessapprox ⪅ gtreqless ⋛ lesseqgtr ⋚ nvdash ⊬ nvDash ⊭ notni ∌
    """
    static let arrows = """
    to → rightarrow → leftarrow ← gets ← Rightarrow ⇒ Leftarrow ⇐ Leftrightarrow ⇔ iff ⟺ implies ⟹
    impliedby ⟸ leftrightarrow ↔ mapsto ↦ longrightarrow ⟶ longleftarrow ⟵ Longrightarrow ⟹
    Longleftarrow ⟸ longmapsto ⟼ longleftrightarrow ⟷ Longleftrightarrow ⟺ uparrow ↑ downarrow ↓
    updownarrow ↕ Uparrow ⇑ Downarrow ⇓ Updownarrow ⇕ hookrightarrow ↪ hookleftarrow ↩
    rightleftharpoons ⇌ leftrightharpoons ⇋ nearrow ↗ searrow ↘ nwarrow ↖ swarrow ↙ rightharpoonup ⇀
    rightharpoondown ⇁ leftharpoonup ↼ leftharpoondown ↽ upharpoonright ↾ downharpoonright ⇂
    twoheadrightarrow ↠ twoheadleftarrow ↞ leadsto ⇝ rightsquigarrow ⇝ leftrightarrows ⇆ rightleftarrows ⇄
    rightrightarrows ⇉ leftleftarrows ⇇ curvearrowright ↷ curvearrowleft ↶ circlearrowright ↻
    circlearrowleft ↺ Rrightarrow ⇛ Lleftarrow ⇚ nrightarrow ↛ nleftarrow ↚ nRightarrow ⇏ nLeftarrow ⇍
    nleftrightarrow ↮ nLeftrightarrow ⇎ dashrightarrow ⇢ dashleftarrow ⇠ rightarrowtail ↣ leftarrowtail ↢
    looparrowright ↬ looparrowleft ↫ restriction ↾ multimap ⊸
    """
    static let bigOperators = """
    sum ∑ prod ∏ coprod ∐ bigcup ⋃ bigcap ⋂ bigoplus ⨁ bigotimes ⨂ bigodot ⨀ bigvee ⋁ bigwedge ⋀
    bigsqcup ⨆ biguplus ⨄
    """
    static let integrals = "int ∫ iint ∬ iiint ∭ oint ∮ oiint ∯ intop ∫ smallint ∫"
    static let opening = "lbrace { lbrack [ langle ⟨ lfloor ⌊ lceil ⌈ lvert | lVert ‖ ulcorner ⌜ llcorner ⌞ lgroup ⟮ lmoustache ⎰ { {"
    static let closing = "rbrace } rbrack ] rangle ⟩ rfloor ⌋ rceil ⌉ rvert | rVert ‖ urcorner ⌝ lrcorner ⌟ rgroup ⟯ rmoustache ⎱ } }"
    static let punctuation = "colon : ldotp . cdotp ·"
    static let functions = """
    sin cos tan cot sec csc arcsin arccos arctan arccot arcsec arccsc sinh cosh tanh coth sech csch log ln lg exp
    arg dim ker deg hom tr Tr rank span diag sgn sign erf Var Cov cov var id lcm Ker Hom Aut End Id
    """
    static let limitFunctions = """
    lim liminf limsup det gcd max min sup inf Pr argmax argmin injlim projlim varinjlim varprojlim varliminf varlimsup
    """
    /// Limit names shown otherwise than their command (`\varprojlim`, an arrow under "lim" in print, is "proj lim").
    static let limitNames: [String: String] = [
        "liminf": "lim inf", "limsup": "lim sup", "injlim": "inj lim", "projlim": "proj lim", "varinjlim": "inj lim",
        "varprojlim": "proj lim", "varliminf": "lim inf", "varlimsup": "lim sup",
    ]

    /// ASCII forms that differ from the command's name.
    static let asciiForms: [String: String] = [
        "pm": "+-", "mp": "-+", "times": "x", "div": "/", "cdot": "*", "ast": "*", "star": "*", "circ": "o",
        "bullet": "*", "oplus": "(+)", "ominus": "(-)", "otimes": "(x)", "odot": "(.)", "oslash": "(/)",
        "setminus": "\\", "smallsetminus": "\\", "backslash": "\\", "vee": "v", "lor": "or", "wedge": "^", "land": "and",
        "le": "<=", "leq": "<=", "ge": ">=", "geq": ">=", "ne": "!=", "neq": "!=", "equiv": "==", "approx": "~~",
        "sim": "~", "simeq": "~=", "cong": "~=", "leqslant": "<=", "geqslant": ">=", "ll": "<<", "gg": ">>",
        "mid": "|", "parallel": "||", "lt": "<", "gt": ">", "coloneqq": ":=", "coloneq": ":=", "eqqcolon": "=:",
        "to": "->", "rightarrow": "->", "leftarrow": "<-", "gets": "<-", "Rightarrow": "=>", "Leftarrow": "<=",
        "implies": "=>", "impliedby": "<=", "Leftrightarrow": "<=>", "iff": "<=>", "leftrightarrow": "<->",
        "mapsto": "|->", "longrightarrow": "-->", "longleftarrow": "<--", "Longrightarrow": "==>",
        "Longleftarrow": "<==", "longmapsto": "|-->", "longleftrightarrow": "<-->", "Longleftrightarrow": "<==>",
        "hookrightarrow": "->", "twoheadrightarrow": "->>", "rightleftharpoons": "<=>", "dagger": "+", "dag": "+",
        "ddagger": "++", "ddag": "++", "infty": "inf", "infin": "inf", "prime": "'", "cdots": "...", "ldots": "...",
        "dots": "...", "dotsc": "...", "dotsb": "...", "dotsm": "...", "dotso": "...", "dotsi": "...",
        "vdots": ":", "ddots": "...", "iddots": "...", "emptyset": "{}", "varnothing": "{}", "lbrace": "{",
        "rbrace": "}", "lbrack": "[", "rbrack": "]", "langle": "<", "rangle": ">", "lvert": "|", "rvert": "|",
        "lVert": "||", "rVert": "||", "vert": "|", "Vert": "||", "|": "||", "lfloor": "|_", "rfloor": "_|",
        "lceil": "|^", "rceil": "^|", "colon": ":", "ldotp": ".", "cdotp": "*", "centerdot": "*", "degree": "deg",
        "neg": "~", "lnot": "~", "bigcup": "U", "bigcap": "n", "cup": "u", "cap": "n", "int": "integral",
        "oint": "contour integral", "iint": "double integral", "iiint": "triple integral", "intop": "integral",
        "smallint": "integral", "sum": "sum", "prod": "prod", "varepsilon": "epsilon", "vartheta": "theta",
        "varphi": "phi", "varpi": "pi", "varrho": "rho", "varsigma": "sigma", "varkappa": "kappa",
        "subset": "subset of", "subseteq": "subseteq", "in": "in", "notin": "not in", "therefore": "so",
        "S": "section", "P": "paragraph", "copyright": "(c)", "pounds": "GBP", "imath": "i", "jmath": "j",
        "surd": "sqrt", "And": "&", "lgroup": "(", "rgroup": ")", "ell": "l",
    ]
}
