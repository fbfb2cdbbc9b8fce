import Foundation
import TestSupport
import XCTest

/// Math on a MathJax site in the real browser (issue 30): Quantum Computing question 2155 (CC BY-SA, shared data),
/// whose Hamiltonian is a 6×6 matrix written between single dollars, fetched from the double (whose `/sites` says
/// the site uses MathJax) and read offline from the imported dump; `$` shows the TeX and typesets it again; a
/// title's formula is typeset in the list.
final class MathEndToEndTests: StacktermTestCase {
    static let link = "https://quantumcomputing.stackexchange.com/q/2155"
    /// The matrix's first row, drawn in two dimensions.
    static let matrixTop = "⎛0  0  0  0  0  0⎞"
    /// The alternative Hamiltonian, inline.
    static let hamiltonian = "−½Zλ₁ + ½λ₁ − (1/√3)Xλ₈ + ⅓X"

    func testAQuestionOfAMathSiteIsTypesetAndDollarShowsItsTeX() throws {
        let tmux = try launch([Self.link])
        XCTAssertTrue(tmux.waitFor(text: Self.matrixTop, timeout: 20), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "λ₆X ="), tmux.screenDump())
        try tmux.sendKeys(.text("j"), .text("j"), .text("j"), .text("j"), .text("j"), .text("j"), .text("j"), .text("j"))
        XCTAssertTrue(tmux.waitFor(text: Self.hamiltonian), tmux.screenDump())
        try tmux.sendKeys(.text("$"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Math shown as TeX source ($ renders it)") }, tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "\\frac{1}{2}Z\\lambda_1"), "the TeX as written:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("$"))
        XCTAssertTrue(tmux.waitFor(text: Self.hamiltonian), "typeset again:\n\(tmux.screenDump())")
        try quit(tmux)
    }

    func testATitlesFormulaIsTypesetInTheList() throws {
        let tmux = try launch(["--site", "quantumcomputing", "--search", "density matrices act"])
        XCTAssertTrue(tmux.waitFor(text: "How do density matrices act on ℋ", timeout: 20), tmux.screenDump())
        XCTAssertFalse(try tmux.capture().joined().contains("\\mathcal"), tmux.screenDump())
        try quit(tmux)
    }

    /// The double's `tex_body=all`: 100,000 nested braces, a 1 MB formula, `\frac` 10,000 deep and a 5,000-column
    /// matrix in the first question's body. It opens (the first screen within a second in a release build: see
    /// BENCHMARKS.md), and Q quits with the terminal restored.
    func testHostileTeXOpensAndQQuits() throws {
        try double.setFaults("tex_body=all&path=/questions")
        let tmux = try launch(["--site", "quantumcomputing"])
        waitForList(tmux, timeout: 60)
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "Hostile TeX follows.", timeout: 60), tmux.screenDump())
        try quit(tmux)
    }

    func testAnImportedMathSiteIsTypesetOfflineToo() throws {
        guard let folder = SharedData.path("dumps/quantumcomputing") else { throw XCTSkip("SKIPPED: no shared data") }
        let dataHome = try temporaryFolder("stackterm-math-offline")
        try importDump(dataHome: dataHome, folder)
        try double.clearRequestLog()
        let tmux = try launch(["--offline", Self.link], environment: ["XDG_DATA_HOME": dataHome.path])
        XCTAssertTrue(tmux.waitFor(text: Self.matrixTop, timeout: 20), tmux.screenDump())
        try quit(tmux)
        XCTAssertEqual(try double.requestLog(), [], "--offline sent requests")
    }
}

/// `stackterm print` of a MathJax site's question: plain text typesets its formulas as the `math` setting says,
/// `--json` keeps the TeX the API sent.
final class MathPrintEndToEndTests: XCTestCase, StacktermRunning {
    private var double: DoubleProcess!
    private var configHome: URL!

    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated()
        configHome = try temporaryFolder("stackterm-math-print")
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        double?.stop()
    }

    var runEnvironment: [String: String?] { ["XDG_CONFIG_HOME": configHome.path, "STACKTERM_API_KEY": nil] }

    private func printQuestion(_ extra: String...) throws -> StacktermRun.Outcome {
        try stackterm(["print", "--api-base-url", double.baseURL.absoluteString, "--question", MathEndToEndTests.link] + extra)
    }

    func testPlainOutputTypesetsAndJSONKeepsTheTeX() throws {
        let plain = try printQuestion()
        XCTAssertEqual(plain.status, 0, plain.errors)
        XCTAssertTrue(plain.output.contains(MathEndToEndTests.matrixTop), plain.output)
        XCTAssertTrue(plain.output.contains(MathEndToEndTests.hamiltonian), plain.output)
        XCTAssertFalse(plain.output.contains("\\frac"), plain.output)

        let json = try printQuestion("--json")
        XCTAssertEqual(json.status, 0, json.errors)
        XCTAssertTrue(json.output.contains("\\\\begin{pmatrix}"), "the body as the API sent it:\n\(json.output)")
    }

    func testTheMathSettingChoosesASCIIOrTheSource() throws {
        let config = configHome.appendingPathComponent("stackterm/config.toml")
        try "math = \"source\"\n".write(to: config, atomically: true, encoding: .utf8)
        let source = try printQuestion()
        XCTAssertEqual(source.status, 0, source.errors)
        XCTAssertTrue(source.output.contains("\\frac{1}{2}Z\\lambda_1"), source.output)

        try "math = \"ascii\"\n".write(to: config, atomically: true, encoding: .utf8)
        let ascii = try printQuestion()
        XCTAssertEqual(ascii.status, 0, ascii.errors)
        XCTAssertTrue(ascii.output.contains("lambda_6 X") || ascii.output.contains("lambda_6X"), ascii.output)
        XCTAssertFalse(ascii.output.contains("⎛"), ascii.output)
    }
}
