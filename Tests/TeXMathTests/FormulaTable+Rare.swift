/// Rare constructs: `\genfrac`, stacks without a rule, `\sideset`, `\enclose`, delimited `\def` (written for
/// these tests).
extension FormulaTable {
    static let rareInline: [(String, String)] = [
        (#"\genfrac{}{}{0pt}{}{a}{b}"#, #"a; b"#),
        (#"\genfrac{(}{)}{0pt}{}{n}{k}"#, #"C(n,k)"#),
        (#"\genfrac{[}{]}{0pt}{0}{n}{k}"#, #"[n; k]"#),
        (#"\genfrac{\langle}{\rangle}{}{}{a+b}{c}"#, #"⟨(a+b)/c⟩"#),
        (#"\genfrac{}{}{1pt}{0}{x}{y}"#, #"x/y"#),
        (#"{n \brack k} + {n \brace k}"#, #"[n; k] + {n; k}"#),
        (#"\sum_{i=1 \atop j\neq i} a_{ij}"#, #"∑_(i=1; j≠i) aᵢⱼ"#),
        (#"\sideset{}{'}\sum_{n<k} a_n"#, #"∑′_(n<k) aₙ"#),
        (#"\sideset{}{^*}\sum_{p} f(p)"#, #"∑*ₚ f(p)"#),
        (#"\sideset{_a^b}{_c^d}\prod"#, #"ₐᵇ ∏_cᵈ"#),
        (#"\enclose{circle}{7} = \enclose{box}[mathcolor=red]{x}"#, #"7 = x"#),
        (#"\enclose{updiagonalstrike}{x} + \enclose{downdiagonalstrike,updiagonalstrike}{y}"#, #"x̶ + y̶"#),
        (#"\enclose{radical}{x+1}"#, #"√(x+1)"#),
        (#"\enclose{top}{AB}"#, #"A̅B̅"#),
        (#"\def\pair(#1,#2){\langle #1 \mid #2\rangle} \pair(a, b) \le \pair({x,y},z)"#, #"⟨a ∣ b⟩ ≤ ⟨x, y ∣ z⟩"#),
        (#"\def\fact#1!{#1\,!} \fact n! = \fact{(n+1)}!/(n+1)"#, #"n ! = (n + 1) !/(n + 1)"#),
    ]

    static let rareDisplay: [(String, [String])] = [
        (#"{n \brace k} = \frac{1}{k!}\sum_{j=0}^{k}(-1)^j\binom{k}{j}(k-j)^n"#,
         [#"      1   k"#, #"⎰n⎱ = ──  ∑ (−1)ʲ⎛k⎞(k − j)ⁿ"#, #"⎱k⎰   k! j=0     ⎝j⎠"#]),
        (#"\genfrac{}{}{0pt}{}{a}{b}"#, [#"a"#, #"b"#]),
        (#"\genfrac{[}{]}{0pt}{}{n}{k}"#, [#"⎡n⎤"#, #"⎣k⎦"#]),
        (#"\sideset{}{'}\sum_{n<k} a_n"#, [#"∑′  aₙ"#, #"n<k"#]),
        (#"\enclose{radical}{x+1}"#, [#" _____"#, #"√x + 1"#]),
    ]
}
