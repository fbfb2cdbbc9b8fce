/// Inline formulas of constructs added after the held-out check (written for these tests).
extension FormulaTable {
    static let inlineF: [(String, String)] = [
        (#"\varprojlim_k \mathbb{Z}/3^k"#, #"proj limₖ ℤ/3ᵏ"#),
        (#"\varinjlim_{i\in I} A_i"#, #"inj lim_(i∈I) Aᵢ"#),
        (#"\projlim_n G_n"#, #"proj limₙ Gₙ"#),
        (#"\varlimsup_{n\to\infty} a_n"#, #"lim sup_(n→∞) aₙ"#),
        (#"GF(2^8) = \mathbb{F}_{2^8}"#, #"GF(2⁸) = 𝔽_(2⁸)"#),
        (#"e^{x_i}"#, #"e^(xᵢ)"#),
        (#"x^{2^n}"#, #"x^(2ⁿ)"#),
        (#"a_{n_k} \to L"#, #"a_(nₖ) → L"#),
        (#"\log\frac{q}{1-q} = \operatorname{probit}\frac{a}{b}"#, #"log(q/(1−q)) = probit(a/b)"#),
        (#"\log_2\frac{n}{k} + \log\frac12"#, #"log₂(n/k) + log ½"#),
        (#"\exp\frac{-x^2}{2}"#, #"exp((−x²)/2)"#),
        (#"\lim_{x\to 0}\frac{\sin x}{x}"#, #"lim_(x→0) (sin x)/x"#),
        (#"\boldsymbol{\epsilon} \sim \boldsymbol{\vartheta}"#, #"𝛜 ∼ 𝛝"#),
        (#"\boldsymbol{\phi} \cdot \mathbf{\nabla}"#, #"𝛟 · 𝛁"#),
        (#"Y \stackrel{\text{a.s.}}{=} Z"#, #"Y =^(a.s.) Z"#),
        (#"\frac{\text{number of heads}}{n} \ne \frac{\text{cost}}{n}"#, #"(number of heads)/n ≠ cost/n"#),
    ]
}
