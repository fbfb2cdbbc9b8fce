/// Inline formulas of constructs added after the held-out check (written for these tests).
extension FormulaTable {
    static let inlineF: [(String, String)] = [
        (#"\varprojlim_n \mathbb{Z}/p^n\mathbb{Z}"#, #"proj limₙ ℤ/pⁿℤ"#),
        (#"\varinjlim_{i\in I} A_i"#, #"inj lim_(i∈I) Aᵢ"#),
        (#"\projlim_n G_n"#, #"proj limₙ Gₙ"#),
        (#"\varlimsup_{n\to\infty} a_n"#, #"lim sup_(n→∞) aₙ"#),
        (#"\mathbb{F}_{p^k}"#, #"𝔽_(pᵏ)"#),
        (#"e^{x_i}"#, #"e^(xᵢ)"#),
        (#"x^{2^n}"#, #"x^(2ⁿ)"#),
        (#"a_{n_k} \to L"#, #"a_(nₖ) → L"#),
        (#"\operatorname{logit}(p)=\log\frac{p}{1-p}"#, #"logit(p) = log(p/(1−p))"#),
        (#"\log_2\frac{n}{k} + \log\frac12"#, #"log₂(n/k) + log ½"#),
        (#"\exp\frac{-x^2}{2}"#, #"exp((−x²)/2)"#),
        (#"\lim_{x\to 0}\frac{\sin x}{x}"#, #"lim_(x→0) (sin x)/x"#),
        (#"\mathbf{y}=\mathbf{X}\boldsymbol{\beta}+\boldsymbol{\epsilon}"#, #"𝐲 = 𝐗𝛃 + 𝛜"#),
        (#"\boldsymbol{\phi} \cdot \mathbf{\nabla}"#, #"𝛟 · 𝛁"#),
        (#"X_i\stackrel{\text{i.i.d.}}{\sim}F"#, #"Xᵢ ∼^(i.i.d.) F"#),
        (#"\frac{\text{number of heads}}{n} \ne \frac{\text{cost}}{n}"#, #"(number of heads)/n ≠ cost/n"#),
    ]
}
