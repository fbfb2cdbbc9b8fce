import Highlighting
import XCTest

/// Which language a block is highlighted as: its class first, then the question's tags, else plain.
final class CodeLanguageTests: XCTestCase {
    func testTheClassNamesTheLanguage() {
        XCTAssertEqual(CodeLanguage.choose(classes: "lang-python prettyprint-override", tags: []), "python")
        XCTAssertEqual(CodeLanguage.choose(classes: "lang-py", tags: []), "python")
        XCTAssertEqual(CodeLanguage.choose(classes: " hljs language-JavaScript", tags: []), "javascript")
        XCTAssertEqual(CodeLanguage.choose(classes: "lang-cs", tags: []), "csharp")
        XCTAssertEqual(CodeLanguage.choose(classes: "lang-rust", tags: []), "rs", "source-highlight's lang.map knows Rust as rs")
        XCTAssertEqual(CodeLanguage.choose(classes: "lang-lua", tags: []), "lua", "an unaliased class is passed on as it is")
    }

    func testTheClassWinsOverTheTags() {
        XCTAssertEqual(CodeLanguage.choose(classes: "lang-sql", tags: ["python"]), "sql")
    }

    func testTagsDecideWithoutAClass() {
        XCTAssertEqual(CodeLanguage.choose(classes: "", tags: ["smart-contract", "plutus"]), "haskell")
        XCTAssertEqual(CodeLanguage.choose(classes: "prettyprint", tags: ["qiskit"]), "python")
        XCTAssertEqual(CodeLanguage.choose(classes: "", tags: ["C++"]), "cpp")
        XCTAssertEqual(CodeLanguage.choose(classes: "", tags: ["c#"]), "csharp")
        XCTAssertEqual(CodeLanguage.choose(classes: "", tags: ["bash"]), "sh")
        XCTAssertEqual(CodeLanguage.choose(classes: "lang-default", tags: ["ruby"]), "ruby", "lang-default defers to the tags")
    }

    func testNoLanguageMeansPlain() {
        XCTAssertNil(CodeLanguage.choose(classes: "", tags: []))
        XCTAssertNil(CodeLanguage.choose(classes: "", tags: ["wallet", "staking"]))
        XCTAssertNil(CodeLanguage.choose(classes: "lang-none", tags: ["python"]), "lang-none is plain whatever the tags")
        XCTAssertNil(CodeLanguage.choose(classes: "", tags: ["log", "spec"]), "tags that only happen to name a definition do not count")
    }
}
