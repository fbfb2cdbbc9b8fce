import AppCore
import StackAPI
import TestSupport
import XCTest

/// Moving inside a thread (issue 9, part 4): half pages, answer to answer, code block to code block, in-page
/// find with `n`/`N`, with the keys `less` and vim users reach for.
final class ThreadMovesTests: XCTestCase {
    /// A question (id 1, lines 0-39) with answers 10 (line 40), 11 (line 90) and 12 (line 150) in a 200-line
    /// document, code blocks at lines 20, 60 and 170, shown in a 24-row terminal (22 content rows).
    private func questionState(lineTexts: [String] = []) throws -> AppState {
        var state = try AppState.listing(5, rows: 24)
        let answers = [10, 11, 12].map { Fixtures.answer(id: $0, question: 1, score: 20 - $0) }
        for case let .loadThread(thread, _, _, _, _) in Reducer.reduce(&state, .command(.open)) {
            _ = Reducer.reduce(&state, .threadLoaded(thread, .success(QuestionThread(question: Fixtures.question(id: 1), answers: answers))))
        }
        let measure = ThreadMeasure(lineCount: 200, postStarts: [1: 0, 10: 40, 11: 90, 12: 150], blocks: [],
                                    lineTexts: lineTexts, codeStarts: [20, 60, 170])
        state.threadLaidOut(questionID: 1, measure)
        return state
    }

    private func press(_ keys: Key..., in state: inout AppState) {
        for key in keys { _ = Reducer.reduce(&state, .key(key)) }
    }

    func testTheKeysAreBoundAndDocumented() {
        let keymap = Keymap.standard
        let expected: [(Key, Command)] = [
            (.control("d"), .halfPageDown), (.control("u"), .halfPageUp), (.control("f"), .pageDown), (.control("b"), .pageUp),
            (.character("]"), .nextAnswer), (.character("["), .previousAnswer), (.character("J"), .nextAnswer),
            (.character("K"), .previousAnswer), (.character("}"), .nextCodeBlock), (.character("{"), .previousCodeBlock),
            (.character("n"), .findNext), (.character("N"), .findPrevious), (.character("/"), .search),
        ]
        for (key, command) in expected { XCTAssertEqual(keymap.command(for: key), command, key.label) }
        for command in [Command.halfPageDown, .nextAnswer, .previousCodeBlock, .findNext] {
            XCTAssertFalse(keymap.keys(for: command).isEmpty)
            XCTAssertFalse(command.help.isEmpty)
        }
        XCTAssertEqual(Command(rawValue: "nextAnswer"), .nextAnswer, "remappable by name in [keys]")
    }

    /// Presses each step's keys in turn and checks the line then at the top of the view and the status message.
    private func walk(_ steps: [(keys: [Key], scroll: Int, status: String?)], _ state: inout AppState,
                      line: UInt = #line) {
        for step in steps {
            for key in step.keys { _ = Reducer.reduce(&state, .key(key)) }
            let keys = step.keys.map(\.label).joined(separator: " ")
            XCTAssertEqual(state.thread?.scroll, step.scroll, keys, line: line)
            XCTAssertEqual(state.status.message, step.status, keys, line: line)
        }
    }

    func testHalfAndFullPages() throws {
        var state = try questionState()
        walk([([.control("d")], 11, nil), ([.control("f")], 33, nil), ([.control("u"), .control("u")], 11, nil),
              ([.control("b")], 0, nil)], &state)
    }

    func testHalfPagesMoveTheCursorInAList() throws {
        var state = try AppState.listing(40, rows: 24)
        press(.control("d"), in: &state)
        XCTAssertEqual(state.list.selection, 10, "half of the 21 list rows (one row is the column header)")
        press(.character("d"), .character("k"), .control("u"), in: &state)
        XCTAssertEqual(state.list.selection, 9)
    }

    func testNextAndPreviousAnswer() throws {
        var state = try questionState()
        let j = Key.character("j")
        walk([([.character("]")], 40, nil), ([.character("J")], 90, nil),
              ([j, j, .character("[")], 90, nil), // [ in the middle of an answer goes to its start
              ([.character("K")], 40, nil), ([.character("["), .character("[")], 0, "Already at the top"),
              ([j], 1, nil), // moving on clears the message
              ([.character("G")], 178, nil), ([.character("]")], 178, "No answer below")], &state)
    }

    func testTheLastAnswerNearTheBottomSaysSo() throws {
        var state = try questionState()
        state.threadLaidOut(questionID: 1, ThreadMeasure(lineCount: 160, postStarts: [1: 0, 10: 40, 11: 150], blocks: []))
        press(.character("]"), .character("]"), in: &state)
        XCTAssertEqual(state.thread?.scroll, 138, "as far as the document goes")
        press(.character("]"), in: &state)
        XCTAssertEqual(state.thread?.scroll, 138)
        XCTAssertEqual(state.status.message, "Already at the bottom")
    }

    func testNextAndPreviousCodeBlock() throws {
        var state = try questionState()
        walk([([.character("}")], 20, nil), ([.character("}")], 60, nil), ([.character("{")], 20, nil),
              ([.character("{")], 20, "No code block above")], &state)

        state.threadLaidOut(questionID: 1, ThreadMeasure(lineCount: 200, postStarts: [1: 0], blocks: []))
        press(.character("}"), in: &state)
        XCTAssertEqual(state.status.message, "No code block in this thread")
    }

    func testSlashInAQuestionFindsAndInAListSearches() throws {
        var state = try questionState()
        press(.character("/"), in: &state)
        XCTAssertEqual(state.prompt?.purpose, .find)
        XCTAssertEqual(state.prompt?.label, "Find: ")
        press(.escape, in: &state)
        XCTAssertNil(state.prompt, "Esc cancels the prompt")
        XCTAssertEqual(state.screen, .question(id: 1), "and stays in the question")
        press(.character("q"), .character("/"), in: &state)
        XCTAssertEqual(state.prompt?.purpose, .search, "in a list / still searches")
    }

    /// Lines 0-199 where "Plutus" is on lines 5, 30 (twice, once as "plutus") and 120.
    private func findState() throws -> AppState {
        var texts = (0..<200).map { "line \($0)" }
        texts[5] = "Plutus scripts"
        texts[30] = "plutus and Plutus"
        texts[120] = "more PLUTUS here"
        return try questionState(lineTexts: texts)
    }

    private func find(_ text: String, in state: inout AppState) {
        press(.character("/"), in: &state)
        for character in text { press(.character(character), in: &state) }
        press(.enter, in: &state)
    }

    func testFindIsCaseInsensitiveWithoutACapitalAndCountsMatches() throws {
        var state = try findState()
        find("plutus", in: &state)
        XCTAssertEqual(state.thread?.find?.matches, [FindMatch(line: 5, occurrence: 0), FindMatch(line: 30, occurrence: 0),
                                                     FindMatch(line: 30, occurrence: 1), FindMatch(line: 120, occurrence: 0)])
        XCTAssertEqual(state.status.message, "1/4 matches")
        XCTAssertEqual(state.thread?.scroll, 0, "a match in view does not scroll")

        find("Plutus", in: &state)
        XCTAssertEqual(state.thread?.find?.matches.map(\.line), [5, 30], "a capital makes case matter")
        XCTAssertEqual(state.status.message, "1/2 matches")

        find("cardano", in: &state)
        XCTAssertEqual(state.status.message, "not found: cardano")
        press(.character("n"), in: &state)
        XCTAssertEqual(state.status.message, "not found: cardano")
    }

    func testNAndShiftNWalkTheMatchesAndWrap() throws {
        var state = try findState()
        find("plutus", in: &state)
        // Each key, the status it leaves and the line at the top of the view (a match out of view comes in two
        // lines below the top).
        let steps: [(key: Character, status: String, scroll: Int)] = [
            ("n", "2/4 matches", 28), ("n", "3/4 matches", 28), ("n", "4/4 matches", 118),
            ("n", "1/4 matches · search wrapped", 3), ("N", "4/4 matches · search wrapped", 118), ("N", "3/4 matches", 28),
        ]
        for step in steps {
            press(.character(step.key), in: &state)
            XCTAssertEqual(state.status.message, step.status)
            XCTAssertEqual(state.thread?.scroll, step.scroll, step.status)
        }
        XCTAssertEqual(state.thread?.find?.currentMatch, FindMatch(line: 30, occurrence: 1))
    }

    func testNGoesOnFromTheViewOnceTheCurrentMatchIsOutOfIt() throws {
        var state = try findState()
        find("plutus", in: &state)
        press(.character("]"), .character("]"), in: &state) // line 90
        press(.character("n"), in: &state)
        XCTAssertEqual(state.thread?.find?.currentMatch?.line, 120)
        press(.character("["), .character("["), in: &state) // line 40
        press(.character("N"), in: &state)
        XCTAssertEqual(state.thread?.find?.currentMatch, FindMatch(line: 30, occurrence: 1))
    }

    func testAnEmptyFindRepeatsTheLastAndEscClearsTheHighlights() throws {
        var state = try findState()
        press(.character("n"), in: &state)
        XCTAssertEqual(state.status.message, "Nothing to find again — / finds")
        find("", in: &state)
        XCTAssertNil(state.thread?.find, "nothing to repeat yet")
        find("here", in: &state)
        XCTAssertEqual(state.thread?.find?.matches.map(\.line), [120])
        find("", in: &state)
        XCTAssertEqual(state.thread?.find?.pattern.text, "here", "empty repeats the last find")
        press(.escape, in: &state)
        XCTAssertNil(state.thread?.find)
        XCTAssertEqual(state.status.message, "Find cleared")
        XCTAssertEqual(state.screen, .question(id: 1), "the first Esc only clears the find")
        find("here", in: &state)
        press(.character("q"), in: &state)
        XCTAssertEqual(state.screen, .questionList)
        XCTAssertNil(state.status.message, "the find's count does not follow onto the list")
    }

    func testANewLayoutFindsAgainInItsLines() throws {
        var state = try findState()
        find("plutus", in: &state)
        var texts = (0..<300).map { "line \($0)" }
        texts[250] = "plutus"
        state.threadLaidOut(questionID: 1, ThreadMeasure(lineCount: 300, postStarts: [1: 0], blocks: [], lineTexts: texts))
        XCTAssertEqual(state.thread?.find?.matches, [FindMatch(line: 250, occurrence: 0)])
        XCTAssertNil(state.thread?.find?.current, "another count: n goes on from the view")
    }

    func testFindPatternOccurrences() {
        XCTAssertEqual(FindPattern("ab").occurrences(in: "abABab"), [0..<2, 2..<4, 4..<6])
        XCTAssertEqual(FindPattern("Ab").occurrences(in: "abAbab"), [2..<4])
        XCTAssertEqual(FindPattern("aa").occurrences(in: "aaaa"), [0..<2, 2..<4], "not overlapping")
        XCTAssertEqual(FindPattern("é").occurrences(in: "Été café"), [0..<1, 2..<3, 7..<8])
        XCTAssertEqual(FindPattern("x").occurrences(in: ""), [])
    }
}
