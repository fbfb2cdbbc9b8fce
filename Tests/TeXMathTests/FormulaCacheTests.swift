import Dispatch
import NIOConcurrencyHelpers
import XCTest
@testable import TeXMath

/// The process's cache of typeset formulas: what it keeps, what tells its entries apart, its bounds, its lock.
final class FormulaCacheTests: XCTestCase {
    private let inlineKey = FormulaCache.Key(tex: #"\alpha"#, style: .unicode, macros: MacroTable(), form: .inline)

    func testAFormulaIsTypesetOnceThenAnsweredFromTheCache() {
        let cache = FormulaCache()
        var made = 0
        for _ in 0..<3 {
            XCTAssertEqual(cache.result(for: inlineKey) { made += 1; return .rendered(["α"]) }, .rendered(["α"]))
        }
        XCTAssertEqual(made, 1)
        XCTAssertEqual(cache.counts.hits, 2)
        XCTAssertEqual(cache.counts.misses, 1)
        cache.removeAll()
        _ = cache.result(for: inlineKey) { made += 1; return .rendered(["α"]) }
        XCTAssertEqual(made, 2, "emptied, it typesets again")
    }

    func testGlyphsMacrosAndFormAreEachPartOfTheKey() {
        let cache = FormulaCache()
        var variants = [inlineKey]
        variants.append(FormulaCache.Key(tex: #"\alpha"#, style: .ascii, macros: MacroTable(), form: .inline))
        variants.append(FormulaCache.Key(tex: #"\alpha"#, style: .unicode, macros: MacroTable(collectingFrom: [#"\def\a{b}"#]),
                                         form: .inline))
        variants.append(FormulaCache.Key(tex: #"\alpha"#, style: .unicode, macros: MacroTable(), form: .display))
        variants.append(FormulaCache.Key(tex: #"\alpha"#, style: .unicode, macros: MacroTable(),
                                         form: .line(.standard, showsSource: false)))
        variants.append(FormulaCache.Key(tex: #"\alpha"#, style: .unicode, macros: MacroTable(),
                                         form: .line(.standard, showsSource: true)))
        variants.append(FormulaCache.Key(tex: #"\alpha"#, style: .unicode, macros: MacroTable(),
                                         form: .line(.electronics, showsSource: false)))
        var made = 0
        for key in variants { _ = cache.line(for: key) { made += 1; return "" } }
        XCTAssertEqual(made, variants.count, "no two of these keys may share an entry")
    }

    func testTheRendererAnswersEachStyleAndMacroTableWithItsOwnResult() {
        FormulaCache.shared.removeAll()
        XCTAssertEqual(MathRenderer().inline(#"\alpha \le \beta"#), .rendered(["α ≤ β"]))
        XCTAssertEqual(MathRenderer(style: .ascii).inline(#"\alpha \le \beta"#), .rendered(["alpha <= beta"]))
        XCTAssertEqual(MathRenderer().inline(#"\R"#), .source(reason: #"unknown command \R"#))
        let macros = MacroTable(collectingFrom: [#"\newcommand{\R}{\mathbb{R}}"#])
        XCTAssertEqual(MathRenderer(macros: macros).inline(#"\R"#), .rendered(["ℝ"]))
        XCTAssertEqual(MathRenderer().inline(#"\R"#), .source(reason: #"unknown command \R"#))
    }

    func testADisplayIsKeptWhateverTheWidthAndJudgedAgainstTheWidthAsked() {
        FormulaCache.shared.removeAll()
        let tex = #"\frac{a+b}{c+d} = \frac{1}{2}"#
        let twoD = MathResult.rendered(["a + b   1", "───── = ─", "c + d   2"])
        XCTAssertEqual(MathRenderer().display(tex, maxWidth: 80), twoD)
        XCTAssertEqual(MathRenderer().display(tex, maxWidth: 8), .rendered(["(a+b)/(c+d) = ½"]))
        XCTAssertEqual(MathRenderer().display(tex, maxWidth: 9), twoD, "exactly as wide as the column fits")
        XCTAssertEqual(MathRenderer().display(tex, maxWidth: 80), twoD)
    }

    func testATitleIsTypesetOnceAndEachOptionGivesItsOwnLine() {
        FormulaCache.shared.removeAll()
        let title = #"Why is $\sqrt{2}$ irrational?"#
        let options = MathOptions(delimiters: .standard)
        XCTAssertEqual(MathText.line(title, options: options), "Why is √2 irrational?")
        let before = FormulaCache.shared.counts
        XCTAssertEqual(MathText.line(title, options: options), "Why is √2 irrational?")
        XCTAssertEqual(FormulaCache.shared.counts.hits, before.hits + 1, "the second frame's title comes from the cache")
        XCTAssertEqual(MathText.line(title, options: MathOptions(delimiters: .standard, showsSource: true)), title)
        XCTAssertEqual(MathText.line(title, options: MathOptions(delimiters: .standard, style: .ascii)), "Why is sqrt(2) irrational?")
        XCTAssertEqual(MathText.line(title, options: MathOptions(delimiters: .electronics)), title, "`$` is money there")
    }

    func testLongTeXAndLargeResultsAreNotKept() {
        let cache = FormulaCache()
        let long = String(repeating: "x+", count: FormulaCache.maximumSourceBytes / 2 + 1)
        let key = FormulaCache.Key(tex: long, style: .unicode, macros: MacroTable(), form: .inline)
        var made = 0
        for _ in 0..<2 { _ = cache.result(for: key) { made += 1; return .rendered([long]) } }
        XCTAssertEqual(made, 2, "TeX over the limit is typeset each time")
        let large = String(repeating: "─", count: FormulaCache.maximumEntryBytes)
        for _ in 0..<2 { _ = cache.display(for: inlineKey) { made += 1; return .lines([large], width: 1) } }
        XCTAssertEqual(made, 4, "a result over the limit is not kept")
        XCTAssertEqual(cache.counts.entries, 0)
        XCTAssertEqual(cache.counts.bytes, 0)
    }

    func testTheOldestEntriesGoPastTheBound() {
        let entryBytes = 1 + 1 + FormulaCache.entryOverhead
        let cache = FormulaCache(maximumBytes: entryBytes * 10)
        let keys = "abcdefghijklmnopqrstuvwxy".map {
            FormulaCache.Key(tex: String($0), style: .unicode, macros: MacroTable(), form: .inline)
        }
        var made = 0
        for round in 0..<200 {
            for key in keys { _ = cache.result(for: key) { made += 1; return .rendered(["\(round % 10)"]) } }
        }
        XCTAssertEqual(cache.counts.bytes, entryBytes * 10)
        XCTAssertEqual(cache.counts.entries, 10)
        XCTAssertEqual(made, 200 * 25, "25 keys cycling through room for 10: each is gone when it comes back")
        _ = cache.result(for: keys[24]) { made += 1; return .rendered(["0"]) }
        XCTAssertEqual(made, 200 * 25, "the newest is still held")
    }

    func testThreadsShareTheCacheAndEachGetsTheTypesetResult() {
        FormulaCache.shared.removeAll()
        let formulas = (0..<200).map { #"\frac{\alpha_{\#($0)}}{\sqrt{\#($0 % 7)}}"# }
        let expected = formulas.map { MathRenderer().inline($0) }
        FormulaCache.shared.removeAll()
        let wrong = NIOLockedValueBox(0)
        DispatchQueue.concurrentPerform(iterations: 8) { round in
            for (index, tex) in formulas.enumerated().reversed() where (index + round) % 2 == 0 || round > 3 {
                if MathRenderer().inline(tex) != expected[index] { wrong.withLockedValue { $0 += 1 } }
            }
        }
        XCTAssertEqual(wrong.withLockedValue { $0 }, 0)
    }
}
